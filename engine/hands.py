"""The card arithmetic of hands that a state's moves share: take the played cards out of a hand (or say
which one is not held), drop one copy of each card laid, and keep a hand sorted."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from engine.cards import JOKER, Card
from engine.errors import RulesError


def remove_cards(hand: tuple[Card, ...], cards: Iterable[Card]) -> list[Card]:
    """``hand`` without the ``cards`` played (a declared joker is taken as a joker); ``RulesError``
    (``card_not_held``) for a card the hand does not hold."""
    rest = list(hand)
    for card in cards:
        held = card.in_hand
        try:
            rest.remove(held)
        except ValueError:
            if held is JOKER:
                raise RulesError("card_not_held", f"You hold no joker to lay as {card}.") from None
            raise RulesError("card_not_held", f"You do not hold {card}.") from None
    return rest


def without(cards: tuple[Card, ...], removed: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` less one copy of each removed card that is among them."""
    if not cards:
        return cards
    rest = list(cards)
    for card in removed:
        if card.in_hand in rest:
            rest.remove(card.in_hand)
    return tuple(rest)


_BY_INDEX = attrgetter("index")


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in deck order, as a hand is kept."""
    return tuple(sorted(cards, key=_BY_INDEX))
