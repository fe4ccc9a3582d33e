"""With no SMTP server configured, mail goes to the outbox folder, where `pbem outbox` reads it."""

from click.testing import CliRunner

from cli.main import main
from server.app import create_app
from tests.helpers import make_table


def test_mail_goes_to_the_outbox_and_the_cli_lists_and_prints_it(monkeypatch, tmp_path, env, run_worker):
    monkeypatch.delenv("SMTP_URL")
    monkeypatch.setenv("MAIL_OUTBOX", str(tmp_path / "outbox"))
    client = create_app().test_client()
    table, _ = make_table(client)
    run_worker()
    files = sorted((tmp_path / "outbox").glob("*.eml"))
    assert len(files) == 2           # the second player's invitation; the first player's turn, which greets them
    listing = CliRunner().invoke(main, ["outbox"]).output
    assert f"Duel #{table} (north)  [your turn]" in listing
    number = next(line.split(".")[0].strip() for line in listing.splitlines() if "[your turn]" in line)
    printed = CliRunner().invoke(main, ["outbox", number]).output
    assert "1. add 1" in printed and "http://pbem.test/play/" in printed
