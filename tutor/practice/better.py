"""The coach's words on a move just played: a clearly better move in the game's terms (the cards laid and left in
hand, the cards' points, what the others make of a discard) and the tactic of "Playing well" it follows, named as
the lesson names it; said by Practice after a move, at the end of a round and in the review of mistakes.

>>> from engine.cards import parse_cards
>>> from engine.moves import DRAW, discard
>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("femhundra"), ["Anna", "Bertil"],
...     hands=[parse_cards("QS QH QD 2C 9S"), parse_cards("3H 4D 7C 8S JD")],
...     stock=parse_cards("5C 6C 7D 8D 9D KH"), pile=parse_cards("4S")).apply(DRAW)
>>> better_move(state, discard(parse_cards("9S")[0]), 0)[1]
'Melding Q♠ Q♥ Q♦ would have scored 30 and saved you 30 in hand.'
"""

from __future__ import annotations

from engine.moves import Move
from engine.round import Round
from engine.variants import Variant
from tutor.course.tactics import Tactic, tactic_of
from tutor.i18n.style import Style
from tutor.practice.tactic_words import tactic_said
from tutor.seat.coach import judge
from tutor.seat.coach_discards import Reason


def better_move(before: Round, move: Move, seat: int, language: str | Style = "en") -> tuple[float, str | None]:
    """What ``move`` by ``seat`` in ``before`` cost (points below the coach's best move, as it weighs them), and
    the sentence on a clearly better move with the tactic it follows, or None when the move was fine."""
    verdict = judge(before, move, seat)
    if not verdict.worth_saying or verdict.reason is None:
        return verdict.cost, None
    return verdict.cost, said_with_tactic(verdict.reason, before.variant, language)


def said_with_tactic(reason: Reason, variant: Variant, language: str | Style = "en") -> str:
    """A review's sentence (``practice.review.<key>``), followed by the tactic it follows when it follows one."""
    tactic: Tactic | None = tactic_of(reason.key)
    named = tactic_said(variant, tactic, language) if tactic is not None else []
    return " ".join([reason.say("practice.review", language), *named])
