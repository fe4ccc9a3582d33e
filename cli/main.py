"""pbem: run the server, a worker, or play through the HTTP API."""

import click

from . import client, maillog, outbox, serve


@click.group()
def main() -> None:
    """An asynchronous play-by-email turn server."""


for command in (serve.run, serve.worker, serve.mail_in, client.new, client.show, client.move, client.undo, client.log,
                client.export_, client.position, client.import_, client.verify, client.notifications, client.vacation, outbox.outbox,
                maillog.mail_log):
    main.add_command(command)

if __name__ == "__main__":
    main()
