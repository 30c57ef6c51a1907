"""Can a duty from the pile still be paid? Asked before a take is allowed, and after every lay while a
two-card (Rommi) duty is owed. A quick bitmask answer covers one owed card; an exact search covers the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import JOKER, Card
from engine.duty import Duty, duty_for
from engine.melds import HandSummary, check_meld, extended_shape
from engine.moves import Layoff, Meld, Move
from engine.position import remove_held

if TYPE_CHECKING:
    from engine.state import GameState


def duty_payable(state: GameState) -> bool:
    """Whether the player to move can still pay their duty (True when none is owed)."""
    duty = state.duty
    if duty is None:
        return True
    if len(duty.owed) == 1 or duty.any_of:
        fast = duty_payable_fast(state)
        if fast is not None:
            return fast
    elif not state.variant.going_out_requires_discard and JOKER not in duty.owed:
        # Two owed cards (a Rommi call): each must at least be layable now. A card that fits a meld made
        # from the held cards also melds with those cards directly, so this never rules out a real way.
        summary = HandSummary(state.hands[state.to_move])
        if not all(card_payable(state, c, summary, state.to_move, duty.layoff_pays) for c in duty.owed):
            return False
    return duty_payable_exact(state)


def duty_payable_exact(state: GameState) -> bool:
    """The exact answer: some sequence of listed lays pays the whole duty."""
    from engine.listing import lay_candidates, play_moves

    duty = state.duty
    if duty is not None and len(duty.owed) > 1 and not duty.any_of:
        if len(duty.owed) == 2 and JOKER not in duty.owed and not state.variant.going_out_requires_discard:
            return two_owed_payable(state, lay_candidates(state))
        # A lay is legal only if what it leaves owed can still be paid, so one legal lay is the answer.
        return any(state.is_legal(move) for move in lay_candidates(state))
    for move in play_moves(state):
        new = state.apply(move)
        if new.duty is None or duty_payable_exact(new):
            return True
    return False


def two_owed_payable(state: GameState, lays: list[Move]) -> bool:
    """Whether some lay of ``lays`` (the melds and lay-offs paying part of a two-card duty, neither card a
    joker, no final discard needed) leaves the other owed card layable at once: what applying each lay and
    asking :func:`duty_payable` would answer, worked out on the shapes alone, without building states."""
    duty = state.duty
    assert duty is not None
    player = state.to_move
    hand = state.hands[player]
    variant = state.variant
    owed = duty.owed
    for move in lays:  # first the quick answer: one lay holding both owed cards
        held = [c.in_hand for c in move.cards]  # type: ignore[attr-defined]
        if all(held.count(card) >= owed.count(card) for card in owed):
            return True
    shapes = [m.shape for m in state.table]
    for move in lays:
        cards: tuple[Card, ...] = move.cards  # type: ignore[attr-defined]
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
            assert isinstance(move, Layoff)
            extended = extended_shape(shapes[move.meld - 1], cards)
            assert extended is not None
            table = list(shapes)
            table[move.meld - 1] = extended
        if all(summary.melds_with(card) or any(summary.extends(card, sh) for sh in table) for card in left.owed):
            return True
    return False


def duty_payable_fast(state: GameState) -> bool | None:
    """A quick answer for a one-card duty; None when only the exact search can tell."""
    assert state.duty is not None
    return fast_payable(state, state.duty, state.hands[state.to_move], state.to_move)


def card_payable(state: GameState, card: Card, summary: HandSummary, player: int, layoff_pays: bool) -> bool:
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


def fast_payable(
    state: GameState, duty: Duty, hand: tuple[Card, ...], player: int, summary: HandSummary | None = None
) -> bool | None:
    """Whether ``player`` holding ``hand`` could pay ``duty`` in one lay; None when it cannot be told quickly."""
    if state.variant.going_out_requires_discard or any(c is JOKER for c in duty.owed):
        return None
    summary = summary or HandSummary(hand)
    return any(card_payable(state, c, summary, player, duty.layoff_pays) for c in duty.owed)


def take_payable(state: GameState, player: int, n: int, summary: HandSummary | None = None) -> bool:
    """Whether ``player`` could pay the duty of taking ``n`` cards (``summary``: their hand and those cards)."""
    variant = state.variant
    deepest = state.pile[-n]
    if variant.duty == "deepest_card" and summary is not None and not variant.going_out_requires_discard:
        if n == 1 and not variant.duty_on_top_card:
            return True  # the top card alone is free
        if deepest is not JOKER:
            return card_payable(state, deepest, summary, player, variant.duty_paid_by_layoff)
    taken = state.pile[-n:]
    duty = duty_for(variant, taken)
    if duty is None:
        return True
    fast = fast_payable(state, duty, state.hands[player] + taken, player, summary)
    return fast if fast is not None else duty_payable(state._after_take(player, n))
