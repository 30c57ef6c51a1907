"""Quick answers to "can this owed card be laid at once?", from hand bitmasks alone (no move is tried).

:mod:`engine.lay` asks them first and falls back on its exact search only when they cannot tell.
"""

from __future__ import annotations

from engine.cards import JOKER, Card
from engine.core import RoundState
from engine.duty import Duty
from engine.melds import HandSummary


def card_payable(state: RoundState, card: Card, summary: HandSummary, player: int, layoff_pays: bool) -> bool:
    """Whether the natural ``card``, held with the cards of ``summary``, can be laid at once by ``player``:
    in a meld, or (where a lay-off pays and is allowed now) laid off on a meld on the table."""
    if summary.melds_with(card):
        return True
    if not layoff_pays or (state.variant.layoff_needs_own_meld and not state.melded[player]):
        return False
    return any(summary.extends(card, m.shape) for m in state.table)


def blocked_by_own_meld_rule(state: RoundState, card: Card, hand: tuple[Card, ...], player: int) -> bool:
    """Whether the natural ``card`` could be laid off from ``hand`` but for ``layoff_needs_own_meld`` (the
    reason a take or a call that owes it is refused, where it melds with nothing)."""
    if not state.variant.layoff_needs_own_meld or state.melded[player] or card is JOKER:
        return False
    summary = HandSummary(hand)
    return not summary.melds_with(card) and any(summary.extends(card, m.shape) for m in state.table)


def fast_payable(
    state: RoundState, duty: Duty, hand: tuple[Card, ...], player: int, summary: HandSummary | None = None
) -> bool | None:
    """Whether ``player`` holding ``hand`` could pay ``duty`` in one lay; None when it cannot be told quickly."""
    if state.variant.going_out_requires_discard or any(c is JOKER for c in duty.owed):
        return None
    summary = summary or HandSummary(hand)
    return any(card_payable(state, c, summary, player, duty.layoff_pays) for c in duty.owed)
