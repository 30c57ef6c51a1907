"""Meld maths, free of game state: what a meld is, every meld a hand allows (every lay-off on a meld:
:mod:`engine.layoffs`).

Runs use positions 1–14: an ace is position 1 when low (A-2-3) and 14 when high (Q-K-A). Hands are
summarised as one bitmask of positions per suit, so listing melds is a few table look-ups:

>>> from engine.cards import parse_cards
>>> [str(m) for m in hand_melds(parse_cards("5H 6H 7H 8H QS QH QD 2C"))]
['meld 5H 6H 7H', 'meld 5H 6H 7H 8H', 'meld 6H 7H 8H', 'meld QS QH QD']
>>> meld_shape(parse_cards("QS KS AS")).low_ace, meld_shape(parse_cards("AS 2S 3S")).low_ace
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from operator import attrgetter
from typing import Any

from engine.cards import DECLARED, JOKER, NATURALS, Card
from engine.errors import RulesError
from engine.moves import Meld, meld_of

_RANK = attrgetter("rank")
_SUIT = attrgetter("suit")
_IS_JOKER = attrgetter("is_joker")

MAX_RUN = 13
#: The run positions that are ranks, ace (1) to king (13): a mask's bit 14 is the ace again, high.
_RANK_BITS = 0b11_1111_1111_1110
SET_MAX = 4


def rank_at(position: int) -> int:
    """The rank at a run position: position 14 is the high ace."""
    return 1 if position == 14 else position


@dataclass(frozen=True, slots=True)
class Shape:
    """A valid meld's shape: ``kind`` is "set" or "run"; cards in order (runs low to high, sets by suit).

    For a run, ``suit`` and the positions ``low``–``high``; for a set, ``rank``. ``touching`` holds the
    indices of the natural cards that could be laid off on it alone. As bits, for quick questions about a
    hand's :class:`HandSummary`: ``body`` is what the meld holds (a run's positions, a set's suits) and
    ``reach`` what could be laid next to it (the positions at a run's ends, a set's missing suits);
    ``touching_cards``, the cards of ``touching`` themselves (a listing asks a hand for them at once).
    """

    kind: str
    cards: tuple[Card, ...]
    rank: int = 0
    suit: int = 0
    low: int = 0
    high: int = 0
    touching: frozenset[int] = frozenset()
    body: int = 0
    reach: int = 0
    touching_cards: frozenset[Card] = frozenset()

    @property
    def low_ace(self) -> bool:
        """Whether this is a run that starts with a low ace (A-2-3…)."""
        return self.kind == "run" and self.low == 1


_SHAPE_FIELDS = ("kind", "cards", "rank", "suit", "low", "high", "touching", "body", "reach", "touching_cards")
_shape_slots = tuple(Shape.__dict__[name].__set__ for name in _SHAPE_FIELDS)


def _new_shape(
    kind: str,
    cards: tuple[Card, ...],
    rank: int,
    suit: int,
    low: int,
    high: int,
    touching: frozenset[int],
    body: int,
    reach: int,
    touching_cards: frozenset[Card],
) -> Shape:
    """``Shape(...)`` with every field given, its slots filled without the frozen dataclass's
    ``object.__setattr__`` per field (a shape is made anew on each cache miss of :func:`meld_shape`)."""
    shape = object.__new__(Shape)
    s_kind, s_cards, s_rank, s_suit, s_low, s_high, s_touching, s_body, s_reach, s_touching_cards = _shape_slots
    s_kind(shape, kind)
    s_cards(shape, cards)
    s_rank(shape, rank)
    s_suit(shape, suit)
    s_low(shape, low)
    s_high(shape, high)
    s_touching(shape, touching)
    s_body(shape, body)
    s_reach(shape, reach)
    s_touching_cards(shape, touching_cards)
    return shape

def _fail(code: str, reason: str, **values: Any) -> RulesError:
    return RulesError(code, reason, **values)


def meld_shape(cards: tuple[Card, ...] | list[Card]) -> Shape:
    """Check that ``cards`` (jokers declared) form a set or a run; return its shape or raise ``RulesError``.

    Shapes are immutable, so the shape of the same cards in the same order is worked out once and kept.

    >>> meld_shape(parse_cards("KH AH 2H"))
    Traceback (most recent call last):
    ...
    engine.errors.RulesError: K-A-2 goes round the corner: an ace is low (A-2-3) or high (Q-K-A), never both.
    """
    return _known_shape(cards if cards.__class__ is tuple else tuple(cards))


@lru_cache(maxsize=1 << 16)
def _known_shape(cards: tuple[Card, ...]) -> Shape:
    """:func:`meld_shape` of ``cards``, kept (a refusal is raised again each time, never kept)."""
    if JOKER in cards:  # the one card that is a joker and not declared (cards are shared instances)
        raise _fail("joker_needs_declaration", "joker.undeclared")
    if len(cards) < 3:
        raise _fail("not_a_meld", "meld.too_few")
    if all(map(_IS_JOKER, cards)):
        raise _fail("not_a_meld", "meld.only_jokers")
    rank_list = list(map(_RANK, cards))
    ranks = set(rank_list)
    if len(ranks) == 1:
        if len(cards) > SET_MAX:
            raise _fail("set_too_large", "set.too_large")
        suit_list = list(map(_SUIT, cards))
        held = set(suit_list)
        if len(held) < len(cards):
            raise _fail("set_suits_repeat", "set.suits_repeat")
        ordered = tuple(sorted(cards, key=_SUIT))
        rank = cards[0].rank
        free = [] if len(cards) == SET_MAX else [s for s in range(4) if s not in held]
        touching_indices = [s * 13 + rank - 1 for s in free]  # Card.natural(rank, s).index
        return _new_shape(
            "set",
            ordered,
            rank,
            0,
            0,
            0,
            frozenset(touching_indices),
            sum([1 << s for s in suit_list]),
            sum([1 << s for s in free]),
            frozenset([NATURALS[i] for i in touching_indices]),
        )
    if len(set(map(_SUIT, cards))) > 1:
        raise _fail("not_a_meld", "meld.mixed")
    aces = rank_list.count(1)
    if aces > 1:
        raise _fail("ace_around_corner", "run.two_aces")
    size = len(cards)
    # With a king in the run the ace is tried high first, so a full A-K run scores its ace high (ace_high_value).
    for high_ace in ((True, False) if 13 in ranks else (False, True)) if aces else (False,):
        at = [14 if r == 1 else r for r in rank_list] if high_ace else rank_list  # the run position of each card
        low, high = min(at), max(at)
        if high - low + 1 == size and len(set(at)) == size:  # every position once: the cards by position
            by_position = dict(zip(at, cards, strict=True))
            suit = cards[0].suit
            ends = [p for p in (low - 1, high + 1) if 1 <= p <= 14] if size < MAX_RUN else []
            touching_indices = [suit * 13 + rank_at(p) - 1 for p in ends]  # Card.natural(rank_at(p), suit).index
            return _new_shape(
                "run",
                tuple([by_position[p] for p in range(low, high + 1)]),
                0,
                suit,
                low,
                high,
                frozenset(touching_indices),
                ((1 << (high + 1)) - 1) ^ ((1 << low) - 1),
                sum([1 << p for p in ends]),
                frozenset([NATURALS[i] for i in touching_indices]),
            )
    if aces and 2 in ranks and 13 in ranks:
        raise _fail("ace_around_corner", "run.around_corner")
    raise _fail("not_a_meld", "run.gap")


def could_fit_with_jokers(naturals: list[Card], jokers: int) -> bool:
    """Whether ``naturals`` and ``jokers`` bare jokers form a meld for some joker declaration.

    >>> could_fit_with_jokers(list(parse_cards("5H 7H")), 1), could_fit_with_jokers(list(parse_cards("5H 8H")), 1)
    (True, False)
    """
    if not naturals or len(naturals) + jokers < 3:
        return False
    size = len(naturals) + jokers
    if len({c.rank for c in naturals}) == 1:
        return size <= SET_MAX and len({c.suit for c in naturals}) == len(naturals)
    if len({c.suit for c in naturals}) > 1 or size > MAX_RUN:
        return False
    for high_ace in (False, True):
        positions = [14 if (c.rank == 1 and high_ace) else c.rank for c in naturals]
        if len(set(positions)) == len(positions) and max(positions) - min(positions) + 1 <= size:
            return True
    return False


def check_meld(cards: tuple[Card, ...]) -> Shape:
    """:func:`meld_shape`, but a joker whose declaration is the only fault is named as such."""
    try:
        return meld_shape(cards)
    except RulesError as error:
        declared = [c for c in cards if c.declared]
        if declared and error.code != "joker_needs_declaration":
            naturals = [c for c in cards if not c.is_joker]
            if could_fit_with_jokers(naturals, len(declared)):
                raise _fail(
                    "joker_needs_declaration", "joker.wrong_card", cards=tuple(c.natural_card for c in declared)
                ) from None
        raise


# --- every meld a hand allows ------------------------------------------------------------------------


@cache
def _run_shapes(mask: int, jokers: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """(natural positions, joker positions) of every run that a suit's position mask and ``jokers`` allow."""
    found = []
    for low in range(1, 13):
        missing_so_far: list[int] = []
        present_so_far: list[int] = []
        for high in range(low, min(low + MAX_RUN - 1, 14) + 1):
            (present_so_far if mask >> high & 1 else missing_so_far).append(high)
            if len(missing_so_far) > jokers:
                break
            if high - low < 2 or not present_so_far:
                continue
            spare = jokers - len(missing_so_far)
            # no card replaced by a joker: the held cards and the missing ones as they are (both in order)
            found.append((tuple(present_so_far), tuple(missing_so_far)))
            for k in range(1, min(spare, len(present_so_far) - 1) + 1):
                for replaced in combinations(present_so_far, k):
                    naturals = tuple(p for p in present_so_far if p not in replaced)
                    found.append((naturals, tuple(sorted(missing_so_far + list(replaced)))))
    return tuple(found)


@cache
def _suit_runs(suit: int, mask: int, jokers: int) -> tuple[Meld, ...]:
    # by run position 1-14 (the ace at 1 and 14; position 0, never asked, holds the ace too), the natural
    # card and a joker declared as it
    first = suit * 13
    naturals = (NATURALS[first], *NATURALS[first : first + 13], NATURALS[first])
    as_jokers = (DECLARED[first], *DECLARED[first : first + 13], DECLARED[first])
    melds = []
    whole = False  # a run of all thirteen ranks: A-…-K and 2-…-A of the same cards are then one meld
    for natural, jokered in _run_shapes(mask, jokers):
        low = min(natural[0], jokered[0]) if jokered else natural[0]
        size = len(natural) + len(jokered)
        whole = whole or size == MAX_RUN
        joker_at = set(jokered)
        melds.append(meld_of(tuple([as_jokers[p] if p in joker_at else naturals[p] for p in range(low, low + size)])))
    return tuple(dict.fromkeys(melds)) if whole else tuple(melds)


@cache
def _rank_sets(rank: int, suits: int, jokers: int) -> tuple[Meld, ...]:
    held = [s for s in range(4) if suits >> s & 1]
    melds = []
    for size in (3, SET_MAX):
        for n_natural in range(1, min(size, len(held)) + 1):
            n_jokers = size - n_natural
            if n_jokers > jokers:
                continue
            for natural_suits in combinations(held, n_natural):
                others = [s for s in range(4) if s not in natural_suits]
                for joker_suits in combinations(others, n_jokers):
                    cards = [Card.natural(rank, s) for s in natural_suits]
                    cards += [Card.joker_as(Card.natural(rank, s)) for s in joker_suits]
                    melds.append(meld_of(tuple(sorted(cards, key=_SUIT))))
    return tuple(melds)


def hand_melds(hand: tuple[Card, ...] | list[Card], summary: HandSummary | None = None) -> list[Meld]:
    """Every meld that can be laid from ``hand``, jokers declared every way they fit (as ``Meld`` moves).

    ``summary``, the hand's :class:`HandSummary` when the caller has one, saves summarising it again."""
    if summary is None:
        summary = HandSummary(hand)
    jokers = summary.jokers
    found: list[Meld] = []
    for suit, mask in enumerate(summary.suit_masks):
        if not jokers:  # without jokers only cards three in a row make runs (natural_run_positions, inlined)
            starts = mask & (mask >> 1) & (mask >> 2) & RUN_STARTS
            if not starts:
                continue
            mask &= starts | (starts << 1) | (starts << 2)
        elif jokers == 1:  # a card no run holds is left out, so fewer hands are worked out anew
            mask = natural_run_positions(mask, 1)
        if mask:
            found.extend(_suit_runs(suit, mask, jokers))
    # The ranks held in enough suits for a set (three, less one for each joker), found from the suits' run
    # positions at once: bit r of a suit's mask is its rank r (bit 14, the high ace, left out)
    a, b, c, d = summary.suit_masks
    if jokers >= 2:
        ranks = a | b | c | d
    elif jokers:
        ranks = (a & (b | c | d)) | (b & (c | d)) | (c & d)  # in two suits or more
    else:
        ranks = (a & b & (c | d)) | (c & d & (a | b))  # in three suits or more
    ranks &= _RANK_BITS
    rank_suits = summary.rank_suits
    while ranks:
        lowest = ranks & -ranks
        rank = lowest.bit_length() - 1
        found.extend(_rank_sets(rank, rank_suits[rank], jokers if jokers < 3 else 3))
        ranks ^= lowest
    return found


# --- lay-offs (the groups a hand can lay on a meld: engine.layoffs) ------------------------------------


def extended_shape(shape: Shape, cards: tuple[Card, ...]) -> Shape | None:
    """The shape of the meld after laying ``cards`` on it, or None when they do not extend it."""
    try:
        return meld_shape(shape.cards + cards)
    except RulesError:
        return None


# --- can a card be used? -------------------------------------------------------------------------


#: The window starts a run of three can have: positions 1–12 (a run of three ends by 14, the high ace).
RUN_STARTS = 0b1_1111_1111_1110


def natural_run_positions(mask: int, jokers: int) -> int:
    """The positions of ``mask`` that stand as natural cards in some run the mask and ``jokers`` allow, as bits.

    A card is in a run exactly when it is in a run of three (a run's three cards round any of its cards
    need no more jokers than the whole run), so with no joker it needs two neighbours in a row, with one
    joker one of the other two cards of some window of three, and with two jokers nothing else.

    >>> bin(natural_run_positions(0b1110_1100, 0)), bin(natural_run_positions(0b1010_0000, 1))
    ('0b11100000', '0b10100000')
    """
    if jokers >= 2:
        return mask
    one, two = mask >> 1, mask >> 2
    # window starts where all three are held, or (with a joker) where two of the three are
    starts = (mask & one) | (mask & two) | (one & two) if jokers else mask & one & two
    starts &= RUN_STARTS
    return (starts | (starts << 1) | (starts << 2)) & mask


class HandSummary:
    """A hand as bitmasks, for quick "can this card be used?" questions. Cards can be added one by one,
    so a take of 1, 2, 3 … cards from the pile is checked in one pass."""

    __slots__ = ("jokers", "rank_suits", "suit_masks")

    def __init__(self, hand: tuple[Card, ...] | list[Card] = ()) -> None:
        rank_suits = [0] * 14
        suit_masks = [0, 0, 0, 0]
        # add() inlined, without its joker test: a summary is made for nearly every listing, and the bare
        # joker's bits are all 0, so adding them changes nothing (its rank and suit are 0 too)
        for card in hand:
            rank_suits[card.rank] |= card.suit_bit
            suit_masks[card.suit] |= card.positions
        self.jokers = hand.count(JOKER)
        self.rank_suits = rank_suits
        self.suit_masks = suit_masks

    def add(self, card: Card) -> None:
        """Count ``card`` as held."""
        if card is JOKER:
            self.jokers += 1
        else:
            self.rank_suits[card.rank] |= card.suit_bit
            self.suit_masks[card.suit] |= card.positions

    def melds_with(self, card: Card) -> bool:
        """Whether the natural ``card`` belongs to some meld of the held cards (and itself)."""
        return melds_with_bits(card, self.rank_suits[card.rank], self.suit_masks[card.suit], self.jokers)

    def extends(self, card: Card, shape: Shape) -> bool:
        """Whether the natural ``card``, helped by held cards, can be laid off on ``shape``."""
        return extends_bits(card, shape, self.suit_masks[card.suit], self.jokers)


def melds_with_bits(card: Card, same_rank: int, same_suit: int, jokers: int) -> bool:
    """Whether the natural ``card`` belongs to some meld of held cards, told by what is held of its rank
    (``same_rank``: suits, as bits), of its suit (``same_suit``: run positions, as bits) and ``jokers``:
    the whole of :meth:`HandSummary.melds_with`, for callers that gather only those bits."""
    if jokers > 2:
        jokers = 2
    if (same_rank & ~card.suit_bit).bit_count() + jokers >= 2:
        return True
    return bool(natural_run_positions(same_suit | card.positions, jokers) & card.positions)


def extends_bits(card: Card, shape: Shape, same_suit: int, jokers: int) -> bool:
    """Whether the natural ``card``, helped by held cards of its suit (``same_suit``: run positions, as bits)
    and ``jokers``, can be laid off on ``shape``: the whole of :meth:`HandSummary.extends`."""
    if shape.kind == "set":
        return card.rank == shape.rank and bool(shape.reach & card.suit_bit)  # a missing suit of its rank
    if card.suit != shape.suit:
        return False
    length = shape.high - shape.low + 1
    for p in (1, 14) if card.rank == 1 else (card.rank,):
        if p < shape.low:
            gap_low, gap_high = p + 1, shape.low - 1
        elif p > shape.high:
            gap_low, gap_high = shape.high + 1, p - 1
        else:
            continue
        gap = gap_high - gap_low + 1  # the positions between the card and the run
        held = (same_suit >> gap_low & ((1 << gap) - 1)).bit_count() if gap > 0 else 0
        if gap - held <= jokers and length + gap + 1 <= MAX_RUN:
            return True
    return False


def card_melds_with(card: Card, hand: tuple[Card, ...] | list[Card]) -> bool:
    """Whether the natural ``card`` belongs to some meld that can be laid from ``hand`` (which holds it).

    >>> card_melds_with(Card.parse("7H"), parse_cards("5H 6H 7H KS")), card_melds_with(Card.parse("KS"), parse_cards("5H 6H 7H KS"))
    (True, False)
    """
    return HandSummary(hand).melds_with(card)


def card_extends(card: Card, shape: Shape, hand: tuple[Card, ...] | list[Card]) -> bool:
    """Whether the natural ``card``, helped by other cards from ``hand``, can be laid off on ``shape``.

    >>> run = meld_shape(parse_cards("5H 6H 7H"))
    >>> card_extends(Card.parse("9H"), run, parse_cards("9H 8H")), card_extends(Card.parse("9H"), run, parse_cards("9H"))
    (True, False)
    """
    return HandSummary(hand).extends(card, shape)


def layoff_error(shape: Shape, cards: tuple[Card, ...], number: int) -> RulesError:
    """The error for ``cards`` that do not extend the meld ``shape`` (numbered ``number``)."""
    if any(c is JOKER for c in cards):
        return RulesError("joker_needs_declaration", "joker.undeclared")
    declared = sum(1 for c in cards if c.declared)
    naturals = [c.natural_card for c in shape.cards] + [c for c in cards if not c.is_joker]
    if declared and could_fit_with_jokers(naturals, declared):
        return RulesError("joker_needs_declaration", "layoff.joker_wrong_card")
    if shape.kind == "run" and any(c.rank == 1 for c in (*shape.cards, *cards)):
        try:
            meld_shape(shape.cards + cards)
        except RulesError as error:
            if error.code == "ace_around_corner":
                return RulesError("ace_around_corner", "layoff.around_corner")
    if shape.kind == "set" and len(shape.cards) == SET_MAX:
        return RulesError("layoff_does_not_fit", "layoff.full_set", meld=number)
    if shape.kind == "set":
        held_suits = {c.suit for c in shape.cards}
        repeat = next((c for c in cards if c.rank == shape.rank and c.suit in held_suits), None)
        if repeat is not None and all(c.rank == shape.rank for c in cards):
            return RulesError(  # either code fits; the record tests name the lay-off's
                "layoff_does_not_fit", "layoff.suit_repeats", card=repeat, meld_cards=shape.cards, meld=number
            )
    reason = "layoff.not_on_set" if shape.kind == "set" else "layoff.not_on_run"
    return RulesError("layoff_does_not_fit", reason, cards=cards, meld_cards=shape.cards, meld=number)
