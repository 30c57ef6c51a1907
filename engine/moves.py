"""Moves and their notation, as ``docs/record.md`` writes them.

A move is an object, built with the constructors here: :data:`DRAW`, :data:`STOP`, :data:`TAKE_ALL`,
:func:`take`, :class:`Rommi`, :class:`Rummy`, :func:`discard`, :class:`Meld` and :class:`Layoff` (a joker laid is a declared
card, :meth:`engine.cards.Card.joker_as`). The notation is read (:meth:`Move.parse`) only where text really
is: record files, the command line, scenario files. Parsing needs no position; text that does not parse
raises :class:`~engine.errors.NotationError`.

>>> seven, eight = Card.parse("7H"), Card.parse("8H")
>>> Meld((seven, eight, Card.joker_as(Card.parse("9H"))))
Move.parse('meld 7H 8H JK=9H')
>>> take(2), TAKE_ALL, discard(seven), Layoff((eight,), 2), Rummy(1)
(Move.parse('take 2'), Move.parse('take all'), Move.parse('discard 7H'), Move.parse('layoff 8H on 2'), Move.parse('rummy 1'))
>>> Move.parse("meld 7H 8H 9H")
Move.parse('meld 7H 8H 9H')
>>> str(Move.parse("layoff th on 2")), str(Move.parse("take all")), str(Move.parse("Take 3"))
('layoff 10H on 2', 'take all', 'take 3')
>>> Move.parse("meld QS QH QD") == Move.parse("meld QD QS QH")
True
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import ClassVar, Final, Literal

from engine.cards import Card, cards_text, parse_cards
from engine.errors import NotationError

#: What a move does, as its ``kind``: the verb of the notation.
MoveKind = Literal["draw", "take", "meld", "layoff", "discard", "stop", "rommi", "rummy"]
KINDS: Final[tuple[MoveKind, ...]] = ("draw", "take", "meld", "layoff", "discard", "stop", "rommi", "rummy")

_set = object.__setattr__


class Move:
    """A move in the notation. Subclasses: Draw, Take, Meld, Layoff, Discard, Stop, Rommi, Rummy.

    Moves are immutable (assignment raises ``AttributeError``) and compare equal when they do the same
    thing: the order of a meld's cards does not matter. ``kind`` says which move it is (``"meld"``, …), so
    callers never look at class names.
    """

    __slots__ = ("_key", "_text")

    kind: ClassVar[MoveKind]
    _key: tuple[object, ...] | None
    _text: str | None

    def __init__(self, key: tuple[object, ...] | None, text: str | None) -> None:
        _set(self, "_key", key)
        _set(self, "_text", text)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a move cannot be changed ({name}): make a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a move cannot be changed ({name})")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Move.parse, (self.text,))

    def _make_key(self) -> tuple[object, ...]:
        """The key of a move built without one (melds and lay-offs make theirs on demand)."""
        return ()

    def _make_text(self) -> str:
        """The text of a move built without one."""
        return ""

    @property
    def key(self) -> tuple[object, ...]:
        """What the move does, as a value: equal for moves that do the same thing."""
        key = self._key
        if key is None:
            key = self._make_key()
            _set(self, "_key", key)  # a cache, filled on first use: the move itself does not change
        return key

    @property
    def text(self) -> str:
        """The move in the notation."""
        text = self._text
        if text is None:
            text = self._make_text()
            _set(self, "_text", text)
        return text

    @staticmethod
    def parse(text: str) -> Move:
        """Parse a move; raise :class:`~engine.errors.NotationError` with an explanation if it does not parse.

        >>> Move.parse("take ²")
        Traceback (most recent call last):
        ...
        engine.errors.NotationError: “take ²” is not a move: the number of cards is a whole number from 1 up.
        """
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

    kind: ClassVar[MoveKind] = "draw"
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(("draw",), "draw")


class Stop(Move):
    """``stop``: with an empty stock, decline to take from the pile."""

    kind: ClassVar[MoveKind] = "stop"
    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(("stop",), "stop")


class Take(Move):
    """``take N`` (the top N cards of the pile) or ``take all`` (``count`` None)."""

    kind: ClassVar[MoveKind] = "take"
    __slots__ = ("count",)

    count: int | None

    def __init__(self, count: int | None) -> None:
        super().__init__(("take", count), "take all" if count is None else f"take {count}")
        _set(self, "count", count)


class Rommi(Move):
    """``rommi N``: the Finnish call out of turn, taking the top N cards of the pile."""

    kind: ClassVar[MoveKind] = "rommi"
    __slots__ = ("count",)

    count: int

    def __init__(self, count: int) -> None:
        super().__init__(("rommi", count), f"rommi {count}")
        _set(self, "count", count)


class Rummy(Move):
    """``rummy M``: the "Rummy!" call out of turn (a house rule), laying the card just discarded off on meld M."""

    kind: ClassVar[MoveKind] = "rummy"
    __slots__ = ("meld",)

    meld: int

    def __init__(self, meld: int) -> None:
        super().__init__(("rummy", meld), f"rummy {meld}")
        _set(self, "meld", meld)


class Meld(Move):
    """``meld C C C …``: lay a new meld from the hand (jokers written as ``JK=7H``)."""

    kind: ClassVar[MoveKind] = "meld"
    __slots__ = ("cards",)

    cards: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...]) -> None:
        super().__init__(None, None)  # key and text are made on demand: listings build many melds
        _set(self, "cards", cards)

    def _make_key(self) -> tuple[object, ...]:
        return ("meld", tuple(sorted(c.index for c in self.cards)))

    def _make_text(self) -> str:
        return "meld " + cards_text(self.cards)


class Layoff(Move):
    """``layoff C … on M``: lay cards on meld M (numbered from 1 in the order melds reached the table)."""

    kind: ClassVar[MoveKind] = "layoff"
    __slots__ = ("cards", "meld")

    cards: tuple[Card, ...]
    meld: int

    def __init__(self, cards: tuple[Card, ...], meld: int) -> None:
        super().__init__(None, None)
        _set(self, "cards", cards)
        _set(self, "meld", meld)

    def _make_key(self) -> tuple[object, ...]:
        return ("layoff", tuple(sorted(c.index for c in self.cards)), self.meld)

    def _make_text(self) -> str:
        return f"layoff {cards_text(self.cards)} on {self.meld}"


class Discard(Move):
    """``discard C``: put a card on the pile, ending the turn."""

    kind: ClassVar[MoveKind] = "discard"
    __slots__ = ("card",)

    card: Card

    def __init__(self, card: Card) -> None:
        super().__init__(("discard", card.index), f"discard {card}")
        _set(self, "card", card)


DRAW = Draw()
STOP = Stop()
TAKE_ALL = Take(None)

_new_move = object.__new__
_set_key = Move.__dict__["_key"].__set__
_set_text = Move.__dict__["_text"].__set__
_set_cards = Meld.__dict__["cards"].__set__


def meld_of(cards: tuple[Card, ...]) -> Meld:
    """``Meld(cards)``, its slots filled without the constructors' calls: a meld listing made anew (a cache
    miss) builds dozens, and this halves what each costs. The same object in every slot.

    >>> meld_of(parse_cards("5H 6H 7H")) == Meld(parse_cards("7H 5H 6H")), meld_of(parse_cards("5H 6H 7H"))
    (True, Move.parse('meld 5H 6H 7H'))
    """
    meld = _new_move(Meld)
    _set_key(meld, None)
    _set_text(meld, None)
    _set_cards(meld, cards)
    return meld


@cache
def discard(card: Card) -> Discard:
    """The (shared) discard move of ``card``."""
    return Discard(card)


@cache
def take(count: int) -> Take:
    """The (shared) ``take N`` move."""
    return Take(count)


@lru_cache(maxsize=1 << 14)
def layoff(cards: tuple[Card, ...], meld: int) -> Layoff:
    """The (shared) lay-off of ``cards`` on meld ``meld``: the listing offers the same lay-offs turn after turn."""
    return Layoff(cards, meld)


def _unreadable(text: str, reason: str = "move.unreadable") -> NotationError:
    return NotationError(reason, text=text)


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
        raise _unreadable(text, "move.count_not_whole")
    return number


def _parse(text: str) -> Move:
    words = text.split(" ") if text else []
    if not words:
        raise _unreadable(text)
    verb, args = words[0], words[1:]
    if verb in ("draw", "stop") and not args:
        return DRAW if verb == "draw" else STOP
    if verb == "take" and len(args) == 1:
        return TAKE_ALL if args[0] == "all" else take(_count(text, args[0]))
    if verb == "rommi" and len(args) == 1:
        return Rommi(_count(text, args[0]))
    if verb == "rummy" and len(args) == 1:
        return Rummy(_meld_number(text, args[0]))
    if verb == "discard" and len(args) == 1:
        return discard(Card.parse(args[0]))
    if verb == "meld" and args:
        return Meld(parse_cards(args))
    if verb == "layoff" and len(args) >= 3 and args[-2] == "on":
        word = args[-1]
        if word.isascii() and word.isdigit() and len(word) <= 9 and int(word) < 1:
            raise NotationError("move.meld_zero", cards=parse_cards(args[:-2]), meld=int(word))
        return Layoff(parse_cards(args[:-2]), _meld_number(text, word))
    raise _unreadable(text)


def _meld_number(text: str, word: str) -> int:
    """The meld number ``word`` of the move ``text`` (from 1 up)."""
    meld = _number(word)
    if meld is None:
        raise _unreadable(text, "move.meld_number")
    return meld
