"""A finished table keeps what only a live table needs (its idempotency records, its clocks) for
FINISHED_KEEP seconds: a request retried within them is answered as its first copy was; later,
as any move at a finished table is, and never applied twice."""

from store import TableStore, keys
from tests.helpers import SEATS, bearer
from workers.settle import FINISHED_KEEP

LIVE = {"kind": "clock", "preset": "live"}


def finished_table(client, run_worker):
    answer = client.post("/tables", json={"game": "duel", "seats": SEATS, "time_control": LIVE,
                                          "options": {"target": 5}})
    table, tokens = answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}
    run_worker()
    sent = []
    for seat in ("north", "south"):                       # 3 + 3 of 5: the game ends
        view = client.get(f"/tables/{table}/view", headers=bearer(tokens[seat])).json
        body = {"option": 3, "expected_seq": view["seq"]}
        headers = {**bearer(tokens[seat]), "Idempotency-Key": f"k-{seat}"}
        answer = client.post(f"/tables/{table}/moves", json=body, headers=headers)
        assert answer.status_code == 201, answer.json
        sent.append((body, headers, answer.json["seq"]))
        run_worker()
    return table, tokens, sent


def test_a_finished_tables_records_and_clocks_go_soon_after_the_end(client, run_worker, redis_client):
    table, tokens, _ = finished_table(client, run_worker)
    assert client.get(f"/tables/{table}/view", headers=bearer(tokens["north"])).json["status"] == "finished"
    for key in (keys.idempotency(table), keys.clock(table)):
        assert 0 < redis_client.ttl(key) <= FINISHED_KEEP, key
    assert redis_client.ttl(keys.log(table)) == -1 and redis_client.ttl(keys.meta(table)) == -1   # the game stays


def test_a_retry_within_the_grace_is_answered_as_the_first_copy(client, run_worker, redis_client):
    table, _, sent = finished_table(client, run_worker)
    body, headers, _ = sent[-1]
    seq = TableStore(redis_client).seq(table)
    again = client.post(f"/tables/{table}/moves", json=body, headers=headers)
    assert again.status_code == 201 and again.json["seq"] == seq and again.json["view"]["status"] == "finished"
    assert TableStore(redis_client).seq(table) == seq


def test_a_retry_after_the_records_went_gets_a_clear_answer_and_no_second_move(client, run_worker, redis_client):
    table, _, sent = finished_table(client, run_worker)
    redis_client.delete(keys.idempotency(table), keys.clock(table))      # as FINISHED_KEEP seconds later
    body, headers, _ = sent[-1]
    seq = TableStore(redis_client).seq(table)
    again = client.post(f"/tables/{table}/moves", json=body, headers=headers)
    assert again.status_code == 409 and again.json["view"]["status"] == "finished"
    unasked = client.post(f"/tables/{table}/moves", json={"option": 3}, headers=headers)
    assert unasked.status_code == 422 and unasked.json["code"] == "game_over"
    assert TableStore(redis_client).seq(table) == seq
    run_worker()                                           # a settle of the finished table writes no clock again
    assert not redis_client.exists(keys.clock(table))


def test_a_finished_tables_latest_snapshot_is_kept_compressed_and_loads_the_same(client, run_worker, redis_client):
    import tables
    from workers.settle import settle

    table, tokens, _ = finished_table(client, run_worker)
    store = TableStore(redis_client)
    kept = redis_client.hget(keys.snapshot(table), "state")
    assert kept.startswith(b"\x78")                        # zlib
    loaded = tables.load(store, table)
    assert loaded.result() is not None and loaded.seq == store.seq(table)
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens["south"])).json
    assert view["status"] == "finished" and view["seq"] == loaded.seq
    store.finished(table, 60)                              # again (a settle run twice): compressed once
    assert redis_client.hget(keys.snapshot(table), "state") == kept
    redis_client.hset(keys.meta(table), "needs", loaded.seq)
    assert settle(_context(redis_client), table).startswith("settled")     # a settle of it loads it
    assert redis_client.hget(keys.snapshot(table), "state") == kept


def _context(redis_client):
    import config
    from workers.context import Context
    return Context(config.load(), TableStore(redis_client))
