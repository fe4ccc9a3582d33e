"""Is a reply really from the domain in its From? A reply moves a seat when it comes from the
seat's address to a reply address we gave out; a From is easy to forge, so the From domain has
the last word, by its DMARC policy (RFC 7489):

- mail that reaches us directly (`pbem mail-in`, the SMTP listener): we check SPF (pyspf: the
  connecting IP against the envelope sender's domain, or the HELO name for an empty one) and the
  DKIM signatures (dkimpy), and the From domain (or its organisational domain) publishes at
  _dmarc.<domain> whether a failure of both, as aligned with the From domain, is to be rejected,
  quarantined or let through;
- mail from a provider's webhook: the provider checked it; we read its verdict in the topmost
  Authentication-Results header that names the provider (PBEM_INBOUND_AUTHSERV_ID), the one its
  receiving server added above what the sender wrote. Without that name no such header is believed
  (a sender can write one): we check the DKIM signatures ourselves, and SPF is "none" (the
  connecting IP is the provider's to know).

PBEM_INBOUND_AUTH: enforce (a failure under p=reject or p=quarantine moves nothing: recorded in
the mail log, answered to nobody), record (the verdict recorded, nothing held back) or off.
No DMARC record, or no answer from DNS, means policy "none": today's behaviour, recorded.
PBEM_INBOUND_DNS names the resolver (host[:port]); every lookup has a short timeout and all of a
message's lookups share one budget, so a resolver that never answers costs seconds, not a hang.
"""

import functools
import re
import time
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from typing import Any

import dkim
import dns.exception
import dns.resolver
import spf
from publicsuffixlist import PublicSuffixList

import config
from tables import mailparse

LOOKUP_SECONDS = 2.0      # one DNS lookup
BUDGET_SECONDS = 6.0      # all the lookups for one message
MAX_SIGNATURES = 5        # DKIM signatures tried on one message
HOLDING = ("reject", "quarantine")


@dataclass
class Verdict:
    checked: str                      # smtp (we checked) | provider (its Authentication-Results) | dkim (webhook, no
                                      # provider named: the signatures checked here)
    from_domain: str
    spf: str = "none"                 # pass | fail | softfail | neutral | none | temperror | permerror
    spf_domain: str = ""
    dkim: str = "none"                # pass (a signature verified) | fail | none (unsigned)
    dkim_domains: list[str] = field(default_factory=list)   # the d= of each signature that verified
    dmarc: str = "none"               # pass | fail | none (no record) | temperror (DNS did not answer)
    policy: str = "none"              # the From domain's: reject | quarantine | none
    held: bool = False                # not applied: a failure under reject/quarantine, when enforced

    @property
    def why(self) -> str:
        asks = "refused" if self.policy == "reject" else "set aside"
        return (f"it says it is from {self.from_domain}, but it was neither signed by {self.from_domain} nor sent "
                f"from a server {self.from_domain} names, and {self.from_domain} asks that such mail be {asks}")

    def record(self) -> dict[str, Any]:
        return {"checked": self.checked, "from_domain": self.from_domain, "spf": self.spf,
                "spf_domain": self.spf_domain, "dkim": self.dkim, "dkim_domains": self.dkim_domains,
                "dmarc": self.dmarc, "policy": self.policy, "held": self.held,
                **({"why": self.why} if self.held else {})}


def check(settings: config.Settings, raw: bytes, envelope_sender: str | None,
          peer: dict[str, str] | None) -> Verdict | None:
    """``peer``: the SMTP client's {"ip", "helo"} when the mail came to our listener; None when a
    provider's webhook brought it. None when PBEM_INBOUND_AUTH is off."""
    mode = settings.inbound_auth.strip().lower()
    if mode == "off":
        return None
    lookups = Lookups(settings.inbound_dns)
    message = message_from_bytes(raw, policy=policy.default)
    from_domain = _domain(mailparse.sender_of(message)[1])     # the address the reply will be taken as
    if peer is None:
        verdict = _provider(message, from_domain, lookups, settings.inbound_authserv_id.strip().lower())
        if verdict is None:                                  # nobody named vouches for a header: check it ourselves
            verdict = Verdict("dkim", from_domain)
            _dkim(verdict, lookups, raw)
            _dmarc(verdict, lookups)
    else:
        verdict = Verdict("smtp", from_domain)
        _spf(verdict, lookups, peer, envelope_sender)
        _dkim(verdict, lookups, raw)
        _dmarc(verdict, lookups)
    verdict.held = mode != "record" and verdict.dmarc == "fail" and verdict.policy in HOLDING   # a typo enforces
    return verdict


class Lookups:
    """TXT lookups on one resolver, with one time budget for the whole message."""

    def __init__(self, server: str) -> None:
        self.resolver = dns.resolver.Resolver(configure=not server)
        if server:
            host, _, port = server.rpartition(":") if server.count(":") == 1 else (server, "", "")
            self.resolver.nameservers, self.resolver.port = [host], int(port or 53)
        self.deadline = time.monotonic() + BUDGET_SECONDS

    def left(self) -> float:
        return max(0.0, min(LOOKUP_SECONDS, self.deadline - time.monotonic()))

    def answers(self, name: str, kind: str) -> list[Any]:
        """The records; [] when there are none; TimeoutError when DNS does not answer in time."""
        if self.left() <= 0:
            raise TimeoutError(name)
        try:
            return list(self.resolver.resolve(name, kind, lifetime=self.left(), search=False))
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except (dns.exception.Timeout, dns.resolver.NoNameservers) as error:
            raise TimeoutError(name) from error

    def txt(self, name: str) -> list[bytes]:
        return [b"".join(record.strings) for record in self.answers(name, "TXT")]

    def dkim_key(self, name: bytes | str, timeout: float = 0) -> bytes | None:
        """dkimpy's dnsfunc."""
        texts = self.txt(name.decode() if isinstance(name, bytes) else name)
        return texts[0] if texts else None

    def spf_lookup(self, name: str, kind: str, strict: Any = True, timeout: float = 0) -> list[tuple]:
        """pyspf's DNSLookup: [((name, type), value)] as its own dnspython driver gives them."""
        try:
            found = self.answers(name, kind)
        except TimeoutError as error:
            raise spf.TempError(f"DNS {error}") from error
        values = {"A": lambda r: r.address, "AAAA": lambda r: r.address, "MX": lambda r: (r.preference, r.exchange),
                  "PTR": lambda r: r.target.to_text(True), "TXT": lambda r: r.strings, "SPF": lambda r: r.strings,
                  "CNAME": lambda r: r.target.to_text(True)}
        return [((name, kind), values[kind](r)) for r in found if kind in values]


def _domain(address: str) -> str:
    return address.rpartition("@")[2].strip().rstrip(".").lower()


def _spf(verdict: Verdict, lookups: Lookups, peer: dict[str, str], envelope_sender: str | None) -> None:
    sender = (envelope_sender or "").strip("<> ")
    verdict.spf_domain = _domain(sender) if sender else (peer.get("helo") or "").lower()
    spf.DNSLookup = lookups.spf_lookup     # pyspf's one hook for its lookups (replies run one at a time a process)
    try:
        result, _ = spf.check2(i=peer.get("ip", ""), s=sender, h=peer.get("helo") or "unknown",
                               timeout=LOOKUP_SECONDS, querytime=BUDGET_SECONDS)
    except (ValueError, spf.TempError):                     # not an IP address we can check
        result = "temperror"
    verdict.spf = str(result)


def _dkim(verdict: Verdict, lookups: Lookups, raw: bytes) -> None:
    signatures = len(re.findall(rb"^DKIM-Signature\s*:", raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0],
                                flags=re.I | re.M))
    for index in range(min(signatures, MAX_SIGNATURES)):
        signed = dkim.DKIM(raw, minkey=1024, timeout=LOOKUP_SECONDS)
        try:
            good = signed.verify(idx=index, dnsfunc=lookups.dkim_key)
        except (dkim.DKIMException, TimeoutError):
            good = False
        if good and signed.domain:
            verdict.dkim_domains.append(signed.domain.decode().lower())
    verdict.dkim = "pass" if verdict.dkim_domains else "fail" if signatures else "none"


def _dmarc(verdict: Verdict, lookups: Lookups) -> None:
    try:
        tags = _dmarc_record(lookups, verdict.from_domain)
    except TimeoutError:
        verdict.dmarc = "temperror"
        return
    if tags is None:
        return
    verdict.policy = tags["policy"]
    spf_aligned = verdict.spf == "pass" and _aligned(verdict.spf_domain, verdict.from_domain, tags.get("aspf"))
    dkim_aligned = any(_aligned(d, verdict.from_domain, tags.get("adkim")) for d in verdict.dkim_domains)
    verdict.dmarc = "pass" if spf_aligned or dkim_aligned else "fail"


def _dmarc_record(lookups: Lookups, domain: str) -> dict[str, str] | None:
    """The From domain's DMARC tags, else its organisational domain's (with sp= for a
    subdomain); None when neither publishes one."""
    if not domain:
        return None
    organisational = _organisational(domain)
    for name in dict.fromkeys([domain, organisational]):
        found = [t for t in lookups.txt(f"_dmarc.{name}") if t.lower().startswith(b"v=dmarc1")]
        if len(found) != 1:                               # none, or several: RFC 7489 6.6.3, no policy
            continue
        tags = dict((k.strip().lower(), v.strip().lower()) for k, _, v in
                    (part.partition("=") for part in found[0].decode("ascii", "replace").split(";")))
        chosen = tags.get("sp") if name != domain and tags.get("sp") else tags.get("p", "none")
        tags["policy"] = chosen if chosen in ("reject", "quarantine", "none") else "none"
        return tags
    return None


def _aligned(domain: str, from_domain: str, mode: str | None) -> bool:
    if not domain or not from_domain:
        return False
    if mode == "s":
        return domain == from_domain
    return _organisational(domain) == _organisational(from_domain)


@functools.lru_cache(maxsize=1)
def _suffixes() -> PublicSuffixList:
    return PublicSuffixList()


def _organisational(domain: str) -> str:
    return _suffixes().privatesuffix(domain) or domain


# -- a provider's verdict ------------------------------------------------------------------------

CLAUSE_POLICY = re.compile(r"(?:\bp|policy\.dmarc|\baction)\s*=\s*o?(reject|quarantine|none)\b", re.I)


def _provider(message: Any, from_domain: str, lookups: Lookups, authserv_id: str) -> Verdict | None:
    """The topmost Authentication-Results naming the provider (its authserv-id): its receiving
    server adds it above every header the sender wrote (a sender's own, further down or under
    another name, is not read). None when no provider is named or no header of its is there."""
    named = lambda header: header.split(";")[0].split()[:1] == [authserv_id]   # noqa: E731
    headers = [str(header) for header in message.get_all("Authentication-Results", []) if authserv_id]
    headers = [header for header in headers if named(header.lower())]
    if not headers:
        return None
    verdict = Verdict("provider", from_domain)
    clauses = {}
    for clause in headers[0].split(";")[1:]:             # the first part is the provider's name
        method, _, rest = clause.strip().partition("=")
        clauses.setdefault(method.strip().lower(), rest.strip())
    result = lambda method: clauses[method].split()[0].lower() if clauses.get(method) else "none"   # noqa: E731
    verdict.spf, verdict.dkim, verdict.dmarc = result("spf"), result("dkim"), result("dmarc")
    if verdict.dkim == "pass":
        verdict.dkim_domains = re.findall(r"header\.d=([\w.-]+)", clauses["dkim"].lower())
    stated = CLAUSE_POLICY.search(clauses.get("dmarc", ""))
    if stated:
        verdict.policy = stated.group(1).lower()
    elif verdict.dmarc == "fail":                          # the provider did not say: ask the domain
        try:
            tags = _dmarc_record(lookups, from_domain)
        except TimeoutError:
            tags = None
        verdict.policy = tags["policy"] if tags else "none"
    return verdict
