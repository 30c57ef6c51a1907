"""What one seat of a shared table may see: the one place a round's state becomes what a device shows.

:func:`seat_position` is the round as ``seat`` knows it: its own hand, every other hand and the stock
replaced by the cards it cannot see, set out in the deck's order (so the real hidden cards, their order
and the seed that dealt them never leave the server), the other players' cards just drawn from the stock
forgotten. A watcher (``seat`` None) sees no hand at all. Once the round is over every hand is shown,
as players lay their cards down to count them (the scores need them), but never the stock's order. Everything the Play together page draws comes
from it. A seat's position is the engine's own per-player view (``GameState.view(seat).position``); only
the watcher and the counted round are set out here.

>>> from engine.state import GameState
>>> from engine.variants import get_variant
>>> state = GameState.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1)
>>> seen = seat_position(state, 0)
>>> seen.hands[0] == state.hands[0], seen.hands[1] == state.hands[1], len(seen.hands[1]), seen.seed
(True, False, 7, 0)
>>> seat_position(state, 1).hands[1] == state.hands[1]
True
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.cards import Card, make_deck
from engine.state import GameState


@cache
def _deck(decks: int, jokers: int) -> tuple[Card, ...]:
    return tuple(sorted(make_deck(decks, jokers), key=lambda c: c.index))


def unseen_cards(state: GameState, seat: int | None) -> list[Card]:
    """The cards ``seat`` cannot see (other hands and the stock together), in the deck's order; read from
    the deck less what the seat sees, never from the hidden cards themselves."""
    variant = state.variant
    seen: Counter[Card] = Counter(state.hands[seat]) if seat is not None else Counter()
    seen.update(state.pile)
    for meld in state.table:
        seen.update(c.in_hand for c in meld.cards)
    rest = Counter(_deck(variant.decks(len(state.players)), 2 if variant.jokers else 0)) - seen
    return sorted(rest.elements(), key=lambda c: c.index)


def seat_position(state: GameState, seat: int | None) -> GameState:
    """The round as ``seat`` sees it (a watcher: ``None``): the same table, pile, counts, scores and legal
    moves for that seat, with every card it cannot see replaced as the module says."""
    if state.round_over:
        rest = Counter(unseen_cards(state, None)) - Counter(c for h in state.hands for c in h)
        return state.with_hidden(state.hands, tuple(sorted(rest.elements(), key=lambda c: c.index)), seed=0)
    if seat is not None:
        return state.view(seat).position
    shown = Counter(card for cards in state.shown for card in cards)  # everyone saw them go into a hand
    cards = sorted((Counter(unseen_cards(state, None)) - shown).elements(), key=lambda c: c.index)
    hands: list[tuple[Card, ...]] = []
    for held, known in zip(state.hands, state.shown, strict=True):
        count = len(held) - len(known)
        hands.append(tuple(sorted((*known, *cards[:count]), key=lambda c: c.index)))
        cards = cards[count:]
    stock = tuple(cards[: len(state.stock)])
    # the seed would deal the hidden cards again; a card drawn from the stock is hidden
    return state.with_hidden(tuple(hands), stock, seed=0, drawn=state.from_pile)
