"""Server time of one move vs the floor of the stack: a Flask route doing one Redis EVAL.

Both run in this process, against the same real Redis server, through Flask's test client,
in the same run. The move is the whole use case: load (one EVAL), decide, the conditional
append (one EVAL), the snapshot, the player index, the advance job enqueued, the view.
"""

import cProfile
import os
import random
import time

import redis
from flask import Flask, jsonify

import tables
from store import TableStore

from .common import median_ms, redis_server, register_duel, timed
from .floor import SEATS
from .floor import create as floor_create

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



GAME_SEATS = {"clash": {"mcworld": "Ann", "jihad": "Bob"}, "labyrinth": {"us": "Uma", "jihadist": "Jay"}}


def run_game(game: str = "clash", count: int = 5, profile: str | None = None) -> dict[str, float]:
    """CPU of the API per move over whole games against the floor's (bench/floor.py) in the same
    run, both through Flask's test client in this process: a move is the mover's GET of its view
    and its POST (seats muted). The rules' own steps are run in between by tables.advance, as the
    table worker would, and not counted. ``profile``: a file for cProfile's stats of the API's part."""
    server = redis_server()
    profiler = cProfile.Profile() if profile else None
    try:
        os.environ.update(REDIS_URL=server.url, PBEM_DATA_DIR=str(server.data_dir), SECRET_KEY="bench",
                          PBEM_RATE_LIMIT_TABLES="", PBEM_RATE_LIMIT_INVITES="")
        from server.app import create_app
        api = create_app().test_client()
        store, rng = TableStore(redis.Redis.from_url(server.url)), random.Random(7)
        cpu, view_cpu, moves, views = 0.0, 0.0, 0, 0
        for _ in range(count):
            seats = {s: {"name": n, "email": f"{n.lower()}@example.org"} for s, n in GAME_SEATS[game].items()}
            body = api.post("/tables", json={"game": game, "seats": seats}).json
            table, tokens = body["id"], {s: {"Authorization": f"Bearer {v['token']}"} for s, v in body["seats"].items()}
            for auth in tokens.values():
                api.put(f"/tables/{table}/notifications", json={"policy": "mute"}, headers=auth)
            seat = next(iter(tokens))
            while True:
                tables.advance(store, table, now=time.time())
                started = time.process_time()
                if profiler:
                    profiler.enable()
                answer = api.get(f"/tables/{table}/view", headers=tokens[seat]).json
                views += 1
                asked = [p["seat"] for p in answer["prompts"] if p["seat"] in tokens]
                if asked and seat not in asked:          # the other seat's turn: its view
                    seat = asked[0]
                    answer = api.get(f"/tables/{table}/view", headers=tokens[seat]).json
                    views += 1
                options = next((p["options"] for p in answer["prompts"] if p["seat"] == seat and p.get("options")),
                               None)
                view_cpu += time.process_time() - started
                if options:
                    moved = api.post(f"/tables/{table}/moves", headers=tokens[seat],
                                     json={"option": rng.randint(1, len(options)), "expected_seq": answer["seq"]})
                    assert moved.status_code == 201, moved.json
                    moves += 1
                if profiler:
                    profiler.disable()
                cpu += time.process_time() - started
                if answer["status"] != "active":
                    break
        if profiler:
            profiler.dump_stats(profile)
        floor_ms = _floor_cpu_ms(moves)
        return {"ratio": cpu * 1000 / moves / floor_ms, "goal": 1.5, "cpu_ms_per_move": cpu * 1000 / moves,
                "floor_ms_per_move": floor_ms, "cpu_ms_per_view": view_cpu * 1000 / views,
                "cpu_ms_per_post": (cpu - view_cpu) * 1000 / moves, "moves": moves, "views": views}
    finally:
        server.stop()


def _floor_cpu_ms(moves: int) -> float:
    """The floor's CPU for a view and a move (REDIS_URL set), by the same client."""
    floor = floor_create().test_client()
    table = floor.post("/tables").json
    auth = [{"Authorization": f"Bearer {table['seats'][s]['token']}"} for s in SEATS]
    started = time.process_time()
    for n in range(moves):
        seq = floor.get(f"/tables/{table['id']}/view", headers=auth[n % 2]).json["seq"]
        assert floor.post(f"/tables/{table['id']}/moves", json={"option": 1, "expected_seq": seq},
                          headers=auth[n % 2]).status_code == 201
    return (time.process_time() - started) * 1000 / moves


if __name__ == "__main__":     # python -m bench.move [game] [games]
    import sys
    for name, result in (("move vs one-EVAL Flask route", run()),
                         ("API CPU per move over whole games vs the floor's view and move",
                          run_game(*(sys.argv[1:2] or ["clash"]), *(int(n) for n in sys.argv[2:3])))):
        print(f"{name}: ratio {result['ratio']:.2f} (goal {result['goal']:.1f}x) "
              + ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in result.items()))
