"""The log of a practice game: one line a learner reads for each move made, by a person or a computer
player (the sentences are in ``tutor/locales``, under ``practice.log``)."""

from __future__ import annotations

from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Rummy, Stop, Take
from engine.pile_take import lifted
from engine.round import Round
from engine.scoring import lay_points
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.i18n.translate import YOU


def describe(before: Round, seat: int, move: Move, after: Round, language: str | Style = "en") -> str:
    """One line for a move: ``Bertil took 3 cards from the pile: 9♥ 2♣ 5♦.`` Cards drawn from the stock
    stay hidden; everything else on the table is seen by all."""
    name = before.players[seat]
    if isinstance(move, Draw):
        text = t("practice.log.draw", language, name=name)
    elif isinstance(move, Rommi | Take):
        lifted_cards = lifted(before.pile, move)
        n = len(lifted_cards)
        taken = tuple(lifted_cards)
        if isinstance(move, Rommi):
            key = "practice.log.rommi"
        elif before.variant.pile_take == "whole_pile" and n == 1:  # the whole pile, though one card: never "the top card"
            key = "practice.log.take_whole_one"
        elif n == len(before.pile) and n > 1:
            key = "practice.log.take_all"
        else:
            key = "practice.log.take_one" if n == 1 else "practice.log.take"
        text = t(key, language, name=name, count=n, cards=taken)
        if isinstance(move, Rommi):
            text += " " + _lost_turns(before, seat, language)
    elif isinstance(move, Meld):
        points = lay_points(before, move, seat)
        text = t("practice.log.meld", language, name=name, cards=tuple(move.cards), points=points)
    elif isinstance(move, Layoff):
        points = lay_points(before, move, seat)
        text = t(
            "practice.log.layoff", language, name=name, cards=tuple(move.cards), meld=move.meld, points=points
        )
    elif isinstance(move, Rummy):
        points = after.laid_points()[seat] - before.laid_points()[seat]
        text = t("practice.log.rummy", language, name=name, card=before.pile[-1], meld=move.meld, points=points)
    elif isinstance(move, Discard):
        text = t("practice.log.discard", language, name=name, card=move.card)
    elif isinstance(move, Stop):
        text = t("practice.log.stop", language, name=name)
    else:
        raise ValueError(f"no words for the move {move}")
    penalty = after.penalties[seat] - before.penalties[seat]
    if penalty:
        text += " " + t("practice.log.penalty", language, penalty=penalty)
    if after.round_over and not before.round_over:
        if after.ended_by == "went_out":
            text += " " + t("practice.log.went_out", language, name=after.players[after.went_out or 0])
        else:
            text += " " + t("practice.log.round_ends", language)
    return text


def _lost_turns(before: Round, caller: int, language: str | Style) -> str:
    """Who lost a turn to a Rommi! call: the players from the one whose turn it was up to the caller."""
    skipped = []
    seat = before.to_move
    while seat != caller:
        skipped.append(before.players[seat])
        seat = (seat + 1) % len(before.players)
    names: object = YOU if skipped == [YOU] else tuple(skipped)  # a list is counted for the plural
    return t("practice.log.lost_turn", language, names=names)
