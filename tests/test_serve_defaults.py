"""`pbem run` by default: one API process per core (at most 16), one table worker per 4 cores."""

import os

import pytest

import config
from cli import serve, web


@pytest.mark.parametrize("cores, api, tables", [(1, 1, 1), (2, 2, 1), (4, 4, 1), (8, 8, 2), (16, 16, 4), (64, 16, 16)])
def test_the_processes_follow_the_cores(monkeypatch, cores, api, tables):
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    monkeypatch.delenv("PBEM_WEB_WORKERS", raising=False)
    monkeypatch.delenv("PBEM_WORKERS", raising=False)
    settings = config.load()
    assert settings.workers == 0 and web.workers(settings) == api
    assert serve.table_workers() == tables


def test_the_environment_still_decides(monkeypatch):
    monkeypatch.setenv("PBEM_WEB_WORKERS", "3")
    assert web.workers(config.load()) == 3
