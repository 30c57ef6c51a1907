"""The "Rummy!" call of the house rule ``rummy_call``: right after a discard that does not end the round,
until the next player's first move, a player other than the discarder and the next player lays the card
just discarded (the pile's top card) off on a meld on the table, out of turn (``rummy M``).

It scores for the caller like any lay-off; nothing else changes: the caller does not discard, nobody loses a
turn, and the next player plays on with the pile's new top card. The first call closes the window. Our
rulings: only a lay-off may be called (not a new meld), only the card just discarded, and never a joker
(the call names a meld, not the card the joker would stand for). With two players nobody may call.

>>> from engine.cards import parse_cards
>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("500-rum", {"rummy_call": True}), ["A", "B", "C"],
...     [parse_cards("9H 2C 3S"), parse_cards("4D 5D"), parse_cards("KC KD")], parse_cards("2D 3D"), (),
...     table=[(1, parse_cards("6H 7H 8H"))])
>>> state = state.apply(Move.parse("draw")).apply(Move.parse("discard 9H"))
>>> calls(state)
[(2, Move.parse('rummy 1'))]
>>> after = state.apply(Move.parse("rummy 1"), 2)
>>> after.to_move, [str(c) for c in after.table[0].cards], after.pile
(1, ['6H', '7H', '8H', '9H'], ())
"""

from __future__ import annotations

from engine.cards import JOKER
from engine.errors import RulesError
from engine.melds import extended_shape
from engine.moves import Move, Rummy
from engine.round_parts import PHASE_DRAW, TableMeld
from engine.round_state import RoundState, StateT, first_turn_blocked, replace

__all__ = ["apply_rummy", "calls"]


def _window_open(state: RoundState) -> bool:
    """Whether a call is possible now: a card was just discarded and the next player has not moved."""
    return state.variant.rummy_call and state.rommi_from is not None and state.phase is PHASE_DRAW and bool(state.pile)


def _may_call(state: RoundState, player: int) -> bool:
    """Whether ``player`` is one who may call now (the window being open), whatever the card."""
    if player in (state.to_move, state.rommi_from) or first_turn_blocked(state, player):
        return False
    return not (state.variant.layoff_needs_own_meld and not state.melded[player])


def calls(state: RoundState, seat: int | None = None) -> list[tuple[int, Move]]:
    """Every legal call: (caller, ``rummy M``), callers nearest after the discarder first, melds in order;
    with ``seat``, that seat's only."""
    if not _window_open(state) or state.rommi_from is None or len(state.players) == 2:
        return []
    called = state.pile[-1]
    if called is JOKER:
        return []
    melds = [number for number, meld in enumerate(state.table, start=1) if called.index in meld.shape.touching]
    if not melds:
        return []
    n = len(state.players)
    seats = [(state.rommi_from + k) % n for k in range(1, n)]
    return [(p, Rummy(m)) for p in seats if (seat is None or p == seat) and _may_call(state, p) for m in melds]


def apply_rummy(state: StateT, move: Rummy, player: int) -> StateT:
    """The state after ``rummy M`` by ``player``, or a ``RulesError`` saying why it is not allowed."""
    variant = state.variant
    if not variant.rummy_call:
        raise RulesError("rummy_not_allowed", "rummy.not_in_variant", variant=variant.name)
    if len(state.players) == 2:
        raise RulesError("rummy_not_allowed", "rummy.two_players")
    if not _window_open(state):
        raise RulesError("rummy_not_allowed", "rummy.window_closed")
    if player == state.to_move:
        raise RulesError("rummy_not_allowed", "rummy.your_turn")
    if player == state.rommi_from:
        raise RulesError("rummy_not_allowed", "rummy.own_discard")
    if first_turn_blocked(state, player):
        raise RulesError("first_turn_no_meld", "first_turn.no_call")
    called = state.pile[-1]
    if called is JOKER:
        raise RulesError("rummy_not_allowed", "rummy.joker")
    if not 1 <= move.meld <= len(state.table):
        if not state.table:
            raise RulesError("rummy_not_allowed", "rummy.fits_nothing", card=called)
        raise RulesError("no_such_meld", "layoff.no_such_meld", meld=move.meld, melds=len(state.table))
    if variant.layoff_needs_own_meld and not state.melded[player]:
        raise RulesError("layoff_before_own_meld", "layoff.own_meld_first")
    target = state.table[move.meld - 1]
    if called.index not in target.shape.touching:
        if any(called.index in meld.shape.touching for meld in state.table):
            raise RulesError("layoff_does_not_fit", "rummy.not_this_meld", card=called, meld=move.meld)
        raise RulesError("rummy_not_allowed", "rummy.fits_nothing", card=called)
    shape = extended_shape(target.shape, (called,))
    assert shape is not None  # the card touches the meld
    layer_of = dict(zip(target.cards, target.layers, strict=False))
    layers = tuple(layer_of.get(c, player) for c in shape.cards)
    table = list(state.table)
    table[move.meld - 1] = TableMeld(shape, layers, target.owner, target.base)
    return replace(state, pile=state.pile[:-1], table=tuple(table), rommi_from=None)
