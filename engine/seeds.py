"""The seeds a game derives from its own: each round's deal, and the Dutch reshuffle of the pile.

One formula each, used by the practice table, the simulations, the benchmarks and the engine itself.

>>> round_seed(42, 1), round_seed(42, 2)
(42, 42000128)
"""

from __future__ import annotations

_SPREAD = 1_000_003


def round_seed(seed: int, round_number: int) -> int:
    """The deal seed of round ``round_number`` (from 1) of a game or series started with ``seed``: the first
    round is dealt with ``seed`` itself."""
    return seed if round_number == 1 else seed * _SPREAD + round_number


def reshuffle_seed(seed: int, round_number: int, reshuffles: int) -> int:
    """The seed that shuffles the pile into a new stock for the ``reshuffles``-th time (from 0) in a round."""
    return seed * _SPREAD + round_number * 101 + reshuffles
