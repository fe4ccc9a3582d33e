"""Issue 10, defect 5: nobody can make the server email a third party. A reply whose address or
sender does not verify is never answered; the webhook is off until it has a secret; new tables
(and the invitations they send) are rate-limited per client and per address; an operator can
require an API key to create tables."""

import base64

import pytest

from server.app import create_app
from tests.helpers import SEATS, bearer, make_table
from tests.mail.helpers import latest

SECRET = {"X-Inbound-Secret": "s3"}
VICTIM = "victim@third.example"


@pytest.fixture
def hooked(env, redis_client):
    """The API of a server that takes replies by webhook."""
    return create_app({"inbound_secret": "s3"}).test_client()


def forged(to: str, sender: str = VICTIM, body: str = "1", n: int = 0, extra: str = "") -> bytes:
    return (f"From: {sender}\r\nTo: {to}\r\nMessage-ID: <forged{n}@evil.example>\r\n{extra}"
            f"Subject: Buy now, {n}\r\n\r\n{body}\r\n").encode()


def test_the_webhook_is_off_without_a_secret(client, redis_client):
    answer = client.post("/inbound/mail", data=forged("play+x@localhost"), content_type="message/rfc822")
    assert answer.status_code == 404 and answer.json["code"] == "inbound_disabled"
    assert "PBEM_INBOUND_SECRET" in answer.json["message"]
    assert not [k for k in redis_client.keys("rq:job:*")]            # nothing was queued


def test_the_webhook_takes_its_secret_from_a_header_or_basic_auth_never_the_url(hooked):
    raw = forged("play+x@localhost")
    basic = {"Authorization": "Basic " + base64.b64encode(b"mailgun:s3").decode()}
    assert hooked.post("/inbound/mail", data=raw, headers=SECRET).status_code == 202
    assert hooked.post("/inbound/mail", data=raw, headers=basic).status_code == 202
    for refused in (hooked.post("/inbound/mail?secret=s3", data=raw), hooked.post("/inbound/mail", data=raw),
                    hooked.post("/inbound/mail", data=raw, headers={"X-Inbound-Secret": "s4"})):
        assert refused.status_code == 403 and refused.json["code"] == "wrong_secret"
        assert "never in the URL" in refused.json["message"]


def test_forged_replies_are_never_answered(hooked, client, run_worker, smtp_server):
    table, _ = make_table(client)
    run_worker()
    inbox = smtp_server.inbox
    genuine = str(latest(inbox, "nora@example.org")["Reply-To"])
    before = len(inbox.messages)
    attempts = [
        forged("play+not.a.token@localhost"),                                  # an address we never gave out
        forged(genuine.replace("play+", "play+x")),                            # a genuine one, altered
        forged(genuine),                                                       # a genuine one, another sender
        forged(genuine, sender="Nora <nora@example.org>", extra="Auto-Submitted: auto-replied\r\n"),
        forged(genuine, sender="nora@example.org", extra="Return-Path: <>\r\nContent-Type: multipart/report; "
               "report-type=delivery-status; boundary=b\r\n", body="--b--"),   # a bounce
    ]
    for n, raw in enumerate(attempts * 4):          # 20 posts, as in the issue
        raw = raw.replace(b"<forged0@", f"<forged{n}@".encode())
        assert hooked.post("/inbound/mail", data=raw, headers=SECRET).status_code == 202
    run_worker()
    assert len(inbox.messages) == before, [str(m["To"]) for m in inbox.messages[before:]]
    assert client.get(f"/tables/{table}/log").json["seq"] == 3
    outcomes = [r["outcome"] for r in client.get(f"/tables/{table}/mail-log",
                                                  headers=bearer(_north(client, table, inbox))).json["records"]]
    assert outcomes and set(outcomes) <= {"wrong_sender", "auto_reply"}
    real = forged(genuine, sender="Nora <nora@example.org>", body="2", n=99)   # the seat's own reply: answered
    assert hooked.post("/inbound/mail", data=real, headers=SECRET).status_code == 202
    run_worker()
    assert [str(m["To"]) for m in inbox.messages[before:] if m["X-PBEM-Kind"] == "answer"] == ["nora@example.org"]


def _north(client, table, inbox):
    return inbox.text(latest(inbox, "nora@example.org")).split("token=")[1].split()[0]


def limited(**limits):
    """Open to every address (PBEM_OPEN_TABLES), so the counts per client can be seen."""
    return create_app({"rate_limit_tables": "", "rate_limit_invites": "", "open_tables": True, **limits}).test_client()


def test_new_tables_are_limited_per_client(env, redis_client):
    api = limited(rate_limit_tables="3 per minute")
    seats = [{"north": {"name": "N", "email": f"n{i}@example.org"}, "south": {"bot": "random"}} for i in range(5)]
    answers = [api.post("/tables", json={"game": "duel", "seats": s}) for s in seats]
    assert [a.status_code for a in answers] == [201, 201, 201, 429, 429]
    over = answers[3]
    assert over.json["code"] == "rate_limited" and over.json["status"] == 429
    assert "at most 3 a minute" in over.json["message"] and over.json["message"].endswith(".")
    assert 1 <= int(over.headers["Retry-After"]) <= 60
    other = api.post("/tables", json={"game": "duel", "seats": seats[4]}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201                                 # another client has its own count
    assert api.post("/tables/import", data=b"x").status_code == 429  # importing makes a table too


def test_invitations_to_one_address_are_limited_whoever_asks(env, redis_client, run_worker, smtp_server):
    api = limited(rate_limit_invites="2 per hour")
    seats = {"north": {"name": "V", "email": "Victim@Third.example"}, "south": {"bot": "random"}}
    codes = [api.post("/tables", json={"game": "duel", "seats": seats},
                      environ_base={"REMOTE_ADDR": f"10.0.0.{i}"}).status_code for i in range(4)]
    assert codes == [201, 201, 429, 429]
    host = api.post("/tables", json={"game": "duel", "seats": SEATS, "host": "victim@third.example",
                                     "on_timeout": "host"}, environ_base={"REMOTE_ADDR": "10.0.0.99"})
    assert host.status_code == 429 and "victim@third.example" in host.json["message"]
    run_worker()
    assert len(smtp_server.inbox.to("Victim@Third.example")) == 2      # the refused tables emailed nobody


def test_the_default_limits_are_on(client):
    answers = [client.post("/tables", json={"game": "duel", "seats": SEATS}).status_code for _ in range(12)]
    assert 429 in answers and answers[0] == 201


def test_an_operator_can_require_an_api_key_to_create_tables(env, redis_client):
    api = create_app({"api_keys": "k-one, k-two"}).test_client()
    body = {"game": "duel", "seats": SEATS}
    missing = api.post("/tables", json=body)
    assert missing.status_code == 401 and missing.json["code"] == "api_key_required"
    assert "X-API-Key" in missing.json["message"]
    wrong = api.post("/tables", json=body, headers={"X-API-Key": "k-three"})
    assert wrong.status_code == 403 and wrong.json["code"] == "wrong_api_key"
    assert api.post("/tables", json=body, headers={"X-API-Key": "k-two"}).status_code == 201
    assert api.post("/tables/import", data=b"{}").status_code == 401
    table = api.post("/tables", json=body, headers={"X-API-Key": "k-one"}).json["id"]
    assert api.get(f"/tables/{table}/view").status_code == 200        # reading needs no key
