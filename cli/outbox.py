"""`pbem outbox`: the emails written to the local outbox folder (when no SMTP server is set)."""

import email
from email import policy
from pathlib import Path

import click

import config


def messages() -> list[Path]:
    folder = config.load().outbox_dir
    return sorted(folder.glob("*.eml")) if folder.exists() else []


@click.command()
@click.argument("number", type=int, required=False)
@click.option("--to", "to", help="Only the emails to this address.")
def outbox(number: int | None, to: str | None) -> None:
    """List the outbox, or print email NUMBER of the list."""
    found = []
    for path in messages():
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if to is None or to.lower() in str(message["To"]).lower():
            found.append(message)
    if number is None:
        if not found:
            click.echo(f"The outbox {config.load().outbox_dir} is empty.")
        for i, message in enumerate(found, 1):
            what = str(message["X-PBEM-Kind"] or "").replace("_", " ")
            click.echo(f"{i:>4}. {message['Date']}  to {message['To']}: {message['Subject']}"
                       + (f"  [{what}]" if what else ""))
        return
    if not 1 <= number <= len(found):
        raise click.ClickException(f"There are {len(found)} emails; pick a number from 1 to {len(found)}.")
    message = found[number - 1]
    click.echo(f"To: {message['To']}\nSubject: {message['Subject']}\n")
    body = message.get_body(preferencelist=("plain",))
    click.echo(body.get_content() if body else "")
