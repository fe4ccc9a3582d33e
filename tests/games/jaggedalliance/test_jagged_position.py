"""Starting Jagged Alliance from a position (games/jaggedalliance/position.py) and taking one out:
at the start of every round's Players' Phase of games played by the sensible bot, in each
scenario, ``position(state)`` starts a game with the same public state, views and questions; what
is face down is dealt by the seed; a bad position is refused with a sentence."""

import json

import pytest

from games.core import IllegalMove, Rng, fold
from games.jaggedalliance import GAME


def run(opts, seed: bytes, limit=6000):
    log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(seed, 0))
    state = fold(GAME, json.loads(json.dumps(log)))
    yield state
    bot = GAME.bots["sensible"]
    for _ in range(limit):
        asked = GAME.prompts(state)
        if not asked:
            return
        seat = sorted(asked)[0]
        move = asked[seat]["options"][0]["move"] if seat == "system" else bot(state, seat, Rng(b"bot", len(log)))
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        log += events
        state = fold(GAME, json.loads(json.dumps(events)), state)
        yield state


def started(opts, position, seed=b"other"):
    events = GAME.start({**opts, "position": json.loads(json.dumps(position))}, list(GAME.table_seats(opts)),
                        Rng(seed, 0))
    return events, fold(GAME, json.loads(json.dumps(events)))


OPTIONS = [{"players": 2, "scenario": "1", "hire": "quick"}, {"players": 1, "scenario": "2", "hire": "quick"},
           {"players": 3, "scenario": "3", "hire": "quick"}]


def public(state):
    return {k: v for k, v in state.items() if k not in ("hidden", "options")}


@pytest.mark.parametrize("opts", OPTIONS, ids=lambda o: f"scenario{o['scenario']}")
def test_a_position_taken_at_every_round_start_starts_the_same_game(opts):
    seen = 0
    for seed in (b"a", b"b"):
        for state in run(opts, seed):
            pos = GAME.position(state)
            if pos is None:
                continue
            seen += 1
            events, again = started(opts, pos)
            assert public(again) == public(state)
            assert again["hidden"]["threat"] == state["hidden"]["threat"]
            assert sorted(again["hidden"]["pool"]) == sorted(state["hidden"]["pool"])
            for deck, cards in state["hidden"]["decks"].items():
                assert sorted(again["hidden"]["decks"][deck]) == sorted(cards)
            for seat in (*GAME.table_seats(opts), None):
                assert GAME.view(again, seat) == {**GAME.view(state, seat), "options": GAME.view(again, seat)["options"]}
                fx = GAME.redact(events[-1], seat).get("fx", {})
                assert fx and not any(k == "hidden" or k.startswith("hidden.") for k in fx)
            assert GAME.prompts(again) == GAME.prompts(state)
            assert GAME.position(again) == pos
    assert seen >= 3


def a_position(opts=OPTIONS[0], after=2):
    found = 0
    for state in run(opts, b"a"):
        pos = GAME.position(state)
        if pos is not None:
            found += 1
            if found == after:
                return pos
    raise AssertionError("no clean point")


def test_what_is_face_down_is_dealt_by_the_seed():
    opts = OPTIONS[0]
    pos = a_position(opts)
    shown, hidden = GAME.position_for(pos, "merc1")
    assert "hidden" not in shown and "hidden.threat" in hidden
    deals = set()
    for n in range(6):
        _, state = started(opts, shown, seed=bytes([n]))
        assert sorted(state["hidden"]["threat"]) == sorted(pos["hidden"]["threat"])
        deals.add(json.dumps([state["hidden"]["threat"], state["hidden"]["decks"], state["hidden"]["pool"]]))
    assert len(deals) > 1


def test_a_short_typed_position():
    """Only the round and the mercs: the Sectors as at the setup, the decks by elimination."""
    opts = OPTIONS[0]
    pos = {"round": 2, "mercs": {"ivan": {"seat": "merc1", "sector": "01A", "weapons": ["007"]},
                                 "raven": {"seat": "merc2", "sector": "01A", "S": 3, "W": 1}}}
    _, state = started(opts, pos)
    assert state["round"] == 2 and state["order"] == ["ivan", "raven"]
    assert "007" not in state["hidden"]["decks"]["loot1"] + state["hidden"]["decks"]["loot2"]
    assert set(GAME.prompts(state)) == {"merc1", "merc2"}
    assert len(state["hidden"]["threat"]) == sum(1 for s in state["sectors"].values() if s["status"] == "occupied")


def changed(pos, path, value):
    pos = json.loads(json.dumps(pos))
    *keys, last = path
    target = pos
    for k in keys:
        target = target.setdefault(k, {})
    target[last] = value
    return pos


@pytest.mark.parametrize("path, value, words", [
    (("round",), 99, "round must be from 1 to"),
    (("mercs", "nobody"), {"seat": "merc1"}, "no merc called 'nobody'"),
    (("mercs", "ivan", "seat"), "merc4", "seat must be one of merc1, merc2"),
    (("mercs", "ivan", "S"), 40, "ivan's S must be a whole number"),
    (("mercs", "ivan", "W"), 12, "more than the"),
    (("mercs", "ivan", "status"), ["sleepy"], "status 'sleepy' is none of"),
    (("mercs", "ivan", "sector"), "99Z", "which this scenario does not have"),
    (("mercs", "ivan", "weapons"), ["999"], "no card '999'"),
    (("sectors", "99Z"), {"status": "occupied"}, "no Sector '99Z'"),
    (("sectors", "02A", "status"), "burning", "status must be occupied, liberated or besieged"),
    (("enemies", "e900"), {"type": "dragon", "sector": "02A"}, "type 'dragon' is not an enemy"),
    (("skirmish_pool",), ["K99"], "not a skirmish token"),
    (("market",), ["007"], "card 007 is in two places: ivan and market"),
    (("decks", "loot2"), ["007"], "'007' is not a card of the loot2 deck"),
    (("colour",), 1, "no field 'colour'"),
])
def test_a_bad_position_is_refused_with_a_sentence(path, value, words):
    pos = {"round": 2, "mercs": {"ivan": {"seat": "merc1", "sector": "01A", "weapons": ["007"]},
                                 "raven": {"seat": "merc2", "sector": "01A"}}}
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({**OPTIONS[0], "position": changed(pos, path, value)})
    assert refused.value.code == "bad_position"
    assert words in refused.value.message, refused.value.message


def test_a_position_with_a_loot_cache_on_the_map_starts_again():
    # a revealed loot Skirmish token stays in its Area (12.3): a position taken then is no card
    opts = OPTIONS[0]
    pos = a_position(opts)
    laid = {k for areas in pos["hidden"]["tokens"].values() for ks in areas.values() for k in ks}
    token = next(k for k in ("K01", "K02", "K03") if k in pos["skirmish_pool"] and k not in laid)
    pos["skirmish_pool"].remove(token)
    pos["sectors"]["02A"].update({"status": "besieged", "card": "T01", "loot": {"B": [token]}})
    pos["hidden"]["threat"].pop("02A", None)
    _, state = started(opts, pos)
    assert state["sectors"]["02A"]["loot"] == {"B": [token]}
    assert GAME.position(state) == pos
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({**opts, "position": changed(pos, ("sectors", "02A", "loot"), {"B": ["K05"]})})
    assert "'K05' in Sector 02A's loot is not a loot Skirmish token" in refused.value.message


def test_a_tank_without_its_armour_row_has_every_token_face_down():
    opts = OPTIONS[0]
    pos = {"round": 2, "mercs": {"ivan": {"seat": "merc1", "sector": "02A", "area": "E", "weapons": ["007"]},
                                 "raven": {"seat": "merc2", "sector": "01A"}},
           "sectors": {"02A": {"status": "besieged", "card": "T01"}},
           "enemies": {"e001": {"type": "tank", "sector": "02A", "area": "F"}}}
    _, state = started(opts, pos)
    assert state["tank"] == {"e001": []} and sorted(state["hidden"]["tank"]["e001"]) == list(range(4))
    seat = "merc1"
    for move in ({"merc": "ivan"}, {"a": "attack", "c": "007", "k": "shot", "t": "e001"}, {"spend": "roll"}):
        events = GAME.decide(state, seat, move, Rng(b"tank", 0))
        state = fold(GAME, json.loads(json.dumps(events)), state)
    assert any(e["type"] == "enemy_hit" and e.get("tank") for e in events)
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({**opts, "position": changed(pos, ("tank",), {"e001": [9]})})
    assert "lists armour tokens by their number" in refused.value.message
