"""How fast a visitor may guess codes (a table's join code, a device code): after :attr:`Allowance.free`
wrong codes within :attr:`Allowance.window` seconds, the next code is not even looked at until a wait has
passed; each wait is twice the one before (:attr:`Allowance.first_wait`, at most
:attr:`Allowance.longest_wait`), until the guesser has been quiet for :attr:`Allowance.forget` seconds.

Guesses are counted under keys, each with its own allowance: the page asks with its browser session's key
and its client address's (:data:`SESSION`, :data:`ADDRESS`), so a new tab does not start afresh, and the
wait is the longest of the two. An address may be a whole school behind one router, so it has more free
guesses than a session. A right code never clears the count: else a guesser's own table, typed between two
guesses, would let them go on.

The module is pure: the time is passed in (seconds, any clock that only goes forward), and nothing but the
counts is kept. The app keeps one :class:`Guesses` per server process (``ui/shared/guesses.py``).

>>> guesses, keys = Guesses(), [("session:1", SESSION)]
>>> [guesses.wrong(keys, now=float(second)) for second in range(5)]
[0.0, 0.0, 0.0, 0.0, 30.0]
>>> guesses.wait(keys, now=10.0), guesses.wait(keys, now=34.0)
(24.0, 0.0)
>>> in_words(24.0), in_words(90.5), in_words(600.0)
(('seconds', 24), ('minutes', 2), ('minutes', 10))
>>> address_key("192.0.2.7"), address_key("2001:db8:1:2:3:4:5:6")
('address:192.0.2.7', 'address:2001:db8:1:2::/64')
"""

from __future__ import annotations

import ipaddress
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final


@dataclass(frozen=True, slots=True)
class Allowance:
    """How many wrong codes a key may send before it waits, and how long the waits are (seconds)."""

    free: int
    window: float = 60.0
    first_wait: float = 30.0
    longest_wait: float = 15 * 60.0
    forget: float = 60 * 60.0


#: A browser session (one tab): five wrong codes a minute.
SESSION: Final = Allowance(free=5)
#: A client address, which a family or a class may share: twenty wrong codes a minute.
ADDRESS: Final = Allowance(free=20)
#: The most keys kept; beyond it the ones quiet longest are forgotten first.
MOST_KEYS: Final = 10_000

#: A key and its allowance, as the page asks (``("session:…", SESSION)``).
Key = tuple[str, Allowance]


@dataclass(slots=True)
class _Count:
    """One key's wrong codes: when the recent ones came, how many waits it has had, until when it waits."""

    recent: list[float] = field(default_factory=list)
    waits: int = 0
    until: float = 0.0
    last: float = 0.0


class Guesses:
    """The wrong codes of every key (see the module); safe to share between the threads of a server."""

    def __init__(self, most_keys: int = MOST_KEYS) -> None:
        self.most_keys = most_keys
        self._counts: dict[str, _Count] = {}
        self._lock = threading.Lock()

    def wait(self, keys: Sequence[Key], now: float) -> float:
        """Seconds until the next code of ``keys`` may be looked at (0: now)."""
        with self._lock:
            waits = [self._counts[key].until - now for key, _ in keys if key in self._counts]
        return max([0.0, *waits])

    def wrong(self, keys: Sequence[Key], now: float) -> float:
        """Count a wrong code of ``keys`` at ``now``; the wait it brings (0: none yet)."""
        with self._lock:
            for key, allowance in keys:
                count = self._counts.get(key)
                if count is None or (now - count.last > allowance.forget and now >= count.until):
                    count = self._counts[key] = _Count()
                count.recent = [moment for moment in count.recent if moment > now - allowance.window] + [now]
                count.last = now
                if len(count.recent) >= allowance.free:
                    count.until = now + min(allowance.first_wait * 2**count.waits, allowance.longest_wait)
                    count.waits += 1
                    count.recent = []
            self._forget(now)
            waits = [self._counts[key].until - now for key, _ in keys if key in self._counts]
        return max([0.0, *waits])

    def _forget(self, now: float) -> None:
        """Keep at most :attr:`most_keys` keys: first those no longer waiting go, quiet longest first."""
        if len(self._counts) <= self.most_keys:
            return
        for key, _ in sorted(self._counts.items(), key=lambda item: (item[1].until > now, item[1].last)):
            if len(self._counts) <= self.most_keys:
                return
            del self._counts[key]


def in_words(seconds: float) -> tuple[str, int]:
    """A wait as a sentence says it: ``("seconds", n)`` up to 90 seconds, else ``("minutes", n)``; always
    rounded up, so the guesser never comes back too early."""
    if seconds <= 90:
        return "seconds", max(1, math.ceil(seconds))
    return "minutes", math.ceil(seconds / 60)


def address_key(address: str) -> str:
    """The key a client address guesses under: an IPv4 address itself, an IPv6 address's /64 network (one
    household or phone is given a whole /64, so each of its addresses is not another guesser)."""
    try:
        found = ipaddress.ip_address(address.strip())
    except ValueError:
        return f"address:{address.strip()}"
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return f"address:{found.ipv4_mapped}"
        return f"address:{ipaddress.ip_network(f'{found}/64', strict=False)}"
    return f"address:{found}"
