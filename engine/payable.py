"""Quick answers to "can this owed card be laid at once?", from hand bitmasks alone (no move is tried).

:mod:`engine.lay` asks them first and falls back on its exact search only when they cannot tell.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import JOKER, Card
from engine.core import RoundState
from engine.duty import Duty
from engine.melds import HandSummary, check_meld, extended_shape
from engine.moves import Layoff, Meld
from engine.position import remove_held


def two_owed_payable(state: RoundState, lays: Sequence[Meld | Layoff]) -> bool:
    """Whether some lay of ``lays`` (the melds and lay-offs paying part of a two-card duty, neither card a
    joker, no final discard needed) leaves the other owed card layable at once: what applying each lay and
    asking :func:`engine.lay.duty_payable` would answer, worked out on the shapes alone, without building states."""
    duty = state.duty
    assert duty is not None
    player = state.to_move
    hand = state.hands[player]
    variant = state.variant
    owed = duty.owed
    for move in lays:  # first the quick answer: one lay holding both owed cards
        held = [c.in_hand for c in move.cards]
        if all(held.count(card) >= owed.count(card) for card in owed):
            return True
    shapes = [m.shape for m in state.table]
    for move in lays:
        cards: tuple[Card, ...] = move.cards
        left = duty.after(cards)
        if left is None:
            return True
        rest = remove_held(hand, cards)
        if not rest:
            return True
        summary = HandSummary(rest)
        if all(summary.melds_with(card) for card in left.owed):
            return True  # the cards left pay the rest by themselves
        melded = True if isinstance(move, Meld) else state.melded[player]
        if not left.layoff_pays or (variant.layoff_needs_own_meld and not melded):
            continue
        # The table after this lay: the new meld added, or the meld laid off on grown.
        if isinstance(move, Meld):
            table = [*shapes, check_meld(cards)]
        else:
            extended = extended_shape(shapes[move.meld - 1], cards)
            assert extended is not None
            table = list(shapes)
            table[move.meld - 1] = extended
        if all(summary.melds_with(card) or any(summary.extends(card, sh) for sh in table) for card in left.owed):
            return True
    return False


def card_payable(state: RoundState, card: Card, summary: HandSummary, player: int, layoff_pays: bool) -> bool:
    """Whether the natural ``card``, held with the cards of ``summary``, can be laid at once by ``player``:
    in a meld, or (where a lay-off pays and is allowed now) laid off on a meld on the table."""
    if summary.melds_with(card):
        return True
    if not layoff_pays or (state.variant.layoff_needs_own_meld and not state.melded[player]):
        return False
    rank, suit = card.rank, card.suit
    for meld in state.table:
        shape = meld.shape
        # only a set of its rank or a run of its suit can take it
        if (shape.rank == rank or (shape.suit == suit and shape.kind == "run")) and summary.extends(card, shape):
            return True
    return False


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
    if state.variant.going_out_requires_discard or JOKER in duty.owed:
        return None
    summary = summary or HandSummary(hand)
    return any(card_payable(state, c, summary, player, duty.layoff_pays) for c in duty.owed)
