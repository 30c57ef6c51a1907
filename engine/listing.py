"""The legal-move listing of a state: every move the player to move may make, and every Rommi call.

It reads the same checks :meth:`RoundState.apply` uses, so the listing and apply agree exactly (the
property tests hold them to it).

:class:`Memo` is the listing a state keeps once it is asked for (a state never changes, so its listing
never goes stale). It also remembers the moves it handed out: applying one of those very move objects
skips the checks the listing already made (a listed take pays its duty, so only its cards move; a Rommi
call, or a lay while two cards are owed, was applied while listing it, and that state is returned as it
is). Applying any other move checks everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from typing import Generic

from engine.errors import RulesError
from engine.lay import apply_lay, layoffs, take_payable
from engine.melds import HandSummary, hand_melds
from engine.moves import DRAW, STOP, TAKE_ALL, Layoff, Meld, Move, Rommi, Take, discard, take
from engine.payable import lay_leaves_payable, payable_depths
from engine.pile_take import after_take
from engine.rommi import calls_with_states
from engine.round_parts import PHASE_DRAW, PHASE_PLAY
from engine.round_state import RoundState, StateT, keep_memo
from engine.rummy import calls as rummy_calls
from engine.turn import apply_take, blocked_discards


def draw_moves(state: RoundState) -> list[Move]:
    """The moves at the start of a turn: draw, the takes whose duty can be paid, stop."""
    moves: list[Move] = []
    if state.stock:
        moves.append(DRAW)
    elif state.flags.empty_stock == "stop":
        moves.append(STOP)
    size = len(state.pile)
    if not size:
        return moves
    flags = state.flags
    rule = flags.pile_take
    if rule == "whole_pile":
        if flags.unusable_pile_penalty is not None or take_payable(state, state.to_move, size):
            moves.append(TAKE_ALL)
        return moves
    player = state.to_move
    penalty = flags.unusable_pile_penalty is not None
    free_top = not flags.duty_on_top_card
    # first_turn_blocked, inlined (asked at every turn's start): nothing may be laid, only a take owing nothing
    if not penalty and flags.no_meld_first_turn and not state.first_turn_over[player]:
        if free_top:
            moves.append(take(1))
        return moves
    last = 1 if rule == "top_only" else size
    if flags.duty == "deepest_card" and not flags.going_out_requires_discard and not penalty:
        if free_top:  # the top card alone is free
            moves.append(take(1))
            if last == 1:
                return moves  # and nothing deeper may be taken: no hand to summarise
        _quick_takes(state, HandSummary(state.hands[player]), last, free_top, flags.duty_paid_by_layoff, moves)
        return moves
    summary = HandSummary(state.hands[player])
    for n in range(1, last + 1):
        summary.add(state.pile[-n])  # the summary holds the hand and the top n cards
        if penalty or take_payable(state, player, n, summary):
            moves.append(take(n))
    return moves


def _quick_takes(
    state: RoundState, summary: HandSummary, last: int, free_top: bool, layoff_pays: bool, moves: list[Move]
) -> None:
    """Add to ``moves`` the takes of 1 (2 with a ``free_top``, whose take the caller listed) to ``last`` cards
    whose deepest card can be laid (a deepest-card duty without a penalty), from ``summary`` (of the hand)
    grown one card a depth; a joker at the bottom is asked of :func:`engine.lay.take_payable`."""
    first = 1
    if free_top:  # the top card alone is free
        summary.add(state.pile[-1])
        first = 2
    if last < first:
        return
    player = state.to_move
    for n, known in payable_depths(state, player, summary, first, layoff_pays):
        if known or take_payable(state, player, n, summary):
            moves.append(take(n))
        if n == last:
            break


def play_moves(state: RoundState) -> list[Move]:
    """The moves after drawing: melds, lay-offs and discards (only the ones that pay a duty while one is owed)."""
    duty = state.duty
    if duty is not None and len(duty.owed) > 1 and not duty.any_of:
        return [move for move, _ in strand_checked(state)]
    moves = lay_candidates(state)
    if duty is None:
        hand = state.hands[state.to_move]
        blocked = blocked_discards(state, hand)
        if blocked:
            allowed = dict.fromkeys(hand)
            for card in blocked:
                allowed.pop(card, None)
            moves.extend(map(discard, allowed))
        else:
            moves.extend(map(discard, dict.fromkeys(hand)))
    return moves


def strand_checked(state: StateT) -> list[tuple[Move, StateT | None]]:
    """While two cards are owed (a Rommi call): the lays that pay one without stranding the other, each with
    the state after it where trying the lay was how that was known (None where the shapes alone told, see
    :func:`engine.payable.lay_leaves_payable`: the state is made if the lay is made). With femhundra's
    any-of duty one meld pays it all, so nothing can be stranded there."""
    tried: list[tuple[Move, StateT | None]] = []
    for move in lay_candidates(state):
        if not isinstance(move, Meld | Layoff):
            continue
        leaves_payable = lay_leaves_payable(state, move)
        if leaves_payable is None:
            try:
                tried.append((move, apply_lay(state, move)))
            except RulesError:
                continue
        elif leaves_payable:
            tried.append((move, None))
    return tried


def lay_candidates(state: RoundState) -> list[Move]:
    """The melds and lay-offs of the player to move that pay the duty owed (all of them when none is), and
    keep a card to discard where the variant needs one; not yet checked against stranding a second owed card."""
    hand = state.hands[state.to_move]
    duty = state.duty
    if state.flags.no_meld_first_turn and not state.first_turn_over[state.to_move]:  # first_turn_blocked, inlined
        return []
    summary = HandSummary(hand)
    if duty is None:
        # a new list, ours to extend (as list[Move]: read, never given a non-meld, before it is extended)
        moves: list[Move] = hand_melds(hand, summary)  # type: ignore[assignment]
    else:
        moves = [meld for meld in hand_melds(hand, summary) if duty.pays(meld.cards, is_meld=True)]
    if duty is None or duty.layoff_pays:
        moves.extend(layoffs(state, hand, duty, summary))
    if state.flags.going_out_requires_discard:
        moves = [m for m in moves if isinstance(m, Meld | Layoff) and len(m.cards) < len(hand)]
    return moves


Action = tuple[int, Move]


class Memo(Generic[StateT]):
    """The listing of one state, made on first use: its moves, its Rommi calls, and what is known of each.

    A state keeps its memo in its ``memo`` slot; :func:`memo_of` is the one way to it."""

    __slots__ = ("_calls", "_moves", "actions_listed", "known")

    def __init__(self) -> None:
        # the lists are made here and never changed (readers get copies): no tuple copy of each
        self._moves: Sequence[Move] | None = None
        self._calls: tuple[Action, ...] | None = None
        #: every (player, move) once listed (what :meth:`actions` returns), else None
        self.actions_listed: Sequence[Action] | None = None
        #: id of a listed move whose checks apply may skip -> (the move, its seat, the state after it, or
        #: None for a call listed as surely payable, made when it is made); takes are trusted from the moves
        self.known: dict[int, tuple[Move, int, StateT | None]] | None = None  # made when first needed

    def moves(self, state: StateT) -> Sequence[Move]:
        """Every legal move of the player to move (not to be changed: it is kept)."""
        if self._moves is None:
            phase = state.phase
            listed: Sequence[Move]
            if phase is PHASE_DRAW:
                listed = draw_moves(state)
            elif phase is PHASE_PLAY:
                duty = state.duty
                if duty is not None and len(duty.owed) > 1 and not duty.any_of:
                    seat = state.to_move
                    pairs = strand_checked(state)
                    for move, after in pairs:
                        if after is not None:  # (without it, apply checks the lay as for any move)
                            self._remember(move, seat, after)
                    listed = [move for move, _ in pairs]
                else:
                    listed = play_moves(state)
            else:
                listed = ()
            self._moves = listed
        return self._moves

    def calls(self, state: StateT) -> tuple[Action, ...]:
        """Every legal call out of turn: (caller, ``rommi N``), or (caller, ``rummy M``)."""
        if self._calls is None:
            if state.rommi_from is None:
                self._calls = ()
            elif state.flags.rummy_call:
                self._calls = tuple(rummy_calls(state))
            else:
                found = calls_with_states(state)
                for seat, move, after in found:
                    self._remember(move, seat, after)
                self._calls = tuple([(seat, move) for seat, move, _ in found]) if found else ()
        return self._calls

    def _remember(self, move: Move, seat: int, after: StateT | None) -> None:
        """Keep what the listing learnt of ``move`` by ``seat``: the state after it, or None to make it later."""
        known = self.known
        if known is None:
            known = self.known = {}
        known[id(move)] = (move, seat, after)

    def calls_listed(self) -> bool:
        """Whether the Rommi calls of every seat have been listed."""
        return self._calls is not None

    def actions(self, state: StateT) -> Sequence[Action]:
        """Every legal (player, move): the player to move's moves, then every Rommi call (not to be changed:
        it is kept)."""
        listed = self.actions_listed
        if listed is None:
            moves = self._moves if self._moves is not None else self.moves(state)
            seat = state.to_move
            pairs = list(zip(repeat(seat), moves))  # the pairs made in C: no loop of bytecode
            if state.rommi_from is not None:
                calls = self.calls(state)
                if calls:
                    pairs += calls
            listed = self.actions_listed = pairs
        return listed

    def trusted(self, state: StateT, move: Move, seat: int) -> StateT | None:
        """The state after ``move`` by ``seat`` when ``move`` is an object this listing handed out and what
        the listing learnt spares the checks; None otherwise (then apply checks everything).

        A listed take is known to pay its duty (without the penalty house rule, which lets any take be made
        and judges it after), so only the cards are moved."""
        if move.__class__ is Take:
            listed = self._moves
            if listed is None or seat != state.to_move or state.flags.unusable_pile_penalty is not None:
                return None
            for known in listed:
                if known is move:
                    return apply_take(state, move, checked=False)
            return None
        entry = self.known.get(id(move)) if self.known else None
        if entry is None or entry[0] is not move or entry[1] != seat:
            return None
        after = entry[2]
        if after is None and isinstance(move, Rommi):  # listed as legal, the state after it not yet made
            return after_take(state, seat, move.count, called=True)
        return after


def memo_of(state: StateT) -> Memo[StateT]:
    """The listing memo of ``state``, made on first use and kept in the state (the one place a state gains
    anything after it is made: its listing, which never goes stale since the state never changes)."""
    kept: Memo[StateT] | None = state.memo
    if kept is not None:
        return kept
    memo: Memo[StateT] = Memo()
    keep_memo(state, memo)
    return memo


def listed_actions(state: StateT) -> Sequence[Action]:
    """``memo_of(state).actions(state)`` in one call, as every decision asks it (not to be changed: it is kept)."""
    memo: Memo[StateT] | None = state.memo
    if memo is None:
        memo = Memo()
        keep_memo(state, memo)
    listed = memo.actions_listed
    return listed if listed is not None else memo.actions(state)


def trusted(state: StateT, move: Move, seat: int) -> StateT | None:
    """The state after ``move`` by ``seat`` when ``move`` is an object the listing of ``state`` handed out and
    what the listing learnt spares the checks (see :meth:`Memo.trusted`); None otherwise."""
    known: Memo[StateT] | None = state.memo
    if known is None:
        return None
    return known.trusted(state, move, seat) if known.known or move.__class__ is Take else None
