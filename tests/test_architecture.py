"""The layers of DESIGN.md: dependencies point one way, and games/ stays pure."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"games", "store", "tables", "server", "workers", "config", "cli", "mail_templates", "i18n"}
# what each layer may import of ours
ALLOWED = {"games": {"games"}, "store": {"store"}, "i18n": {"i18n"}, "tables": {"tables", "games", "store", "i18n"},
           "workers": {"workers", "tables", "store", "config", "i18n"},
           "server": {"server", "tables", "store", "workers", "config", "games", "i18n"}}
# what the pure rules must never touch
IMPURE = {"flask", "redis", "rq", "random", "time", "datetime", "smtplib", "socket", "os", "subprocess",
          "requests", "threading", "asyncio"}


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def modules(layer: str) -> list[Path]:
    return sorted((ROOT / layer).rglob("*.py"))


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_only_what_it_may(layer):
    assert modules(layer), f"{layer}/ has no modules"
    for path in modules(layer):
        ours = imports(path) & OURS
        assert ours <= ALLOWED[layer], f"{path.relative_to(ROOT)} imports {sorted(ours - ALLOWED[layer])}"


def test_games_are_pure():
    for path in modules("games"):
        bad = imports(path) & IMPURE
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_workers_and_tables_never_import_flask():
    for layer in ("workers", "tables", "store"):
        for path in modules(layer):
            assert "flask" not in imports(path), path
