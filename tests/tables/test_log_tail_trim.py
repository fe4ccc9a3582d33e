"""The log's tail a process holds between requests (tables/log_tail.py) is trimmed now and then,
not after every request: it always holds the newest KEEP entries at least, never more than twice
as many plus a request's, each exactly the log's, and a walk back past them reads them again."""

from tables.log_tail import KEEP, LogTail


class Log:
    """A store's log of plain entries (as envelope.loads reads them), counting the entries read."""

    def __init__(self, size):
        self.entries = [{"seq": seq, "by": "north", "at": 0.0, "event": {"type": "step", "n": seq}}
                        for seq in range(1, size + 1)]
        self.read_count = 0

    def read(self, table_id, after=0, upto=None):
        import orjson
        out = self.entries[after:upto]
        self.read_count += len(out)
        return [orjson.dumps(e) for e in out]


def test_the_tail_keeps_the_newest_entries_and_trims_now_and_then():
    log, tail, trims = Log(400), LogTail("t"), 0
    for seq in range(1, 401):
        assert tail.entry(log, seq) == log.entries[seq - 1]
        held_before = len(tail.entries)
        tail.trim()
        trims += len(tail.entries) < held_before
        assert KEEP <= len(tail.entries) or len(tail.entries) == seq
        assert len(tail.entries) <= 2 * KEEP
        assert sorted(tail.entries) == list(range(tail.low + 1, tail.high + 1))
        assert all(tail.entries[s] == log.entries[s - 1] for s in tail.entries)
    assert 0 < trims <= 400 // KEEP + 1        # now and then, not once a request
    read = log.read_count
    assert tail.entry(log, 5) == log.entries[4]  # a walk further back reads what it needs again
    assert log.read_count > read and tail.low < 5
