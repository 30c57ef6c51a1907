"""The Practice page's session: the game in play, opening one, the feedback line of the last action, and
whose view the board is drawn from. Shared by the page's parts."""

from __future__ import annotations

import streamlit as st

from tutor.i18n.strings import t
from tutor.practice.game import Game
from ui.practice.keys import FEEDBACK, GAME, HINT, KEYS, LAST_SEEN, REVIEW, VIEWER
from ui.table import controls


def current_game() -> Game | None:
    """The game in play, or None."""
    game = st.session_state.get(GAME)
    return game if isinstance(game, Game) else None


def open_game(game: Game) -> None:
    """Put ``game`` on the table, with nothing left over from the game before."""
    st.session_state[GAME] = game
    st.session_state[VIEWER] = None
    st.session_state[FEEDBACK] = None
    st.session_state[REVIEW] = None
    st.session_state[HINT] = None
    st.session_state[LAST_SEEN] = 0
    clear_picks()


def clear_picks() -> None:
    """Forget the cards picked in the hand and on the pile, and the lay-off and joker choices."""
    controls.clear_picks(KEYS)


def board_seat(game: Game) -> int:
    """Whose view the board is drawn from: the person with the device (or about to get it)."""
    pending = game.pending()
    if pending.seat is not None and game.seats[pending.seat].is_person:
        return pending.seat
    if game.viewer is not None:
        return game.viewer
    return game.people[0]


def feedback_message(language: str) -> tuple[str, str] | None:
    """What the table says beside the cards after the last action: a refusal in words (and that nothing
    was played), a note, or the coach's review of the learner's move; None when there is nothing to say."""
    feedback = st.session_state.get(FEEDBACK)
    review_text = st.session_state.get(REVIEW)
    if feedback:
        kind, message, _code = feedback
        if kind == "error":
            message = f"{message} {t('practice.unchanged', language)}"
        if review_text:
            message = f"{message} {t('practice.review_heading', language, review=review_text)}"
        return str(kind), str(message)
    if review_text:
        return "warning", t("practice.review_heading", language, review=review_text)
    return None


def show_feedback(language: str) -> None:
    """Show the line left by the last action as an alert, where there is no table to say it (the start form)."""
    said = feedback_message(language)
    if said is not None:
        kind, message = said
        {"error": st.error, "warning": st.warning, "info": st.info, "success": st.success}[kind](message)
