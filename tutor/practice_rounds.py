"""The rounds of a practice game as played: every state, the moves with a line each, the Rommi windows
the people let pass, and the seed each round is dealt with."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.moves import Move
from engine.state import GameState


@dataclass(frozen=True, slots=True)
class Step:
    """One move made: by whom, what, and a line for a learner."""

    seat: int
    move: Move
    text: str


@dataclass
class RoundPlay:
    """One round: its number and deal seed, every state (``states[0]`` as dealt, ``states[i + 1]`` after
    ``moves[i]``), the moves with their lines, and the Rommi windows the people let pass (by state index)."""

    number: int
    seed: int
    states: list[GameState]
    moves: list[tuple[int, Move]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    passed: dict[int, set[int]] = field(default_factory=dict)

    @property
    def state(self) -> GameState:
        """The position now."""
        return self.states[-1]


def deal_seed(seed: int, round_number: int) -> int:
    """The deal seed of round ``round_number`` of a game started with ``seed`` (round 1 is dealt with
    ``seed`` itself, so the seed a learner shares replays the first deal).

    >>> deal_seed(42, 1), deal_seed(42, 2)
    (42, 42000128)
    """
    return seed if round_number == 1 else seed * 1_000_003 + round_number
