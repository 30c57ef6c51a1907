"""The Practice page's game in play as a seat game (:class:`tutor.practice.seat.PracticeSeat`), opening one,
and the notices of the page (a game saved, a file refused) said where the learner looks: in the table's
message box during a game, above the start form otherwise. Shared by the page's parts; what they keep is
:class:`ui.practice.state.PracticeState`."""

from __future__ import annotations

import streamlit as st

from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t
from tutor.practice.game import Game
from tutor.practice.seat import PracticeSeat
from tutor.seat.game import Answer, AnswerKind
from ui.felt import controls
from ui.practice.state import FEEDBACK, KEYS, STEPWISE, practice_state
from ui.shared import session
from ui.shared.into_view import kept_in_view, new_token


def current_game() -> Game | None:
    """The game in play, or None."""
    return practice_state().game


def practice_table() -> PracticeSeat | None:
    """The game in play as a seat game (made anew for a game put in the page's state by other means)."""
    practice = practice_state()
    game = practice.game
    if game is None:
        return None
    table = practice.table
    if table is None or table.game is not game:
        table = PracticeSeat(game, stepwise=_stepwise)
        practice.table = table
    return table


def open_game(game: Game, seen: bool = False) -> PracticeSeat:
    """Put ``game`` on the table, with nothing left over from the game before; ``seen``: its moves so far
    count as seen (a resumed game does not retell them)."""
    practice = practice_state()
    practice.game = game
    practice.viewer = None
    practice.feedback = None
    table = PracticeSeat(game, stepwise=_stepwise)
    if seen:
        table.seen = len(game.current.steps)
    practice.table = table
    clear_picks()
    return table


def _stepwise() -> bool:
    """Whether the computer players move one at a time: the page's switch, as it is at this moment."""
    return bool(st.session_state.get(STEPWISE, False))


def clear_picks() -> None:
    """Forget a move left waiting for the page's next run."""
    controls.clear_picks(KEYS)


def notice(kind: AnswerKind, key: str, /, **values: object) -> None:
    """Say the sentence ``key`` with ``values`` (text as the learner or a file gave it) in the learner's
    language: in the table's message box during a game (plain text, shown as it is), else above the start
    form (Markdown: the values escaped, so they too show as they are)."""
    language = session.style()
    table = practice_table()
    if table is not None:
        table.answer = Answer(kind, t(key, language, **values))
    else:
        practice = practice_state()
        practice.feedback = (kind, t(key, language, **escaped(values)))
        practice.feedback_token = new_token()


def escaped(values: dict[str, object]) -> dict[str, object]:
    """``values`` with every text escaped for Markdown (:func:`tutor.i18n.plain_text.plain`)."""
    return {name: plain(value) if isinstance(value, str) else value for name, value in values.items()}


def board_seat(game: Game) -> int:
    """Whose view the board is drawn from: the person with the device (or about to get it)."""
    return PracticeSeat(game).board_seat()


def show_feedback() -> None:
    """Show the notice left for the start form, if any, brought into view when it is new (the Start button
    may be at the bottom of a phone's screen, the saved games further down the page)."""
    practice = practice_state()
    said = practice.feedback
    if said:
        kind, message = said
        with kept_in_view(FEEDBACK, practice.feedback_token):
            {"error": st.error, "warning": st.warning, "info": st.info, "success": st.success}[kind](message)
