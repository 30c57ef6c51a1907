"""Quick answers to "can this owed card be laid at once?", from hand bitmasks alone (no move is tried).

:mod:`engine.lay` asks them first and falls back on its exact search only when they cannot tell.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.cards import JOKER, Card
from engine.duty import Duty
from engine.melds import (
    MAX_RUN,
    RUN_STARTS,
    SET_MAX,
    HandSummary,
    check_meld,
    extended_shape,
    extends_bits,
    melds_with_bits,
    natural_run_positions,
)
from engine.moves import Layoff, Meld
from engine.round_parts import TableIndex, TableMeld, remove_held, table_index
from engine.round_state import RoundState


def two_owed_payable(state: RoundState, lays: Sequence[Meld | Layoff]) -> bool:
    """Whether some lay of ``lays`` (the melds and lay-offs paying part of a two-card duty, neither card a
    joker, no final discard needed) leaves the other owed card layable at once: what applying each lay and
    asking :func:`engine.lay.duty_payable` would answer (see :func:`lay_leaves_payable`)."""
    return any(lay_leaves_payable(state, move) for move in lays)


def lay_leaves_payable(state: RoundState, move: Meld | Layoff) -> bool | None:
    """Whether the lay ``move`` of the player to move (a meld or lay-off of held cards that extends its meld
    and pays part of the duty owed) leaves what is still owed layable at once, so that laying it is allowed:
    worked out on the shapes alone, without building the state after it. None where only trying the lay can
    tell: a duty not of two natural cards, or a variant where going out needs a final discard.

    Yes when the lay holds every owed card, when it empties the hand (going out), or when the card left
    owed melds with the cards left in hand or (where a lay-off pays and is allowed once this lay is made)
    can be laid off on the table as this lay leaves it."""
    duty = state.duty
    variant = state.variant
    if duty is None or len(duty.owed) != 2 or duty.any_of or JOKER in duty.owed or variant.going_out_requires_discard:
        return None
    cards: tuple[Card, ...] = move.cards
    first, second = duty.owed  # natural cards, so a declared joker laid is neither
    if first in cards and second in cards and (first is not second or cards.count(first) > 1):
        return True
    left = duty.after(cards)
    if left is None:
        return True
    player = state.to_move
    rest = remove_held(state.hands[player], cards)
    if not rest:
        return True
    summary = HandSummary(rest)
    if all(summary.melds_with(card) for card in left.owed):
        return True  # the cards left pay the rest by themselves
    melded = True if isinstance(move, Meld) else state.melded[player]
    if not left.layoff_pays or (variant.layoff_needs_own_meld and not melded):
        return False
    # The table after this lay: the new meld added, or the meld laid off on grown.
    table = [m.shape for m in state.table]
    if isinstance(move, Meld):
        table.append(check_meld(cards))
    else:
        extended = extended_shape(table[move.meld - 1], cards)
        assert extended is not None
        table[move.meld - 1] = extended
    return all(summary.melds_with(card) or any(summary.extends(card, sh) for sh in table) for card in left.owed)


def two_owed_quick(
    state: RoundState, player: int, owed: tuple[Card, ...], layoff_pays: bool, summary: HandSummary
) -> bool | None:
    """A quick answer for a two-card duty (a Rommi call: the called card and the deepest, both natural, no
    final discard needed), owed by ``player`` whose hand (the cards taken included) is ``summary``, with the
    table of ``state``: True when it can surely be paid, False when it surely cannot, None when only the
    search (:func:`two_owed_payable`) can tell.

    Yes when one meld of held cards holds both owed cards (a set of their rank with a third suit or a
    joker; a run of their suit whose gaps the hand or its jokers fill), or when each can be laid with held
    natural cards that the other does not need (see :func:`_laid_apart`).

    No only where that last answer is the whole truth: two cards of different ranks and suits (no meld holds
    both, and no meld one of them makes can take the other), one deck (so no card is held twice), at most two
    jokers held (one card never needs more), and the table the same for both lays (lay-offs allowed from the
    start, or not paying at all). Then the two lays share nothing but the two cards each could want and the
    jokers, and :func:`_laid_apart` tries every way to share them. And, on the same conditions, for two cards
    of one suit with no joker held and no run of their suit on the table: no run holds both, neither can be
    laid without cards of their suit, so each needs a run of three of its own (see :func:`_two_runs_apart`)."""
    if len(owed) != 2 or state.variant.going_out_requires_discard or JOKER in owed:
        return None  # a lay must keep a card to discard, or a joker is owed: only the search can tell
    first, second = owed
    own_meld_first = state.variant.layoff_needs_own_meld and not state.melded[player]
    layoffs_now = layoff_pays and not own_meld_first
    table = state.table if layoffs_now else ()
    if first.rank == second.rank:
        if first.suit != second.suit and (
            summary.jokers or summary.rank_suits[first.rank] & ~(first.suit_bit | second.suit_bit)
        ):
            return True
        alone = [[n for n, meld in enumerate(table) if card.index in meld.shape.touching] for card in owed]
        # each laid off by itself, on two different melds (copies of one card may need two)
        if alone[0] and alone[1] and (len(alone[0]) > 1 or len(alone[1]) > 1 or alone[0] != alone[1]):
            return True
        return None
    if first.suit == second.suit:
        mask = summary.suit_masks[first.suit]
        if _one_run_holds(mask, first, second, summary.jokers) or _laid_apart(summary, table, first, second):
            return True
        # Without jokers, and with no run of their suit to lay off on, what is left is a run for each: two runs
        # of three held cards that share none.
        if summary.jokers or (table and table_index(table).runs[first.suit]) or not _exact_apart(state, layoffs_now, layoff_pays):
            return None
        return _two_runs_apart(mask, first, second)
    if _laid_apart(summary, table, first, second):
        return True
    return False if summary.jokers <= 2 and _exact_apart(state, layoffs_now, layoff_pays) else None


def _exact_apart(state: RoundState, layoffs_now: bool, layoff_pays: bool) -> bool:
    """Whether :func:`_laid_apart` sees every way the two owed cards could share the held cards: one deck (no
    card held twice) and the same table for both lays (lay-offs allowed from the start, or not paying)."""
    return layoffs_now == layoff_pays and state.variant.decks(len(state.players)) == 1


def _two_runs_apart(mask: int, first: Card, second: Card) -> bool:
    """Whether the held positions ``mask`` of one suit (both cards' among them) make two runs of three, one
    holding each card and not the other, that share no card."""
    return any(not a & b for a in _held_threes(mask, first, second) for b in _held_threes(mask, second, first))


def _held_threes(mask: int, card: Card, other: Card) -> list[int]:
    """The windows of three positions (as bits) that ``mask`` holds in full, with ``card`` and without ``other``;
    one ending on the high ace (position 14) also marks position 1, so that two windows share a bit exactly
    when they share a card."""
    windows = []
    for p in (1, 14) if card.rank == 1 else (card.rank,):
        for start in range(max(1, p - 2), min(p, 12) + 1):
            window = 0b111 << start
            if mask & window == window and not window & other.positions:
                windows.append(window | (window >> 13 & 0b10))  # the high ace is the low ace's card
    return windows


def joker_call_quick(
    state: RoundState, player: int, summary: HandSummary, deepest: Card | None, layoff_pays: bool
) -> bool | None:
    """A quick answer for a Rommi call of a discarded joker by ``player``, whose hand with the cards taken
    (the joker among them) is ``summary``: can the joker be laid, alone (``deepest`` None: ``rommi 1``) or
    with ``deepest``, the deepest card taken? True or False where the bits tell for sure, None where only
    trying the call can tell. Asked only where going out needs no final discard.

    The joker alone can be laid exactly when two held naturals make a meld with it (two suits of a rank, or
    two cards of a suit in a run of three), when a second joker and any natural make one, or (lay-offs
    allowed now) when a meld on the table can grow. With a natural deepest card: yes when that card melds
    with held cards (the joker can always join that meld); no when it could not be laid even with every
    joker held, on the table as it stands or as the joker grows it."""
    rank_suits, suit_masks, jokers = summary.rank_suits, summary.suit_masks, summary.jokers
    if deepest is None or deepest is JOKER:
        if jokers >= 2 and any(suit_masks):
            return True  # a natural and two jokers
        if deepest is JOKER:
            return None  # two jokers owed, no natural held: only the search can tell
        if any(bits.bit_count() >= 2 for bits in rank_suits) or any(natural_run_positions(m, 1) for m in suit_masks):
            return True
        if not layoff_pays or (state.variant.layoff_needs_own_meld and not state.melded[player]):
            return False
        return any(len(meld.shape.cards) < (SET_MAX if meld.shape.kind == "set" else MAX_RUN) for meld in state.table)
    if melds_with_bits(deepest, rank_suits[deepest.rank], suit_masks[deepest.suit], jokers):
        return True
    # laid off, perhaps once the joker's own meld lets a lay-off be made: only the search can tell
    if layoff_pays and laid_off(table_index(state.table), deepest, suit_masks[deepest.suit], jokers):
        return None
    return False


def _laid_apart(summary: HandSummary, table: tuple[TableMeld, ...], first: Card, second: Card) -> bool:
    """Whether two owed cards of different ranks can each be laid with held natural cards that the other's
    lay does not need, and the jokers held: in a set of its rank, a run of its suit, or a lay-off on a meld
    of ``table`` (empty where a lay-off is not allowed now).

    A set uses cards of its rank, a run or a helped lay-off cards of its suit. So two cards of one suit
    share only their suit's cards: one of them must do without them. Two cards of different suits share
    only the card of one's rank in the other's suit, and each of those two goes to one side or the other."""
    rank_suits, suit_masks, jokers = summary.rank_suits, summary.suit_masks, min(summary.jokers, 2)
    if first.suit == second.suit:
        suit = suit_masks[first.suit]
        for one, other in ((first, second), (second, first)):
            alone = _jokers_to_lay(one, rank_suits[one.rank], 0, jokers, table)  # without its suit's cards
            if alone <= jokers:
                rest = _jokers_to_lay(other, rank_suits[other.rank], suit & ~one.positions, jokers - alone, table)
                if alone + rest <= jokers:
                    return True
        return False
    # the one card they could both want: the card of one's rank in the other's suit, either way round
    first_rank_mate, first_suit_mate = second.suit_bit, second.positions  # in first's rank, in first's suit
    for first_keeps_rank_mate, first_keeps_suit_mate in ((True, True), (True, False), (False, True), (False, False)):
        first_rank = rank_suits[first.rank] & ~(0 if first_keeps_rank_mate else first_rank_mate)
        first_suit = suit_masks[first.suit] & ~(0 if first_keeps_suit_mate else first_suit_mate)
        need = _jokers_to_lay(first, first_rank, first_suit, jokers, table)
        if need > jokers:
            continue
        second_rank = rank_suits[second.rank] & ~(first.suit_bit if first_keeps_suit_mate else 0)
        second_suit = suit_masks[second.suit] & ~(first.positions if first_keeps_rank_mate else 0)
        if need + _jokers_to_lay(second, second_rank, second_suit, jokers - need, table) <= jokers:
            return True
    return False


def _jokers_to_lay(card: Card, same_rank: int, same_suit: int, jokers: int, table: tuple[TableMeld, ...]) -> int:
    """The fewest jokers (up to ``jokers``) with which the natural ``card`` is laid from held cards of its
    rank (``same_rank``: suits, as bits) and suit (``same_suit``: run positions, as bits): in a set, a run,
    or a lay-off on a meld of ``table``; ``jokers + 1`` when none do."""
    others = (same_rank & ~card.suit_bit).bit_count()
    for spare in range(jokers + 1):
        if others + spare >= 2 or (same_suit and natural_run_positions(same_suit | card.positions, spare) & card.positions):
            return spare
        for meld in table:
            if extends_bits(card, meld.shape, same_suit, spare):
                return spare
    return jokers + 1


def _one_run_holds(mask: int, first: Card, second: Card, jokers: int) -> bool:
    """Whether the suit's held positions ``mask`` and ``jokers`` make a run holding both cards (of that suit)."""
    for a in (1, 14) if first.rank == 1 else (first.rank,):
        for b in (1, 14) if second.rank == 1 else (second.rank,):
            low, high = min(a, b), max(a, b)
            # the shortest windows holding both: the two and what lies between, or three in a row
            starts = range(low, low + 1) if high - low >= 2 else range(max(1, high - 2), min(low, 12) + 1)
            for start in starts:
                length = max(high - start + 1, 3)
                if length <= MAX_RUN and length - (mask >> start & ((1 << length) - 1)).bit_count() <= jokers:
                    return True
    return False


def card_payable(state: RoundState, card: Card, summary: HandSummary, player: int, layoff_pays: bool) -> bool:
    """Whether the natural ``card``, held with the cards of ``summary``, can be laid at once by ``player``:
    in a meld, or (where a lay-off pays and is allowed now) laid off on a meld on the table."""
    return card_payable_bits(
        state, card, summary.rank_suits[card.rank], summary.suit_masks[card.suit], summary.jokers, player, layoff_pays
    )


def card_payable_bits(
    state: RoundState, card: Card, same_rank: int, same_suit: int, jokers: int, player: int, layoff_pays: bool
) -> bool:
    """:func:`card_payable`, told by what is held of the card's rank (suits, as bits) and suit (run
    positions, as bits) and the jokers (see :func:`engine.melds.melds_with_bits`)."""
    if melds_with_bits(card, same_rank, same_suit, jokers):
        return True
    if not layoff_pays or (state.variant.layoff_needs_own_meld and not state.melded[player]):
        return False
    return laid_off(table_index(state.table), card, same_suit, jokers)


def laid_off(index: TableIndex, card: Card, same_suit: int, jokers: int) -> bool:
    """Whether the natural ``card``, helped by held cards of its suit (``same_suit``: run positions, as bits)
    and ``jokers``, can be laid off on a meld of the table ``index``: a set of its rank missing its suit, or
    a run of its suit."""
    for shape in index.sets[card.rank]:
        if shape.reach & card.suit_bit:
            return True
    for shape in index.runs[card.suit]:  # noqa: SIM110 (a loop: any() would make a generator each call)
        if extends_bits(card, shape, same_suit, jokers):
            return True
    return False


def payable_depths(
    state: RoundState, player: int, summary: HandSummary, first: int, layoff_pays: bool
) -> Iterator[tuple[int, bool]]:
    """Walk the pile down from depth ``first``, adding each card to ``summary`` (``player``'s hand and the
    cards above): yield ``(n, True)`` for each depth whose deepest card can be laid at once with them (the
    answer of :func:`card_payable`, its meld half inlined: this is the hot loop of the draw listing and of
    Rommi calls) and ``(n, False)`` for a joker at the bottom, which only the full check can judge. While
    the caller works on a depth, ``summary`` holds the top n cards."""
    pile = state.pile
    rank_suits, suit_masks = summary.rank_suits, summary.suit_masks
    layoffs_now = layoff_pays and not (state.flags.layoff_needs_own_meld and not state.melded[player])
    index: TableIndex | None = None  # the table's sets by rank and runs by suit, asked when first needed
    for n in range(first, len(pile) + 1):
        deepest = pile[-n]
        if deepest is JOKER:
            summary.jokers += 1
            yield n, False
            continue
        rank, suit, suit_bit, positions = deepest.rank, deepest.suit, deepest.suit_bit, deepest.positions
        rank_suits[rank] |= suit_bit
        mask = suit_masks[suit] = suit_masks[suit] | positions
        jokers = summary.jokers
        # in a meld of held cards (melds_with_bits), or laid off
        if jokers:
            usable = jokers if jokers < 2 else 2
            if (rank_suits[rank] & ~suit_bit).bit_count() + usable >= 2 or natural_run_positions(mask, usable) & positions:
                yield n, True
                continue
        else:  # natural_run_positions(mask, 0), inlined: three in a row
            starts = mask & (mask >> 1) & (mask >> 2) & RUN_STARTS
            if (rank_suits[rank] & ~suit_bit).bit_count() >= 2 or (starts | starts << 1 | starts << 2) & positions:
                yield n, True
                continue
        if layoffs_now:
            if index is None:
                index = table_index(state.table)
            if (index.sets[rank] or index.runs[suit]) and laid_off(index, deepest, mask, jokers):
                yield n, True


def blocked_by_own_meld_rule(state: RoundState, card: Card, hand: tuple[Card, ...], player: int) -> bool:
    """Whether the natural ``card`` could be laid off from ``hand`` but for ``layoff_needs_own_meld`` (the
    reason a take or a call that owes it is refused, where it melds with nothing)."""
    if not state.variant.layoff_needs_own_meld or state.melded[player] or card is JOKER:
        return False
    summary = HandSummary(hand)
    return not summary.melds_with(card) and any(summary.extends(card, m.shape) for m in state.table)


def fast_payable(
    state: RoundState, duty: Duty, hand: tuple[Card, ...], player: int, summary: HandSummary | None = None
) -> bool | None:
    """Whether ``player`` holding ``hand`` could pay ``duty`` in one lay; None when it cannot be told quickly."""
    if state.variant.going_out_requires_discard or JOKER in duty.owed:
        return None
    summary = summary or HandSummary(hand)
    return any(card_payable(state, c, summary, player, duty.layoff_pays) for c in duty.owed)
