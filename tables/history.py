"""The log's own entries, beside the game's: an undo or a consent rollback (issue 17).

The log is never rewritten. Taking moves back appends one entry whose event is
``{"type": "undo" | "rollback", "to_seq": N, "asked_by": seat, "agreed": [seats], "moves": k}``:
the state after it is the state as it was right after event N, and the entries between N and it
stay in the log as history ("taken back"). The game never sees these events: every fold of a log
goes through ``fold_entries`` here, which turns one into the earlier state; ``describe`` gives its
line for people. They carry no hidden information (no hand, no deck, no seed): every seat sees
them whole.
"""

import json
from collections.abc import Callable
from typing import Any

import i18n
from games.core import Game, words

UNDO, ROLLBACK = "undo", "rollback"
KINDS = (UNDO, ROLLBACK)


def is_platform(event: dict[str, Any]) -> bool:
    """An undo or a rollback: an event of the table, not of the game."""
    return event.get("type") in KINDS and "to_seq" in event and "asked_by" in event


def fresh(state: Any) -> Any:
    """A state as a snapshot gives it back: its own copy, through JSON (as every load reads it)."""
    return json.loads(json.dumps(state, separators=(",", ":")))


def fold_entries(game: Game, entries: list[dict[str, Any]], state: Any = None,
                 earlier: Callable[[int], Any] | None = None) -> Any:
    """Fold stored entries (dicts with ``seq`` and ``event``), oldest first, onto ``state``. An undo
    or rollback sets the state to the one after its ``to_seq``: kept on the way when that seq is
    among ``entries``, else asked of ``earlier(to_seq)`` (the store: snapshot + fold)."""
    wanted = {e["event"]["to_seq"] for e in entries if is_platform(e["event"])}
    kept: dict[int, str] = {}
    for entry in entries:
        event = entry["event"]
        if is_platform(event):
            to = event["to_seq"]
            if to in kept:
                state = json.loads(kept[to])
            elif earlier is not None:
                state = earlier(to)
            else:
                raise ValueError(f"event {entry['seq']} goes back to {to}, before the events at hand")
        else:
            state = game.evolve(state, event)
        if entry["seq"] in wanted:
            kept[entry["seq"]] = json.dumps(state, separators=(",", ":"))
    return state


def taken_back(entries: list[dict[str, Any]]) -> set[int]:
    """The seqs of ``entries`` that a later undo or rollback among them took back."""
    out: set[int] = set()
    for entry in entries:
        event = entry["event"]
        if is_platform(event):
            out.update(range(event["to_seq"] + 1, entry["seq"]))
    return out


def describe(event: dict[str, Any], names: dict[str, str], language: str | None = None) -> str:
    """One line for people: who took back what, and who agreed (in ``language``; the log's is English)."""
    if i18n.known(language) != i18n.DEFAULT:
        return _described(event, names, language)
    who = names.get(event["asked_by"], event["asked_by"])
    moves = event.get("moves")
    what = f"{moves} move{'s' if moves != 1 else ''}" if moves else "moves"
    if event["type"] == UNDO:
        return f"{who} took back {what} (the table is back at event {event['to_seq']})."
    agreed = [names.get(s, s) for s in event.get("agreed") or []]
    also = f", with the agreement of {_and(agreed)}" if agreed else ""
    reason = f" Reason: {event['reason']}" if event.get("reason") else ""
    return f"{who} rolled the game back to event {event['to_seq']}{also}.{reason}"


def _described(event: dict[str, Any], names: dict[str, str], language: str | None) -> str:
    who = names.get(event["asked_by"], event["asked_by"])
    moves, to = event.get("moves"), event["to_seq"]
    if event["type"] == UNDO:
        if moves:
            return i18n.ngettext("%(who)s took back %(num)d move (the table is back at event %(seq)s).",
                                 "%(who)s took back %(num)d moves (the table is back at event %(seq)s).",
                                 moves, language, who=who, seq=to)
        return i18n.gettext("%(who)s took back moves (the table is back at event %(seq)s).", language, who=who, seq=to)
    agreed = [names.get(s, s) for s in event.get("agreed") or []]
    line = i18n.gettext("%(who)s rolled the game back to event %(seq)s, with the agreement of %(names)s.", language,
                        who=who, seq=to, names=_and(agreed, language)) if agreed else \
        i18n.gettext("%(who)s rolled the game back to event %(seq)s.", language, who=who, seq=to)
    if event.get("reason"):
        line += " " + i18n.gettext("Reason: %(reason)s", language, reason=event["reason"])
    return line


def _and(names: list[str], language: str | None = None) -> str:
    if len(names) > 1 and i18n.known(language) != i18n.DEFAULT:
        return i18n.gettext("%(some)s and %(last)s", language, some=", ".join(names[:-1]), last=names[-1])
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def summarize(game: Game, events: list[dict[str, Any]], seat: str | None, names: dict[str, str],
              language: str | None = None) -> list[str]:
    """The game's summary of events, with a line of our own for each undo or rollback among them;
    with ``language``, each line in it (the game's lines from its catalogue)."""
    out: list[str] = []
    run: list[dict[str, Any]] = []
    for event in events:
        if is_platform(event):
            if run:
                out += words.say_all(game.name, game.summarize(run, seat), language)
            run = []
            out.append(describe(event, names, language))
        else:
            run.append(event)
    if run:
        out += words.say_all(game.name, game.summarize(run, seat), language)
    return out
