"""Tell, don't refuse stale (issue 22): a decision made from an older email, link or page is
judged by the question it answered, not by the seq it was made at.

When the seat's question now is the very question it was asked then (same seat, same kind, same
answers in the same order: ``model.question``) and the seat has not answered it since (a move of
its own still standing: one it took back does not count), the decision is applied now, whatever
else moved meanwhile: the other side of a simultaneous choice, another player's undo and the same
move again, an identical co-operative question. A different question is still refused as stale,
and a question is answered once: a second reply to the same email finds the seat's own move in
the way, and the same reply twice is stopped by its idempotency key (the email's Message-ID, the
link, the page's nonce).
"""

from store import TableStore

from . import envelope, history
from .appending import FORCED
from .model import Table, question, state_at


def judged_at(store: TableStore, table: Table, seat: str, seq: int) -> int:
    """The seq a decision ``seat`` made from what it was shown at ``seq`` is judged at: the table's
    seq now when its question then is its question now, else ``seq`` (then it is stale)."""
    if seq >= table.seq or seq < 1:
        return seq
    now = table.prompts().get(seat)
    if now is None or _answered_since(store, table, seat, seq):
        return seq
    then = table.game.prompts(state_at(store, table, seq)).get(seat)
    return table.seq if then is not None and question(then) == question(now) else seq


def _answered_since(store: TableStore, table: Table, seat: str, seq: int) -> bool:
    """Has ``seat`` decided since ``seq``, a decision still standing (not taken back, not one the
    server took for it because it had a single answer)?"""
    entries = [envelope.loads(e) for e in store.read(table.id, after=seq)]
    undone = history.taken_back(entries)
    return any(e["by"] == seat and "move" in e and e["seq"] not in undone and not history.is_platform(e["event"])
               and not str(e.get("cmd", "")).startswith(FORCED) for e in entries)
