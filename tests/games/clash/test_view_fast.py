"""Issue "Performance": CLASH's view of a state and its text board (games/clash/view.py, made
cheaper: the UN's and the Pickets' marks in one pass, the tiles' names and effects looked up once)
are, byte for byte and key for key, what they were: checked against the former code, kept below,
on every state of whole random matches under every table option of the Polish matches, for each
seat and an observer; and every seat's is the same but for its "you" (``view_same_for_all``: a
view works it out once for every seat)."""

import copy

import orjson

from games.clash import GAME
from games.clash import board as B
from games.clash import derived as D
from games.clash import view as fast
from games.clash.tiles import TILES
from games.core import Rng, fold
from tests.games.clash.test_polish_words import VARIED

# ---------------------------------------------------------------- the former code, as it was

def _tiles(tiles) -> list[dict]:
    return [{"id": t, "name": TILES[t]["name"]} for t in tiles]


def former_view(state, seat) -> dict:
    if state is None:
        return {}
    board = state["board"]
    stab, blocked = D.stabilized(board), D.blocked(board)
    fields = {}
    for i in B.FIELDS:
        cell = board[i]
        field = fast.NAMES[i]
        entry = {"field": field, "blocked": i in blocked and i not in stab, "stabilized": i in stab}
        if cell is not None:
            tile = TILES[cell["t"]]
            up = cell["d"] is None
            entry.update({
                "tile": cell["t"], "name": tile["name"], "effect": tile["effect"],
                "face": "up" if up else "down",
                "supports": cell["s"] if up else None,
                "facing": B.facing_of(cell["s"]) if up else None,
                "destroyed_by": cell["d"], "covered_by": cell["c"],
                "security": D.has_security(board, i, stab),
            })
        fields[field] = entry
    step = state.get("step") or {}
    return {
        "game": state["game"], "options": dict(state["opts"]), "first": state["first"],
        "waiting_for": step.get("seat"), "step": dict(step) if step else None,
        "board": fields, "rows": [list(row) for row in fast.ROWS],
        "support": D.support(board), "placements": state["placements"],
        "zones": {s: _tiles(state["zones"][s]) for s in B.SEATS},
        "neutral": _tiles(state["neutral"]), "removed_pile": _tiles(state["pile"]),
        "unused_neutrals": _tiles(sorted(state["box"])), "set_aside": _tiles(state["aside"]),
        "beside_board": _tiles(state["beside"]),
        "wins": dict(state["wins"]), "points": dict(state["points"]), "games": [dict(g) for g in state["games"]],
        "result": dict(state["result"]) if state.get("result") else None,
        "you": seat,
    }


def former_brief(state, seat) -> list[str]:
    if state is None:
        return []
    board = state["board"]
    support, wins = D.support(board), state["wins"]
    label = {"mcworld": "McWorld", "jihad": "Jihad"}
    lines = [(f"Game {state['game']}: support McWorld {support['mcworld']}, Jihad {support['jihad']}; "
              f"games won McWorld {wins['mcworld']}, Jihad {wins['jihad']}."),
             "      " + "".join(f"{col:<20}" for col in "ABC")]
    blocked = None
    for r, row in enumerate(fast.ROWS):
        cells = []
        for c in range(3):
            cell = board[r * 3 + c]
            if cell is None:
                if blocked is None:
                    blocked = D.blocked(board) - D.stabilized(board)
                text = "(blocked)" if r * 3 + c in blocked else "."
            elif cell["d"] is not None:
                text = f"{TILES[cell['t']]['name']} (down)"
            else:
                text = f"{TILES[cell['t']]['name']} {fast.ARROW.get(B.facing_of(cell['s']), '?')}"
            cells.append(f"{text:<20}")
        lines.append(f"  {row[0][1]}   " + "".join(cells).rstrip())
    for who in B.SEATS:
        names = ", ".join(TILES[t]["name"] for t in state["zones"][who]) or "empty"
        lines.append(f"{label[who]}'s zone: {names}")
    lines.append("Neutral zone: " + (", ".join(TILES[t]["name"] for t in state["neutral"]) or "empty"))
    if state["pile"]:
        lines.append("Removed pile: " + ", ".join(TILES[t]["name"] for t in state["pile"]))
    return lines


# ---------------------------------------------------------------- the matches

def _states(n: int, opts: dict, m: int):
    """Every state of one random match under ``opts``, after each event."""
    seed = b"view-fast-%d-%d" % (n, m)
    log = GAME.start(GAME.resolve_options(opts), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    yield state
    for step in range(3000):
        asked = GAME.prompts(state)
        if not asked:
            break
        (seat, prompt), = asked.items()
        options = prompt["options"]
        move = options[Rng(seed + b"/player", step).below(len(options))]["move"]
        for event in GAME.decide(state, seat, move, Rng(seed, len(log))):
            state = GAME.evolve(state, event)
            log.append(event)
            yield state
    assert GAME.result(state), f"match {n} did not end"


def test_the_view_and_the_board_are_what_they_were():
    states = marked = down = 0
    for n in range(len(VARIED)):
        for m in range(3):
            for state in _states(n, VARIED[n], m):
                first = GAME.view(state, GAME.seats[0])
                for seat in (*GAME.seats, None):
                    seen = orjson.dumps(GAME.view(state, seat))
                    assert seen == orjson.dumps(former_view(state, seat))
                    assert GAME.brief(state, seat) == former_brief(state, seat)
                    # view_same_for_all: another seat's view is the first's with its own "you", key for key
                    assert orjson.dumps({**first, "you": seat}) == seen
                board = state["board"]
                marked += bool(D.stabilized(board) or D.blocked(board))
                down += any(cell is not None and cell["d"] is not None for cell in board)
                states += 1
    assert states > 2000 and marked > 300 and down > 200     # the UN's or Pickets' marks, and tiles down, met


def test_no_state_is_nothing():
    assert GAME.view(None, "mcworld") == former_view(None, "mcworld") == {}
    assert GAME.brief(None, None) == former_brief(None, None) == []
