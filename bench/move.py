"""Server time of one move vs the floor of the stack: a Flask route doing one Redis EVAL.

Both run in this process, against the same real Redis server, through Flask's test client,
in the same run. The move is the whole use case: load (one EVAL), decide, the conditional
append (one EVAL), the snapshot, the player index, the advance job enqueued, the view.
"""

import os

import redis
from flask import Flask, jsonify

from .common import median_ms, redis_server, register_duel, timed

MOVES = 600


def floor_app(url: str) -> Flask:
    app = Flask("floor")
    client = redis.Redis.from_url(url)
    script = client.register_script("return redis.call('INCR', KEYS[1])")

    @app.post("/floor")
    def floor():  # type: ignore[no-untyped-def]
        return jsonify({"seq": script(keys=["floor"])}), 201

    return app


def run() -> dict[str, float]:
    register_duel()
    server = redis_server()
    try:
        os.environ.update(REDIS_URL=server.url, PBEM_DATA_DIR=str(server.data_dir), SECRET_KEY="bench",
                          PBEM_RATE_LIMIT_TABLES="", PBEM_RATE_LIMIT_INVITES="")    # it makes many tables
        from server.app import create_app
        api = create_app().test_client()
        floor = floor_app(server.url).test_client()
        seats = {"north": {"email": "n@example.org"}, "south": {"email": "s@example.org"}}
        tables = []
        for _ in range(MOVES // 6 + 1):       # a duel to 20 lasts at least 7 moves of 3
            body = api.post("/tables", json={"game": "duel", "seats": seats, "options": {"target": 20}}).json
            tables.append({"id": body["id"], "seq": 3, "turn": "north",
                           "tokens": {s: v["token"] for s, v in body["seats"].items()}})
        moves = [(t, n) for n in range(6) for t in tables][:MOVES]
        iterator = iter(moves)

        def one_move() -> None:
            table, _ = next(iterator)
            answer = api.post(f"/tables/{table['id']}/moves", json={"option": 3, "expected_seq": table["seq"]},
                              headers={"Authorization": f"Bearer {table['tokens'][table['turn']]}",
                                       "Idempotency-Key": f"{table['id']}-{table['seq']}"})
            assert answer.status_code == 201, answer.json
            table["seq"] += 1
            table["turn"] = "south" if table["turn"] == "north" else "north"

        def one_floor() -> None:
            assert floor.post("/floor").status_code == 201

        timed(one_floor, 200)                 # warm up both paths
        move_ms = median_ms(timed(one_move, len(moves)))
        floor_ms = median_ms(timed(one_floor, len(moves)))
        return {"move_ms": move_ms, "floor_ms": floor_ms, "ratio": move_ms / floor_ms, "goal": 3.0}
    finally:
        server.stop()
