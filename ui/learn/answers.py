"""A number, choice or judge task answered from its widgets, its answer drawn below them (and brought into
view), and the move a judge task asks about, the same way in a lesson and in a review."""

from __future__ import annotations

import streamlit as st

from engine.moves import Move
from engine.records.lines import split_line
from tutor.i18n.names import cast_name
from tutor.i18n.plain_text import plain, sentence
from tutor.i18n.strings import YOU, t
from tutor.i18n.style import Style, style_for
from tutor.learn.flow import ScenarioRun
from tutor.learn.tasks import JudgeTask
from tutor.seat.coach import describe_move
from tutor.seat.game import Answer


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


def _said_below(run: ScenarioRun) -> Answer | None:
    """The answer said below a number, choice or judge task's controls, or None (none yet; a move task's is
    said by the table, which brings it into view itself)."""
    feedback = run.feedback
    return None if run.is_move_task or feedback is None or not feedback.message else feedback


def answer_token(run: ScenarioRun) -> str | None:
    """What makes the answer below the task's controls new, for :func:`ui.shared.into_view.kept_in_view`;
    None when there is none to bring into view."""
    return None if _said_below(run) is None else str(run.feedback_serial)


def show_answer(run: ScenarioRun, cost: bool = True) -> None:
    """The answer to a number, choice or judge task, in the box of its kind, and what a wrong one cost (a
    lesson's stars; ``cost=False``: a review's, where stars are not counted)."""
    feedback = _said_below(run)
    if feedback is None:
        return
    show = {"error": st.error, "warning": st.warning, "success": st.success, "info": st.info}[feedback.kind]
    show(sentence(feedback.message))  # "5. The 9♥ …" is an answer, not list item 5
    if cost and feedback.cost:
        st.caption(feedback.cost)


def judged_move(task: JudgeTask, run: ScenarioRun, language: str | Style) -> str:
    """The sentence naming the move a judge task asks about: whose it is (the learner's own, "you", when the
    prompt speaks to them; another seat by the cast of the learner's language) and the move in words."""
    player, move = split_line(task.move)
    try:
        words = describe_move(run.state, Move.parse(move), language)
    except ValueError:
        words = move
    own = player == run.state.players[run.seat]  # the prompt speaks to the learner: the move is theirs
    name = YOU if own else plain(cast_name(player or "", style_for(language).language))
    return t("table.judge_move", language, player=name, move=words)
