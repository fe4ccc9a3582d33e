"""Commands run beside `pbem run` (mail-in, worker) find its embedded Redis through the data folder."""

import click
import pytest

import config
from cli.serve import _with_redis


def test_the_embedded_redis_of_a_run_is_found_through_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.setenv("PBEM_DATA_DIR", str(tmp_path))
    with pytest.raises(click.ClickException, match="make run"):
        _with_redis(config.load())
    (tmp_path / config.RUNTIME_REDIS).write_text("redis://127.0.0.1:6399/0\n")
    assert _with_redis(config.load()).redis_url == "redis://127.0.0.1:6399/0"
    monkeypatch.setenv("REDIS_URL", "redis://elsewhere:6379/0")
    assert _with_redis(config.load()).redis_url == "redis://elsewhere:6379/0"


def test_pbem_new_beside_a_run_on_another_port_finds_it(tmp_path, smtp_server):
    """`PORT=8124 make run`, then `pbem new ...` in another terminal: no URL to give."""
    import os
    import subprocess
    import sys

    from tests.workers.runs import ROOT, Run
    run = Run(tmp_path / "data", smtp_server.url).start()
    try:
        assert (tmp_path / "data" / config.RUNTIME_SERVER).read_text() == run.url
        env = {k: v for k, v in os.environ.items() if k not in ("PBEM_SERVER", "PUBLIC_URL")}
        env["PBEM_DATA_DIR"] = str(tmp_path / "data")
        made = subprocess.run([sys.executable, "-m", "cli.main", "new", "clash", "mcworld=Ann:ann@example.org",
                               "jihad=Bob:bob@example.org"], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=60)
        assert made.returncode == 0, made.stderr
        assert made.stdout.startswith("table ") and f"{run.url}/play/" in made.stdout
    finally:
        run.stop()
    assert not (tmp_path / "data" / config.RUNTIME_SERVER).exists()          # gone with the run
