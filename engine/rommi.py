"""The Finnish call "Rommi!": right after a discard, before the next player draws, another player (not
the next one, not the discarder; never with two players) takes the top N cards of the pile when the
discarded card fits a meld, lays the called card and the deepest card at once, and plays on from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import JOKER, Card, card_text
from engine.duty import Duty
from engine.errors import RulesError
from engine.melds import HandSummary
from engine.moves import Move, Rommi
from engine.payable import card_payable, duty_payable, duty_payable_exact

if TYPE_CHECKING:
    from engine.state import GameState


def window_open(state: GameState) -> bool:
    """Whether a call is possible now: a card was just discarded and the next player has not drawn."""
    return state.rommi_from is not None and state.phase.value == "draw" and bool(state.pile)


def called_card_fits(state: GameState, player: int, called: Card, pile: tuple[Card, ...]) -> bool:
    """Whether ``called`` could be laid by ``player`` with their hand and all of ``pile``."""
    summary = HandSummary((*state.hands[player], *pile))
    return summary.melds_with(called) or any(summary.extends(called, m.shape) for m in state.table)


def after_call(state: GameState, player: int, n: int, check: bool) -> GameState | None:
    """The state after ``rommi n`` by ``player``; None (or, with ``check``, a RulesError) if illegal."""

    def refuse(code: str, message: str) -> None:
        if check:
            raise RulesError(code, message)

    if n < 1:
        refuse("take_not_allowed", "Call for at least one card: rommi 1 is the top card of the pile.")
        return None
    if n > len(state.pile):
        refuse("take_not_allowed", f"The discard pile holds only {len(state.pile)} cards.")
        return None
    new = state._after_take(player, n, called=True)
    called = state.pile[-1]
    assert new.duty is not None
    if not duty_payable(new._evolve(duty=Duty((called,), False, new.duty.layoff_pays))):
        if called is JOKER or called_card_fits(state, player, called, state.pile):  # it fits, deeper in the pile
            refuse(
                "taken_card_unusable",
                f"With {n} card{'s' if n > 1 else ''} from the pile you could not lay "
                f"the {card_text(called)} at once: take down to the cards it melds with.",
            )
        else:
            refuse("rommi_not_allowed", f"The {card_text(called)} fits no meld, so there is nothing to call Rommi on.")
        return None
    if not duty_payable(new):
        refuse("taken_card_unusable", f"You would have to lay the {card_text(state.pile[-n])} at once, and it fits none.")
        return None
    return new


def apply_call(state: GameState, move: Rommi, player: int) -> GameState:
    """Apply a call by ``player``, or raise ``RulesError`` saying why it is not allowed."""
    name = state.variant.name
    if not state.variant.rommi_call:
        raise RulesError("rommi_not_allowed", f"{name} has no Rommi call: only the Finnish rommi does.")
    if len(state.players) == 2:
        raise RulesError("rommi_not_allowed", "With two players nobody may call Rommi.")
    if not window_open(state):
        raise RulesError("rommi_not_allowed", "Call Rommi right after a discard, before the next player draws.")
    if player == state.to_move:
        raise RulesError("rommi_not_allowed", "It is your turn: take from the pile instead of calling Rommi.")
    if player == state.rommi_from:
        raise RulesError("rommi_not_allowed", "You cannot call Rommi on the card you discarded yourself.")
    new = after_call(state, player, move.count, check=True)
    assert new is not None
    return new


def calls(state: GameState) -> list[tuple[int, Move]]:
    """Every legal call: (caller, ``rommi N``)."""
    return [(player, move) for player, move, _ in calls_with_states(state)]


def calls_with_states(state: GameState, seat: int | None = None) -> list[tuple[int, Move, GameState]]:
    """Every legal call with the state after it: (caller, ``rommi N``, state); with ``seat``, that seat's only.

    The hand and the cards taken are summarised once per caller and grown one card at a time, so the quick
    questions (can the called card be laid; can the deepest) cost a few bit operations for each depth; only
    a depth that passes them is tried in full.
    """
    if not window_open(state):
        return []
    found: list[tuple[int, Move, GameState]] = []
    pile = state.pile
    called = pile[-1]
    variant = state.variant
    quick = called is not JOKER and not variant.going_out_requires_discard
    by_layoff = variant.duty_paid_by_layoff
    for player in range(len(state.players)) if seat is None else (seat,):
        if player in (state.to_move, state.rommi_from):
            continue
        if not quick:
            if called is not JOKER and not called_card_fits(state, player, called, pile):
                continue
            for n in range(1, len(pile) + 1):
                new = after_call(state, player, n, check=False)
                if new is not None:
                    found.append((player, Rommi(n), new))
            continue
        # Whether the called card can be laid only grows with the cards taken, so once it can, it can for
        # every deeper take; the quick answers below are the ones after_call would reach (see payable).
        hand = state.hands[player]
        if not card_payable(state, called, HandSummary((*hand, *pile)), player, by_layoff):
            continue  # not even with the whole pile
        summary = HandSummary(hand)
        called_fits = False
        for n in range(1, len(pile) + 1):
            deepest = pile[-n]
            summary.add(deepest)  # the hand and the top n cards
            if not called_fits:
                called_fits = card_payable(state, called, summary, player, by_layoff)
                if not called_fits:
                    continue
            if n == 1:
                found.append((player, Rommi(1), state._after_take(player, 1, called=True)))
                continue
            if deepest is not JOKER and not card_payable(state, deepest, summary, player, by_layoff):
                continue
            new = state._after_take(player, n, called=True)
            if duty_payable_exact(new):
                found.append((player, Rommi(n), new))
    return found
