"""The cards of a task's position at the learner's table: what an author leaves to the table (a house rule's
jokers, its deal size, its target and going-out bonus, whether anyone has had a turn) filled in, so that a task
written once is dealt right at every table it is played at.

- the deck's cards the author did not list go under the stock (``fill_stock``), or, when only a house rule's
  jokers are left over, to the last player who is not the learner;
- a fresh deal (``dealt``) is cut to, or topped up to, the table's hand size;
- at two players, an opponent's hand written as a full seven is topped up to a larger deal (the Dutch 13);
- the totals, written for a target of 500, follow the table's target, and the one who goes out is lowered by
  its going-out bonus;
- unless the position is the start of the round (``round_start``), every player has had a turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from engine.cards import Card
from engine.deck import rest_of_deck
from engine.errors import NotationError
from engine.records.game import Deal, Record
from engine.round import Round
from engine.variants import Variant
from tutor.learn.position import TOTALS_TARGET, Position

#: The hand an author writes for a player mid-deal: the deal of three or more players.
AUTHORED_HAND: Final = 7


def position_record(pos: Position, variant: Variant, learner: str) -> Record:
    """``pos`` at a table playing ``variant`` as a ``docs/record.md`` record (every card of the deck listed),
    with its moves; ``learner``: the player the learner plays."""
    stock = list(pos.deal.stock)
    hands = _dealt(pos, variant) if pos.dealt else dict(pos.deal.hands)
    rest = rest_of_deck(variant, len(pos.players), listed_cards(pos, hands.values()))
    if pos.fill_stock:
        stock += [str(c) for c in rest]
    elif rest and all(card.is_joker for card in rest):
        holder = [name for name in pos.players if name != learner][-1]
        hands[holder] = [*hands[holder], *(str(c) for c in rest)]
    return Record(
        variant=variant.id,
        house_rules=variant.house_rule_values(),
        players=pos.players,
        deal=Deal(hands=hands, discard=pos.deal.discard, stock=stock),
        table=pos.table,
        totals=_totals(pos, variant),
        moves=pos.moves,
    )


def turns_taken(state: Round, pos: Position) -> Round:
    """``state`` as ``pos`` stands: unless it is the start of the round (``round_start``), every player has had
    a turn before it (the house rule ``no_meld_first_turn`` holds nobody back)."""
    if pos.round_start:
        return state
    return state.replace(first_turn_over=(True,) * len(state.players))


def listed_cards(pos: Position, hands: Iterable[Sequence[str]] | None = None) -> list[Card]:
    """The cards ``pos`` lists (its hands, or ``hands`` given instead, its pile, stock and table); text that is
    no card is left for ``build_state`` to name."""
    held = pos.deal.hands.values() if hands is None else hands
    groups = (*held, pos.deal.discard, pos.deal.stock, *(t.cards for t in pos.table))
    return [card for cards in groups for card in map(_card_or_none, cards) if card is not None]


def spare_cards(pos: Position, variant: Variant) -> list[Card]:
    """The deck's cards ``pos`` does not list, jokers left out, in the deck's order."""
    return [c for c in rest_of_deck(variant, len(pos.players), listed_cards(pos)) if not c.is_joker]


def with_full_opponent(pos: Position, learner: str, variant: Variant) -> Position:
    """``pos`` at a two-player table that deals more than :data:`AUTHORED_HAND` cards (13 in the Dutch game):
    the other player's hand, written as a full seven, is topped up to the table's deal from the deck's cards
    the position does not list (highest first, the stock's last), so that the table shows the hand and the
    stock the learner was taught."""
    if len(pos.players) != 2 or pos.dealt or not pos.fill_stock:
        return pos
    size = variant.hand_size(2)
    other = next(name for name in pos.players if name != learner)
    cards = pos.deal.hands[other]
    if len(cards) != AUTHORED_HAND or size <= len(cards):
        return pos
    spare = [str(c) for c in reversed(spare_cards(pos, variant))][: size - len(cards)]
    deal = pos.deal.model_copy(update={"hands": {**pos.deal.hands, other: [*cards, *spare]}})
    return pos.model_copy(update={"deal": deal})


def _dealt(pos: Position, variant: Variant) -> dict[str, list[str]]:
    """A fresh deal's hands as the table deals them: cut to its hand size, or topped up from the deck's cards
    not listed (in card order)."""
    size = variant.hand_size(len(pos.players))
    spare = [str(c) for c in spare_cards(pos, variant)]
    hands = {}
    for name, cards in pos.deal.hands.items():
        missing = max(0, size - len(cards))
        hands[name] = [*cards[:size], *spare[:missing]]
        spare = spare[missing:]
    return hands


def _totals(pos: Position, variant: Variant) -> dict[str, int] | None:
    """The position's totals at the table: shifted to its target, the one who goes out lowered by its bonus."""
    if pos.totals is None:
        return None
    shift = variant.target - TOTALS_TARGET
    return {
        name: total + shift - (variant.going_out_bonus if name == pos.goes_out else 0)
        for name, total in pos.totals.items()
    }


def _card_or_none(text: str) -> Card | None:
    """The card, or None for text that is not one (``build_state`` then names the field at fault)."""
    try:
        return Card.parse(str(text))
    except NotationError:
        return None
