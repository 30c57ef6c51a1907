"""Moves and their notation, as ``RECORD.md`` writes them. Parsing a move needs no position.

>>> Move.parse("meld 7H 8H 9H")
Move.parse('meld 7H 8H 9H')
>>> str(Move.parse("layoff th on 2")), str(Move.parse("take all")), str(Move.parse("Take 3"))
('layoff 10H on 2', 'take all', 'take 3')
>>> Move.parse("meld QS QH QD") == Move.parse("meld QD QS QH")
True
"""

from __future__ import annotations

from functools import cache

from engine.cards import Card, cards_text, parse_cards
from engine.errors import RulesError


class Move:
    """A move in the notation. Subclasses: Draw, Take, Meld, Layoff, Discard, Stop, Rommi.

    Moves are immutable and compare equal when they do the same thing: the order of a meld's cards
    does not matter.
    """

    __slots__ = ("_key", "_text")

    _key: tuple[object, ...] | None
    _text: str | None

    def __init__(self, key: tuple[object, ...] | None, text: str | None) -> None:
        self._key = key
        self._text = text

    def _make_key(self) -> tuple[object, ...]:
        """The key of a move built without one (melds and lay-offs make theirs on demand)."""
        return ()

    def _make_text(self) -> str:
        """The text of a move built without one."""
        return ""

    @property
    def key(self) -> tuple[object, ...]:
        """What the move does, as a value: equal for moves that do the same thing."""
        if self._key is None:
            self._key = self._make_key()
        return self._key

    @property
    def text(self) -> str:
        """The move in the notation."""
        if self._text is None:
            self._text = self._make_text()
        return self._text

    @staticmethod
    def parse(text: str) -> Move:
        """Parse a move; raise ``RulesError('unreadable_move')`` with an explanation if it does not parse."""
        return _parse(" ".join(text.split()).lower())

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move.parse({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


class Draw(Move):
    """``draw``: take the top card of the stock."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(("draw",), "draw")


class Stop(Move):
    """``stop``: with an empty stock, decline to take from the pile."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(("stop",), "stop")


class Take(Move):
    """``take N`` (the top N cards of the pile) or ``take all`` (``count`` None)."""

    __slots__ = ("count",)

    count: int | None

    def __init__(self, count: int | None) -> None:
        super().__init__(("take", count), "take all" if count is None else f"take {count}")
        self.count = count


class Rommi(Move):
    """``rommi N``: the Finnish call out of turn, taking the top N cards of the pile."""

    __slots__ = ("count",)

    count: int

    def __init__(self, count: int) -> None:
        super().__init__(("rommi", count), f"rommi {count}")
        self.count = count


class Meld(Move):
    """``meld C C C …``: lay a new meld from the hand (jokers written as ``JK=7H``)."""

    __slots__ = ("cards",)

    cards: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...]) -> None:
        super().__init__(None, None)  # key and text are made on demand: listings build many melds
        self.cards = cards

    def _make_key(self) -> tuple[object, ...]:
        return ("meld", tuple(sorted(c.index for c in self.cards)))

    def _make_text(self) -> str:
        return "meld " + cards_text(self.cards)


class Layoff(Move):
    """``layoff C … on M``: lay cards on meld M (numbered from 1 in the order melds reached the table)."""

    __slots__ = ("cards", "meld")

    cards: tuple[Card, ...]
    meld: int

    def __init__(self, cards: tuple[Card, ...], meld: int) -> None:
        super().__init__(None, None)
        self.cards = cards
        self.meld = meld

    def _make_key(self) -> tuple[object, ...]:
        return ("layoff", tuple(sorted(c.index for c in self.cards)), self.meld)

    def _make_text(self) -> str:
        return f"layoff {cards_text(self.cards)} on {self.meld}"


class Discard(Move):
    """``discard C``: put a card on the pile, ending the turn."""

    __slots__ = ("card",)

    card: Card

    def __init__(self, card: Card) -> None:
        super().__init__(("discard", card.index), f"discard {card}")
        self.card = card


DRAW = Draw()
STOP = Stop()
TAKE_ALL = Take(None)


@cache
def discard(card: Card) -> Discard:
    """The (shared) discard move of ``card``."""
    return Discard(card)


@cache
def take(count: int) -> Take:
    """The (shared) ``take N`` move."""
    return Take(count)


_USAGE = "write draw, take N, take all, meld C C C, layoff C on M, discard C, stop or rommi N"


def _unreadable(text: str, why: str) -> RulesError:
    return RulesError("unreadable_move", f"“{text}” is not a move: {why}.")


def _number(word: str) -> int | None:
    """``word`` as a number from 1 up, written in ASCII digits (``²`` or ``٣`` are not), or None.

    >>> _number("3"), _number("0"), _number("²"), _number("9" * 5000)
    (3, None, None, None)
    """
    if not (word.isascii() and word.isdigit()) or len(word) > 9 or int(word) < 1:
        return None
    return int(word)


def _count(text: str, word: str) -> int:
    number = _number(word)
    if number is None:
        raise _unreadable(text, "the number of cards is a whole number from 1 up")
    return number


def _parse(text: str) -> Move:
    words = text.split(" ") if text else []
    if not words:
        raise _unreadable(text, _USAGE)
    verb, args = words[0], words[1:]
    if verb in ("draw", "stop") and not args:
        return DRAW if verb == "draw" else STOP
    if verb == "take" and len(args) == 1:
        return TAKE_ALL if args[0] == "all" else take(_count(text, args[0]))
    if verb == "rommi" and len(args) == 1:
        return Rommi(_count(text, args[0]))
    if verb == "discard" and len(args) == 1:
        return discard(Card.parse(args[0]))
    if verb == "meld" and args:
        return Meld(parse_cards(args))
    if verb == "layoff" and len(args) >= 3 and args[-2] == "on":
        meld = _number(args[-1])
        if meld is None:
            raise _unreadable(text, "melds are numbered 1, 2, … in the order they reached the table")
        return Layoff(parse_cards(args[:-2]), meld)
    raise _unreadable(text, _USAGE)
