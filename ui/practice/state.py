"""The Practice page's state, one typed object kept under one ``session_state`` key (:func:`practice_state`),
and the keys of the page's widgets, declared here once.

The state is kept apart from the widgets' values, which Streamlit drops while the page is not shown: a game
in play survives a visit to another page. AppTest and the browser test find the widgets by their keys, so
those never change. Every key starts with ``practice_``; the table's (``practice_table``,
``practice_table_request``) are made by :mod:`ui.felt.controls` from :data:`KEYS`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import streamlit as st

from engine.variants import Variant
from tutor.practice.deals import prepared_deals
from ui.felt.controls import PickKeys

if TYPE_CHECKING:
    from tutor.practice.game import Game
    from tutor.practice.seat import PracticeSeat
    from tutor.practice.viewer import RecordViewer
    from tutor.seat.game import AnswerKind


@dataclass
class PracticeState:
    """What the Practice page keeps between runs."""

    #: The game in play, or None.
    game: Game | None = None
    #: The game in play as a seat game: the answer, the review, the hint, the moves seen
    #: (:func:`ui.practice.seat.practice_table` makes it anew for a game put here by other means).
    table: PracticeSeat | None = None
    #: A loaded record stepped through, or None.
    viewer: RecordViewer | None = None
    #: A notice for the start form, (kind, message), or None.
    feedback: tuple[AnswerKind, str] | None = None
    #: What makes that notice new (:func:`ui.shared.into_view.new_token`): it is brought into view once.
    feedback_token: str | None = None
    #: The record refused last, (section, sentence), or None.
    refused: tuple[str, str] | None = None
    #: The seed the start form offers first (one per session).
    default_seed: int = field(default_factory=lambda: random.randrange(1, 1_000_000))
    #: The start form's choices by widget key, kept while a game hides the form (a widget's value is
    #: forgotten while it is not shown).
    form_kept: dict[str, object] = field(default_factory=dict)


#: The key :class:`PracticeState` is kept under.
STATE: Final = "practice_state"


def practice_state() -> PracticeState:
    """This session's :class:`PracticeState` (made with its defaults on the session's first call)."""
    found = st.session_state.get(STATE)
    if not isinstance(found, PracticeState):
        found = PracticeState()
        st.session_state[STATE] = found
    return found


def open_practice_on(mode: str, variant: Variant | None = None) -> None:
    """Have the start form open on ``mode`` (the Learn page's "guided hand" after the course: ``"guided"``);
    a guided hand at ``variant``'s table starts on the first deal prepared for it (at the table size the
    form starts with), not on a random one."""
    st.session_state[MODE] = mode
    if mode != "guided" or variant is None:
        return
    computers = 2 if variant.rommi_call else 1  # as the form starts: two players may never call
    deals = prepared_deals(variant.id, computers + 1)
    if deals:
        st.session_state[COMPUTERS] = computers
        st.session_state[PREPARED] = st.session_state[SEED] = deals[0].deal


# --- the widgets' keys ------------------------------------------------------------------------------------
#: The table's keys (``practice_table``, ``practice_table_request``, ``practice_table_shown``).
KEYS = PickKeys("practice_")
# The start form.
MODE: Final = "practice_mode"
COMPUTERS: Final = "practice_computers"
LEVEL: Final = "practice_level"
SEED: Final = "practice_seed"
NAMES: Final = "practice_names"
PREPARED: Final = "practice_prepared"  # a prepared deal of a guided hand
ANY_DEAL: Final = "any"  # the prepared-deal box's first option: no prepared deal, the number below
START: Final = "practice_start"
FEEDBACK: Final = "practice_feedback"  # the block of the form's notice: brought into view when new
#: The form's choices a new game starts from again (:attr:`PracticeState.form_kept`).
KEPT_CHOICES: Final = (MODE, COMPUTERS, LEVEL, NAMES)
# The expanders of the start form that keep their state (open after a refusal shown in them).
LOAD_SECTION: Final = "practice_load_open"
SAVED_SECTION: Final = "practice_saved_open"
# Saved games, and records loaded.
SAVED: Final = "practice_saved"
RESUME: Final = "practice_resume"
VIEW_SAVED: Final = "practice_view_saved"
UPLOAD: Final = "practice_upload"
PASTE: Final = "practice_paste"
LOAD_VIEW: Final = "practice_load_view"
LOAD_PLAY: Final = "practice_load_play"
# The game.
SCORES: Final = "practice_scores"  # the totals' container (the browser test finds it by its class)
REVEAL: Final = "practice_reveal"
NEXT_COMPUTER: Final = "practice_next_computer"
GUIDE: Final = "practice_guide"  # the guided hand's container
NEXT_ROUND: Final = "practice_next_round"
UNDO: Final = "practice_undo"
AGAIN: Final = "practice_again"
STEPWISE: Final = "practice_stepwise"
SHOW_CHARTS: Final = "practice_show_charts"
CHART_ROUND: Final = "practice_chart_round"
CHART_RACE: Final = "practice_chart_race"
QUIT: Final = "practice_quit"
# Keeping and sharing the game.
SAVE_NAME: Final = "practice_save_name"
SAVE: Final = "practice_save"
DOWNLOAD: Final = "practice_download"
DOWNLOAD_ROUND: Final = "practice_download_round"
# The record viewer.
VIEW_PREV: Final = "practice_view_prev"
VIEW_NEXT: Final = "practice_view_next"
VIEW_CLOSE: Final = "practice_view_close"


def try_again_button(number: int) -> str:
    """The key of the round's end's "Try this decision again" button of its ``number``-th costly decision."""
    return f"practice_try_{number}"
