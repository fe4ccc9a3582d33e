"""One readable line per event (for the log, emails and the CLI)."""

from games.core import describe_by_type

from . import board as B
from .tiles import TILES, name

SIDE = B.SIDE_NAMES


def _tile(t) -> str:
    return name(t) if t in TILES else str(t)


def _list(tiles) -> str:
    names = [_tile(t) for t in tiles]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _who(e, key="seat") -> str:
    return SIDE.get(e.get(key), str(e.get(key)))


MATCH = {"best_of_3": "best of three games", "single": "a single game", "points": "the points system"}


def match_started(e):
    opts = e.get("options", {})
    kind = MATCH.get(opts.get("match"), "a match")
    if opts.get("match") == "points":
        kind += f" over {opts.get('points_games')} games"
    return f"A match of CLASH begins ({kind}); {_who(e, 'first')} goes first. " + _deal_text(e)


def _deal_text(e):
    parts = []
    if e.get("neutral"):
        parts.append(f"Neutral zone: {_list(e['neutral'])}.")
    for seat, tiles in sorted(e.get("extra", {}).items()):
        if tiles:
            parts.append(f"{SIDE[seat]} draws {_list(tiles)}.")
    return " ".join(parts) or "No neutral tiles are in play."


def placed(e):
    if e.get("cover"):
        return f"{_who(e)} covers {_tile(e.get('covers'))} on {e['field']} with the Nobel Prize"
    facing = B.facing_of(e["supports"])
    return f"{_who(e)} places {_tile(e['tile'])} on {e['field']} facing {facing} (supporting {SIDE[e['supports']]})"


LOST = {"blocked": "the field is blocked by a Picket or Riots",
        "last_field": "it filled the last field, so its destroy does nothing",
        "no_target": "there is nothing it could act on"}


def game_over(e):
    n, winner = e.get("game"), e.get("winner")
    s = e.get("support", {})
    if winner is None:
        return f"Game {n} is drawn: the placement limit was reached"
    loser = B.other(winner)
    if e.get("kaboom"):
        return f"Game {n} ends and KABOOOM!!! supports {SIDE[e['kaboom']]}: {SIDE[winner]} wins the game"
    if e.get("reason") == "cannot_play":
        return f"{SIDE[loser]} cannot play a tile: {SIDE[winner]} wins game {n}"
    return f"The board is full: {SIDE[winner]} wins game {n}, {s.get(winner)}-{s.get(loser)}"


def flipped(e):
    parts = [f"{_tile(t)} on {f} (now {SIDE.get(now, now)})" for t, f, now in zip(e["tiles"], e["fields"], e["now"])]
    how = f" to the {e['direction']}" if e.get("direction") else f" marked by the {e['colour']} dots" if e.get("colour") else ""
    return f"{_who(e)} flips{how}: " + "; ".join(parts)


LINES = {
    "match_started": match_started,
    "position": lambda e: (f"The match starts from a position: game {len(e['position']['games']) + 1}, "
                           f"{SIDE[e['position']['turn']]} to "
                           f"{'open with Mustafa' if e['position']['opening'] else 'place a tile'}"),
    "tile_chosen": lambda e: f"{_who(e)} picks {_tile(e['tile'])} "
                             f"{'from their zone' if e['src'] == 'zone' else 'from the neutral zone'}",
    "field_chosen": lambda e: f"{_who(e)} will place {_tile(e['tile'])} on {e['field']}",
    "placed": placed,
    "effect_lost": lambda e: f"{_tile(e['tile'])} on {e['field']} has no effect: {LOST.get(e['reason'], e['reason'])}",
    "effect_declined": lambda e: f"{_who(e)} does not use the effect of {_tile(e['tile'])}",
    "repeat_chosen": lambda e: f"{_who(e)} has {_tile(e.get('by'))} repeat the effect of {_tile(e['tile'])} on {e['field']}",
    "bribe_chosen": lambda e: f"{_who(e)} bribes {_tile(e['tile'])} on {e['field']} to move",
    "destroyed": lambda e: f"{_who(e)} destroys {_list(e['tiles'])} on {e['field']}: face down until "
                           f"{SIDE[B.other(e['seat'])]}'s next move ends",
    "flipped": flipped,
    "discarded": lambda e: f"{_who(e)} discards {_list(e['tiles'])} from {e['field']} to the removed pile",
    "moved": lambda e: f"{_who(e)} moves {_tile(e['tile'])} from {e['from']} to {e['to']}",
    "taken_back": lambda e: f"{_who(e)} takes {_tile(e['tile'])} back from {e['field']} into their zone",
    "agent_removed": lambda e: f"{_who(e)} sends {_tile(e['tile'])} from {_who(e, 'victim')}'s zone to the removed pile",
    "hacked": lambda e: f"{_who(e)} takes {_tile(e['tile'])} from the removed pile into their zone",
    "elected": lambda e: f"{_who(e)} {'draws' if e.get('how') == 'random' else 'chooses'} {_tile(e['tile'])} "
                         "from the unused neutral tiles into their zone",
    "refilled": lambda e: f"{_tile(e['tile'])} is drawn to refill the neutral zone",
    "removed": lambda e: f"{_list(e['tiles'])} (destroyed) leave{'s' if len(e['tiles']) == 1 else ''} "
                         f"{', '.join(e['fields'])} for the removed pile",
    "turn": lambda e: f"{_who(e)} to play",
    "game_over": game_over,
    "first_chosen": lambda e: f"{_who(e)} chooses {SIDE.get(e['first'], e['first'])} to go first",
    "game_dealt": lambda e: f"Game {e['game']} begins; {_who(e, 'first')} opens with Mustafa. " + _deal_text(e),
    "match_over": lambda e: e.get("text", "The match is over"),
}


def describe(event: dict) -> str:
    return describe_by_type(LINES, event)
