"""A reply moves only when its From domain vouches for it: SPF, DKIM and the domain's DMARC
policy, checked against a DNS server on loopback; real SMTP in, real Redis, real workers."""

import time
import uuid
from email.message import EmailMessage

import pytest

import config
from store import TableStore
from tests.helpers import make_table
from tests.mail.dns_stub import Signer, StubDns, send_raw
from tests.mail.helpers import kind, latest
from workers import sender_auth

DOMAINS = {"reject": "v=DMARC1; p=reject", "quarantine": "v=DMARC1; p=quarantine", "none": "v=DMARC1; p=none"}


@pytest.fixture
def dns(monkeypatch):
    stub = StubDns().start()
    monkeypatch.setenv("PBEM_INBOUND_DNS", stub.address)
    monkeypatch.setenv("PBEM_INBOUND_AUTH", "enforce")          # the default, whatever the suite sets
    for policy, record in DOMAINS.items():
        stub.add(f"_dmarc.{policy}.example", record)
        stub.add(f"{policy}.example", "v=spf1 -all")          # no IP may send as it: SPF fails from loopback
    stub.add("plain.example", "v=spf1 -all")                  # and no DMARC record at all
    yield stub
    stub.stop()


def seated(client, run_worker, domain, tokens=False):
    table, seat_tokens = make_table(client, seats={"north": {"name": "Nora", "email": f"nora@{domain}"},
                                         "south": {"name": "Sam", "email": f"sam@{domain}"}})
    run_worker()
    return (table, seat_tokens) if tokens else table


def answer(message, body, sender):
    reply = EmailMessage()
    reply["From"], reply["To"] = sender, str(message["Reply-To"])
    reply["Subject"], reply["Message-ID"] = "Re: " + str(message["Subject"]), f"<{uuid.uuid4().hex}@mua.example>"
    reply["In-Reply-To"] = str(message["Message-ID"])
    reply.set_content(f"{body}\n")
    return bytes(reply).replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def seq(client, table):
    return client.get(f"/tables/{table}/log").json["seq"]


def test_a_reply_signed_by_its_own_domain_moves_under_p_reject(dns, client, run_worker, smtp_server, mail_in,
                                                              redis_client):
    table = seated(client, run_worker, "reject.example")
    message = latest(smtp_server.inbox, "nora@reject.example")
    signed = Signer(dns, "reject.example").sign(answer(message, "2", "Nora <nora@reject.example>"))
    send_raw(mail_in, signed, "nora@reject.example", str(message["Reply-To"]))
    run_worker()
    assert seq(client, table) == 4
    assert kind(latest(smtp_server.inbox, "nora@reject.example")) == "answer"
    record = TableStore(redis_client).inbound(table)[0]
    assert record["outcome"] == "applied"
    assert record["auth"]["dkim"] == "pass" and record["auth"]["dkim_domains"] == ["reject.example"]
    assert record["auth"]["spf"] == "fail" and record["auth"]["dmarc"] == "pass"


@pytest.mark.parametrize("policy", ["reject", "quarantine"])
def test_a_forged_from_under_p_reject_or_quarantine_moves_nothing_and_is_logged(policy, dns, client, run_worker,
                                                                                smtp_server, mail_in, redis_client):
    table, tokens = seated(client, run_worker, f"{policy}.example", tokens=True)
    message = latest(smtp_server.inbox, f"nora@{policy}.example")
    before = len(smtp_server.inbox.messages)
    # the attacker signs with a domain of their own: a valid signature, not the From domain's
    forged = Signer(dns, "mallory.example").sign(answer(message, "2", f"nora@{policy}.example"))
    send_raw(mail_in, forged, "bounce@mallory.example", str(message["Reply-To"]))
    run_worker()
    assert seq(client, table) == 3
    assert len(smtp_server.inbox.messages) == before           # nobody is answered
    (record,) = TableStore(redis_client).inbound(table)
    assert record["outcome"] == "not_authenticated" and record["seat"] == "north"
    assert record["auth"]["dmarc"] == "fail" and record["auth"]["policy"] == policy
    assert record["auth"]["dkim_domains"] == ["mallory.example"] and record["auth"]["held"] is True
    assert f"{policy}.example" in record["why"]
    (shown,) = client.get(f"/tables/{table}/mail-log", headers={"Authorization": f"Bearer {tokens['north']}"}
                          ).json["records"]                      # the seat sees someone tried to move as them
    assert shown["outcome"] == "not_authenticated" and shown["auth"]["policy"] == policy


def test_a_forged_email_to_new_under_p_reject_starts_nothing(dns, run_worker, smtp_server, mail_in):
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "Ann <ann@reject.example>", "new@localhost", "Clash?"
    message["Message-ID"] = f"<{uuid.uuid4().hex}@mua.example>"
    message.set_content("clash\nmcworld: me\njihad: Bob <bob@example.org>\n")
    send_raw(mail_in, bytes(message), "x@mallory.example", "new@localhost")
    run_worker()
    assert smtp_server.inbox.messages == []                       # no confirmation to the real Ann either


@pytest.mark.parametrize("header", ["nora@reject.example, x@mallory.example",       # two addresses, or
                                    "nora@reject.example\r\nFrom: x@mallory.example"])   # two From headers
def test_a_from_with_a_second_address_is_checked_for_the_one_it_is_taken_as(header, dns, client, run_worker,
                                                                            smtp_server, mail_in):
    table = seated(client, run_worker, "reject.example")
    message = latest(smtp_server.inbox, "nora@reject.example")
    raw = answer(message, "2", "placeholder@here.example").replace(b"placeholder@here.example", header.encode())
    send_raw(mail_in, Signer(dns, "mallory.example").sign(raw), "x@mallory.example", str(message["Reply-To"]))
    run_worker()
    assert seq(client, table) == 3


def test_a_failure_under_p_none_moves_and_is_logged(dns, client, run_worker, smtp_server, mail_in, redis_client):
    table = seated(client, run_worker, "none.example")
    message = latest(smtp_server.inbox, "nora@none.example")
    send_raw(mail_in, answer(message, "2", "nora@none.example"), "nora@none.example", str(message["Reply-To"]))
    run_worker()
    assert seq(client, table) == 4
    record = TableStore(redis_client).inbound(table)[0]
    assert record["outcome"] == "applied"
    assert record["auth"]["dmarc"] == "fail" and record["auth"]["policy"] == "none"
    assert record["auth"]["held"] is False


def test_a_domain_without_dmarc_moves_and_is_logged(dns, client, run_worker, smtp_server, mail_in, redis_client):
    table = seated(client, run_worker, "plain.example")
    message = latest(smtp_server.inbox, "nora@plain.example")
    send_raw(mail_in, answer(message, "2", "nora@plain.example"), "nora@plain.example", str(message["Reply-To"]))
    run_worker()
    assert seq(client, table) == 4
    record = TableStore(redis_client).inbound(table)[0]
    assert record["auth"]["dmarc"] == "none" and record["auth"]["policy"] == "none"
    assert record["auth"]["spf"] == "fail" and record["auth"]["dkim"] == "none"


def test_record_mode_applies_a_failure_under_p_reject_and_logs_it(dns, client, run_worker, smtp_server, mail_in,
                                                                 redis_client, monkeypatch):
    monkeypatch.setenv("PBEM_INBOUND_AUTH", "record")
    table = seated(client, run_worker, "reject.example")
    message = latest(smtp_server.inbox, "nora@reject.example")
    send_raw(mail_in, answer(message, "2", "nora@reject.example"), "x@mallory.example", str(message["Reply-To"]))
    run_worker()
    assert seq(client, table) == 4
    auth = TableStore(redis_client).inbound(table)[0]["auth"]
    assert auth["dmarc"] == "fail" and auth["policy"] == "reject" and auth["held"] is False


def test_through_the_webhook_the_providers_verdict_is_read(dns, client, run_worker, smtp_server, redis_client,
                                                          monkeypatch):
    from server.app import create_app
    monkeypatch.setenv("PBEM_INBOUND_SECRET", "s3")
    monkeypatch.setenv("PBEM_INBOUND_AUTHSERV_ID", "mx.provider.example")
    hook, secret = create_app().test_client(), {"X-Inbound-Secret": "s3"}
    table = seated(client, run_worker, "reject.example")
    message = latest(smtp_server.inbox, "nora@reject.example")
    theirs = b"Authentication-Results: mx.provider.example; spf=fail smtp.mailfrom=x@mallory.example; " \
             b"dkim=none; dmarc=fail (p=REJECT sp=REJECT dis=REJECT) header.from=reject.example\r\n"
    planted = b"Authentication-Results: mx.provider.example; dmarc=pass header.from=reject.example\r\n"
    raw = theirs + planted + answer(message, "2", "nora@reject.example")      # the topmost is the provider's
    assert hook.post("/inbound/mail", data=raw, content_type="message/rfc822", headers=secret).status_code == 202
    run_worker()
    assert seq(client, table) == 3
    record = TableStore(redis_client).inbound(table)[0]
    assert record["outcome"] == "not_authenticated" and record["auth"]["checked"] == "provider"
    passed = b"Authentication-Results: mx.provider.example; dkim=pass header.d=reject.example; " \
             b"dmarc=pass header.from=reject.example\r\n" + answer(message, "2", "nora@reject.example")
    assert hook.post("/inbound/mail", data=passed, content_type="message/rfc822", headers=secret).status_code == 202
    run_worker()
    assert seq(client, table) == 4
    assert TableStore(redis_client).inbound(table)[0]["auth"]["dmarc"] == "pass"


def test_a_resolver_that_never_answers_costs_seconds_and_counts_as_no_policy(monkeypatch, env):
    import socket
    silent = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)     # takes queries, answers none
    silent.bind(("127.0.0.1", 0))
    monkeypatch.setenv("PBEM_INBOUND_DNS", f"127.0.0.1:{silent.getsockname()[1]}")
    raw = b"From: nora@reject.example\r\nTo: play+x@localhost\r\nSubject: x\r\nMessage-ID: <a@b>\r\n\r\n2\r\n"
    began = time.monotonic()
    verdict = sender_auth.check(config.load(), raw, "nora@reject.example", {"ip": "127.0.0.1", "helo": "mua"})
    silent.close()
    assert time.monotonic() - began < sender_auth.BUDGET_SECONDS + 2
    assert verdict.policy == "none" and verdict.held is False and verdict.dmarc == "temperror"


def test_through_the_webhook_a_header_no_named_provider_wrote_is_not_believed(dns, client, run_worker, smtp_server,
                                                                             redis_client, monkeypatch):
    """Without PBEM_INBOUND_AUTHSERV_ID a sender could write its own "dmarc=pass": the server
    checks the signatures itself; a signed reply moves, a forged one with a planted header does not."""
    from server.app import create_app
    monkeypatch.setenv("PBEM_INBOUND_SECRET", "s3")
    hook, secret = create_app().test_client(), {"X-Inbound-Secret": "s3"}
    table = seated(client, run_worker, "reject.example")
    message = latest(smtp_server.inbox, "nora@reject.example")
    planted = b"Authentication-Results: mx.provider.example; dkim=pass header.d=reject.example; " \
              b"dmarc=pass header.from=reject.example\r\n"
    raw = planted + answer(message, "2", "nora@reject.example")
    assert hook.post("/inbound/mail", data=raw, content_type="message/rfc822", headers=secret).status_code == 202
    run_worker()
    assert seq(client, table) == 3
    record = TableStore(redis_client).inbound(table)[0]
    assert record["outcome"] == "not_authenticated" and record["auth"]["checked"] == "dkim"
    signed = Signer(dns, "reject.example").sign(answer(message, "2", "nora@reject.example"))
    assert hook.post("/inbound/mail", data=signed, content_type="message/rfc822", headers=secret).status_code == 202
    run_worker()
    assert seq(client, table) == 4
    assert TableStore(redis_client).inbound(table)[0]["auth"]["dkim"] == "pass"
