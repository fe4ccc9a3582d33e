"""`pbem run --api-processes N --workers M`: the processes it keeps, and with the store on a
cluster and no PBEM_QUEUE_URL, the embedded Redis started for the job queues only."""

import subprocess
import sys

import psutil
import requests

from tests.workers.runs import ROOT, Run, SEATS, wait_for


class FlaggedRun(Run):
    def __init__(self, *args, flags: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.flags = flags

    def start(self, timeout: float = 60.0) -> "FlaggedRun":
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "cli.main", "run", "--port", str(self.port),
                                             *self.flags], cwd=ROOT, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT)
        wait_for(lambda: self._answers(), timeout=timeout)
        return self

    def _answers(self) -> bool:
        assert self.process.poll() is None, self.output()
        try:
            return requests.get(f"{self.url}/healthz", timeout=2).status_code == 200
        except requests.ConnectionError:
            return False


def workers(run: Run, queue: str) -> list[psutil.Process]:
    return [p for p in run.children() if p.cmdline()[-2:] == ["--queues", queue]]


def test_the_counts_of_api_processes_and_workers(tmp_path, smtp_server, cluster, cluster_client):
    run = FlaggedRun(tmp_path / "data", smtp_server.url, REDIS_URL=cluster.url, PBEM_RATE_LIMIT_INVITES="",
                     flags=["--api-processes", "2", "--workers", "2", "--mail-workers", "1"])
    run.start()
    try:
        assert len(workers(run, "tables")) == 2 and len(workers(run, "mail")) == 1
        api = run.child("cli.web")
        wait_for(lambda: len([p for p in api.children(recursive=True) if "python" in p.name()]) >= 2)
        out = run.output()
        assert "[Granian, 2 process(es)]  workers: 2 table, 1 mail" in out
        assert f"Redis Cluster: {cluster.url}" in out and "Job queues: redis://127.0.0.1:" in out
        created = requests.post(f"{run.url}/tables", json={"game": "clash", "seats": SEATS}, timeout=10)
        assert created.status_code == 201, created.text
        assert list(cluster_client.scan_iter(f"t:{{{created.json()['id']}}}:*"))   # the table is on the cluster
        # its first email went out through the queue on the embedded Redis
        wait_for(lambda: [m for m in smtp_server.inbox.messages if created.json()["id"] in str(m["Subject"])],
                 timeout=30)
    finally:
        assert run.stop() == 0


def test_without_flags_one_api_process_and_one_worker_of_each(tmp_path, smtp_server):
    run = Run(tmp_path / "data", smtp_server.url).start()
    try:
        assert len(workers(run, "tables")) == 1 and len(workers(run, "mail")) == 1
        assert "workers: 1 table, 1 mail" in run.output()
        # the API yields the CPU to the workers (PBEM_API_NICE, default 5); the workers do not
        assert run.child("cli.web").nice() - psutil.Process().nice() == 5
        assert all(p.nice() == psutil.Process().nice() for p in workers(run, "tables") + workers(run, "mail"))
    finally:
        run.stop()


def test_a_worker_needs_a_queue_server_beside_a_cluster(tmp_path, cluster):
    env = {"REDIS_URL": cluster.url, "PBEM_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "cli.main", "worker", "--burst"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Error: The store is a Redis Cluster: set PBEM_QUEUE_URL to one Redis server" in done.stderr
