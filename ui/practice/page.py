"""The Practice page: a whole game of 500 against computer players (or passing one device), with a coach.

Thin: the game is a :class:`tutor.practice.game.Game` kept in the page's state
(:class:`ui.practice.state.PracticeState`, its widgets' keys declared beside it), played through its seat
game (:class:`tutor.practice.seat.PracticeSeat`, :mod:`ui.practice.seat`); moves are built from the picks
exactly as on the Learn page (:func:`tutor.seat.picks.picked_move`) and judged by the engine; the hint and
the review come from :mod:`tutor.seat.coach`; the charts from :mod:`tutor.charts.scores`. The page's parts:
the start form (:mod:`ui.practice.setup`), the game (:mod:`ui.practice.playing`, :mod:`ui.practice.charts`),
keeping and sharing games (:mod:`ui.practice.keep`) and the record viewer (:mod:`ui.practice.viewer`).
"""

from __future__ import annotations

import streamlit as st

from tutor.i18n.strings import t
from ui.practice.playing import game_table
from ui.practice.seat import practice_table
from ui.practice.setup import setup_form
from ui.practice.state import practice_state
from ui.practice.viewer import record_viewer
from ui.shared import session


def render_practice_page() -> None:
    """Draw the Practice page."""
    language = session.style()
    st.title(t("practice.title", language), anchor=False)
    viewer = practice_state().viewer
    table = practice_table()
    if viewer is not None:
        record_viewer(viewer, language)
    elif table is not None:
        game_table(table, language)
    else:
        setup_form(language)
