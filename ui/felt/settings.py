"""The table's settings a learner chooses in the sidebar: large cards, and moves shown in the notation
(off by default: learner screens name cards and moves in words; the notation is for the curious)."""

from __future__ import annotations

import streamlit as st

from tutor.i18n.strings import t
from tutor.i18n.style import Style
from ui.shared.session import LARGE_CARDS, SHOW_NOTATION  # the sidebar's widget keys, declared with the app's


def large_cards() -> bool:
    """Whether the cards are drawn large."""
    return bool(st.session_state.get(LARGE_CARDS, False))


def show_notation() -> bool:
    """Whether moves are also shown in the notation."""
    return bool(st.session_state.get(SHOW_NOTATION, False))


def settings_toggles(language: str | Style) -> None:
    """The table's toggles, drawn where they are called (the sidebar)."""
    st.toggle(t("table.large_cards", language), key=LARGE_CARDS)
    st.toggle(t("table.show_notation", language), key=SHOW_NOTATION)
