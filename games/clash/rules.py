"""prompts() and decide(): who must choose what, and what a choice makes happen (spec 5, 9, 10).

A turn is a short series of decisions, each one prompt and one event: which tile, where,
which way it faces, then the effect (use it or not, and its target). Automatic steps with no
choice (a forced orientation, a lost effect, the delayed removal of destroyed tiles, the end
of a game) are added to the events of the decision that caused them, so no prompt ever waits
for the system seat. decide() accepts any listed option, and also a move that answers several
consecutive questions at once ({"tile": ..., "field": ..., "facing": ...}).
"""

import marshal

import orjson

from games.core import IllegalMove

from . import board as B
from . import derived as D
from . import effects as E
from . import refusals
from .evolve import evolve
from .setup import deal
from .tiles import MUSTAFA, NOBEL, TILES, name

SIDE = B.SIDE_NAMES
FIELD_KEYS = ("field", "target", "to")
# the refusals of an effect's answer that the fields it reaches explain (rule 7.1)
REACHED = {"empty_field", "face_down", "self_target", "out_of_reach", "no_security", "security", "not_yours",
           "nothing_to_repeat", "bad_direction", "bad_colour", "not_there", "bad_answer"}


def _first_prompt(state, step):
    chooser = step["seat"]
    last = state["games"][-1]
    why = "drew" if last["winner"] is None else "lost"
    text = (f"You {why} game {last['game']}. Who goes first in game {state['game'] + 1} "
            f"(and places Mustafa)?")
    options = [{"label": f"{SIDE[chooser]} (you)", "move": {"first": chooser}},
               {"label": SIDE[B.other(chooser)], "move": {"first": B.other(chooser)}}]
    return "first_player", text, options


# a tile's option label by where it is played from (derived.playable's source), written once
TILE_LABELS = {(t, src): f"{name(t)} ({'from your hand' if src == 'zone' else 'neutral zone'})"
               for t in TILES for src in ("zone", "neutral")}


def _tile_prompt(state, step):
    options = [{"label": TILE_LABELS[t, src], "move": {"tile": t}} for t, src in D.playable(state, step["seat"])]
    text = f"Game {state['game']}, placement {state['placements'] + 1}: which tile do you play?"
    return "tile", text, options


def field_options(state, step) -> list[int]:
    """The fields the tile of ``step`` may be placed on, in the order of their names."""
    board = state["board"]
    if step["tile"] == NOBEL:
        return sorted(D.coverable(board, step["seat"]), key=B.field_name)
    if step["tile"] == MUSTAFA and step["src"] == "beside" and state["opts"]["mustafa_field"] == "centre":
        return [B.CENTRE] if board[B.CENTRE] is None else []
    return sorted(D.empty_fields(board), key=B.field_name)


def _field_prompt(state, step):
    board = state["board"]
    if step["tile"] == NOBEL:
        options = [{"label": f"{B.field_name(i)} (cover {name(board[i]['t'])})", "move": {"field": B.field_name(i)}}
                   for i in field_options(state, step)]
        return "field", "Cover which tile of yours with the Nobel Prize?", options
    names = B.NAMES
    options = [{"label": names[i], "move": {"field": names[i]}} for i in field_options(state, step)]
    opening = " (the opening move)" if step["src"] == "beside" else ""
    return "field", f"Where do you place {name(step['tile'])}{opening}?", options


def facing_label(facing: str) -> str:
    return f"facing {facing} (supports {SIDE[B.supports_of(facing)]})"


FACINGS = tuple((facing, facing_label(facing)) for facing in ("north", "south"))


def _facing_prompt(state, step):
    options = [{"label": label, "move": {"facing": f}} for f, label in FACINGS]
    text = (f"Which way does {name(step['tile'])} on {B.field_name(step['field'])} face? "
            "Its tip points away from the player it supports.")
    return "facing", text, options


def _effect_prompt(state, step):
    kind, text = E.question(state, step)
    return kind, text, [{"label": label, "move": move} for label, move in E.options(state, step)]


BUILDERS = {"first": _first_prompt, "tile": _tile_prompt, "field": _field_prompt,
            "facing": _facing_prompt, "effect": _effect_prompt}


def prompts(state) -> dict:
    if state is None or state.get("result") or state.get("step") is None:
        return {}
    step = state["step"]
    kind, text, options = BUILDERS[step["k"]](state, step)
    return {step["seat"]: {"kind": kind, "text": text, "options": options}}


# ---------------------------------------------------------------- decide


# The keys of a CLASH state (evolve.match_started, position.state_of)
STATE_KEYS = frozenset({"opts", "game", "wins", "points", "games", "result", "box", "aside", "board", "zones",
                        "neutral", "pile", "beside", "placements", "first", "turn", "step"})


def _copy(state):
    """A copy of the state to work on: a shallow one, for evolve changes no list or dict of the state
    in place but sets new ones. A state of another shape is copied whole, by a JSON round trip
    through orjson; by marshal, which keeps plain data as it is, should the state hold something
    orjson does not write."""
    if type(state) is dict and state.keys() == STATE_KEYS:
        return state.copy()
    try:
        return orjson.loads(orjson.dumps(state))
    except orjson.JSONEncodeError:
        return marshal.loads(marshal.dumps(state))


def _emit(work: dict, events: list, event: dict) -> None:
    events.append(event)
    evolve(work, event)


def forced_supports(state, step) -> str | None:
    """The orientation when there is no choice: Nobel matches the tile it covers (8.3);
    under orientation=toward_placer every tile supports the player placing it (5.3)."""
    if step["tile"] == NOBEL:
        return state["board"][step["field"]]["s"]
    if state["opts"]["orientation"] == "toward_placer":
        return step["seat"]
    return None


def _place(work, events, step, supports, rng):
    seat, idx = step["seat"], step["field"]
    cover = step["tile"] == NOBEL
    event = {"type": "placed", "seat": seat, "tile": step["tile"], "src": step["src"],
             "field": B.field_name(idx), "supports": supports}
    if cover:
        event["cover"] = True
        event["covers"] = work["board"][idx]["t"]
    # Whether the instant effect survives is decided at the moment of placement (7.1, 7.2.7).
    lost = None
    if TILES[step["tile"]]["instant"] and not cover and D.effect_blocked(work["board"], idx):
        lost = "blocked"
    _emit(work, events, event)
    if step["src"] == "neutral" and work["opts"]["long_game"] and work["box"]:
        _emit(work, events, {"type": "refilled", "tile": rng.choice(sorted(work["box"]))})  # spec 11.7
    new = work["step"]
    if new["k"] != "effect":
        return
    if lost is None:
        if E.destroy_void(work, new["chain"], TILES[step["tile"]]["effect"]):
            lost = "last_field"
        elif not E.any_choice(work, seat, new["chain"]):
            lost = "no_target"
    if lost:
        _emit(work, events, {"type": "effect_lost", "seat": seat, "tile": step["tile"],
                             "field": B.field_name(idx), "reason": lost})


def _deal(work, events, first, rng):
    neutral, extra = deal(work["box"], work["opts"], rng)
    _emit(work, events, {"type": "game_dealt", "game": work["game"] + 1, "first": first, "neutral": neutral,
                         "extra": extra})


def match_text(state, winner) -> str:
    opts, wins, points = state["opts"], state["wins"], state["points"]
    games = state["games"]
    if opts["match"] == "single":
        g = games[-1]
        if winner is None:
            return "The game is drawn: the placement limit was reached"
        return f"{SIDE[winner]} wins: {reason_text(g, winner)}"
    if opts["match"] == "points":
        a, b = sorted(points.values(), reverse=True)
        if winner is None:
            return f"The match is drawn on points, {a}-{b}"
        return f"{SIDE[winner]} wins the match on points, {a}-{b}"
    a, b = sorted(wins.values(), reverse=True)
    if winner is None:
        return f"The match is drawn {a}-{b}"
    return f"{SIDE[winner]} wins the match {a}-{b}"


def reason_text(g: dict, winner: str) -> str:
    loser = B.other(winner)
    if g.get("kaboom") or g["reason"] == "kaboom":
        return f"KABOOOM!!! supports {SIDE[loser]}"
    if g["reason"] == "cannot_play":
        return f"{SIDE[loser]} cannot play a tile"
    s = g["support"]
    return f"{s[winner]}-{s[loser]} on the full board"


def _finish(work, events, reason, loser=None):
    board = work["board"]
    support = D.support(board)
    victim = D.kaboom_victim(board)
    if reason == "cap":
        winner = None
    elif victim:
        winner = B.other(victim)
    elif reason == "full_board":
        a, b = support[B.SOUTH], support[B.NORTH]
        winner = B.SOUTH if a > b else B.NORTH if b > a else None
    else:
        winner = B.other(loser)
    points = {s: 0 if s == victim else support[s] for s in B.SEATS}
    opts, game = work["opts"], work["game"]
    wins = dict(work["wins"])
    if winner:
        wins[winner] += 1
    if opts["match"] == "single":
        over = True
    elif opts["match"] == "points":
        over = game >= opts["points_games"]
    else:
        over = max(wins.values()) >= 2 or game >= 3
    chooser = None
    if not over:
        chooser = B.other(winner) if winner else B.other(work["first"])
    event = {"type": "game_over", "game": game, "reason": reason, "winner": winner, "support": support,
             "kaboom": victim, "points": points, "next": chooser}
    if loser:
        event["loser"] = loser
    _emit(work, events, event)
    if over:
        if opts["match"] == "single":
            mw = winner
        else:
            tally = work["points"] if opts["match"] == "points" else work["wins"]
            a, b = tally[B.SOUTH], tally[B.NORTH]
            mw = B.SOUTH if a > b else B.NORTH if b > a else None
        _emit(work, events, {"type": "match_over", "winner": mw, "wins": dict(work["wins"]),
                             "points": dict(work["points"]), "text": match_text(work, mw)})


def _end_move(work, events, seat):
    """Spec 7.3 steps 6-8: delayed removal, full board, next player able to play."""
    board = work["board"]
    gone = [i for i in B.FIELDS if board[i] is not None and board[i]["d"] not in (None, seat)]
    if gone:
        tiles = []
        for i in gone:
            tiles += [board[i]["t"]] + ([board[i]["c"]] if board[i]["c"] else [])
        _emit(work, events, {"type": "removed", "fields": [B.field_name(i) for i in gone], "tiles": tiles,
                             "destroyed_by": B.other(seat)})
    if D.full(work["board"]):          # the board as the removal left it (evolve set a new one)
        return _finish(work, events, "full_board")
    if work["placements"] >= work["opts"]["placement_cap"]:
        return _finish(work, events, "cap")
    nxt = B.other(seat)
    if not D.playable(work, nxt):
        return _finish(work, events, "cannot_play", nxt)
    _emit(work, events, {"type": "turn", "seat": nxt})


def _advance(work, events, rng):
    """Run the automatic steps that follow a decision."""
    while True:
        step = work.get("step")
        if step is None or work.get("result"):
            return
        if step["k"] == "facing":
            supports = forced_supports(work, step)
            if supports is None:
                return
            _place(work, events, step, supports, rng)
        elif step["k"] == "done":
            _end_move(work, events, step["seat"])
        else:
            return


def _apply(work, events, seat, part, rng):
    step = work["step"]
    k = step["k"]
    if k == "first":
        _emit(work, events, {"type": "first_chosen", "seat": seat, "first": part["first"]})
        _deal(work, events, part["first"], rng)
    elif k == "tile":
        src = "zone" if part["tile"] in work["zones"][seat] else "neutral"
        _emit(work, events, {"type": "tile_chosen", "seat": seat, "tile": part["tile"], "src": src})
    elif k == "field":
        _emit(work, events, {"type": "field_chosen", "seat": seat, "tile": step["tile"], "field": part["field"]})
    elif k == "facing":
        _place(work, events, step, B.supports_of(part["facing"]), rng)
    else:
        for event in E.resolve(work, step, part, rng):
            _emit(work, events, event)
    _advance(work, events, rng)


def _normalise(key, value):
    if key in FIELD_KEYS:
        return value.strip().upper() if isinstance(value, str) else value
    if key in ("facing", "direction", "colour", "first"):
        return value.strip().lower() if isinstance(value, str) else value
    if key in ("tile", "pick") and isinstance(value, str):
        up = value.strip().upper()
        return up if up in TILES else value
    return value


def _refuse(state, seat, part) -> IllegalMove:
    """The specific reason an answer is not among the listed options."""
    step = state["step"]
    k, key = step["k"], next(iter(part))
    value = part[key]
    if k == "tile":
        if value not in TILES:
            return IllegalMove("unknown_tile", f"There is no tile called {value!r}.")
        if value not in state["zones"][seat] and value not in state["neutral"]:
            return IllegalMove("tile_unavailable", f"{name(value)} is not in your zone or the neutral zone: "
                                                   f"{refusals.where_is(state, seat, value)}.")
        if value == NOBEL:
            return IllegalMove("nothing_to_cover", "The Nobel Prize must cover a face-up tile supporting you "
                                                   "without Security, and there is none.")
        return IllegalMove("no_room", "There is no empty field.")
    if k == "field":
        idx = B.parse_field(value)
        if idx is None:
            return IllegalMove("bad_field", f"{value!r} is not a field; use A1 to C3.")
        cell = state["board"][idx]
        f = B.field_name(idx)
        if step["tile"] == NOBEL:
            return IllegalMove("bad_cover", f"The Nobel Prize cannot cover {f}: it needs a face-up tile "
                                            "supporting you, without Security.")
        if cell is None:
            return IllegalMove("centre_only", "Mustafa opens on the centre field, B2.")
        if cell["d"] is not None:
            return IllegalMove("field_taken", f"{f} holds a destroyed tile until {SIDE[B.other(cell['d'])]}'s "
                                              "next move ends.")
        return IllegalMove("field_taken", f"{f} is already taken.")
    if k == "facing":
        return IllegalMove("bad_facing", f"Say north or south: {refusals.facing()}.")
    if k == "first":
        return IllegalMove("bad_seat", f"{value!r} is not a player; answer mcworld or jihad.")
    code, message = E.why_not(state, step, part)
    if code in REACHED and step.get("stage") != "to":
        message += " " + refusals.sentence(refusals.reach(state, seat, step["chain"]))
    return IllegalMove(code, message)


def decide(state, seat, move, rng, asked=None) -> list[dict]:
    """The events of ``move``; ``asked``: the state's questions, when the caller has worked them
    out already (``prompts(state)``), not asked again."""
    if state is None:
        raise IllegalMove("no_game", "The game has not started.")
    if state.get("result"):
        raise IllegalMove("game_over", "The match is over.")
    asked = prompts(state) if asked is None else asked
    if seat not in asked:
        waiting = next(iter(asked), None)
        who = SIDE.get(waiting, waiting)
        raise IllegalMove("not_your_turn", f"It is {who}'s turn, not yours.")
    if not isinstance(move, dict) or not move:
        raise IllegalMove("bad_move", "A move is a non-empty object, e.g. {\"field\": \"B2\"}.")
    work = _copy(state)
    events: list[dict] = []
    remaining = dict(move)
    now = asked                  # the questions of ``work``: as asked of the state, until a part is applied
    while remaining:
        prompt = now.get(seat)
        if prompt is None:
            break
        keys = {k for option in prompt["options"] for k in option["move"]}
        found = [k for k in remaining if k in keys]
        if not found:
            if not events:
                answers = "; ".join(option["label"] for option in prompt["options"])
                raise IllegalMove("wrong_question", f"That answers another question than this one: {prompt['text']} "
                                                    f"Its answers: {answers}.")
            break
        if len(found) > 1:
            raise IllegalMove("bad_move", f"Give one answer to: {prompt['text']}")
        key = found[0]
        part = {key: _normalise(key, remaining.pop(key))}
        if not any(option["move"] == part for option in prompt["options"]):
            raise _refuse(work, seat, part)
        _apply(work, events, seat, part, rng)
        now = prompts(work) if remaining else {}
    if remaining:
        raise IllegalMove("not_asked", f"{', '.join(sorted(remaining))}: that was not asked at this point.")
    return events
