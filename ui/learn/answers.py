"""A number, choice or judge task answered from its widgets, the same way in a lesson and in a review."""

from __future__ import annotations

import streamlit as st

from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.learn.flow import ScenarioRun


def answer_from_widgets(run: ScenarioRun, kind: str, number_key: str, choice_key: str, language: str | Style) -> None:
    """Answer ``run`` with what the learner entered: ``kind`` is ``"number"`` or ``"choice"`` (read from the
    widget under ``number_key`` or ``choice_key``; nothing entered is noted in the learner's words, not
    answered), or a judge button's ``"legal"`` / ``"illegal"``."""
    if kind == "number":
        typed = st.session_state.get(number_key)
        if typed is None:
            run.note(t("ui.problem.type_number", language))
            return
        run.answer_number(int(typed), language)
    elif kind == "choice":
        picked = st.session_state.get(choice_key)
        if picked is None:
            run.note(t("ui.problem.pick_option", language))
            return
        run.answer_choice(int(picked), language)
    else:
        run.judge(kind == "legal", language)
