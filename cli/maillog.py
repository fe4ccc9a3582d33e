"""`pbem mail-log`: the emails received for a table, what was read from each and what was done."""

import json
from datetime import datetime, timezone
from typing import Any

import click

import config
from store import TableStore, connect

from .client import _call, _token, seat_option, token_option


@click.command("mail-log")
@click.argument("table")
@seat_option
@token_option
@click.option("--json", "as_json", is_flag=True, help="Print the records as JSON.")
def mail_log(table: str, seat: str | None, token: str | None, as_json: bool) -> None:
    """The emails received for TABLE: with --as SEAT, that seat's own (through the API); without,
    every one (the host's view, read from the server's Redis)."""
    if seat or token:
        records = _call("GET", f"/tables/{table}/mail-log", _token(table, seat, token)).json()["records"]
    else:
        url = config.redis_url_of(config.load())
        if not url:
            raise click.ClickException("No Redis to read: start the server with 'make run', or set REDIS_URL.")
        records = TableStore(connect.connect(url, config.load().cluster)).inbound(table, count=1000)
    if as_json:
        click.echo(json.dumps(records, indent=1))
        return
    if not records:
        click.echo(f"No email has been received for table {table}.")
    for record in reversed(records):
        click.echo(_line(record))


def _line(record: dict[str, Any]) -> str:
    when = datetime.fromtimestamp(record.get("at", 0), tz=timezone.utc).strftime("%Y-%m-%d %H:%M")
    read = " / ".join(record.get("lines") or []) or "-"
    done = record.get("why") or record.get("message") or ""
    return f"{when}  {record.get('seat') or '?':<9} {record.get('from', '?')}: {record['outcome']}\n" \
           f"    read: {read}\n    {done}"
