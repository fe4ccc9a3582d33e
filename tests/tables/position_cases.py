"""For each game: a position to start from, a bad one, what of the start the seed decides, and a
check of the started state (tests/tables/test_positions.py, tests/server/test_positions_api.py)."""

import games

def clash_check(state):
    assert state["game"] == 2 and state["wins"]["jihad"] == 1 and state["points"]["jihad"] == 5
    assert state["board"][6]["t"] == "MW_PREZYDENT" and state["neutral"] == ["N_AGENT", "N_HACKER"]


CLASH = {
    "position": {"games": [{"winner": "jihad", "points": {"mcworld": 2, "jihad": 5}}],
                 "board": {"B2": {"tile": "START_MUSTAFA", "facing": "north"},
                           "A1": {"tile": "MW_PREZYDENT", "facing": "south"}},
                 "neutral": ["N_AGENT", "N_HACKER"]},
    "bad": {"board": {"B2": {"tile": "President", "facing": "sideways"}}},
    "chance": lambda state: state["turn"],
    "check": clash_check,
}

CASES = {"clash": CLASH}


def players(name: str, case: dict) -> dict:
    game = games.get(name)
    seats = game.table_seats(case.get("options", {}))
    return {seat: {"name": seat.capitalize(), "email": f"{seat}@example.org"} for seat in seats}
