"""A turn's moves applied to a state: draw, take, stop, meld, lay off and discard, then the start of the
next turn (where an empty stock has its effect: the round ends, or the pile becomes the stock).

Each function takes the state before the move and returns the state after it, or raises ``RulesError``
with the rule code of ``docs/record.md`` and a sentence for a learner; :meth:`Round.apply` dispatches here
(the Rommi call is :mod:`engine.rommi`). The listing (:mod:`engine.listing`) reads the same checks.

>>> from engine.variants import get_variant
>>> from engine.round import Round
>>> state = Round.deal(get_variant("rommi"), ["Anna", "Bertil"], seed=1)
>>> state = apply_draw(state)
>>> drawn = state.drawn[0]
>>> discard_blocked(state, drawn, state.hands[0])  # rommi: not the card drawn this turn
True
"""

from __future__ import annotations

from bisect import insort

from engine.cards import Card
from engine.duty import unusable_refusal
from engine.errors import RulesError
from engine.lay import duty_payable
from engine.moves import Discard, Take
from engine.payable import blocked_by_own_meld_rule
from engine.pile_take import after_take, take_count
from engine.round_parts import BY_INDEX, PHASE_DRAW, PHASE_OVER, PHASE_PLAY, remove_held
from engine.round_state import RoundState, StateT, first_turn_blocked, replace
from engine.seeds import reshuffle_seed, shuffle
from engine.shown import played


def apply_draw(state: StateT) -> StateT:
    """``draw``: the top card of the stock into the hand of the player to move."""
    if state.phase is not PHASE_DRAW:
        raise RulesError("wrong_phase", "turn.already_drew")
    if not state.stock:
        raise RulesError("stock_empty", "stock.empty_may_stop" if state.variant.empty_stock == "stop" else "stock.empty")
    card = state.stock[0]
    hands = list(state.hands)
    hand = list(state.hands[state.to_move])
    insort(hand, card, key=BY_INDEX)  # the hand stays in card-index order, as sorted_cards keeps it
    hands[state.to_move] = tuple(hand)
    # every field given, not replace: this is one of the two moves nearly every turn makes
    return type(state)(
        state.variant,
        state.players,
        tuple(hands),
        state.stock[1:],
        state.pile,
        state.table,
        state.to_move,
        PHASE_PLAY,
        state.duty,
        (card,),
        (),
        state.melded,
        state.penalties,
        state.totals,
        state.reshuffles,
        state.seed,
        state.round_number,
        state.ended_by,
        state.went_out,
        None,
        state.shown,
        state.first_turn_over,
    )


def _take_count(state: RoundState, move: Take) -> int:
    """How many cards ``move`` takes, or the reason the variant forbids it."""
    size = len(state.pile)
    if not size:
        raise RulesError("take_not_allowed", "take.pile_empty")
    n = take_count(state.pile, move)
    if n < 1:
        raise RulesError("take_not_allowed", "take.at_least_one")
    if n > size:
        raise RulesError("take_not_allowed", "take.too_many", size=size)
    rule = state.variant.pile_take
    if rule == "whole_pile" and n != size:
        reason = "take.whole_pile_not_top" if n == 1 else "take.whole_pile_not_part"
        raise RulesError("take_not_allowed", reason, variant=state.variant.name)
    if rule == "top_only" and n != 1:
        raise RulesError("take_not_allowed", "take.top_only")
    return n


def apply_take(state: StateT, move: Take, checked: bool = True) -> StateT:
    """``take N`` / ``take all``: refused (or, with the house rule, penalised) when its duty cannot be paid.

    Without ``checked`` (a take the listing found payable, in a variant without the penalty) nothing is
    checked again."""
    if not checked:
        return after_take(state, state.to_move, len(state.pile) if move.count is None else move.count)
    if state.phase is not PHASE_DRAW:
        raise RulesError("wrong_phase", "turn.already_drew")
    n = _take_count(state, move)
    new = after_take(state, state.to_move, n)
    if new.duty is not None and (first_turn_blocked(state, state.to_move) or not duty_payable(new)):
        penalty = state.variant.unusable_pile_penalty
        if penalty is None:
            raise unusable_take(new, state.pile[-n])
        penalties = list(state.penalties)
        penalties[state.to_move] += penalty
        new = replace(new, duty=None, penalties=tuple(penalties))
    return new


def unusable_take(after: RoundState, deepest: Card) -> RulesError:
    """The refusal of a take whose duty cannot be paid (``after``: the state right after it): the house
    rule that forbids a lay-off is named when it is the reason."""
    hand = after.hands[after.to_move]
    if first_turn_blocked(after, after.to_move):
        return RulesError("taken_card_unusable", "take.unusable_first_turn", card=deepest)
    if after.variant.duty == "deepest_card" and blocked_by_own_meld_rule(after, deepest, hand, after.to_move):
        return RulesError("taken_card_unusable", "take.unusable_own_meld_first", card=deepest)
    return unusable_refusal(after.variant, deepest)


def apply_stop(state: StateT) -> StateT:
    """``stop``: with an empty stock, decline the pile and end the round (where the variant says so)."""
    if state.duty is not None:
        raise state.duty.refusal(state.variant)
    if state.phase is not PHASE_DRAW:
        raise RulesError("wrong_phase", "stop.not_now")
    if state.stock:
        raise RulesError("wrong_phase", "stop.stock_left")
    if state.variant.empty_stock != "stop":
        raise RulesError("wrong_phase", "stop.round_ends_itself", variant=state.variant.name)
    return replace(state, phase=PHASE_OVER, ended_by="stock_out", rommi_from=None)


def apply_discard(state: StateT, move: Discard) -> StateT:
    """``discard C``: ends the turn (or the round, with the last card); the next player's turn starts."""
    hand = state.hands[state.to_move]
    if move.card.declared:
        raise RulesError("card_not_held", "discard.declared_joker", card=move.card.natural_card)
    rest = remove_held(hand, (move.card,))
    if state.duty is not None:
        raise state.duty.refusal(state.variant)
    if discard_blocked(state, move.card, hand):
        raise discard_refusal(state, move.card)
    hands = list(state.hands)
    hands[state.to_move] = tuple(rest)
    pile = (*state.pile, move.card)
    shown = played(state.shown, state.to_move, (move.card,))
    if not rest:
        return replace(
            state,
            hands=tuple(hands),
            pile=pile,
            drawn=(),
            from_pile=(),
            phase=PHASE_OVER,
            ended_by="went_out",
            went_out=state.to_move,
            shown=shown,
        )
    return start_turn(
        state,
        (state.to_move + 1) % len(state.players),
        rommi_from=state.to_move,
        hands=tuple(hands),
        pile=pile,
        shown=shown,
        ended=state.to_move,
    )


def discard_refusal(state: RoundState, card: Card) -> RulesError:
    """Why ``card`` may not be discarded now (the discard restriction covers it)."""
    variant = state.variant.name
    if state.hands[state.to_move].count(card) > 1:
        return RulesError("cannot_discard_drawn_card", "discard.copy_taken", variant=variant, card=card)
    reason = "discard.taken_from_pile" if card in state.from_pile else "discard.drawn_from_stock"
    return RulesError("cannot_discard_drawn_card", reason, variant=variant, card=card)


def blocked_discards(state: RoundState, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` that the variant's discard restriction forbids discarding now (none when it
    lifts): :func:`discard_blocked` asked of the whole hand at once."""
    flags = state.flags
    rule = flags.discard_restriction
    if rule == "none":
        return ()
    recent = state.drawn if rule == "drawn_this_turn" else state.from_pile
    if not recent:
        return ()
    # it lifts when every card in hand is one it covers (the first and last asked first: they seldom both are)
    if (
        flags.discard_restriction_exception
        and (not hand or (hand[0] in recent and hand[-1] in recent))
        and all(c in recent for c in hand)
    ):
        return ()
    return recent


def discard_blocked(state: RoundState, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether the variant's discard restriction forbids discarding ``card`` from ``hand`` now.

    With two decks the copies of a card are alike, so the restriction covers every copy of a card taken
    this turn; it lifts when every card in hand is one it covers, so the turn can always end (the Dutch
    "unless it is the only card in hand" is the one-card case of this).
    """
    return card in blocked_discards(state, hand)


def start_turn(
    state: StateT,
    player: int,
    rommi_from: int | None,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    pile: tuple[Card, ...] | None = None,
    shown: tuple[tuple[Card, ...], ...] | None = None,
    ended: int | None = None,
) -> StateT:
    """The state at the start of ``player``'s turn, after an empty stock has had its effect. ``hands``,
    ``pile`` and ``shown``, when given, are the ones the last move left (a discard), made part of the same
    new state; ``ended``, the seat whose turn that discard ended (its first turn is then over)."""
    first_turn_over = state.first_turn_over
    if ended is not None and not first_turn_over[ended]:
        first_turn_over = tuple(seat == ended or over for seat, over in enumerate(first_turn_over))
    hands = state.hands if hands is None else hands
    pile = state.pile if pile is None else pile
    stock = state.stock
    reshuffles = state.reshuffles
    over = None
    if not stock:
        rule = state.flags.empty_stock
        if rule == "round_over":
            over = "stock_out"
        elif rule == "reshuffle":
            if reshuffles >= state.variant.reshuffle_limit:
                over = "reshuffle_limit"
            elif len(pile) < 2:
                over = "stock_out"
            else:
                cards = list(pile[:-1])
                shuffle(cards, reshuffle_seed(state.seed, state.round_number, reshuffles))
                stock, pile, reshuffles = tuple(cards), pile[-1:], reshuffles + 1
    open_call = rommi_from if (over is None and state.flags.calls and len(state.players) > 2) else None
    # every field given, not replace: every turn starts here
    return type(state)(
        state.variant,
        state.players,
        hands,
        stock,
        pile,
        state.table,
        player,
        PHASE_DRAW if over is None else PHASE_OVER,
        None,
        (),
        (),
        state.melded,
        state.penalties,
        state.totals,
        reshuffles,
        state.seed,
        state.round_number,
        state.ended_by if over is None else over,
        state.went_out,
        open_call,
        state.shown if shown is None else shown,
        first_turn_over,
    )
