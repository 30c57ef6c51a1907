"""The legal-move listing of a state: every move the player to move may make, and every Rommi call.

It reads the same checks :meth:`RoundState.apply` uses, so the listing and apply agree exactly (the
property tests hold them to it).
"""

from __future__ import annotations

from engine.core import RoundState
from engine.lay import lay_is_legal, layoffs, take_payable
from engine.melds import HandSummary, hand_melds
from engine.moves import DRAW, STOP, TAKE_ALL, Layoff, Meld, Move, discard, take
from engine.turn import discard_blocked


def draw_moves(state: RoundState) -> list[Move]:
    """The moves at the start of a turn: draw, the takes whose duty can be paid, stop."""
    moves: list[Move] = []
    if state.stock:
        moves.append(DRAW)
    elif state.variant.empty_stock == "stop":
        moves.append(STOP)
    size = len(state.pile)
    if not size:
        return moves
    rule = state.variant.pile_take
    if rule == "whole_pile":
        if state.variant.unusable_pile_penalty is not None or take_payable(state, state.to_move, size):
            moves.append(TAKE_ALL)
        return moves
    summary = HandSummary(state.hands[state.to_move])
    for n in range(1, (1 if rule == "top_only" else size) + 1):
        summary.add(state.pile[-n])  # the summary holds the hand and the top n cards
        if state.variant.unusable_pile_penalty is not None or take_payable(state, state.to_move, n, summary):
            moves.append(take(n))
    return moves


def play_moves(state: RoundState) -> list[Move]:
    """The moves after drawing: melds, lay-offs and discards (only the ones that pay a duty while one is owed)."""
    hand = state.hands[state.to_move]
    duty = state.duty
    moves: list[Move] = []
    for meld in hand_melds(hand):
        if duty is None or duty.pays(meld.cards, is_meld=True):
            moves.append(meld)
    if duty is None or duty.layoff_pays:
        moves.extend(layoffs(state, hand, duty))
    if state.variant.going_out_requires_discard:
        moves = [m for m in moves if isinstance(m, Meld | Layoff) and len(m.cards) < len(hand)]
    if duty is not None and len(duty.owed) > 1:  # paying one owed card must not strand another
        moves = [m for m in moves if isinstance(m, Meld | Layoff) and lay_is_legal(state, m)]
    if duty is None:
        if state.variant.discard_restriction == "none":
            moves.extend(discard(card) for card in dict.fromkeys(hand))
        else:
            moves.extend(discard(c) for c in dict.fromkeys(hand) if not discard_blocked(state, c, hand))
    return moves
