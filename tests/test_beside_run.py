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
