"""The table's deterministic generator: dice and shuffles that anyone can re-check.

Bytes come from HMAC-SHA256(seed, "<position>:<block>"), where position is the log's
sequence number at the moment of the decision. The same seed and the same moves give the
same rolls on every Python version, which is what makes an old export still verify.
Integers are drawn by rejection sampling, so every die face is exactly as likely.
"""

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    def __init__(self, seed: bytes, position: int):
        self._seed = seed
        self._position = position
        self._block = 0
        self._buffer = b""
        self.used = False         # did the decision draw anything? (a roll closes the undo window)

    def _bytes(self, n: int) -> bytes:
        self.used = True
        while len(self._buffer) < n:
            message = f"{self._position}:{self._block}".encode()
            self._buffer += hmac.new(self._seed, message, hashlib.sha256).digest()
            self._block += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = int.from_bytes(self._bytes(8), "big")
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list: Fisher-Yates over a copy."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
