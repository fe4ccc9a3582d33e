"""Issue 10, defect 2: `pbem run` supervises its children. Real processes, kill -9, a real SMTP
server on loopback: a killed worker or Redis is started again and nothing acknowledged is lost;
a killed `pbem run` leaves nothing behind that a new one does not stop first."""

import signal
import subprocess
import sys
import threading
import time

import psutil
import pytest
import requests

from cli import datalock
from workers import settle

from .runs import ROOT, Run, Table, redis_servers, wait_for


@pytest.fixture
def run(tmp_path, smtp_server):
    started = Run(tmp_path / "data", smtp_server.url).start()
    yield started
    started.stop()


@pytest.fixture
def durable_run(tmp_path, smtp_server):
    """appendfsync always: an answered move is on disk. (With everysec, Redis may answer writes it
    has not yet written while a slow disk holds an fsync, up to 2 s of them: kill -9 loses those.)"""
    started = Run(tmp_path / "data", smtp_server.url, PBEM_FSYNC="always").start()
    yield started
    started.stop()


def turn_mails(inbox, table_id):
    return [m for m in inbox.messages if str(m["X-PBEM-Kind"]) == "your_turn" and m["X-PBEM-Table"] == table_id]


def test_a_killed_worker_is_started_again_and_the_move_still_reaches_its_email(run, smtp_server):
    table = Table(run.url)
    wait_for(lambda: turn_mails(smtp_server.inbox, table.id))          # the first seat was told
    workers = [run.child("worker", "--queues", queue) for queue in ("tables", "mail")]
    for worker in workers:
        worker.send_signal(signal.SIGKILL)
    seat, seq = table.hand_over()                                       # while no worker is up
    # A worker killed in its blocking read may still be handed the change notice by Redis (which
    # has not yet seen the connection close): then the sweep finds the table, within GRACE + SWEEP.
    told = wait_for(lambda: [m for m in turn_mails(smtp_server.inbox, table.id) if int(m["X-PBEM-Seq"]) == seq],
                    timeout=settle.GRACE + settle.SWEEP + 30)
    assert len(told) == 1 and str(told[0]["X-PBEM-Seat"]) == seat
    again = [run.child("worker", "--queues", queue) for queue in ("tables", "mail")]
    assert {p.pid for p in again}.isdisjoint(p.pid for p in workers)    # started again by the supervisor


def test_a_killed_redis_answers_503_then_works_again_and_loses_no_acknowledged_move(durable_run, smtp_server):
    run = durable_run
    tables = [Table(run.url) for _ in range(3)]
    acknowledged: dict[str, list[int]] = {t.id: [] for t in tables}
    statuses: list[int] = []
    stop = threading.Event()

    def play(table: Table) -> None:
        while not stop.is_set():
            view = requests.get(f"{run.url}/tables/{table.id}/view", timeout=30)
            statuses.append(view.status_code)
            if view.status_code != 200:
                time.sleep(0.05)
                continue
            ((seat, seq),) = [(p["seat"], view.json()["seq"]) for p in view.json()["prompts"]]
            while not stop.is_set():                        # the same move, the same key, until it is answered
                answer = table.move(seat, seq)
                statuses.append(answer.status_code)
                if answer.status_code == 201:
                    acknowledged[table.id].append(answer.json()["seq"])
                if answer.status_code != 503:
                    break
                time.sleep(0.05)

    players = [threading.Thread(target=play, args=(t,), daemon=True) for t in tables]
    for player in players:
        player.start()
    wait_for(lambda: sum(map(len, acknowledged.values())) >= 20)
    (redis_process,) = redis_servers(run.data_dir)
    redis_process.send_signal(signal.SIGKILL)
    wait_for(lambda: 503 in statuses, timeout=10)
    dead_at = len(statuses)
    wait_for(lambda: statuses[dead_at:].count(201) >= 20, timeout=60)    # moves work again by themselves
    stop.set()
    for player in players:
        player.join(30)
    assert set(statuses) <= {200, 201, 409, 503}, sorted(set(statuses))     # never a 500
    (again,) = redis_servers(run.data_dir)
    assert again.pid != redis_process.pid
    for table in tables:
        logged = {event["seq"] for event in table.log()}
        assert set(acknowledged[table.id]) <= logged                      # every answered move is in the log
    seat, seq = tables[0].hand_over()                                    # the workers reconnected by themselves:
    wait_for(lambda: [m for m in turn_mails(smtp_server.inbox, tables[0].id) if int(m["X-PBEM-Seq"]) == seq
                      and str(m["X-PBEM-Seat"]) == seat], timeout=60)    # a hand-off's email goes out


def test_a_second_run_on_the_same_folder_is_refused(run):
    second = Run(run.data_dir, "smtp://127.0.0.1:1")
    done = subprocess.run([sys.executable, "-m", "cli.main", "run", "--port", str(second.port)], cwd=ROOT,
                          env=second.env, capture_output=True, timeout=30)
    assert done.returncode == 1
    assert b"Another 'pbem run'" in done.stderr and b"PBEM_DATA_DIR" in done.stderr


def test_after_kill_9_of_pbem_run_a_new_run_has_one_redis_and_none_of_the_old_children(tmp_path, smtp_server):
    first = Run(tmp_path / "data", smtp_server.url).start()
    old = {p.pid for p in first.children()}
    table = Table(first.url)
    wait_for(lambda: turn_mails(smtp_server.inbox, table.id))
    first.kill()
    second = Run(tmp_path / "data", smtp_server.url).start()
    try:
        assert len(redis_servers(second.data_dir)) == 1
        still = [pid for pid in old if psutil.pid_exists(pid) and psutil.Process(pid).status() != "zombie"]
        assert still == []
        ours = {p.pid for p in datalock.ours(second.data_dir)}
        assert ours == {p.pid for p in second.children()}                  # every process of ours is the new run's
        assert table.id in requests.get(f"{second.url}/tables/{table.id}/view", timeout=10).text   # data kept
    finally:
        assert second.stop() == 0


def test_sigterm_stops_everything(tmp_path, smtp_server):
    run = Run(tmp_path / "data", smtp_server.url).start()
    children = run.children()
    started = time.monotonic()
    assert run.stop() == 0
    assert time.monotonic() - started < 30
    gone, alive = psutil.wait_procs(children, timeout=5)
    assert alive == [] and datalock.ours(run.data_dir) == []
    assert not (run.data_dir / "redis.url").exists()
