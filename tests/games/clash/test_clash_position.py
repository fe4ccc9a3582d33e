"""Starting a CLASH match from a position (games/clash/position.py) and taking one out:
``position(state)`` at every clean point of random matches starts a table in the same state,
with the same views and questions; a bad position is refused with a sentence."""

import json

import pytest

from games.clash import GAME
from games.clash.tiles import MUSTAFA
from games.core import IllegalMove, Rng, fold

SEEDS = [bytes([n]) * 4 for n in range(12)]


def run(seed: bytes, opts: dict | None = None, limit: int = 400):
    """A random match; yields every state it passes through."""
    log = GAME.start(opts or {}, list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, json.loads(json.dumps(log)))
    yield state
    for _ in range(limit):
        asked = GAME.prompts(state)
        if not asked:
            return
        (seat, prompt), = asked.items()
        options = prompt["options"]
        move = options[Rng(seed + b"/p", len(log)).below(len(options))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        log += events
        state = fold(GAME, json.loads(json.dumps(events)), state)
        yield state


def started(position: dict, opts: dict | None = None, seed: bytes = b"other seed"):
    events = GAME.start({**(opts or {}), "position": json.loads(json.dumps(position))}, list(GAME.seats),
                        Rng(seed, 0))
    return events, fold(GAME, json.loads(json.dumps(events)))


@pytest.mark.parametrize("opts", [{}, {"match": "points", "neutrals": "random_support", "long_game": True},
                                  {"unknown_neutral": "blank", "mustafa_field": "centre"}])
def test_a_position_taken_at_every_clean_point_starts_the_same_match(opts):
    clean = 0
    for seed in SEEDS[:6]:
        for state in run(seed, opts):
            pos = GAME.position(state)
            step = state.get("step") or {}
            if pos is None:
                assert state.get("result") or step.get("k") not in ("tile",)
                continue
            clean += 1
            _, again = started(pos, opts)
            assert again == {**state, "opts": again["opts"]}
            for seat in (*GAME.seats, None):
                assert GAME.view(again, seat) == GAME.view(state, seat)
            assert GAME.prompts(again) == GAME.prompts(state)
            assert GAME.position(again) == pos
    assert clean > 50


def test_a_typed_position_uses_names_and_fills_in_the_zones():
    pos = {"games": [{"winner": "jihad"}],
           "board": {"b2": {"tile": "Mustafa", "facing": "north"},
                     "A1": {"tile": "President", "facing": "south", "destroyed_by": "jihad"}},
           "neutral": ["N_AGENT", "Hacker"], "turn": "mcworld"}
    _, state = started(pos)
    assert state["game"] == 2 and state["wins"] == {"mcworld": 0, "jihad": 1}
    assert "MW_PREZYDENT" not in state["zones"]["mcworld"] and len(state["zones"]["jihad"]) == 7
    assert state["placements"] == 2 and state["first"] == "mcworld"
    assert GAME.prompts(state)["mcworld"]["kind"] == "tile"
    assert "N_AGENT" not in state["box"] and "N_WYBORY" in state["box"]


def test_an_opening_left_to_the_seed_deals_the_neutrals_and_draws_the_first_player():
    """Spec 4: the neutral zone dealt from the unused neutrals; the seed decides (its commitment covers it)."""
    pos = {"games": [{"winner": "mcworld"}]}
    dealt = {json.dumps(started(pos, seed=bytes([n]))[1]["neutral"]) for n in range(6)}
    firsts = {started(pos, seed=bytes([n]))[1]["turn"] for n in range(12)}
    assert len(dealt) > 1 and firsts == {"mcworld", "jihad"}
    _, state = started(pos)
    assert state["beside"] == [MUSTAFA] and len(state["neutral"]) == 5
    assert GAME.prompts(state)[state["turn"]]["kind"] == "field"


@pytest.mark.parametrize("pos, words", [
    ("board", "must be an object"),
    ({"colour": 1}, "no field 'colour'"),
    ({"board": {"D4": {"tile": "MW_POPSTAR", "facing": "north"}}}, "'D4' is not a field"),
    ({"board": {"B2": {"tile": "Popestar", "facing": "north"}}}, "no tile called 'Popestar'"),
    ({"board": {"B2": {"tile": "MW_POPSTAR", "facing": "east"}}}, "must face north"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north"}, "B1": {"tile": MUSTAFA, "facing": "north"}}},
     "Mustafa is in two places"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north"}, "B1": {"tile": "MW_POPSTAR", "facing": "north"}},
      "zones": {"mcworld": ["MW_POPSTAR"]}}, "Pop star is in two places"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north"}}, "zones": {"mcworld": []}, "turn": "jihad"},
     "Banker is nowhere"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north"}}, "neutral": ["MW_POPSTAR"]}, "not a neutral tile"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north"}},
      "neutral": ["N_AGENT", "N_HACKER", "N_ONZ", "N_PRASA", "N_LAPOWKA", "N_WYBORY"]}, "at most 5"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north", "covered_by": "N_AGENT"}}}, "only the Nobel Prize"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north", "destroyed_by": "mcworld"}}, "turn": "mcworld"},
     "destroyed by mcworld"),
    ({"games": [{"winner": "jihad"}, {"winner": "jihad"}]}, "already over"),
    ({"games": [{"winner": "nobody"}]}, "winner must be"),
    ({"board": {"B1": {"tile": "MW_POPSTAR", "facing": "north"}}}, "Mustafa opens every game"),
    ({"neutral": ["N_UNKNOWN_17"]}, "17th neutral"),
    ({"board": {"B2": {"tile": MUSTAFA, "facing": "north"}}, "placements": 100}, "placements must be"),
])
def test_a_bad_position_is_refused_with_a_sentence(pos, words):
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({"position": pos})
    assert refused.value.code == "bad_position"
    assert words in refused.value.message, refused.value.message


def test_a_full_board_or_a_seat_that_cannot_play_is_not_a_starting_position():
    tiles = ["START_MUSTAFA", "MW_POPSTAR", "MW_BANKIER", "MW_FASTFOOD", "MW_PREDATOR", "JH_IMAM", "JH_SZEJK",
             "JH_TRADYCJA", "JH_MECZET"]
    fields = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"]
    board = {f: {"tile": t, "facing": "north"} for f, t in zip(fields, tiles)}
    with pytest.raises(IllegalMove, match="board is full"):
        GAME.resolve_options({"position": {"board": board}})
    board.pop("C3")
    with pytest.raises(IllegalMove, match="cannot place any tile"):
        GAME.resolve_options({"position": {"board": board, "zones": {"jihad": []}, "turn": "jihad",
                                           "removed": ["JH_PRZYWODCA", "JH_DESTROY4_X", "JH_ZAMACHOWIEC",
                                                       "JH_MECZET"]}})
