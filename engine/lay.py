"""Laying cards: a new meld or a lay-off applied to a state, and whether a duty from the pile can still be
paid (asked before a take is allowed, and after every lay while a two-card Rommi duty is owed).

The two belong together: the exact payability search tries lays, and a lay is refused when it would leave
an owed card impossible to lay. Quick bitmask answers (:mod:`engine.payable`) come first.

>>> from engine.round_state import RoundState
>>> from engine.moves import Move
>>> from engine.round_parts import Phase
>>> from engine.cards import parse_cards
>>> from engine.variants import get_variant
>>> state = RoundState(get_variant("dansk"), ("Anna", "Bertil"), (parse_cards("2H 3H 4H 9C"), ()), (), (), (), 0,
...                         Phase.PLAY)
>>> after = apply_meld(state, Move.parse("meld 2H 3H 4H"))
>>> [str(c) for c in after.hands[0]], len(after.table)
(['9C'], 1)
"""

from __future__ import annotations

from engine.cards import JOKER, Card
from engine.duty import Duty, duty_for
from engine.errors import RulesError
from engine.layoffs import layoff_options
from engine.melds import (
    HandSummary,
    check_meld,
    extended_shape,
    hand_melds,
    layoff_error,
)
from engine.moves import Layoff, Meld, Move, layoff
from engine.payable import card_payable, fast_payable, two_owed_payable, two_owed_quick
from engine.pile_take import after_take
from engine.round_parts import PHASE_OVER, TableMeld, remove_held
from engine.round_state import RoundState, StateT, first_turn_blocked
from engine.shown import played

# --- laying --------------------------------------------------------------------------------------


def apply_meld(state: StateT, move: Meld) -> StateT:
    """``meld C C C …``: a new meld on the table, laid by the player to move."""
    rest = remove_held(state.hands[state.to_move], move.cards)
    if first_turn_blocked(state, state.to_move):
        raise RulesError("first_turn_no_meld", "first_turn.no_meld")
    shape = check_meld(move.cards)
    duty = _duty_after(state, move.cards, is_meld=True)
    _check_keeps_card(state, rest)
    table = (*state.table, TableMeld.new(shape, state.to_move))
    melded = list(state.melded)
    melded[state.to_move] = True
    return _after_laying(state, rest, move.cards, table, duty, melded=tuple(melded))


def apply_layoff(state: StateT, move: Layoff) -> StateT:
    """``layoff C … on M``: cards added to meld M; each scores for the player who laid it."""
    if not 1 <= move.meld <= len(state.table):
        if state.table:
            raise RulesError("no_such_meld", "layoff.no_such_meld", meld=move.meld, melds=len(state.table))
        raise RulesError("no_such_meld", "layoff.table_empty", meld=move.meld)
    rest = remove_held(state.hands[state.to_move], move.cards)
    if first_turn_blocked(state, state.to_move):
        raise RulesError("first_turn_no_meld", "first_turn.no_layoff")
    if state.variant.layoff_needs_own_meld and not state.melded[state.to_move]:
        raise RulesError("layoff_before_own_meld", "layoff.own_meld_first")
    target = state.table[move.meld - 1]
    shape = extended_shape(target.shape, move.cards)
    if shape is None:
        raise layoff_error(target.shape, move.cards, move.meld)
    duty = _duty_after(state, move.cards, is_meld=False)
    _check_keeps_card(state, rest)
    layer_of = dict(zip(target.cards, target.layers, strict=False))
    table = list(state.table)
    layers = tuple(layer_of.get(c, state.to_move) for c in shape.cards)
    table[move.meld - 1] = TableMeld(shape, layers, target.owner, target.base)
    return _after_laying(state, rest, move.cards, tuple(table), duty)


def apply_lay(state: StateT, move: Meld | Layoff) -> StateT:
    """A meld or a lay-off by the player to move (see :func:`apply_meld`, :func:`apply_layoff`)."""
    return apply_meld(state, move) if isinstance(move, Meld) else apply_layoff(state, move)


def lay_is_legal(state: RoundState, move: Meld | Layoff) -> bool:
    """Whether the player to move may make the lay ``move`` now."""
    try:
        apply_lay(state, move)
    except RulesError:
        return False
    return True


def _after_laying(
    state: StateT,
    rest: list[Card],
    laid: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    duty: Duty | None,
    melded: tuple[bool, ...] | None = None,
) -> StateT:
    """The state after laying ``laid`` (a meld or a lay-off): going out when the hand is empty; refused when
    it leaves an owed duty impossible to pay. The cards taken this turn stay noted (``drawn``,
    ``from_pile``): with two decks a restriction covers every copy of a card taken, even once one is laid."""
    hands = list(state.hands)
    hands[state.to_move] = tuple(rest)
    out = not rest
    # every field given, not replace: the listing tries lays, and random play makes many
    new = type(state)(
        state.variant,
        state.players,
        tuple(hands),
        state.stock,
        state.pile,
        table,
        state.to_move,
        PHASE_OVER if out else state.phase,
        duty,
        state.drawn,
        state.from_pile,
        state.melded if melded is None else melded,
        state.penalties,
        state.totals,
        state.reshuffles,
        state.seed,
        state.round_number,
        "went_out" if out else state.ended_by,
        state.to_move if out else state.went_out,
        state.rommi_from,
        played(state.shown, state.to_move, laid),
        state.first_turn_over,
    )
    if duty is not None and rest and not duty_payable(new):
        raise RulesError("taken_card_not_used", "duty.keep_payable", owed=duty.owed)
    return new


def _check_keeps_card(state: RoundState, rest: list[Card]) -> None:
    """Refuse a lay that empties the hand where going out needs a final discard."""
    if not rest and state.variant.going_out_requires_discard:
        raise RulesError("must_keep_card_to_discard", "going_out.keep_card")


def _duty_after(state: RoundState, cards: tuple[Card, ...], is_meld: bool) -> Duty | None:
    """The duty left after laying ``cards``; refuses a lay that does not pay an owed duty."""
    duty = state.duty
    if duty is None:
        return None
    if not duty.pays(cards, is_meld):
        raise duty.refusal(state.variant)
    return duty.after(cards)


# --- the lays a hand allows ---------------------------------------------------------------------


def layoffs(
    state: RoundState, hand: tuple[Card, ...], duty: Duty | None, summary: HandSummary | None = None
) -> list[Move]:
    """Every lay-off from ``hand`` on every meld on the table (only those paying ``duty`` while one is owed).

    ``summary``, the hand's :class:`HandSummary` when the caller has one, saves summarising it again."""
    if not state.table or (state.flags.layoff_needs_own_meld and not state.melded[state.to_move]):
        return []
    if summary is None:
        summary = HandSummary(hand)
    moves: list[Move] = []
    rank_suits, suit_masks, jokers = summary.rank_suits, summary.suit_masks, summary.jokers
    for number, meld in enumerate(state.table, start=1):
        shape = meld.shape
        if not jokers and not (rank_suits[shape.rank] if shape.kind == "set" else suit_masks[shape.suit]) & shape.reach:
            continue  # no held card touches this meld (layoff_options would say so too, one call later)
        for cards in layoff_options(shape, hand, summary):
            if duty is None or duty.pays(cards, is_meld=False):
                moves.append(layoff(cards, number))
    return moves


def duty_lays(state: RoundState) -> list[Meld | Layoff]:
    """The melds and lay-offs of the player to move that pay (part of) the duty owed, untried."""
    hand = state.hands[state.to_move]
    duty = state.duty
    assert duty is not None
    summary = HandSummary(hand)
    lays: list[Meld | Layoff] = [m for m in hand_melds(hand, summary) if duty.pays(m.cards, is_meld=True)]
    if duty.layoff_pays:
        lays.extend(m for m in layoffs(state, hand, duty, summary) if isinstance(m, Layoff))
    return lays


# --- can the duty still be paid? ---------------------------------------------------------------


def duty_payable(state: RoundState) -> bool:
    """Whether the player to move can still pay their duty (True when none is owed)."""
    duty = state.duty
    if duty is None:
        return True
    if first_turn_blocked(state, state.to_move):
        return False  # nothing may be laid in the player's first turn
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


def duty_payable_exact(state: RoundState, summary: HandSummary | None = None) -> bool:
    """The exact answer: some sequence of legal lays pays the whole duty (``summary``: of the hand to move,
    when the caller has one)."""
    duty = state.duty
    if duty is not None and first_turn_blocked(state, state.to_move):
        return False  # nothing may be laid in the player's first turn
    if duty is not None and len(duty.owed) > 1 and not duty.any_of:
        if len(duty.owed) == 2 and JOKER not in duty.owed and not state.variant.going_out_requires_discard:
            player = state.to_move
            quick = two_owed_quick(
                state, player, duty.owed, duty.layoff_pays, summary or HandSummary(state.hands[player])
            )
            return two_owed_payable(state, duty_lays(state)) if quick is None else quick
        lays = duty_lays(state)
        # A lay is legal only if what it leaves owed can still be paid, so one legal lay is the answer.
        return any(lay_is_legal(state, move) for move in lays)
    for move in duty_lays(state):
        try:
            new = apply_lay(state, move)
        except RulesError:
            continue
        if new.duty is None or duty_payable_exact(new):
            return True
    return False


def duty_payable_fast(state: RoundState) -> bool | None:
    """A quick answer for a one-card duty; None when only the exact search can tell."""
    assert state.duty is not None
    if first_turn_blocked(state, state.to_move):
        return False  # nothing may be laid in the player's first turn
    return fast_payable(state, state.duty, state.hands[state.to_move], state.to_move)


def take_payable(state: RoundState, player: int, n: int, summary: HandSummary | None = None) -> bool:
    """Whether ``player`` could pay the duty of taking ``n`` cards (``summary``: their hand and those cards)."""
    variant = state.variant
    deepest = state.pile[-n]
    if n == 1 and not variant.duty_on_top_card:
        return True  # the top card alone is free
    if first_turn_blocked(state, player):
        return False  # nothing may be laid in the player's first turn, so no duty can be paid
    if (
        variant.duty == "deepest_card"
        and summary is not None
        and not variant.going_out_requires_discard
        and deepest is not JOKER
    ):
        return card_payable(state, deepest, summary, player, variant.duty_paid_by_layoff)
    taken = state.pile[-n:]
    if variant.duty == "new_meld_any_taken" and not variant.going_out_requires_discard and JOKER not in taken:
        # femhundra: a new meld holding any card taken, so some card taken melds with the hand and the rest
        held = summary or HandSummary((*state.hands[player], *taken))
        return any(held.melds_with(card) for card in dict.fromkeys(taken))
    duty = duty_for(variant, taken)
    if duty is None:
        return True
    fast = fast_payable(state, duty, state.hands[player] + taken, player, summary)
    return fast if fast is not None else duty_payable(after_take(state, player, n))
