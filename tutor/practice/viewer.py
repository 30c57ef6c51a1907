"""Stepping through a saved or loaded practice game move by move, across its rounds."""

from __future__ import annotations

from engine.round import Round
from tutor.i18n.style import Style
from tutor.practice.game import Game
from tutor.practice.rounds import RoundPlay


class RecordViewer:
    """A finished or saved game to step through move by move: ``position`` is (round index, moves made
    in that round); :meth:`forward` and :meth:`back` cross from one round to the next.

    >>> from engine.variants import get_variant
    >>> from tutor.practice.seats import Seat
    >>> game = Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil")], seed=7)
    >>> from engine.moves import DRAW, discard
    >>> _ = game.play(DRAW); _ = game.play(discard(game.state.hands[0][0]))
    >>> viewer = RecordViewer(Game.from_yaml(game.to_yaml()))
    >>> viewer.forward(), viewer.forward(), viewer.forward(), viewer.position
    (True, True, False, (0, 2))
    >>> (viewer.line() or "").startswith("Anna discarded")
    True
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.round_index = 0
        self.index = 0

    @classmethod
    def from_yaml(cls, text: str, source: str = "<record>", language: str | Style = "en") -> RecordViewer:
        """A viewer of records (``RecordError`` for a bad one)."""
        game = Game.from_yaml(text, source, language=language)
        return cls(game)

    @property
    def position(self) -> tuple[int, int]:
        """(round index, number of moves made in it)."""
        return self.round_index, self.index

    @property
    def round(self) -> RoundPlay:
        """The round being viewed."""
        return self.game.rounds[self.round_index]

    @property
    def state(self) -> Round:
        """The position shown."""
        return self.round.states[self.index]

    def line(self, language: str | Style = "en") -> str | None:
        """The line of the last move made, in ``language``, or None at the start of a round."""
        return self.round.line(self.index - 1, language) if self.index else None

    @property
    def moves_in_round(self) -> int:
        """How many moves the viewed round holds."""
        return len(self.round.moves)

    def forward(self) -> bool:
        """One move on (into the next round after the last move); whether it moved."""
        if self.index < len(self.round.moves):
            self.index += 1
            return True
        if self.round_index + 1 < len(self.game.rounds):
            self.round_index += 1
            self.index = 0
            return True
        return False

    def back(self) -> bool:
        """One move back (to the end of the round before from a round's start); whether it moved."""
        if self.index > 0:
            self.index -= 1
            return True
        if self.round_index > 0:
            self.round_index -= 1
            self.index = len(self.round.moves)
            return True
        return False

    def go_to(self, round_index: int, index: int) -> None:
        """Jump to move ``index`` of round ``round_index`` (clamped to what exists)."""
        self.round_index = max(0, min(round_index, len(self.game.rounds) - 1))
        self.index = max(0, min(index, len(self.round.moves)))
