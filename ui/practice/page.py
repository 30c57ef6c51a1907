"""The Practice page: a whole game of 500 against computer players (or passing one device), with a coach.

Thin: the game is a :class:`tutor.practice.game.Game` kept in ``session_state``, played through its table
session (:class:`tutor.practice.seat.PracticeSeat`); moves are built from the picks
exactly as on the Learn page (:func:`tutor.seat.picks.picked_move`) and judged by the engine; the hint and
the review come from :mod:`tutor.seat.coach`; the charts from :mod:`tutor.charts.scores`. Keys start with ``practice_``
(:mod:`ui.practice.keys`). The page's parts: the start form (:mod:`ui.practice.setup`), the game
(:mod:`ui.practice.playing`, :mod:`ui.practice.charts`), keeping and sharing games (:mod:`ui.practice.keep`)
and the record viewer (:mod:`ui.practice.viewer`).
"""

from __future__ import annotations

import random

import streamlit as st

from tutor.i18n.strings import t
from tutor.practice.viewer import RecordViewer
from ui import session
from ui.practice.keys import DEFAULT_SEED, FEEDBACK, GAME, VIEWER
from ui.practice.playing import game_table
from ui.practice.setup import setup_form
from ui.practice.state import practice_table
from ui.practice.viewer import record_viewer


def render_practice_page() -> None:
    """Draw the Practice page."""
    language = session.style()
    state = st.session_state
    state.setdefault(GAME, None)
    state.setdefault(VIEWER, None)
    state.setdefault(FEEDBACK, None)
    state.setdefault(DEFAULT_SEED, random.randrange(1, 1_000_000))
    st.title(t("practice.title", language), anchor=False)
    viewer = state.get(VIEWER)
    table = practice_table()
    if isinstance(viewer, RecordViewer):
        record_viewer(viewer, language)
    elif table is not None:
        game_table(table, language)
    else:
        setup_form(language)
