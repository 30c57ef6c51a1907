"""The rounds of a practice game as played: every state, the moves with a line each, the Rommi windows
the people let pass, and the seed each round is dealt with."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.moves import Move
from engine.round import Round
from tutor.i18n.style import Style


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
    states: list[Round]
    moves: list[tuple[int, Move]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    passed: dict[int, set[int]] = field(default_factory=dict)

    @property
    def state(self) -> Round:
        """The position now."""
        return self.states[-1]

    def line(self, index: int, language: str | Style = "en") -> str:
        """The line of move ``index`` in ``language`` and the card letters in use now (a step's ``text`` was
        written when the move was made)."""
        from tutor.practice.log import describe

        step = self.steps[index]
        return describe(self.states[index], step.seat, step.move, self.states[index + 1], language)


