"""The daily digest and the host's timeout email are in their reader's language: a Polish seat's
digest in Polish, a host who plays at the table in their seat's language, anyone else in English."""

import time

import pytest

from store import TableStore
from tests.helpers import bearer
from tests.mail.helpers import kind, latest
from workers.jobs import digest_job, next_digest
from workers.timers import deadline_job

NORA = {"name": "Nora", "email": "nora@example.org"}
SAM = {"name": "Sam", "email": "sam@example.org"}


def table(client, language=None, **more):
    """Nora (north) and Sam (south) at a table of Duel, both in ``language`` (None: as chosen by nobody)."""
    spoken = {"language": language} if language else {}
    answer = client.post("/tables", json={"game": "duel", "seats": {"north": {**NORA, **spoken}, "south": {**SAM, **spoken}},
                                          **more})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}


@pytest.mark.parametrize("language, subject, line", [
    ("pl", "2 partie czekają na Twój ruch", "Nora, 2 partie czekają na Twój ruch."),
    (None, "2 games are waiting for your move", "Nora, 2 games are waiting for your move.")])
def test_the_digest_is_in_the_seat_s_language(client, run_worker, smtp_server, env, language, subject, line):
    tables = [table(client, language) for _ in range(2)]
    for table_id, tokens in tables:
        client.put(f"/tables/{table_id}/notifications", json={"policy": "digest"}, headers=bearer(tokens["north"]))
    run_worker()
    assert digest_job(NORA["email"], now=next_digest(time.time(), env.digest_hour)) == "2 turns in one email"
    digest = latest(smtp_server.inbox, NORA["email"])
    assert kind(digest) == "combined" and str(digest["Subject"]) == subject
    text = smtp_server.inbox.text(digest)
    assert text.startswith(line)
    assert ("Wszystkie Twoje partie, najpierw te" if language else "All your games, the ones waiting on you first") in text


@pytest.mark.parametrize("host, words", [
    (SAM["email"], "Jesteś gospodarzem stołu Duel #%s, a graczowi Nora (north) skończył się czas."),
    ("hal@example.org", "You host Duel #%s, and Nora (north) has run out of time.")])
def test_the_host_reads_a_timeout_in_their_seat_s_language(client, run_worker, redis_client, smtp_server, host,
                                                            words):
    table_id, _ = table(client, "pl", time_control={"kind": "clock", "preset": "live"}, on_timeout="host", host=host)
    run_worker()
    clock = TableStore(redis_client).clock(table_id)
    deadline_job(table_id, "north", int(clock["north:edge"]), float(clock["north:deadline"]),
                 now=float(clock["north:deadline"]) + 1)
    run_worker()
    mail = latest(smtp_server.inbox, host)
    assert kind(mail) == "host_timeout"
    assert smtp_server.inbox.text(mail).startswith(words % table_id)
