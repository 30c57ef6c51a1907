"""Every lay-off a hand allows on a meld, free of game state: the groups of held cards (jokers declared every
way they fit) that extend a set or a run, worked out once for each few numbers they depend on and kept.

>>> from engine.cards import parse_cards
>>> from engine.melds import meld_shape
>>> [" ".join(map(str, cards)) for cards in layoff_options(meld_shape(parse_cards("5H 6H 7H")), parse_cards("4H 8H 9H KS"))]
['8H', '8H 9H', '4H', '4H 8H', '4H 8H 9H']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from engine.cards import DECLARED, NATURALS, Card
from engine.melds import MAX_RUN, SET_MAX, HandSummary, Shape

__all__ = ["layoff_options"]


def layoff_options(
    shape: Shape, hand: tuple[Card, ...] | list[Card], summary: HandSummary | None = None
) -> tuple[tuple[Card, ...], ...]:
    """Every group of cards from ``hand`` that extends the meld ``shape`` (jokers declared every way they fit).

    ``summary``, the hand's :class:`HandSummary`, saves summarising the same hand for every meld on the
    table. The groups depend only on a few numbers (the meld's suit and ends, or its rank and suits; which
    cards of that suit or rank the hand holds; its jokers), so they are worked out once for each and kept.
    """
    if summary is None:
        summary = HandSummary(hand)
    jokers = summary.jokers
    if shape.kind == "set":
        have = summary.rank_suits[shape.rank]
        if not jokers and not have & shape.reach:
            return ()
        return _set_layoffs(shape.rank, shape.body, have & ~shape.body, jokers)
    have = summary.suit_masks[shape.suit]
    if not jokers:
        if not have & shape.reach:
            return ()
        have = _next_to(have, shape.low, shape.high)  # fewer cases to keep: the cards in a row from its ends
    return _run_layoffs(shape.suit, shape.low, shape.high, have & ~shape.body, jokers)


def _next_to(mask: int, low: int, high: int) -> int:
    """The positions of ``mask`` in an unbroken row from just below ``low`` down, or just above ``high`` up.

    >>> bin(_next_to(0b1011_0000_1100, 4, 7))  # 2 3 | run 4-7 | 8 9, and 11 beyond a gap
    '0b1100001100'
    """
    above = mask >> (high + 1)
    row_above = (~above & (above + 1)).bit_length() - 1  # how many in a row above the run
    missing_below = ~mask & ((1 << low) - 1)  # never empty: position 0 is never held
    below = mask & ((1 << low) - 1) & ~((1 << missing_below.bit_length()) - 1)
    return below | (((1 << row_above) - 1) << (high + 1))


@lru_cache(maxsize=1 << 15)
def _set_layoffs(rank: int, present: int, have: int, jokers: int) -> tuple[tuple[Card, ...], ...]:
    """The lay-offs on a set of ``rank`` holding the suits ``present`` (bits), from a hand holding that rank
    in the suits ``have`` (bits) and ``jokers`` jokers."""
    held = {Card.natural(rank, s).index for s in range(4) if have >> s & 1}
    missing = [s for s in range(4) if not present >> s & 1]
    options: list[tuple[Card, ...]] = []
    for k in range(1, SET_MAX - present.bit_count() + 1):
        for suits in combinations(missing, k):
            options.extend(_fill([Card.natural(rank, s) for s in suits], held, jokers))
    return tuple(options)


@lru_cache(maxsize=1 << 15)
def _run_layoffs(suit: int, low: int, high: int, have: int, jokers: int) -> tuple[tuple[Card, ...], ...]:
    """The lay-offs on a run of ``suit`` from position ``low`` to ``high``, from a hand holding the cards of
    that suit at the positions ``have`` (bits, outside the run) and ``jokers`` jokers.

    Cards are added below the run (the nearest first) and, for each stretch below, above it; each way of
    supplying them (by the held card, or a joker declared as it) in the order :func:`_fill` gives. A
    stretch that needs more jokers than are held ends the search that way (longer ones need more still)."""
    held = have | (have >> 13 & 0b10) | ((have & 0b10) << 13)  # the ace: position 1 and 14 are one card
    naturals = NATURALS[suit * 13 : suit * 13 + 13]
    length = high - low + 1
    room = MAX_RUN - length  # the most cards a lay-off may add
    # (card, held) at each position below the run, nearest first, and above it, nearest first: as far as a
    # stretch can reach (the room left, and one joker for each card missing)
    below = _reach(naturals, held, range(low - 1, max(0, low - 1 - room), -1), jokers)
    above = _reach(naturals, held, range(high + 1, min(15, high + 1 + room)), jokers)
    options: list[tuple[Card, ...]] = []
    full = False  # a lay-off that makes a 13-card run
    for n_below in range(len(below) + 1):
        # the ways to supply the cards below (lowest first), each with the jokers it uses
        ways = _supplied(below[n_below - 1 :: -1] if n_below else [], jokers)
        missing = sum([not is_held for _, is_held in below[:n_below]])
        for n_above in range(len(above) + 1):
            if n_below + n_above > room:
                break
            if n_above:
                card, is_held = above[n_above - 1]
                missing += not is_held
                if missing > jokers:
                    break
                ways = _extended(ways, card, is_held, jokers)
            elif not n_below:
                continue
            full = full or n_below + n_above == room
            options.extend([cards for cards, _ in ways])
    if full:
        # The ace can end a 13-card run low or high: the same cards then come up twice.
        unique: dict[tuple[int, ...], tuple[Card, ...]] = {}
        for option in options:
            unique.setdefault(tuple(sorted(c.index for c in option)), option)
        options = list(unique.values())
    return tuple(options)


def _reach(naturals: tuple[Card, ...], held: int, positions: range, jokers: int) -> list[tuple[Card, int]]:
    """(card, held) at each of ``positions`` (a suit's run positions, from the run outwards) up to the last
    one that ``jokers`` can still supply: past a missing card with no joker left for it, nothing is reached."""
    reached: list[tuple[Card, int]] = []
    missing = 0
    for p in positions:
        is_held = held >> p & 1
        if not is_held:
            missing += 1
            if missing > jokers:
                break
        reached.append((naturals[p - 1 if p < 14 else 0], is_held))
    return reached


def _supplied(wanted: list[tuple[Card, int]], jokers: int) -> list[tuple[tuple[Card, ...], int]]:
    """Every way to supply the ``wanted`` (card, held) in turn with at most ``jokers`` jokers, as (the cards,
    the jokers used), in :func:`_fill`'s order (a held card before a joker as it, the first card varying
    slowest)."""
    ways: list[tuple[tuple[Card, ...], int]] = [((), 0)]
    for card, is_held in wanted:
        ways = _extended(ways, card, is_held, jokers)
    return ways


def _extended(
    ways: list[tuple[tuple[Card, ...], int]], card: Card, is_held: int, jokers: int
) -> list[tuple[tuple[Card, ...], int]]:
    """``ways`` (cards, jokers used) each followed by ``card`` held, then by a joker as it while one is left."""
    joker = DECLARED[card.index]
    grown: list[tuple[tuple[Card, ...], int]] = []
    for cards, used in ways:
        if is_held:
            grown.append(((*cards, card), used))
        if used < jokers:
            grown.append(((*cards, joker), used + 1))
    return grown


def _fill(wanted: list[Card], held: set[int], jokers: int) -> list[tuple[Card, ...]]:
    """Every way to supply ``wanted`` cards from a hand: each by the natural card if held, or by a joker."""
    choices = []
    for card in wanted:
        ways = ([card] if card.index in held else []) + ([Card.joker_as(card)] if jokers else [])
        if not ways:
            return []
        choices.append(ways)
    return [combo for combo in product(*choices) if sum(c.is_joker for c in combo) <= jokers]


