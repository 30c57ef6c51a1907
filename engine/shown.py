"""The cards everyone saw go into a hand: per seat, the cards it took from the pile and still holds.

A take from the pile is made in front of everyone, and so is every card laid or discarded after it: a
seat's *shown* cards are known to all the players, though they sit in a hidden hand. The computer players
read them when they guess the hands they cannot see (:meth:`engine.view.PlayerView.world` deals each
seat its shown cards first), as a person remembers that Bertil took the Q♥ and still has it.

>>> from engine.cards import parse_cards
>>> shown = took(((), ()), 1, parse_cards("5C QH"))
>>> shown
((), (Card.parse('QH'), Card.parse('5C')))
>>> played(shown, 1, parse_cards("5C 5D 5H"))
((), (Card.parse('QH'),))
>>> played(shown, 0, parse_cards("5C")) is shown
True
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from engine.cards import Card
from engine.round_parts import sorted_cards

Shown = tuple[tuple[Card, ...], ...]

_IN_HAND = attrgetter("in_hand")


def took(shown: Shown, seat: int, cards: Iterable[Card]) -> Shown:
    """``shown`` after ``seat`` took ``cards`` from the pile."""
    changed = list(shown)
    changed[seat] = sorted_cards((*shown[seat], *map(_IN_HAND, cards)))
    return tuple(changed)


def played(shown: Shown, seat: int, cards: Iterable[Card]) -> Shown:
    """``shown`` after ``seat`` laid or discarded ``cards``: each one it had shown is no longer hidden
    in its hand (``shown`` itself when none was)."""
    held = shown[seat]
    if not held:
        return shown
    rest = list(held)
    for card in cards:
        if card.in_hand in rest:
            rest.remove(card.in_hand)
    if len(rest) == len(held):
        return shown
    changed = list(shown)
    changed[seat] = tuple(rest)
    return tuple(changed)
