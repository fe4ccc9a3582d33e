"""A muted seat's turn costs no mail job: the settle looks at the policy before it queues one."""

from rq import Queue
from rq.serializers import JSONSerializer

from store import TableStore
from tests.helpers import bearer, make_table, play
from workers import settle
from workers.context import Context


def mail_jobs(redis_client, env) -> list[str]:
    return Queue(f"{env.queue_name}-mail", connection=redis_client, serializer=JSONSerializer).job_ids


def test_a_muted_seat_is_handed_the_turn_without_a_mail_job(client, run_worker, redis_client, env, smtp_server):
    table, tokens = make_table(client)
    run_worker()
    client.put(f"/tables/{table}/notifications", json={"policy": "mute"}, headers=bearer(tokens["south"]))
    before = len(smtp_server.inbox.messages)
    play(client, table, tokens, "north")                  # south is now waited on, and muted
    settle.drain(Context(env, TableStore(redis_client)))
    assert mail_jobs(redis_client, env) == []
    edge = TableStore(redis_client).waiting(table)["south"]
    run_worker()
    assert len(smtp_server.inbox.messages) == before     # nothing sent, nothing left queued

    # unmuted, the next hand-off to south is queued and sent as before
    client.put(f"/tables/{table}/notifications", json={"policy": "immediate"}, headers=bearer(tokens["south"]))
    play(client, table, tokens, "south")
    play(client, table, tokens, "north")
    settle.drain(Context(env, TableStore(redis_client)))
    later = TableStore(redis_client).waiting(table)["south"]
    assert later > edge
    assert mail_jobs(redis_client, env) == [f"mail-{table}-your_turn-{later}-south"]
    run_worker()
    assert [str(m["X-PBEM-Kind"]) for m in smtp_server.inbox.to("sam@example.org")][-1] == "your_turn"
