"""Starting La Famiglia from a position (games/lafamiglia/position.py) and taking one out: at the
start of every round's planning phase of random games, ``position(state)`` starts a game in the
same state with the same views and questions; a bad position is refused with a sentence; a
running table's position leaves the other team's HQs out."""

import json

import pytest

from games.core import IllegalMove, Rng, fold
from games.lafamiglia import GAME

SEEDS = [bytes([n]) * 4 for n in range(5)]


def run(seed: bytes, opts=None, limit=3000):
    log = GAME.start(opts or {}, list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, json.loads(json.dumps(log)))
    yield state
    for _ in range(limit):
        asked = GAME.prompts(state)
        if not asked:
            return
        seat = sorted(asked)[0]
        options = asked[seat]["options"]
        move = options[Rng(seed + b"/p", len(log)).below(len(options))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        log += events
        state = fold(GAME, json.loads(json.dumps(events)), state)
        yield state


def started(position, opts=None, seed=b"other"):
    events = GAME.start({**(opts or {}), "position": json.loads(json.dumps(position))}, list(GAME.seats),
                        Rng(seed, 0))
    return events, fold(GAME, json.loads(json.dumps(events)))


def clean_positions(opts=None):
    for seed in SEEDS:
        for state in run(seed, opts):
            pos = GAME.position(state)
            if pos is not None:
                yield state, pos


@pytest.mark.parametrize("opts", [{}, {"families": "first_game", "unknown_tiles": "blank"}])
def test_a_position_taken_at_every_round_start_starts_the_same_game(opts):
    seen = 0
    for state, pos in clean_positions(opts):
        seen += 1
        events, again = started(pos, opts)
        # the last encounter's order queue is left over in the state, unread until the next one sets it
        assert again == {**state, "opts": again["opts"], "queue": [], "qi": 0}
        for seat in (*GAME.seats, None):
            assert GAME.view(again, seat) == GAME.view(state, seat)
            GAME.describe(GAME.redact(events[0], seat))
        assert GAME.prompts(again) == GAME.prompts(state)
        assert GAME.position(again) == pos
    assert seen >= 10


def test_only_the_first_planning_turn_of_a_round_is_a_clean_point():
    for state in run(SEEDS[0], limit=400):
        if GAME.position(state) is not None:
            assert state["phase"] == "planning" and state["stack"] == [{"k": "turn", "seat": state["primo"]}]
            assert not any(a["tokens"] for a in state["areas"].values())


def a_position():
    return next(pos for _, pos in clean_positions())


def test_the_other_teams_hq_is_left_out_of_a_running_tables_position():
    pos = a_position()
    shown, hidden = GAME.position_for(pos, "southwest")
    assert shown["families"]["southeast"]["tokens"] == pos["families"]["southeast"]["tokens"]
    assert "tokens" not in shown["families"]["northwest"] and "money" not in shown["families"]["northeast"]
    assert "families.northwest.tokens" in hidden and "families.northeast.money" in hidden
    observer, hidden = GAME.position_for(pos, None)
    assert all("hq" not in f for f in observer["families"].values()) and len(hidden) >= 12
    events, _ = started(pos)
    seen = GAME.redact(events[0], "southwest")["position"]["p"]
    assert "tokens" in seen["southeast"] and "tokens" not in seen["northwest"]


def test_left_out_tiles_are_drawn_by_the_seed():
    pos = {k: v for k, v in a_position().items() if k != "tiles"}
    drawn = {json.dumps(started(pos, seed=bytes([n]))[1]["tiles"]["drawn"]) for n in range(5)}
    assert len(drawn) > 1 and all(len(json.loads(d)) == 7 for d in drawn)


def changed(path, value):
    pos = json.loads(json.dumps(a_position()))
    *keys, last = path
    target = pos
    for k in keys:
        target = target[k]
    if value is KeyError:
        del target[last]
    else:
        target[last] = value
    return pos


@pytest.mark.parametrize("path, value, words", [
    (("round",), 5, "round must be 1, 2, 3 or 4"),
    (("primo",), "east", "no seat called 'east'"),
    (("families", "southwest", "family"), "purple", "no family called 'purple'"),
    (("families", "southwest", "character"), 9, "character must be a number"),
    (("families", "southwest", "money"), -1, "money must be a whole number"),
    (("families", "southwest", "tokens"), ["nosuch.b1"], "no order token called 'nosuch.b1'"),
    (("families", "southwest", "locked"), [], "must be in one place"),
    (("families", "southwest", "hq"), 50, "more soldati in play than the 50"),
    (("areas", "Atlantis"), {"owner": "southwest", "n": 1}, "no area called 'Atlantis'"),
    (("areas", "Sciacca"), {"owner": "southwest", "n": 1, "labs": 3}, "labs must be a whole number from 0 to 2"),
    (("areas", "Sciacca"), {"owner": None, "n": 2}, "needs an owner exactly when soldati are there"),
    (("areas", "Sciacca"), {"owner": "neutral", "n": 1, "cars": 1}, "cars stand with a family"),
    (("seas", "Mare Nostrum"), ["southwest"], "no sea area called 'Mare Nostrum'"),
    (("fields", "9z9"), ["southwest"], "no sheet field called '9z9'"),
    (("control", "Roma"), "southwest", "no mandamento called 'Roma'"),
    (("tiles", "drawn"), ["allies", "allies"], "at most 7 different"),
    (("colour",), {}, "no field 'colour'"),
    (("families", "northeast"), KeyError, "families must describe each seat"),
])
def test_a_bad_position_is_refused_with_a_sentence(path, value, words):
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({"position": changed(path, value)})
    assert refused.value.code == "bad_position"
    assert words in refused.value.message, refused.value.message


def test_two_seats_cannot_play_one_family():
    pos = a_position()
    pos["families"]["southeast"] = dict(pos["families"]["southwest"], character=pos["families"]["southeast"]["character"])
    with pytest.raises(IllegalMove, match="different family"):
        GAME.resolve_options({"position": pos})


TYPED = {"round": 2, "primo": "southeast",
         "families": {"southwest": {"family": "blue", "character": 1, "money": 3, "hq": 5},
                      "northeast": {"family": "yellow", "character": 5, "money": 2, "hq": 8},
                      "southeast": {"family": "black", "character": 3, "money": 5, "hq": 4},
                      "northwest": {"family": "green", "character": 0, "money": 3, "hq": 6}}}


def test_a_short_typed_position_takes_the_setups_map_and_the_tokens_by_elimination():
    _, state = started(TYPED)
    assert state["areas"]["Trapani"] == {"owner": "northwest", "n": 3, "cars": 0, "labs": 0, "tokens": [], "att": None}
    assert state["areas"]["Alcamo"]["owner"] == "neutral"
    blue = state["p"]["southwest"]
    assert blue["tokens"] == ["blue.b1", "blue.b2", "blue.b3", "blue.b4", "blue.b5"] and len(blue["locked"]) == 8
    assert blue["pool"]["soldati"] == 50 - 5 - 15 and state["supply"]["labs"] == 30
    assert GAME.prompts(state)["southeast"]["kind"] == "planning"
    sold = dict(TYPED, out=["blue.b5"])
    assert "blue.b5" not in started(sold)[1]["p"]["southwest"]["tokens"]
