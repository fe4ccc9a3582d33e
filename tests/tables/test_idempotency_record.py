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
