"""`pbem mail-in`: an SMTP listener for players' replies. It accepts only the server's own
addresses (play+<token>@..., and for games players start themselves new@<reply domain>,
start+<token>@... and invite+<token>@...) and hands each message to the same job as the webhook."""

from typing import Any

from aiosmtpd.controller import Controller

import config
from store import connect
from tables.gathering_inbox import addressed
from tables.mailparse import REPLY_ADDRESS

from .inbound import enqueue_receive


class ReplyHandler:
    def __init__(self, connection: connect.Client, settings: config.Settings):
        self.connection = connection
        self.settings = settings

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if not REPLY_ADDRESS.search(address) and addressed([address], self.settings.reply_address_domain) is None:
            return "550 5.1.1 This server takes only replies to its game emails, and new games at new@"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        peer = {"ip": str(session.peer[0]) if session.peer else "", "helo": session.host_name or ""}
        enqueue_receive(self.connection, self.settings, envelope.original_content or envelope.content,
                        list(envelope.rcpt_tos), envelope.mail_from, peer)
        return "250 Message accepted"


def listen(host: str, port: int, settings: config.Settings) -> Controller:
    controller = Controller(ReplyHandler(connect.connect(settings.redis_url, settings.cluster), settings),
                            hostname=host, port=port)
    controller.start()
    return controller
