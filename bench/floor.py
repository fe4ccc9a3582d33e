"""The floor of the stack, for the load driver's baseline: the same API shape as a table (create,
mute, view, move), each request a Flask route doing one Redis round trip, served by Granian with
the processes and threads of `pbem run`.

Its "game" is two seats taking turns for ever, three options each; a move is one EVAL (the
conditional INCR of the table's seq), a view one HGET. Whatever our server does beyond this
(rules, envelopes, snapshots, idempotency, the worker's job) is the cost of the product.

`python -m bench.floor HOST PORT` (REDIS_URL, PBEM_WEB_WORKERS and PBEM_WEB_THREADS from the
environment), started by `bench.run_load`.
"""

import os
import secrets
import sys
from typing import Any

import redis
from flask import Flask, jsonify, request

SEATS = ("north", "south")
MOVE = """local seq = tonumber(redis.call('HGET', KEYS[1], 'seq'))
if not seq then return -1 end
if seq ~= tonumber(ARGV[1]) then return -2 end
redis.call('HSET', KEYS[1], 'seq', seq + 1)
return seq + 1"""


def _view(table: str, seq: int, seat: str) -> dict[str, Any]:
    turn = SEATS[seq % 2]
    options = [{"label": f"option {n}", "move": {"n": n}} for n in (1, 2, 3)]
    prompt = {"seat": turn, "kind": "move", "text": "Choose.", "options": options} if turn == seat else \
        {"seat": turn, "kind": "move", "text": "Waiting."}
    return {"table": table, "seq": seq, "seat": seat, "status": "active", "state": {}, "prompts": [prompt]}


def create() -> Flask:
    app = Flask("floor")
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    move = client.register_script(MOVE)

    def seat_of(table: str) -> str:
        return request.headers.get("Authorization", "")[7:].split(".")[0] or SEATS[0]

    @app.post("/tables")
    def new_table():  # type: ignore[no-untyped-def]
        table = secrets.token_hex(8)
        client.hset(f"floor:{table}", "seq", 0)
        return jsonify({"id": table, "seats": {s: {"token": f"{s}.{secrets.token_hex(8)}"} for s in SEATS}}), 201

    @app.put("/tables/<table>/notifications")
    def mute(table: str):  # type: ignore[no-untyped-def]
        return jsonify({"seat": seat_of(table), "policy": "mute"})

    @app.get("/tables/<table>/view")
    def view(table: str):  # type: ignore[no-untyped-def]
        return jsonify(_view(table, int(client.hget(f"floor:{table}", "seq") or 0), seat_of(table)))

    @app.post("/tables/<table>/moves")
    def moves(table: str):  # type: ignore[no-untyped-def]
        body = request.get_json()
        seq = move(keys=[f"floor:{table}"], args=[body["expected_seq"]])
        if seq < 0:
            return jsonify({"status": 409, "code": "conflict", "message": "stale"}), 409
        return jsonify({"seq": seq, "events": [], "view": _view(table, seq, seat_of(table))}), 201

    @app.get("/healthz")
    def healthz():  # type: ignore[no-untyped-def]
        return jsonify({"ok": True})

    return app


def serve(host: str, port: int) -> None:
    from granian import Granian
    from granian.constants import Interfaces

    import config
    from cli.web import workers
    settings = config.load()
    Granian("bench.floor:create", address=host, port=port, interface=Interfaces.WSGI, factory=True,
            workers=workers(settings), blocking_threads=settings.web_threads,
            log_level="warning").serve()    # type: ignore[arg-type]


if __name__ == "__main__":
    serve(sys.argv[1], int(sys.argv[2]))
