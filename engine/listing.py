"""The legal-move listing of a state: every move the player to move may make, and every Rommi call.

It reads the same checks :meth:`GameState.apply` uses, so the listing and apply agree exactly (the
property tests hold them to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card
from engine.errors import RulesError
from engine.melds import HandSummary, hand_index, hand_melds, layoff_options
from engine.moves import DRAW, STOP, TAKE_ALL, Layoff, Move, discard, take
from engine.payable import take_payable
from engine.turn import discard_blocked

if TYPE_CHECKING:
    from engine.duty import Duty
    from engine.state import GameState


def draw_moves(state: GameState) -> list[Move]:
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


def play_moves(state: GameState) -> list[Move]:
    """The moves after drawing: melds, lay-offs and discards (only the ones that pay a duty while one is owed)."""
    return [move for move, _ in play_moves_with_states(state)]


def play_moves_with_states(state: GameState) -> list[tuple[Move, GameState | None]]:
    """:func:`play_moves`, each with the state after it where finding the move legal already made that state
    (while two cards are owed, every lay is tried, so that paying one does not strand the other); else None."""
    hand = state.hands[state.to_move]
    duty = state.duty
    moves = lay_candidates(state)
    if duty is not None and len(duty.owed) > 1 and not duty.any_of:
        # Paying one owed card must not strand another (with femhundra's any-of duty one meld pays it all).
        tried: list[tuple[Move, GameState | None]] = []
        for move in moves:
            try:
                tried.append((move, state.apply(move)))
            except RulesError:
                continue
        return tried
    found: list[tuple[Move, GameState | None]] = [(m, None) for m in moves]
    if duty is None:
        if state.variant.discard_restriction == "none":
            found.extend((discard(card), None) for card in dict.fromkeys(hand))
        else:
            found.extend((discard(c), None) for c in dict.fromkeys(hand) if not discard_blocked(state, c, hand))
    return found


def lay_candidates(state: GameState) -> list[Move]:
    """The melds and lay-offs of the player to move that pay the duty owed (all of them when none is), and
    keep a card to discard where the variant needs one; not yet checked against stranding a second owed card."""
    hand = state.hands[state.to_move]
    duty = state.duty
    moves: list[Move] = []
    for meld in hand_melds(hand):
        if duty is None or duty.pays(meld.cards, is_meld=True):
            moves.append(meld)
    if duty is None or duty.layoff_pays:
        moves.extend(layoffs(state, hand, duty))
    if state.variant.going_out_requires_discard:
        moves = [m for m in moves if len(m.cards) < len(hand)]  # type: ignore[attr-defined]
    return moves


def layoffs(state: GameState, hand: tuple[Card, ...], duty: Duty | None) -> list[Move]:
    """Every lay-off from ``hand`` on every meld on the table (only those paying ``duty`` while one is owed)."""
    if state.variant.layoff_needs_own_meld and not state.melded[state.to_move]:
        return []
    moves: list[Move] = []
    index = hand_index(hand)
    held, jokers = index
    for number, meld in enumerate(state.table, start=1):
        if not jokers and held.isdisjoint(meld.shape.touching):
            continue  # no card of the hand touches this meld
        for cards in layoff_options(meld.shape, hand, index):
            if duty is None or duty.pays(cards, is_meld=False):
                moves.append(Layoff(cards, number))
    return moves
