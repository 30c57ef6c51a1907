"""The Learn page's charts of a task: the minus-points picture of the learner's hand, move by move or under
both scales, and a solved task's score as a waterfall. They are a fragment of their own below the task's
(:func:`task_charts`), so a move's answer leaves them as they are; each figure is made only when what it shows
changed (:func:`charts_mark`).
"""

from __future__ import annotations

from collections.abc import Callable

import plotly.graph_objects as go  # type: ignore[import-untyped]
import streamlit as st

from tutor.charts import hand, scores
from tutor.i18n.names import cast_name
from tutor.i18n.strings import t
from tutor.i18n.style import Style, style_for
from tutor.learn.curriculum import Lesson
from tutor.learn.flow import ScenarioRun
from tutor.learn.tasks import NumberTask
from ui.learn.state import CHART_HAND, CHART_ROUND, chart_toggle, learn_state
from ui.shared import session


def charts_mark(run: ScenarioRun) -> tuple[object, ...]:
    """What the task's charts show depends on: the task (the run, by its identity), its positions, its solving."""
    return id(run), len(run.states), run.solved


@st.fragment
def task_charts(run: ScenarioRun, lesson: Lesson, language: str | Style, totals: bool) -> None:
    """The task's charts (:func:`_charts`), a fragment of their own below the task's: a move's run of the
    task's fragment leaves them as they are; its chart toggle redraws them alone."""
    _charts(run, lesson, language, totals)


def _charts(run: ScenarioRun, lesson: Lesson, language: str | Style, totals: bool = True) -> None:
    """The minus-points picture of the learner's hand (each card a block), and a score's waterfall once solved.

    A move task shows the hand move by move, open at once in a scoring lesson (``chart: shown``) and under
    both scales side by side where the lesson compares them (``chart: scales``); there a solved question
    shows the learner's hand under both scales too (before, it would give the answer away).

    Before a number question (``totals`` False) the hand's sums are left out: the picture must not give away
    the next answer.

    The session's first look at the page draws no chart: plotly's script, loaded for the first chart,
    would hold the cards back for a second. The table says when it is on the screen, and the rerun that
    follows draws the chart. A chart is made only when it is shown."""
    learn = learn_state()
    if not learn.first_look_done:
        learn.first_look_done = True
        return
    learn.charts_for = charts_mark(run)
    scales = lesson.chart == "scales"
    four = session.four_colour()
    if run.is_move_task or (scales and run.solved):
        # A toggle, not an expander: a chart inside a closed expander still makes the browser load plotly,
        # which would slow the first page. Open at once in a scoring lesson, else once the scenario is solved.
        shown = st.toggle(
            t("ui.learn.chart_hand_title", language),
            value=run.solved or lesson.chart != "on_request",
            key=chart_toggle(run.scenario.id, run.solved),
        )
        if shown:
            _chart(run, CHART_HAND, ("hand", scales, language, four, totals), lambda: _hand_figure(run, scales, language, four, totals))
    scored = run.score_seat()
    if scored is not None and run.solved:
        _chart(run, CHART_ROUND, ("round", scored, language), lambda: _round_figure(run, scored, language))


def _chart(run: ScenarioRun, chart: str, key: tuple[object, ...], make: Callable[[], go.Figure]) -> None:
    """Draw the chart ``key`` of ``run`` under the element key ``chart``."""
    st.plotly_chart(_figure(run, key, make), key=chart)


def _figure(run: ScenarioRun, key: tuple[object, ...], make: Callable[[], go.Figure]) -> go.Figure:
    """The chart ``key`` of ``run`` as it stands (its positions, its solving), made by ``make`` only when
    that changed since it was last drawn: a refused move, a hint, a look at the table redraw the same one."""
    kept = learn_state().figures
    held = kept.get(key)
    if held is not None and held[0] is run and held[1:3] == (len(run.states), run.solved):
        return held[3]
    if held is not None and held[0] is not run:
        kept.clear()  # another task's charts
    figure = make()
    kept[key] = (run, len(run.states), run.solved, figure)
    return figure


def _hand_figure(run: ScenarioRun, scales: bool, language: str | Style, four: bool, totals: bool) -> go.Figure:
    """The learner's hand move by move (a move task), or as it stands under both scales (a solved question)."""
    seat = run.seat
    if not run.is_move_task:
        labels = [t("ui.learn.chart_your_hand", language)]
        return hand.scales_figure([run.state], seat, labels, t("charts.scales_title", language), language, four, totals, run.state.variant.scale)
    labels = [t("ui.learn.chart_start", language), *run.move_labels(language)]
    if scales:
        return hand.scales_figure(run.states, seat, labels, t("charts.scales_title", language), language, four, totals, run.state.variant.scale)
    hands = hand.hand_blocks(run.states, seat)
    return hand.hand_stack_figure(hands, labels, t("charts.hand_stack_title", language), language, four_colour=four, totals=totals)


def _round_figure(run: ScenarioRun, scored: int, language: str | Style) -> go.Figure:
    """The waterfall of seat ``scored``'s round score in the solved task's position."""
    breakdown = scores.round_breakdown(run.state, scored)
    title = t("ui.learn.chart_round_title", language, name=cast_name(run.state.players[scored], style_for(language).language))
    laid_only = isinstance(run.scenario.task, NumberTask) and run.scenario.task.answer.score == "laid"
    return scores.round_waterfall_figure(breakdown, title, language, laid_only=laid_only)
