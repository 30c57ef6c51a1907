"""Calls at a shared table, Rommi! and Rummy!: who may call after a discard (by what everyone sees, never
by a caller's cards), how long everyone waits, and which of the calls sent is made.

Every discard in 500 rommi (three players or more) opens a *call window*: every device shows the same
waiting, and each seat the rules let call (not the discarder, not the next player) may send a call
(``rommi N``) or say it will not call (:data:`NO_CALL`). Under the house rule ``rummy_call`` a window opens
only after a discard that fits a meld on the table, for the seats the rules let call it (not the discarder,
not the next player, and not a seat the house rules keep from laying off yet): all of it is on the table for
everyone to see, so the window gives nothing away; such a seat sends ``rummy M`` or no call. The window
closes when its time has passed or when every such seat has answered. Of the calls sent, the first legal one
in turn order after the discarder is made (the rules give no order between callers; the seat the discard
reaches first is ours, the usual rummy ruling). A Rommi! caller then plays on; after a Rummy! call the next
player plays as if nothing had happened, with the pile's new top card.

>>> from engine.cards import parse_cards
>>> from engine.moves import DRAW
>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("rommi"), ["A", "B", "C"],
...     [parse_cards(["8H", "2C", "3D"]), parse_cards(["2S", "3S", "9D"]), parse_cards(["KC", "QD", "4D"])],
...     parse_cards(["5C", "6C", "7C", "9S"]), parse_cards(["TC"]), [(0, parse_cards(["5H", "6H", "7H"]))])
>>> after = state.apply(DRAW).apply(Move.parse("discard 8H"))
>>> callers(after), answered_by_all(after, {2: NO_CALL}), first_call(after, {2: "rommi 1"})[0]
([2], True, 2)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Final

from engine.errors import RulesError
from engine.moves import Move
from engine.round import Phase, Round

#: Seconds every device waits for Rommi calls after a discard, unless ``$RUMMY500_CALL_SECONDS`` says.
CALL_WINDOW: Final = 2.5
#: Seconds added to every call window for the phones to show it: a phone showed Rommi!/No call a median of
#: 0.78 s (at most 1.26 s) after the window opened on the server (``benchmarks/bench_together_browser.py``),
#: so with this allowance every seat has the whole :data:`CALL_WINDOW` from the moment its buttons appear.
DISPLAY_DELAY: Final = 1.5
#: The environment variable that sets the call window (seconds, 0.5 to 60).
CALL_ENV_VAR: Final = "RUMMY500_CALL_SECONDS"
#: What a seat that will not call sends in the window (stored beside the calls, never made).
NO_CALL: Final = "no call"


def call_window() -> float:
    """The call window of this server: ``$RUMMY500_CALL_SECONDS`` when it holds a number from 0.5 to 60,
    else :data:`CALL_WINDOW` (a house may want longer to think: "No call" closes the window early)."""
    try:
        seconds = float(os.environ.get(CALL_ENV_VAR, ""))
    except ValueError:
        return CALL_WINDOW
    return seconds if 0.5 <= seconds <= 60 else CALL_WINDOW


def has_calls(state: Round) -> bool:
    """Whether the discard just made in ``state`` opens a call window: in 500 rommi any discard (three players
    or more); under ``rummy_call`` one that a seat may call Rummy! on (it fits a meld on the table)."""
    if len(state.players) <= 2 or state.phase is not Phase.DRAW or state.rommi_from is None:
        return False
    if state.variant.rummy_call:
        return bool(state.rommi_calls())
    return state.variant.rommi_call


def may_call(state: Round, seat: int) -> bool:
    """Whether the rules let ``seat`` call now: for Rommi! by where it sits (not by its cards: that stays
    secret); for Rummy! by where it sits and what the table shows (the card fits a meld, the seat may lay off)."""
    if not has_calls(state) or state.rommi_from is None or seat in (state.to_move, state.rommi_from):
        return False
    return not state.variant.rummy_call or bool(state.rommi_calls(seat))


def callers(state: Round) -> list[int]:
    """Every seat that may call now by where it sits."""
    return [seat for seat in range(len(state.players)) if may_call(state, seat)]


def answered_by_all(state: Round, answers: Mapping[int, str]) -> bool:
    """Whether every seat that may call has sent a call or said it will not (so the window may close)."""
    return all(seat in answers for seat in callers(state))


def first_call(state: Round, calls: Mapping[int, str]) -> tuple[int, Move, Round] | None:
    """Of the Rommi ``calls`` sent in a window (seat: move; :data:`NO_CALL` is none), the one that is made:
    the first legal one in turn order after the discarder; (seat, move, state after), or None."""
    if state.rommi_from is None:
        return None
    n = len(state.players)
    for step in range(1, n):
        seat = (state.rommi_from + step) % n
        if calls.get(seat, NO_CALL) == NO_CALL:
            continue
        move = Move.parse(calls[seat])
        try:
            return seat, move, state.apply(move, seat)
        except RulesError:
            continue
    return None


def last_caller(moves: list[tuple[int, str]]) -> int | None:
    """The seat whose Rommi call is being played out now (the last call, with no discard since), or None.
    A Rummy! call is no such call: it is laid at once, and the next player plays on.

    >>> last_caller([(0, "draw"), (0, "discard 8H"), (2, "rommi 1"), (2, "meld 8H 9H TH")]), last_caller([(0, "draw")])
    (2, None)
    """
    for seat, text in reversed(moves):
        if text.startswith("rommi"):
            return seat
        if text.startswith("discard"):
            return None
    return None
