"""What an idempotency record keeps: only what a repeat of the request needs."""

from store import keys
from tests.helpers import bearer, make_table


def test_an_idempotency_record_is_short(client):
    """A move's record keeps only what a repeat needs: the seqs it appended and the fingerprint
    of what it asked (not JSON); a repeat still answers the same."""
    table, tokens = make_table(client)
    headers = {**bearer(tokens["north"]), "Idempotency-Key": "k1"}
    first = client.post(f"/tables/{table}/moves", json={"option": 2}, headers=headers)
    again = client.post(f"/tables/{table}/moves", json={"option": 2}, headers=headers)
    records = list(client.application.extensions["pbem"].store.redis.hvals(keys.idempotency(table)))
    assert len(records) == 1 and len(records[0]) <= 24 and not records[0].startswith(b"{")
    assert again.status_code == first.status_code and again.json["seq"] == first.json["seq"]
    assert again.json["events"] == first.json["events"]
    scope, record = next(iter(client.application.extensions["pbem"].store.redis.hgetall(keys.idempotency(table)).items()))
    seq, _, asked = record.decode().split(" ")
    client.application.extensions["pbem"].store.redis.hset(keys.idempotency(table), scope,     # as written before
                                                           f'{{"from":{seq},"to":{seq},"asked":"{asked}"}}')
    assert client.post(f"/tables/{table}/moves", json={"option": 2}, headers=headers).json["seq"] == first.json["seq"]


def test_an_options_fingerprint_is_the_one_json_gives():
    """The usual request (an option number) is fingerprinted without json.dumps, to the same value:
    a record written before still recognises its request, and another request is still another."""
    import hashlib
    import json

    from tables.submit import _fingerprint

    def by_json(**request):
        canonical = json.dumps({k: v for k, v in request.items() if v is not None}, sort_keys=True, default=str)
        return hashlib.sha256(canonical.encode()).hexdigest()[:16]

    asked = [{"option": n} for n in (0, 1, 7, 12, 2**53 - 1, -3)] + [
        {"option": True}, {"option": 2, "text": None}, {"text": "2"}, {"move": {"option": 2}},
        {"option": 2, "text": "x"}, {"lines": ["a", "b"]}, {"move": None, "option": None, "text": None, "lines": None}]
    for request in asked:
        assert _fingerprint(**request) == by_json(**request), request
    assert _fingerprint(option=2) != _fingerprint(text="2") != _fingerprint(option=3)
