"""The limits on who may make this server send email: new games per client, and games or join
requests that name one address, whoever asks (the API's guards and the worker that reads emails to
new@ count the same way, on the same counters in Redis, with the `limits` library's moving window).
Past a limit: ``TooMany`` (HTTP 429, with the seconds to wait), and nothing is created or sent; its
sentence keeps its words (i18n.said), so a page says it in its reader's language."""

import math
import time
from collections.abc import Iterable
from functools import lru_cache

from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter, RateLimiter

import i18n

from .errors import TableError


class TooMany(TableError):
    status, code = 429, "rate_limited"


@lru_cache(maxsize=4)
def limiter(storage_url: str) -> RateLimiter:
    """A limiter on the store (a redis:// or redis+cluster:// URL), one per process."""
    return MovingWindowRateLimiter(storage_from_string(storage_url))


def count(strategy: RateLimiter, per_client: str, per_address: str, who: str | None,
          addresses: Iterable[str]) -> None:
    """One new game by ``who`` (None: not counted per client) naming ``addresses``."""
    if who is not None:
        hit(strategy, per_client, who, "tables", i18n.N_("Too many new tables from you (%(limit)s); try again %(later)s."))
    for address in sorted({a.strip().lower() for a in addresses if a}):
        hit(strategy, per_address, "to:" + address, "invites",
            i18n.N_("Too many new games ask for %(address)s (%(limit)s); try again %(later)s."), address=address)


def hit(strategy: RateLimiter, limits: str, key: str, scope: str, sentence: str, **values: str) -> None:
    """One hit on each of ``limits`` (e.g. "10 per minute; 100 per day") for ``key``; over one, TooMany."""
    if not limits.strip():
        return
    for item in parse_many(limits):
        if not strategy.hit(item, scope, key):
            wait = max(1, math.ceil(strategy.get_window_stats(item, scope, key).reset_time - time.time()))

            def said(language: str | None, item: RateLimitItem = item, wait: int = wait) -> str:
                return i18n.gettext(sentence, language, limit=_words(item, language), later=_later(wait, language),
                                    **values)
            raise i18n.said(TooMany(said(None), retry_after=wait), said)


UNITS = {"second": (i18n.N_("at most %(amount)d a second"), i18n.N_("at most %(amount)d per %(many)d seconds")),
         "minute": (i18n.N_("at most %(amount)d a minute"), i18n.N_("at most %(amount)d per %(many)d minutes")),
         "hour": (i18n.N_("at most %(amount)d an hour"), i18n.N_("at most %(amount)d per %(many)d hours")),
         "day": (i18n.N_("at most %(amount)d a day"), i18n.N_("at most %(amount)d per %(many)d days")),
         "month": (i18n.N_("at most %(amount)d a month"), i18n.N_("at most %(amount)d per %(many)d months")),
         "year": (i18n.N_("at most %(amount)d a year"), i18n.N_("at most %(amount)d per %(many)d years"))}


def _words(item: RateLimitItem, language: str | None = None) -> str:
    """'at most 10 a minute', 'at most 100 per 2 days'."""
    one, many = UNITS[item.GRANULARITY.name]
    return i18n.gettext(one if item.multiples == 1 else many, language, amount=item.amount, many=item.multiples)


def _later(seconds: int, language: str | None = None) -> str:
    if seconds < 120:
        return i18n.ngettext("in %(num)d second", "in %(num)d seconds", seconds, language)
    if seconds < 7200:
        return i18n.ngettext("in %(num)d minute", "in %(num)d minutes", math.ceil(seconds / 60), language)
    return i18n.ngettext("in %(num)d hour", "in %(num)d hours", math.ceil(seconds / 3600), language)
