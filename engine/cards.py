"""Cards and their notation, as ``docs/record.md`` writes them.

A card is ``<rank><suit>``: rank ``A 2 … 10 J Q K`` (``T`` is accepted for 10), suit ``S H D C``
(``♠ ♥ ♦ ♣`` accepted on input). ``JK`` is a joker in hand; a joker laid on the table is written with
the card it stands for, ``JK=7H``.

Every card is a shared, immutable instance, so cards compare and hash by identity and cost nothing
to copy:

>>> Card.parse("10H") is Card.parse("TH") is Card.parse("10♥")
True
>>> str(Card.parse("th")), repr(Card.parse("JK=7H"))
('10H', "Card.parse('JK=7H')")
>>> Card.parse("JK=AS").rank, Card.parse("JK=AS").is_joker
(1, True)
"""

from __future__ import annotations

from typing import Final

from engine.errors import NotationError

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: Final = ("S", "H", "D", "C")
SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
ACE: Final = 1
JOKER_TEXT: Final = "JK"

_RANK_ALIASES = {name: i + 1 for i, name in enumerate(RANKS)} | {"T": 10, "1": 1}
_SUIT_ALIASES = {name: i for i, name in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}


class Card:
    """One playing card: a natural card, a joker in hand, or a joker declared as a natural card.

    ``rank`` is 1 (ace) to 13 (king) and ``suit`` 0–3 (spades, hearts, diamonds, clubs); for a declared
    joker they are those of the card it stands for, and for a bare joker both are 0.
    ``index`` orders cards: naturals 0–51 by suit then rank, the bare joker 52, declared jokers after. Sort
    by it (``sorted(cards, key=attrgetter("index"))``): cards define no ``<``, because a Python comparison
    method would make every ``in``, ``count`` and ``remove`` on a hand call back into Python.
    """

    __slots__ = (
        "_text",
        "declared",
        "in_hand",
        "index",
        "is_joker",
        "natural_card",
        "positions",
        "rank",
        "suit",
        "suit_bit",
    )

    rank: int
    suit: int
    is_joker: bool
    declared: bool
    index: int
    positions: int
    suit_bit: int
    #: The card as it is held in a hand: a declared joker is a bare joker there.
    in_hand: Card
    #: The natural card this card shows: itself, or the card a declared joker stands for.
    natural_card: Card
    _text: str

    def __init__(self, rank: int, suit: int, is_joker: bool, declared: bool, index: int, text: str) -> None:
        # The run positions this card can take, as bits: an ace is position 1 (low) and 14 (high).
        positions = 0 if (is_joker and not declared) else (1 << rank) | ((1 << 14) if rank == ACE else 0)
        fields = {
            "rank": rank,
            "suit": suit,
            "is_joker": is_joker,
            "declared": declared,
            "index": index,
            "positions": positions,
            "suit_bit": 0 if (is_joker and not declared) else 1 << suit,
            "_text": text,
        }
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed ({name}): every {self} in the game is this same card")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card cannot be changed ({name})")

    @staticmethod
    def parse(text: str) -> Card:
        """Parse a card in the notation of ``docs/record.md``; raise :class:`~engine.errors.NotationError` if it is not one.

        >>> Card.parse("QS"), Card.parse("jk")
        (Card.parse('QS'), Card.parse('JK'))
        """
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            card = _parse_slow(text)
        return card

    @staticmethod
    def natural(rank: int, suit: int) -> Card:
        """The natural card of ``rank`` (1–13) and ``suit`` (0–3).

        >>> Card.natural(12, 1)
        Card.parse('QH')
        """
        return NATURALS[suit * 13 + rank - 1]

    @staticmethod
    def joker_as(card: Card) -> Card:
        """A joker declared as the natural ``card``.

        >>> Card.joker_as(Card.parse("7H"))
        Card.parse('JK=7H')
        """
        return DECLARED[card.index]

    @property
    def suit_symbol(self) -> str:
        """The suit as a symbol (``♥``), or ``""`` for a bare joker."""
        return "" if (self.is_joker and not self.declared) else SUIT_SYMBOLS[self.suit]

    @property
    def rank_text(self) -> str:
        """The rank as written (``10``, ``Q``), or ``JK`` for a bare joker."""
        return JOKER_TEXT if (self.is_joker and not self.declared) else RANKS[self.rank - 1]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in (1, 2) and not (self.is_joker and not self.declared)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self._text,))


def _parse_slow(text: str) -> Card:
    raw = text.strip().upper()
    if raw.startswith(JOKER_TEXT + "="):
        inner = _parse_slow(raw[len(JOKER_TEXT) + 1 :])
        if inner.is_joker:
            raise NotationError("card.joker_as_joker", text=text)
        return DECLARED[inner.index]
    rank = _RANK_ALIASES.get(raw[:-1]) if raw else None
    suit = _SUIT_ALIASES.get(raw[-1:]) if raw else None
    if rank is None or suit is None:
        raise NotationError("card.unreadable", text=text)
    return NATURALS[suit * 13 + rank - 1]


NATURALS: Final = tuple(
    Card(rank, suit, False, False, suit * 13 + rank - 1, RANKS[rank - 1] + SUITS[suit])
    for suit in range(4)
    for rank in range(1, 14)
)
JOKER: Final = Card(0, 0, True, False, 52, JOKER_TEXT)
DECLARED: Final = tuple(Card(c.rank, c.suit, True, True, 53 + c.index, f"{JOKER_TEXT}={c}") for c in NATURALS)
_BY_TEXT: dict[str, Card] = {str(c): c for c in (*NATURALS, JOKER, *DECLARED)}
for _card in (*NATURALS, JOKER, *DECLARED):  # plain fields, not properties: the rules ask them in every listing
    object.__setattr__(_card, "in_hand", JOKER if _card.is_joker else _card)
    object.__setattr__(_card, "natural_card", NATURALS[_card.index - 53] if _card.declared else _card)
del _card


def parse_cards(texts: str | list[str] | tuple[str, ...]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or a list of card texts.

    >>> parse_cards("QS, QH QD")
    (Card.parse('QS'), Card.parse('QH'), Card.parse('QD'))
    """
    items = texts.replace(",", " ").split() if isinstance(texts, str) else list(texts)
    return tuple(Card.parse(str(t)) for t in items)


def make_deck(decks: int = 1, jokers_per_deck: int = 0) -> list[Card]:
    """A fresh, unshuffled deck: ``decks`` packs of 52, each with ``jokers_per_deck`` jokers.

    >>> len(make_deck()), len(make_deck(2, 2)), make_deck(1, 2).count(JOKER)
    (52, 108, 2)
    """
    return [card for _ in range(decks) for card in (*NATURALS, *([JOKER] * jokers_per_deck))]


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards written as in a move, separated by spaces.

    >>> cards_text(parse_cards("5H 6H JK=7H"))
    '5H 6H JK=7H'
    """
    return " ".join(str(c) for c in cards)
