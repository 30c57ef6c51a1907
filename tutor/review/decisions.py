"""Costly decisions of a game as review cards: each decision the coach counts among a Practice round's or
guided hand's costliest (:func:`tutor.practice.round_end.costliest`) becomes a card whose position is the
round's record up to that decision; the review plays it again ("Try this decision again") on a seat game of
that one position, :class:`DecisionSeat`, and the coach answers the move made: a move the engine refuses is
said as it says it, a clearly better move is named in the coach's words (:func:`tutor.practice.better.better_move`),
and a move as good as the coach's is agreed with.

>>> from engine.moves import DRAW
>>> from engine.variants import get_variant
>>> from engine.round import Round
>>> dealt = Round.deal(get_variant("femhundra"), ["You", "Bertil"], seed=7)
>>> position = decision_position(dealt, 7, [(0, DRAW)], seat=0)
>>> state, seat = decision_state(position)
>>> state.phase.name, seat
('PLAY', 0)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import yaml

from engine.errors import NotationError, RulesError
from engine.moves import Move
from engine.records.game import build_state, record_from_data, round_data
from engine.records.lines import apply_lines
from engine.round import Round
from tutor.i18n.strings import refusal, t
from tutor.i18n.style import Style
from tutor.practice.better import better_move
from tutor.practice.game import Game
from tutor.practice.round_end import costliest
from tutor.review.cards import decision_key
from tutor.seat.game import Answer, Look, Play, WithoutHelp, turn_actions
from tutor.seat.picks import SelectionProblem


def decision_position(dealt: Round, seed: int, moves: Sequence[tuple[int, Move]], seat: int) -> str:
    """A decision's position as a card keeps it: the round's record up to it (its deal, seed and the moves
    before it) and the learner's seat, as JSON."""
    return json.dumps({"record": yaml.safe_dump(round_data(dealt, seed, moves), sort_keys=False), "seat": seat})


def decision_state(position: str) -> tuple[Round, int]:
    """The position a card keeps, played up to the decision, and the learner's seat."""
    data = json.loads(position)
    record = record_from_data(yaml.safe_load(data["record"]), "review card")
    return apply_lines(build_state(record, "review card"), record.moves), int(data["seat"])


def costly_cards(game: Game, costs: Mapping[int, float]) -> list[tuple[str, str]]:
    """The learner's costliest decisions of the game's round as cards: (key, position)."""
    if len(game.people) != 1:
        return []
    seat, current = game.people[0], game.current
    return [
        (
            decision_key(game.id, current.number, index),
            decision_position(current.states[0], current.seed, current.moves[:index], seat),
        )
        for index, _ in costliest(game, costs, seat)
    ]


class DecisionSeat(WithoutHelp):
    """One decision of a game to make again: its position, the learner's seat, and the answer to a move."""

    def __init__(self, state: Round, seat: int, key: str) -> None:
        self.state = state
        self.seat = seat
        self.key = key
        #: The answer to the last move (None: none made yet).
        self.answer: Answer | None = None
        #: Whether a legal move was made (the decision is answered, whatever the coach thought of it).
        self.decided = False
        #: Whether a move was refused or the coach named a clearly better one.
        self.wrong = False

    def look(self, language: str | Style) -> Look:
        """The position, live until a legal move is made; a decision not yet tried opens at the page's top (the
        review's next card is opened from the foot of the one before)."""
        rommi = self.state.variant.rommi_call and len(self.state.players) > 2
        message = None if self.answer is None else (self.answer.kind, self.answer.message)
        return Look(
            seen=self.state.view(self.seat),
            actions=() if self.decided else tuple(turn_actions(self.state, rommi)),
            message=message,
            key=f"{self.key}:{self.decided}:{self.answer is not None}",
            top=self.answer is None,
        )

    def play(self, play: Play, language: str | Style) -> Answer:
        """The learner's move: refused by the engine, or answered by the coach."""
        if self.decided:
            return Answer("info", "")
        try:
            move = play.move(self.state)
        except SelectionProblem as problem:
            return self._said(Answer("info", t(problem.key, language)))
        except NotationError as error:  # a joker declared as no card: said as the engine says it
            return self._said(Answer("info", refusal(error, language)))
        return self.answer_move(move, language)

    def answer_move(self, move: Move, language: str | Style) -> Answer:
        """The answer to ``move``: the engine's refusal, the coach's better move, or the coach agreeing."""
        if self.decided:
            return Answer("info", "")
        try:
            self.state.apply(move, self.seat)
        except RulesError as error:
            self.wrong = True
            return self._said(Answer("error", refusal(error, language)))
        self.decided = True
        better = better_move(self.state, move, self.seat, language)[1]
        if better:
            self.wrong = True
            return self._said(Answer("warning", better))
        return self._said(Answer("success", t("review.coach_agrees", language)))

    def _said(self, answer: Answer) -> Answer:
        self.answer = answer
        return answer
