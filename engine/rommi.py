"""The Finnish call "Rommi!": right after a discard, before the next player draws, another player (not
the next one, not the discarder; never with two players) takes the top N cards of the pile when the
discarded card fits a meld, lays the called card and the deepest card at once, and plays on from there.
"""

from __future__ import annotations

from typing import Any, Final

from engine.cards import JOKER, NATURALS, Card
from engine.duty import Duty
from engine.errors import RulesError
from engine.lay import duty_payable, duty_payable_exact
from engine.melds import RUN_STARTS, HandSummary, melds_with_bits
from engine.moves import Move, Rommi
from engine.payable import (
    blocked_by_own_meld_rule,
    card_payable_bits,
    joker_call_quick,
    laid_off,
    payable_depths,
    two_owed_quick,
)
from engine.pile_take import after_take
from engine.round_parts import PHASE_DRAW, TableIndex, table_index
from engine.round_state import RoundState, StateT, first_turn_blocked, replace


def _could_meld_with(card: Card) -> frozenset[Card]:
    """The cards that could stand beside the natural ``card`` in a meld of three: its rank in another suit,
    its suit within two run positions (an ace both low and high), and the joker."""
    near = sum({1 << (p + d) for p in range(1, 15) if card.positions >> p & 1 for d in (-2, -1, 1, 2) if p + d >= 1})
    return frozenset(
        other
        for other in NATURALS
        if (other.rank == card.rank and other.suit != card.suit)
        or (other.suit == card.suit and other.positions & near and other is not card)
    ) | {JOKER}


#: By a natural card's index, :func:`_could_meld_with` it: a discard that has fewer than two of these below
#: it in the pile makes no meld with the pile (a meld of three holds two cards beside it, from this set).
#: Nine discards in ten of random rommi self-play end there, or on the table's touching cards, without the
#: pile's bits being gathered (``benchmarks/bench_engine.py``, rommi).
MELD_HELPERS: Final[tuple[frozenset[Card], ...]] = tuple(_could_meld_with(card) for card in NATURALS)


def window_open(state: RoundState) -> bool:
    """Whether a call is possible now: a card was just discarded and the next player has not drawn."""
    return state.rommi_from is not None and state.phase is PHASE_DRAW and bool(state.pile)


def call_grounds(state: RoundState) -> bool:
    """Whether the card just discarded may be called at all, judged without any caller's hand: it fits a
    meld on the table by itself, or makes a new meld with other cards of the discard pile (the seed's two
    cases). With the house rule ``rommi_call_with_hand`` the caller's hand may make that meld too, which
    the payability of the call then judges, so every discard has grounds here.

    Whether a caller can then lay what they owe (their hand helping) is :func:`after_call`'s question."""
    if state.variant.rommi_call_with_hand:
        return True
    pile = state.pile
    called = pile[-1]
    if called is JOKER:  # it fits any meld with room left, or stands for a card that melds with the pile
        others = HandSummary(pile[:-1])
        return any(m.shape.reach for m in state.table) or any(others.melds_with(card) for card in NATURALS)
    return _natural_grounds(state, called, *_of_rank_and_suit(pile, called))


def _natural_grounds(state: RoundState, called: Card, pile_rank: int, pile_suit: int, pile_jokers: int) -> bool:
    """:func:`call_grounds` for a natural ``called`` card, told by what the whole pile holds of its rank (suits,
    as bits) and suit (run positions, as bits) and its jokers: the called card's own bits change nothing
    (:func:`engine.melds.melds_with_bits` leaves its suit out of its rank and adds its position to its suit),
    so the pile's bits are those of the other cards of the pile."""
    if state.flags.rommi_call_with_hand:
        return True
    if called in table_index(state.table).touching:
        return True
    if pile_jokers:
        return melds_with_bits(called, pile_rank, pile_suit, pile_jokers)
    # melds_with_bits without a joker, inlined: two more suits of its rank, or three in a row
    mask = pile_suit | called.positions
    starts = mask & (mask >> 1) & (mask >> 2) & RUN_STARTS
    return (pile_rank & ~called.suit_bit).bit_count() >= 2 or bool((starts | starts << 1 | starts << 2) & called.positions)


def called_card_fits(state: RoundState, player: int, called: Card, pile: tuple[Card, ...]) -> bool:
    """Whether ``called`` could be laid by ``player`` with their hand and all of ``pile``."""
    summary = HandSummary((*state.hands[player], *pile))
    return summary.melds_with(called) or any(summary.extends(called, m.shape) for m in state.table)


def callers(state: RoundState) -> list[int]:
    """The players who may call now (not the player to move, not the discarder), nearest after the
    discarder in turn order first; empty while no call is open."""
    if not window_open(state) or state.rommi_from is None:
        return []
    n = len(state.players)
    seats = ((state.rommi_from + k) % n for k in range(1, n))
    return [p for p in seats if p != state.to_move]


def calling_seats(state: RoundState, legal: list[tuple[int, Move]] | None = None) -> list[int]:
    """The seats holding a legal call now (``legal``: :func:`calls`, if already listed), nearest after the
    discarder first: the order in which callers are asked, at the table and by the computer players."""
    held = {seat for seat, _ in (calls(state) if legal is None else legal)}
    return [seat for seat in callers(state) if seat in held]


def after_call(state: StateT, player: int, n: int, check: bool) -> StateT | None:
    """The state after ``rommi n`` by ``player``; None (or, with ``check``, a RulesError) if illegal."""

    def refuse(code: str, reason: str, **values: Any) -> None:
        if check:
            raise RulesError(code, reason, **values)

    if not call_grounds(state):
        called = state.pile[-1]
        with_hand = called is JOKER or called_card_fits(state, player, called, state.pile)
        refuse("rommi_not_allowed", "rommi.no_grounds" if with_hand else "rommi.fits_nothing", card=called)
        return None
    if n < 1:
        refuse("take_not_allowed", "rommi.at_least_one")
        return None
    if n > len(state.pile):
        refuse("take_not_allowed", "take.too_many", size=len(state.pile))
        return None
    new = after_take(state, player, n, called=True)
    called = state.pile[-1]
    assert new.duty is not None
    if not duty_payable(replace(new, duty=Duty((called,), False, new.duty.layoff_pays))):
        if called is JOKER or called_card_fits(state, player, called, state.pile):  # it fits, deeper in the pile
            refuse("taken_card_unusable", "rommi.too_shallow", count=n, card=called)
        else:
            refuse("rommi_not_allowed", "rommi.fits_nothing", card=called)
        return None
    if not duty_payable(new):
        deepest = state.pile[-n]
        if check and duty_payable(replace(new, duty=Duty((deepest,), False, new.duty.layoff_pays))):
            refuse("taken_card_unusable", "rommi.owed_clash", owed=(called, deepest))  # each alone, not both
        own_meld = blocked_by_own_meld_rule(new, deepest, new.hands[player], player)
        refuse("taken_card_unusable", "rommi.deepest_own_meld_first" if own_meld else "rommi.deepest_unusable", card=deepest)
        return None
    return new


def apply_call(state: StateT, move: Rommi, player: int) -> StateT:
    """Apply a call by ``player``, or raise ``RulesError`` saying why it is not allowed."""
    if not state.variant.rommi_call:
        raise RulesError("rommi_not_allowed", "rommi.not_in_variant", variant=state.variant.name)
    if len(state.players) == 2:
        raise RulesError("rommi_not_allowed", "rommi.two_players")
    if not window_open(state):
        raise RulesError("rommi_not_allowed", "rommi.window_closed")
    if player == state.to_move:
        raise RulesError("rommi_not_allowed", "rommi.your_turn")
    if player == state.rommi_from:
        raise RulesError("rommi_not_allowed", "rommi.own_discard")
    if first_turn_blocked(state, player):
        raise RulesError("first_turn_no_meld", "first_turn.no_call")
    new = after_call(state, player, move.count, check=True)
    assert new is not None
    return new


def calls(state: RoundState) -> list[tuple[int, Move]]:
    """Every legal call: (caller, ``rommi N``), callers in seat order, the shallowest call first."""
    return [(player, move) for player, move, _ in calls_with_states(state)]


def calls_with_states(state: StateT, seat: int | None = None) -> list[tuple[int, Move, StateT | None]]:
    """Every legal call with the state after it: (caller, ``rommi N``, state); with ``seat``, that seat's only.
    The state is None where the listing had no need to make it: :func:`engine.pile_take.after_take` makes it.

    The hand and the cards taken are summarised once per caller and grown one card at a time, so the quick
    questions (can the called card be laid; can the deepest) cost a few bit operations for each depth; only
    a depth that passes them is tried in full.
    """
    flags = state.flags
    # window_open, inlined (asked after every discard)
    if state.rommi_from is None or state.phase is not PHASE_DRAW or not state.pile or not flags.rommi_call:
        return []
    pile = state.pile
    called = pile[-1]
    if (
        called is not JOKER
        and not flags.rommi_call_with_hand
        and sum(map(MELD_HELPERS[called.index].__contains__, pile)) < 2
        and called not in table_index(state.table).touching
    ):
        return []  # no grounds, told without gathering the pile's bits (MELD_HELPERS says how)
    # What the pile holds of the called card's rank and suit: the grounds, and the first question asked of
    # each caller
    pile_rank, pile_suit, pile_jokers = _of_rank_and_suit(pile, called)
    if not (call_grounds(state) if called is JOKER else _natural_grounds(state, called, pile_rank, pile_suit, pile_jokers)):
        return []
    found: list[tuple[int, Move, StateT | None]] = []
    quick = called is not JOKER and not flags.going_out_requires_discard
    by_layoff = flags.duty_paid_by_layoff
    rank, suit, suit_bit, positions = called.rank, called.suit, called.suit_bit, called.positions
    needs_meld = flags.layoff_needs_own_meld
    index: TableIndex | None = None  # the table's sets by rank and runs by suit, asked when first needed
    for player in range(len(state.players)) if seat is None else (seat,):
        if player in (state.to_move, state.rommi_from) or first_turn_blocked(state, player):
            continue
        if not quick:
            if called is JOKER and not flags.going_out_requires_discard:
                _joker_calls(state, player, by_layoff, found)
                continue
            if called is not JOKER and not called_card_fits(state, player, called, pile):
                continue
            for n in range(1, len(pile) + 1):
                new = after_call(state, player, n, check=False)
                if new is not None:
                    found.append((player, Rommi(n), new))
            continue
        # Whether the called card can be laid only grows with the cards taken, so once it can, it can for
        # every deeper take; the quick answers below are the ones after_call would reach (see payable).
        hand = state.hands[player]
        # what the hand holds of the called card's rank and suit, and its jokers (what _of_rank_and_suit gives:
        # a bare joker's bits are all 0), read from the hand's summary, which the deeper calls grow below
        summary = HandSummary(hand)
        same_rank, same_suit, jokers = summary.rank_suits[rank], summary.suit_masks[suit], summary.jokers
        # card_payable_bits with the whole pile, inlined (asked of every caller): in a meld, or laid off
        all_rank, all_suit, all_jokers = same_rank | pile_rank, same_suit | pile_suit, jokers + pile_jokers
        if all_jokers:
            fits = melds_with_bits(called, all_rank, all_suit, all_jokers)
        else:  # melds_with_bits without a joker, inlined: two more suits of its rank, or three in a row
            mask = all_suit | positions
            starts = mask & (mask >> 1) & (mask >> 2) & RUN_STARTS
            fits = (all_rank & ~suit_bit).bit_count() >= 2 or bool((starts | starts << 1 | starts << 2) & positions)
        if not fits:
            if not by_layoff or (needs_meld and not state.melded[player]):
                continue  # not even with the whole pile
            if index is None:
                index = table_index(state.table)
            if not (index.sets[rank] or index.runs[suit]) or not laid_off(index, called, all_suit, all_jokers):
                continue
        # The shallowest call: the fewest cards with which the called card can be laid. Only the cards of its
        # rank or suit, and jokers, change that answer (the first card taken is the called card itself).
        fit = 0
        for n in range(1, len(pile) + 1):
            card = pile[-n]
            if card is JOKER:
                jokers += 1
            elif card.rank == called.rank or card.suit == called.suit:
                if card.rank == called.rank:
                    same_rank |= card.suit_bit
                if card.suit == called.suit:
                    same_suit |= card.positions
            else:
                continue
            if card_payable_bits(state, called, same_rank, same_suit, jokers, player, by_layoff):
                fit = n
                break
        if not fit:
            continue
        for n in range(1, fit):  # the summary: the hand and the cards above the depth asked
            summary.add(pile[-n])
        first = fit
        if fit == 1:
            found.append((player, Rommi(1), None))  # the state after it is made if the call is made
            summary.add(called)
            first = 2
        # each deeper call also owes its deepest card
        for n, known in payable_depths(state, player, summary, first, by_layoff):
            answer = two_owed_quick(state, player, (called, pile[-n]), by_layoff, summary) if known else None
            if answer is not None:
                if answer:
                    found.append((player, Rommi(n), None))
                continue
            new = after_take(state, player, n, called=True)
            if duty_payable_exact(new, summary):
                found.append((player, Rommi(n), new))
    return found


def _joker_calls(state: StateT, player: int, layoff_pays: bool, found: list[tuple[int, Move, StateT | None]]) -> None:
    """Add to ``found`` the legal calls of a discarded joker by ``player``, shallowest first: answered from
    the bits where :func:`engine.payable.joker_call_quick` can, and by trying the call where it cannot."""
    pile = state.pile
    summary = HandSummary(state.hands[player])
    for n in range(1, len(pile) + 1):
        summary.add(pile[-n])
        answer = joker_call_quick(state, player, summary, pile[-n] if n > 1 else None, layoff_pays)
        if answer is None:
            new = after_call(state, player, n, check=False)
            if new is not None:
                found.append((player, Rommi(n), new))
        elif answer:
            found.append((player, Rommi(n), None))


def _of_rank_and_suit(cards: tuple[Card, ...], like: Card) -> tuple[int, int, int]:
    """What ``cards`` hold of the natural ``like``'s rank (suits, as bits) and suit (run positions, as bits),
    and their jokers: all that :func:`engine.payable.card_payable_bits` asks of them about ``like``."""
    rank, suit = like.rank, like.suit
    same_rank = same_suit = jokers = 0
    for card in cards:
        if card is JOKER:
            jokers += 1
        else:
            if card.rank == rank:
                same_rank |= card.suit_bit
            if card.suit == suit:
                same_suit |= card.positions
    return same_rank, same_suit, jokers
