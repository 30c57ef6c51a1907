"""The card table every game page draws: one component (:mod:`ui.felt.widget`) that draws any seat game
(:class:`tutor.seat.game.SeatGame`: a lesson task, a Practice game, a seat at a shared table) from its
seat's side, and hands a move made on it to the session as one :class:`tutor.seat.game.Play`.

A page names its keys with a :class:`PickKeys` (Learn: ``learn_*``, Practice: ``practice_*``, Play together:
``together_*``). The same move can be left under :attr:`PickKeys.request` in ``session_state`` (what AppTest
does, as it cannot click a component): :func:`play_request` hands it to the session at the start of the
page's next run. The session's hint and undo, where it has them, are the two buttons of :func:`hint_and_undo`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import streamlit as st

from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.seat.felt import FeltOptions, felt_data
from tutor.seat.game import Answer, Play, SeatGame
from tutor.seat.picks import SelectionProblem
from ui.felt.settings import large_cards
from ui.felt.widget import card_table
from ui.shared import session as app_session

#: What a page does with the answer to a move (Learn saves a solved task).
AfterAnswer = Callable[[Answer], None]


@dataclass(frozen=True)
class PickKeys:
    """The session keys of one page's table; ``prefix`` starts them all."""

    prefix: str

    @property
    def table(self) -> str:
        """The component's key."""
        return f"{self.prefix}table"

    @property
    def request(self) -> str:
        """Where a move waits for the page's next run (AppTest's way in)."""
        return f"{self.prefix}table_request"

    @property
    def shown(self) -> str:
        """The data of the table as last drawn (what tests read to see the page's table)."""
        return f"{self.prefix}table_shown"


def board_labels(language: str | Style) -> dict[str, str]:
    """The words of a static board drawing (:func:`ui.felt.cards.board_html`) in ``language``."""
    keys = ("stock", "pile", "table", "take", "empty_pile", "to_move", "meld", "set", "run", "by", "empty")
    return {key: t(f"ui.board.{key}", language) for key in keys}


def clear_picks(keys: PickKeys) -> None:
    """Forget a move left waiting (a new position, or a page that starts over)."""
    st.session_state.pop(keys.request, None)


def play_request(keys: PickKeys, table: SeatGame, after: AfterAnswer | None = None) -> None:
    """Hand a move left under :attr:`PickKeys.request` to ``table`` (once)."""
    request = st.session_state.pop(keys.request, None)
    if isinstance(request, Mapping):
        _play(keys, table, request, after)


def draw_seat_game(keys: PickKeys, table: SeatGame, language: str | Style, *, ready: bool = False, after: AfterAnswer | None = None) -> None:
    """Draw ``table`` as its seat sees it now; a move made on it goes to the session (and its answer to
    ``after``). ``ready``: the browser says once that the table is on the screen (the page then draws what
    waited for it)."""
    look = table.look(language)
    options = FeltOptions(
        actions=look.actions,
        primary=look.leading,
        interactive=bool(look.actions) and look.show_hand,
        large=large_cards(),
        show_hand=look.show_hand,
        message=look.message,
        log=look.log,
        position=look.key,
        top=look.top,
        language=language,
        log_label=look.log_label or None,
        poll_ms=look.poll_ms,
        ready=ready,
        show=look.show,
    )
    data = felt_data(look.seen, options)
    st.session_state[keys.shown] = data
    card_table(data, key=keys.table, on_move=lambda payload: _play(keys, table, payload, after))


def hint_and_undo(keys: PickKeys, table: SeatGame, language: str | Style) -> None:
    """The session's hint and undo buttons (keys ``<prefix>hint_button`` and ``<prefix>undo``)."""
    st.button(t("practice.hint", language), key=f"{keys.prefix}hint_button", on_click=_hint, args=(table, language))
    st.button(
        t("practice.undo", language),
        key=f"{keys.prefix}undo",
        on_click=_undo,
        args=(keys, table, language),
        disabled=not table.can_undo(),
    )


def _hint(table: SeatGame, language: str | Style) -> None:
    table.hint(language)


def _undo(keys: PickKeys, table: SeatGame, language: str | Style) -> None:
    if table.undo(language) is not None:
        clear_picks(keys)


def _play(keys: PickKeys, table: SeatGame, payload: Mapping[str, Any], after: AfterAnswer | None) -> None:
    """A move made on the table: the session judges it; an action the table never sends is ignored."""
    try:
        play = Play.from_payload(payload)
    except SelectionProblem:
        return
    answer = table.play(play, app_session.style())
    clear_picks(keys)
    if after is not None:
        after(answer)
