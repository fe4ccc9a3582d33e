"""A seat muted at its table hears nothing from it, not even its invitation (its player muted
the table, so knows of it); a player muted everywhere is still invited to a new table."""

from rq import Queue
from rq.serializers import JSONSerializer

from store import TableStore
from tests.helpers import bearer, make_table, play
from workers import settle
from workers.context import Context
from workers.jobs import notify_job


def mail_jobs(redis_client, env) -> list[str]:
    return Queue(f"{env.queue_name}-mail", connection=redis_client, serializer=JSONSerializer).job_ids


def test_seats_muted_at_the_table_cost_no_mail_job_and_get_no_email(client, run_worker, redis_client, env,
                                                                     smtp_server):
    table, tokens = make_table(client)
    for seat, token in tokens.items():
        assert client.put(f"/tables/{table}/notifications", json={"policy": "mute"},
                          headers=bearer(token)).status_code == 200
    ctx = Context(env, TableStore(redis_client))
    settle.drain(ctx)                                   # the table starts: nobody to tell
    assert mail_jobs(redis_client, env) == []
    for seat in ("north", "south", "north"):
        play(client, table, tokens, seat)
        settle.drain(ctx)
        assert mail_jobs(redis_client, env) == []        # each hand-off: no job at all
    run_worker()
    assert smtp_server.inbox.messages == []


def test_an_invitation_job_finds_a_seat_muted_at_the_table_and_sends_nothing(client, run_worker, redis_client,
                                                                              env, smtp_server):
    table, tokens = make_table(client)
    client.put(f"/tables/{table}/notifications", json={"policy": "mute"}, headers=bearer(tokens["south"]))
    assert notify_job(table, "invitation", 0, "south") == "muted"
    assert smtp_server.inbox.to("sam@example.org") == []


def test_a_player_muted_everywhere_is_still_invited(client, run_worker, redis_client, env, smtp_server):
    table, tokens = make_table(client)
    client.put(f"/tables/{table}/notifications", json={"policy": "mute", "everywhere": True},
               headers=bearer(tokens["south"]))
    run_worker()                                         # north is waited on; south, not: its invitation
    kinds = [str(m["X-PBEM-Kind"]) for m in smtp_server.inbox.to("sam@example.org")]
    assert kinds == ["invitation"]
    play(client, table, tokens, "north")                 # then south's turns: muted everywhere, none
    run_worker()
    assert [str(m["X-PBEM-Kind"]) for m in smtp_server.inbox.to("sam@example.org")] == ["invitation"]
