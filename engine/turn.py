"""A turn's moves applied to a state: draw, take, stop, meld, lay off and discard, then the start of the
next turn (where an empty stock has its effect: the round ends, or the pile becomes the stock).

Each function takes the state before the move and returns the state after it, or raises ``RulesError``
with the rule code of ``RECORD.md`` and a sentence for a learner; :meth:`GameState.apply` dispatches here
(the Rommi call is :mod:`engine.rommi`). The listing (:mod:`engine.listing`) reads the same checks.

>>> from engine.variants import get_variant
>>> from engine.state import GameState
>>> state = GameState.deal(get_variant("rommi"), ["Anna", "Bertil"], seed=1)
>>> state = apply_draw(state)
>>> drawn = state.drawn[0]
>>> discard_blocked(state, drawn, state.hands[0])  # rommi: not the card drawn this turn
True
"""

from __future__ import annotations

import random
from bisect import insort
from typing import TYPE_CHECKING

from engine import payable
from engine.cards import Card, card_text, cards_words
from engine.duty import Duty, unusable_message
from engine.errors import RulesError
from engine.melds import check_meld, extended_shape, layoff_error
from engine.moves import Discard, Layoff, Meld, Take
from engine.position import Phase, TableMeld, remove_held, without

if TYPE_CHECKING:
    from engine.state import GameState


def apply_draw(state: GameState) -> GameState:
    """``draw``: the top card of the stock into the hand of the player to move."""
    if state.phase is not Phase.DRAW:
        raise RulesError("wrong_phase", "You have already drawn this turn: now meld, lay off or discard.")
    if not state.stock:
        raise RulesError("stock_empty", _empty_stock_hint(state))
    card = state.stock[0]
    hands = list(state.hands)
    hand = list(state.hands[state.to_move])
    insort(hand, card, key=_index)  # the hand stays in card-index order, as sorted_cards keeps it
    hands[state.to_move] = tuple(hand)
    return state._evolve(
        hands=tuple(hands),
        stock=state.stock[1:],
        phase=Phase.PLAY,
        drawn=(card,),
        from_pile=(),
        rommi_from=None,
    )


def _index(card: Card) -> int:
    return card.index


def _empty_stock_hint(state: GameState) -> str:
    """What to do instead of drawing from an empty stock."""
    if state.variant.empty_stock == "stop":
        return "The stock is empty: take from the discard pile, or stop to end the round."
    return "The stock is empty, so there is no card to draw."


def _take_count(state: GameState, move: Take) -> int:
    """How many cards ``move`` takes, or the reason the variant forbids it."""
    size = len(state.pile)
    if not size:
        raise RulesError("take_not_allowed", "The discard pile is empty: draw from the stock.")
    n = size if move.count is None else move.count
    if n < 1:
        raise RulesError("take_not_allowed", "Take at least one card: take 1 is the top card of the pile.")
    if n > size:
        raise RulesError("take_not_allowed", f"The discard pile holds only {size} card{'s' if size > 1 else ''}.")
    rule, name = state.variant.pile_take, state.variant.name
    if rule == "whole_pile" and n != size:
        raise RulesError(
            "take_not_allowed",
            f"In {name} you take the whole pile, never just the top card."
            if n == 1
            else f"In {name} you take the whole pile, never only part of it.",
        )
    if rule == "top_only" and n != 1:
        raise RulesError("take_not_allowed", "With these rules you may take only the top card of the pile.")
    return n


def apply_take(state: GameState, move: Take, checked: bool = True) -> GameState:
    """``take N`` / ``take all``: refused (or, with the house rule, penalised) when its duty cannot be paid.

    Without ``checked`` (a take the listing found payable, in a variant without the penalty) nothing is
    checked again."""
    if not checked:
        return state._after_take(state.to_move, len(state.pile) if move.count is None else move.count)
    if state.phase is not Phase.DRAW:
        raise RulesError("wrong_phase", "You have already drawn this turn: now meld, lay off or discard.")
    n = _take_count(state, move)
    new = state._after_take(state.to_move, n)
    if new.duty is not None and not payable.duty_payable(new):
        penalty = state.variant.unusable_pile_penalty
        if penalty is None:
            raise RulesError("taken_card_unusable", unusable_message(state.variant, state.pile[-n]))
        penalties = list(state.penalties)
        penalties[state.to_move] += penalty
        new = new._evolve(duty=None, penalties=tuple(penalties))
    return new


def apply_stop(state: GameState) -> GameState:
    """``stop``: with an empty stock, decline the pile and end the round (where the variant says so)."""
    if state.duty is not None:
        raise RulesError("taken_card_not_used", state.duty.message(state.variant))
    if state.phase is not Phase.DRAW:
        raise RulesError("wrong_phase", "You can stop only at the start of your turn, when the stock is empty.")
    if state.stock:
        raise RulesError("wrong_phase", "There are cards in the stock: draw one, or take from the pile.")
    if state.variant.empty_stock != "stop":
        raise RulesError("wrong_phase", f"In {state.variant.name} an empty stock ends the round by itself.")
    return state._evolve(phase=Phase.OVER, ended_by="stock_out", rommi_from=None)


def apply_meld(state: GameState, move: Meld) -> GameState:
    """``meld C C C …``: a new meld on the table, laid by the player to move."""
    rest = remove_held(state.hands[state.to_move], move.cards)
    shape = check_meld(move.cards)
    duty = _duty_after(state, move.cards, is_meld=True)
    _check_keeps_card(state, rest)
    table = (*state.table, TableMeld.new(shape, state.to_move))
    melded = list(state.melded)
    melded[state.to_move] = True
    return _after_laying(state, rest, move.cards, table, duty, melded=tuple(melded))


def apply_layoff(state: GameState, move: Layoff) -> GameState:
    """``layoff C … on M``: cards added to meld M; each scores for the player who laid it."""
    if not 1 <= move.meld <= len(state.table):
        raise RulesError(
            "no_such_meld",
            f"There is no meld {move.meld} on the table"
            + (f": they are numbered 1 to {len(state.table)}." if state.table else ", which is empty."),
        )
    rest = remove_held(state.hands[state.to_move], move.cards)
    if state.variant.layoff_needs_own_meld and not state.melded[state.to_move]:
        raise RulesError("layoff_before_own_meld", "With these rules you lay off only after your own first meld.")
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


def _after_laying(
    state: GameState,
    rest: list[Card],
    laid: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    duty: Duty | None,
    melded: tuple[bool, ...] | None = None,
) -> GameState:
    """The state after laying ``laid`` (a meld or a lay-off): going out when the hand is empty; refused when
    it leaves an owed duty impossible to pay."""
    hands = list(state.hands)
    hands[state.to_move] = tuple(rest)
    changes: dict[str, object] = {
        "hands": tuple(hands),
        "table": table,
        "duty": duty,
        "drawn": without(state.drawn, laid),
        "from_pile": without(state.from_pile, laid),
    }
    if melded is not None:
        changes["melded"] = melded
    if not rest:
        changes |= {"phase": Phase.OVER, "ended_by": "went_out", "went_out": state.to_move}
    new = state._evolve(**changes)
    if duty is not None and rest and not payable.duty_payable(new):
        owed = cards_words(duty.owed, " and the ")
        raise RulesError(
            "taken_card_not_used", f"Lay these cards so that you can still lay the {owed} from the pile."
        )
    return new


def _check_keeps_card(state: GameState, rest: list[Card]) -> None:
    """Refuse a lay that empties the hand where going out needs a final discard."""
    if not rest and state.variant.going_out_requires_discard:
        raise RulesError(
            "must_keep_card_to_discard", "With these rules you go out by discarding: keep a card to discard."
        )


def apply_discard(state: GameState, move: Discard) -> GameState:
    """``discard C``: ends the turn (or the round, with the last card); the next player's turn starts."""
    hand = state.hands[state.to_move]
    if move.card.declared:
        raise RulesError(
            "card_not_held",
            f"A joker is discarded as a plain Joker: it stands for the {card_text(move.card.natural_card)} "
            "only in a meld.",
        )
    rest = remove_held(hand, (move.card,))
    if state.duty is not None:
        raise RulesError("taken_card_not_used", state.duty.message(state.variant))
    if discard_blocked(state, move.card, hand):
        source = "took from the pile" if move.card in state.from_pile else "drew from the stock"
        raise RulesError(
            "cannot_discard_drawn_card",
            f"In {state.variant.name} you may not discard the {card_text(move.card)} you {source} this turn.",
        )
    hands = list(state.hands)
    hands[state.to_move] = tuple(rest)
    pile = (*state.pile, move.card)
    if not rest:
        return state._evolve(
            hands=tuple(hands),
            pile=pile,
            drawn=(),
            from_pile=(),
            phase=Phase.OVER,
            ended_by="went_out",
            went_out=state.to_move,
        )
    return start_turn(
        state, (state.to_move + 1) % len(state.players), rommi_from=state.to_move, hands=tuple(hands), pile=pile
    )


def discard_blocked(state: GameState, card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether the variant's discard restriction forbids discarding ``card`` from ``hand`` now."""
    rule = state.variant.discard_restriction
    if rule == "none":
        return False
    recent = state.drawn if rule == "drawn_this_turn" else state.from_pile
    if card not in recent:
        return False
    if hand.count(card) > recent.count(card):
        return False  # another copy of it was in hand before this turn
    # Our ruling: when every card in hand is one the restriction covers, it lifts, so the turn can end
    # (the Dutch "unless it is the only card in hand" is the one-card case of this).
    return not (state.variant.discard_restriction_exception and all(hand.count(c) <= recent.count(c) for c in hand))


def start_turn(
    state: GameState,
    player: int,
    rommi_from: int | None,
    hands: tuple[tuple[Card, ...], ...] | None = None,
    pile: tuple[Card, ...] | None = None,
) -> GameState:
    """The state at the start of ``player``'s turn, after an empty stock has had its effect. ``hands`` and
    ``pile``, when given, are the ones the last move left (a discard), made part of the same new state."""
    changes: dict[str, object] = {
        "to_move": player,
        "phase": Phase.DRAW,
        "duty": None,
        "drawn": (),
        "from_pile": (),
    }
    if hands is not None:
        changes["hands"] = hands
    if pile is not None:
        changes["pile"] = pile
    else:
        pile = state.pile
    open_call = rommi_from if (state.variant.rommi_call and len(state.players) > 2) else None
    changes["rommi_from"] = open_call
    if not state.stock:
        rule = state.variant.empty_stock
        if rule == "round_over":
            changes |= {"phase": Phase.OVER, "ended_by": "stock_out", "rommi_from": None}
        elif rule == "reshuffle":
            if state.reshuffles >= state.variant.reshuffle_limit:
                changes |= {"phase": Phase.OVER, "ended_by": "reshuffle_limit", "rommi_from": None}
            elif len(pile) < 2:
                changes |= {"phase": Phase.OVER, "ended_by": "stock_out", "rommi_from": None}
            else:
                stock = list(pile[:-1])
                random.Random(state.seed * 1_000_003 + state.round_number * 101 + state.reshuffles).shuffle(stock)
                changes |= {"stock": tuple(stock), "pile": pile[-1:], "reshuffles": state.reshuffles + 1}
    return state._evolve(**changes)


def _duty_after(state: GameState, cards: tuple[Card, ...], is_meld: bool) -> Duty | None:
    """The duty left after laying ``cards``; refuses a lay that does not pay an owed duty."""
    duty = state.duty
    if duty is None:
        return None
    if not duty.pays(cards, is_meld):
        raise RulesError("taken_card_not_used", duty.message(state.variant))
    return duty.after(cards)
