"""What one player may see of a round: their own hand, everyone's card count, name and total, the table
(who laid each card), the pile, the stock's size, the duty, where the round stands, and their legal moves
and Rommi calls now. Never another hand, the order of the stock or the seed that dealt it. A watcher (seat
``None``: ``state.view(None)``) sees the same without any hand and has nothing to do. Once the round is over
every hand is shown, as the players lay their cards down to count them, but never the stock's order.

The computer players, the coach's hints and reviews and the Practice page read a :class:`PlayerView`.
A bot that wants to try a move reads :attr:`PlayerView.position`: a state holding exactly what the seat
knows, the cards it cannot see set out in a fixed order (so two positions that differ only in what the
seat cannot see give the same view, and the same position). :meth:`PlayerView.world` deals those unseen
cards at random instead, with the caller's chance source: a world the seat cannot tell from the real one.

>>> from engine.variants import get_variant
>>> from engine.round import Round
>>> state = Round.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1)
>>> view = state.view(1)
>>> view.name, view.hand == state.hands[1], view.hand_sizes, view.stock_size, view.to_move
('Bertil', True, (7, 7), 37, 0)
>>> view.legal.moves()  # Bertil may do nothing now: it is Anna's turn
()
>>> Round.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1).view(0).position.seed
0
>>> watcher = state.view(None)
>>> watcher.hand, watcher.hand_sizes, watcher.position.hands[0] == state.hands[0], bool(watcher.legal)
((), (7, 7), False, False)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Generic, Protocol, Self, TypeVar

from engine.cards import Card, make_deck
from engine.duty import Duty
from engine.legal import LegalActions, Listed
from engine.moves import Move
from engine.round_parts import PHASE_OVER, Phase, TableMeld
from engine.variants import Variant

__all__ = ["PlayerView", "Viewable", "unseen_cards"]


class Viewable(Listed, Protocol):
    """What a view reads of a state (:class:`engine.round.Round` has it all): the state module imports
    this one to offer ``state.view(seat)``, so this module never imports it back."""

    @property
    def variant(self) -> Variant:
        """The variant played."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, by seat."""

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first."""

    @property
    def pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first."""

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """The melds on the table."""

    @property
    def phase(self) -> Phase:
        """Where the turn stands."""

    @property
    def duty(self) -> Duty | None:
        """The duty owed, if any."""

    @property
    def drawn(self) -> tuple[Card, ...]:
        """The cards taken this turn."""

    @property
    def from_pile(self) -> tuple[Card, ...]:
        """The cards taken from the pile this turn."""

    @property
    def melded(self) -> tuple[bool, ...]:
        """Who has laid a meld of their own."""

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's penalties this round."""

    @property
    def totals(self) -> tuple[int, ...]:
        """The game totals before this round."""

    @property
    def round_number(self) -> int:
        """The round of the game."""

    @property
    def rommi_from(self) -> int | None:
        """The discarder while a Rommi call is open."""

    @property
    def shown(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, the cards it took from the pile and still holds (:mod:`engine.shown`)."""

    def with_hidden(
        self,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        seed: int | None = None,
        drawn: tuple[Card, ...] | None = None,
    ) -> Self:
        """This position with other hidden cards."""

    def legal(self, seat: int | None = None) -> LegalActions:
        """The lazy listing of the legal actions."""

    def laid_points(self) -> list[int]:
        """The points each player has laid this round."""


S = TypeVar("S", bound=Viewable)


@cache
def _deck(decks: int, jokers: int) -> Counter[Card]:
    return Counter(make_deck(decks, jokers))


def unseen_cards(state: Viewable, seat: int | None) -> Counter[Card]:
    """The cards ``seat`` cannot place (in the others' hands or the stock, it cannot tell where), as held
    in hand, in the deck's order. Read from the deck, less the seat's own hand (a watcher, ``None``, has
    none), the table, the pile and the cards the others took from the pile and still hold
    (:mod:`engine.shown`): never from the hidden cards. Once the round is over every hand is shown: only
    the stock is unseen.

    >>> from engine.variants import get_variant
    >>> from engine.round import Round
    >>> state = Round.deal(get_variant("femhundra"), ["A", "B"], seed=1)
    >>> sum(unseen_cards(state, 0).values()) == len(state.stock) + len(state.hands[1])
    True
    """
    variant = state.variant
    counted = state.phase is PHASE_OVER  # the hands are laid down to count them
    seen: Counter[Card] = Counter(state.hands[seat]) if seat is not None and not counted else Counter()
    seen.update(state.pile)
    for meld in state.table:
        seen.update(c.in_hand for c in meld.cards)
    for other, cards in enumerate(state.hands if counted else state.shown):
        if other != seat or counted:
            seen.update(cards)
    return _deck(variant.decks(len(state.players)), variant.joker_count) - seen


def _deal_hidden(state: S, seat: int | None, cards: list[Card], seed: int, stock_size: int | None = None) -> S:
    """``state`` with ``cards`` (the unseen ones, in the order to deal them) in the other hands, at their
    sizes, after the cards each took from the pile and still holds, and the rest as the stock
    (``stock_size`` of them, when given: a position set up without every card of the deck keeps its stock's
    size); the mover's draw hidden unless the mover is ``seat``."""
    hands = []
    dealt = 0
    for other, held in enumerate(state.hands):
        if other == seat:
            hands.append(held)
            continue
        shown = state.shown[other]
        count = len(held) - len(shown)
        hands.append(tuple(sorted((*shown, *cards[dealt : dealt + count]), key=_index)))
        dealt += count
    drawn = state.drawn if state.to_move == seat else state.from_pile
    stock = cards[dealt:] if stock_size is None else cards[dealt : dealt + stock_size]
    return state.with_hidden(tuple(hands), tuple(stock), seed=seed, drawn=drawn)


def _index(card: Card) -> int:
    return card.index


@dataclass(frozen=True, slots=True)
class PlayerView(Generic[S]):
    """What ``seat`` may see now (frozen; ``seat`` None: a watcher, with no hand and nothing to do). Build
    it with :meth:`of` or :meth:`Round.view`."""

    seat: int | None
    variant: Variant
    players: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    table: tuple[TableMeld, ...]
    pile: tuple[Card, ...]
    stock_size: int
    duty: Duty | None
    phase: Phase
    to_move: int
    round_number: int
    rommi_from: int | None
    from_pile: tuple[Card, ...]
    drawn: tuple[Card, ...]
    melded: tuple[bool, ...]
    penalties: tuple[int, ...]
    shown: tuple[tuple[Card, ...], ...]
    unseen: tuple[tuple[Card, int], ...]
    position: S

    @staticmethod
    def of(state: S, seat: int | None) -> PlayerView[S]:
        """The view of ``seat`` of ``state`` (``None``: a watcher's)."""
        unseen = unseen_cards(state, seat)
        if state.phase is PHASE_OVER:  # every hand shown (the seed would deal the stock again)
            position = state.with_hidden(state.hands, tuple(unseen.elements()), seed=0)
        else:
            position = _deal_hidden(state, seat, list(unseen.elements()), seed=0, stock_size=len(state.stock))
        return PlayerView(
            seat=seat,
            variant=state.variant,
            players=state.players,
            hand=() if seat is None else state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands),
            totals=state.totals,
            table=state.table,
            pile=state.pile,
            stock_size=len(state.stock),
            duty=state.duty,
            phase=state.phase,
            to_move=state.to_move,
            round_number=state.round_number,
            rommi_from=state.rommi_from,
            from_pile=state.from_pile,
            drawn=position.drawn,
            melded=state.melded,
            penalties=state.penalties,
            shown=state.shown,
            unseen=tuple(unseen.items()),
            position=position,
        )

    @property
    def name(self) -> str:
        """The seat's player's name ("" for a watcher)."""
        return "" if self.seat is None else self.players[self.seat]

    @property
    def legal(self) -> LegalActions:
        """The seat's legal moves and Rommi calls now (empty when it has nothing to do, and for a watcher)."""
        return _NO_ACTIONS if self.seat is None else self.position.legal(self.seat)

    @property
    def laid_points(self) -> list[int]:
        """The points each player has laid on the table this round."""
        return self.position.laid_points()

    def unseen_counter(self) -> Counter[Card]:
        """The cards the seat cannot see, with their copies, in the deck's order."""
        return Counter(dict(self.unseen))

    def world(self, rng: random.Random) -> S:
        """The position with the unseen cards dealt at random by ``rng`` (the other hands keep their sizes,
        the rest is the stock): a world the seat cannot tell from the real one.

        >>> from engine.variants import get_variant
        >>> from engine.round import Round
        >>> state = Round.deal(get_variant("rommi"), ["A", "B"], seed=2)
        >>> world = state.view(0).world(random.Random(1))
        >>> world.hands[0] == state.hands[0], len(world.hands[1]) == len(state.hands[1]), world.pile == state.pile
        (True, True, True)
        >>> from collections import Counter
        >>> Counter(world.hands[1] + world.stock) == Counter(state.hands[1] + state.stock)
        True
        """
        cards = [card for card, copies in self.unseen for _ in range(copies)]
        rng.shuffle(cards)
        return _deal_hidden(self.position, self.seat, cards, seed=0)


class _NoOne:
    """Whose listing a watcher's view gives: nobody's, with nothing to do."""

    players: tuple[str, ...] = ()
    to_move = -1

    def legal_actions(self) -> list[tuple[int, Move]]:
        return []

    def legal_moves(self) -> list[Move]:
        return []

    def rommi_calls(self, seat: int | None = None) -> list[tuple[int, Move]]:
        return []

    def is_legal(self, move: Move, player: int | None = None) -> bool:
        return False


_NO_ACTIONS = LegalActions(_NoOne())
