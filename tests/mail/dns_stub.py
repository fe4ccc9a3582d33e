"""A DNS server on loopback for the sender checks' tests: TXT records from a dict, NXDOMAIN for
every other name (dnslib's server, UDP and TCP), and signed mail with a key made in the test."""

import base64
import smtplib

import dkim
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from dnslib import QTYPE, RCODE, RR, TXT
from dnslib.server import BaseResolver, DNSLogger, DNSServer

from store.embedded import free_port


class Zone(BaseResolver):
    def __init__(self) -> None:
        self.txt: dict[str, list[str]] = {}

    def resolve(self, request, handler):
        reply = request.reply()
        name = str(request.q.qname).rstrip(".").lower()
        if name not in self.txt:
            reply.header.rcode = RCODE.NXDOMAIN
        elif request.q.qtype == QTYPE.TXT:
            for text in self.txt[name]:
                chunks = [text[i:i + 255] for i in range(0, len(text), 255)]
                reply.add_answer(RR(request.q.qname, QTYPE.TXT, rdata=TXT(chunks), ttl=60))
        return reply


class StubDns:
    def __init__(self) -> None:
        self.zone = Zone()
        self.port = free_port()
        self.servers = [DNSServer(self.zone, address="127.0.0.1", port=self.port, tcp=tcp,
                                  logger=DNSLogger("-request,-reply,-truncated,-error,-recv,-send,-data"))
                        for tcp in (False, True)]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> "StubDns":
        for server in self.servers:
            server.start_thread()
        return self

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

    def add(self, name: str, text: str) -> None:
        self.zone.txt.setdefault(name.lower(), []).append(text)


class Signer:
    """A domain's DKIM key: the private half signs, the public half goes in the stub's zone."""

    def __init__(self, dns: StubDns, domain: str, selector: str = "s1") -> None:
        key = rsa.generate_private_key(public_exponent=65537, key_size=1024)
        self.private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL,
                                         serialization.NoEncryption())
        public = key.public_key().public_bytes(serialization.Encoding.DER,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
        self.domain, self.selector = domain, selector
        dns.add(f"{selector}._domainkey.{domain}", "v=DKIM1; k=rsa; p=" + base64.b64encode(public).decode())

    def sign(self, raw: bytes) -> bytes:
        signature = dkim.sign(raw, self.selector.encode(), self.domain.encode(), self.private,
                              include_headers=[b"from", b"to", b"subject", b"message-id", b"in-reply-to"])
        return signature + raw


def send_raw(port: int, raw: bytes, sender: str, to: str) -> None:
    with smtplib.SMTP("127.0.0.1", port) as client:
        client.sendmail(sender, [to], raw)
