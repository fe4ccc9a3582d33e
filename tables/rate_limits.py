"""The limits on who may make this server send email: new games per client, and games or join
requests that name one address, whoever asks (the API's guards and the worker that reads emails to
new@ count the same way, on the same counters in Redis, with the `limits` library's moving window).
Past a limit: ``TooMany`` (HTTP 429, with the seconds to wait), and nothing is created or sent."""

import math
import time
from collections.abc import Iterable
from functools import lru_cache

from limits import RateLimitItem, parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter, RateLimiter

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
        hit(strategy, per_client, who, "tables", "Too many new tables from you ({limit}); try again {later}.")
    for address in sorted({a.strip().lower() for a in addresses if a}):
        hit(strategy, per_address, "to:" + address, "invites",
            f"Too many new games ask for {address} ({{limit}}); try again {{later}}.")


def hit(strategy: RateLimiter, limits: str, key: str, scope: str, sentence: str) -> None:
    """One hit on each of ``limits`` (e.g. "10 per minute; 100 per day") for ``key``; over one, TooMany."""
    if not limits.strip():
        return
    for item in parse_many(limits):
        if not strategy.hit(item, scope, key):
            wait = max(1, math.ceil(strategy.get_window_stats(item, scope, key).reset_time - time.time()))
            raise TooMany(sentence.format(limit=_words(item), later=_later(wait)), retry_after=wait)


def _words(item: RateLimitItem) -> str:
    unit = item.GRANULARITY.name
    return f"at most {item.amount} {'a' if item.multiples == 1 else 'per'} " + \
        (unit if item.multiples == 1 else f"{item.multiples} {unit}s")


def _later(seconds: int) -> str:
    if seconds < 120:
        return f"in {seconds} seconds"
    if seconds < 7200:
        return f"in {math.ceil(seconds / 60)} minutes"
    return f"in {math.ceil(seconds / 3600)} hours"
