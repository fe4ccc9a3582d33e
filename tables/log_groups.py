"""The log as a person reads it on the seat page: one group per card play or placement, each with
the game's summary line(s) (its ``summarize`` hook) and the full events below, as the seat may see
them.

The rules say nothing about where a card play begins and ends, so the groups are found from the
summaries themselves: the events are cut into decisions (a new one at each move), and a decision
opens a group of its own only when summarizing it apart says the same as summarizing it with the
group before (``summarize(group + next) == summarize(group) + summarize(next)``). A decision in the
middle of a card play fails that test (its summary alone reads differently, or the group's line
changes), so it joins the play; one that says nothing on its own joins too.
"""

from dataclasses import dataclass, field
from typing import Any

import i18n
from store import TableStore

from . import envelope, history
from .model import Table
from .reading import entries_for, names


@dataclass
class Group:
    lines: list[str]                              # the summary: usually one line
    entries: list[dict[str, Any]] = field(default_factory=list)    # redacted, as tables.log gives them

    @property
    def first(self) -> int:
        return self.entries[0]["seq"]

    @property
    def last(self) -> int:
        return self.entries[-1]["seq"]

    def as_dict(self) -> dict[str, Any]:
        out = {"lines": self.lines, "first": self.first, "last": self.last, "events": self.entries}
        if all(e.get("undone") for e in self.entries):
            out["undone"] = True
        return out


def grouped_log(store: TableStore, table: Table, seat: str | None, since: int = 0,
                language: str | None = None) -> list[Group]:
    """The events after ``since`` as ``seat`` may see them, grouped by card play or placement,
    oldest first. With ``since`` inside a card play, the first group starts mid-play. With
    ``language``, the lines and the events' texts in it (grouped by the game's own lines)."""
    stored = [envelope.loads(e) for e in store.read(table.id, after=since)]
    decisions = [entries_for(table, batch, seat, language) for batch in envelope.batches(stored)]
    undone = history.taken_back(stored)      # moves taken back stay in the log, marked
    for decision in decisions:
        for entry in decision:
            if entry["seq"] in undone:
                entry["undone"] = True
    people = names(table)
    groups = group(lambda events, who: history.summarize(table.game, events, who, people), decisions, seat)
    if i18n.known(language) != i18n.DEFAULT:
        for one in groups:
            one.lines = history.summarize(table.game, [e["event"] for e in one.entries], seat, people, language)
    return groups


def group(summarize: Any, decisions: list[list[dict[str, Any]]], seat: str | None) -> list[Group]:
    """Decisions (lists of redacted entries) merged into groups by their summaries (see above)."""
    groups: list[Group] = []
    for decision in decisions:
        events = [e["event"] for e in decision]
        alone = summarize(events, seat)
        if groups:
            last = groups[-1]
            together = summarize([e["event"] for e in last.entries] + events, seat)
            if not alone or together != last.lines + alone:
                last.entries.extend(decision)
                last.lines = together
                continue
        groups.append(Group(alone, list(decision)))
    return groups
