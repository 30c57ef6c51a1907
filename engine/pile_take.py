"""What a take from the discard pile lifts, and the state right after it (the duty owed, not yet checked).

One home for "which cards does ``take N`` / ``take all`` / ``rommi N`` lift": the turn, the Rommi call,
the computer players, the coach, the practice log and the scenarios all ask here.

>>> from engine.cards import parse_cards
>>> from engine.moves import Move
>>> pile = parse_cards("3C 9H 5C 2D")
>>> [str(c) for c in lifted(pile, Move.parse("take 2"))], len(lifted(pile, Move.parse("take all")))
(['5C', '2D'], 4)
"""

from __future__ import annotations

from engine.cards import Card
from engine.duty import duty_for
from engine.moves import Rommi, Take
from engine.round_parts import PHASE_PLAY, sorted_cards
from engine.round_state import StateT
from engine.shown import took


def take_count(pile: tuple[Card, ...], move: Take | Rommi) -> int:
    """How many cards ``move`` lifts from ``pile``: its count, or the whole pile for ``take all``."""
    return len(pile) if move.count is None else move.count


def lifted(pile: tuple[Card, ...], move: Take | Rommi) -> tuple[Card, ...]:
    """The cards ``move`` lifts from ``pile`` (bottom first), deepest first: the top ``N`` of them."""
    n = take_count(pile, move)
    return pile[-n:] if n else ()


def after_take(state: StateT, player: int, n: int, called: bool = False) -> StateT:
    """The state after ``player`` takes the top ``n`` cards of the pile (with ``called``: by a Rommi call,
    which owes the called card too), the duty owed and unchecked: a take, a call and the payability
    checks all start from it."""
    taken = state.pile[-n:]
    hands = list(state.hands)
    hands[player] = sorted_cards((*state.hands[player], *taken))
    duty = duty_for(state.variant, taken, state.pile[-1] if called else None)
    ordered = sorted_cards(taken)
    # every field given, not replace: a take is one of the moves most turns start with
    return type(state)(
        state.variant,
        state.players,
        tuple(hands),
        state.stock,
        state.pile[:-n],
        state.table,
        player,
        PHASE_PLAY,
        duty,
        ordered,
        ordered,
        state.melded,
        state.penalties,
        state.totals,
        state.reshuffles,
        state.seed,
        state.round_number,
        state.ended_by,
        state.went_out,
        None,
        took(state.shown, player, taken),
        state.first_turn_over,
    )
