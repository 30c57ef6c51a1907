"""The seeds a game derives from its own: each round's deal, and the Dutch reshuffle of the pile.

One formula each, used by the practice table, the simulations, the benchmarks and the engine itself.

>>> round_seed(42, 1), round_seed(42, 2)
(42, 42000128)
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")

_SPREAD = 1_000_003


def round_seed(seed: int, round_number: int) -> int:
    """The deal seed of round ``round_number`` (from 1) of a game or series started with ``seed``: the first
    round is dealt with ``seed`` itself."""
    return seed if round_number == 1 else seed * _SPREAD + round_number


def reshuffle_seed(seed: int, round_number: int, reshuffles: int) -> int:
    """The seed that shuffles the pile into a new stock for the ``reshuffles``-th time (from 0) in a round."""
    return seed * _SPREAD + round_number * 101 + reshuffles


def shuffle(items: list[T], seed: int) -> None:
    """Shuffle ``items`` in place as ``random.Random(seed).shuffle(items)`` does, with the same draws (so the
    same order): its loop written out, as every deal shuffles a deck and ``random.shuffle`` makes two Python
    calls a card (``_randbelow``), about 1 % of a random-play decision (``benchmarks/bench_engine.py``).

    >>> deck, same = list(range(54)), list(range(54))
    >>> shuffle(deck, 7); random.Random(7).shuffle(same); deck == same
    True
    """
    getrandbits = random.Random(seed).getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1  # j below n, drawn as random._randbelow_with_getrandbits draws it
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
