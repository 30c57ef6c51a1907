"""The Learn page's state, one typed object kept under one ``session_state`` key (:func:`learn_state`), and
the keys of the page's widgets, declared here once.

The state is kept apart from the widgets' values, which Streamlit drops while the page is not shown: the
open lesson and task survive a visit to another page. Another page sends the Learn page back to its start
through :func:`ui.shared.session.send_learn_back` (the Progress page writes the same keys itself):
:func:`learn_state` takes that in at its next call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import streamlit as st

from tutor.learn.flow import ScenarioRun
from tutor.progress import ProgressError
from ui.felt.controls import PickKeys
from ui.shared.session import SENT_BACK

if TYPE_CHECKING:
    import plotly.graph_objects as go  # type: ignore[import-untyped]


@dataclass
class LearnState:
    """What the Learn page keeps between runs."""

    #: The open lesson's id (None: none opened yet this session).
    lesson: str | None = None
    #: The open task's index in the lesson.
    index: int = 0
    #: The open task as it is being played (None: it starts afresh when drawn).
    run: ScenarioRun | None = None
    #: Whether the learner's last place was looked up this session.
    resumed: bool = False
    #: A one-off remark (kind, message): resumed, an unknown lesson in the link.
    notice: tuple[str, str] | None = None
    #: Why the last solved task could not be saved, or None.
    save_error: ProgressError | None = None
    #: Set once the session's first Learn page has been drawn: until then the charts wait.
    first_look_done: bool = False
    #: What the last whole run drew outside the task's fragment (lesson, index, the run's identity, saves):
    #: a run of the fragment that finds it changed (another task, a task saved) has the whole page drawn again.
    drawn: tuple[object, ...] | None = None
    #: How many solved tasks this session has saved: the lesson list's stars are drawn outside the fragment.
    saves: int = 0
    #: The task of the move answered last, (run, lesson id, index), waiting to be kept (its review card, its
    #: solving) once its table is drawn: the answer leaves without waiting for the progress file.
    to_save: tuple[ScenarioRun, str | None, int] | None = None
    #: Set by a move's answer until the task's next run: that run hands the answer out first.
    answered: bool = False
    #: What the charts drawn last show (the run's identity, its positions, its solving), None before the
    #: first: a run of the task's fragment alone that finds it changed has the whole page drawn again.
    charts_for: tuple[object, ...] | None = None
    #: The charts last made, by what they show, with the run, its positions and its solving they were made
    #: for: kept while those are the same.
    figures: dict[tuple[object, ...], tuple[ScenarioRun, int, bool, go.Figure]] = field(default_factory=dict)


#: The key :class:`LearnState` is kept under.
STATE: Final = "learn_state"


def learn_state() -> LearnState:
    """This session's :class:`LearnState` (made with its defaults on the session's first call), with the
    Learn page sent back to its start if another page asked for it since the last call."""
    state = st.session_state
    found = state.get(STATE)
    if not isinstance(found, LearnState):
        found = LearnState()
        state[STATE] = found
    if any(key in state for key in SENT_BACK):
        lesson, index, run, resumed = (state.pop(key, None) for key in SENT_BACK)
        found.lesson = str(lesson) if lesson is not None else None
        found.index = int(index or 0)
        found.run = run if isinstance(run, ScenarioRun) else None
        found.resumed = bool(resumed)
    return found


# --- the widgets' keys ------------------------------------------------------------------------------------
#: The table's keys (``learn_table``, ``learn_table_request``, ``learn_table_shown``).
KEYS = PickKeys("learn_")
NUMBER: Final = "learn_number"  # a number task's answer
CHOICE: Final = "learn_choice"  # a choice task's answer
ANSWERS: Final = (NUMBER, CHOICE)  # forgotten when another task opens
ANSWER: Final = "learn_answer"  # the block of a task's answer, the solved box and the hints: brought into view
CHECK: Final = "learn_check"
JUDGE_LEGAL: Final = "learn_judge_legal"
JUDGE_ILLEGAL: Final = "learn_judge_illegal"
HINT: Final = "learn_hint"
NEXT: Final = "learn_next"
AGAIN: Final = "learn_again"
SKIP: Final = "learn_skip"  # an optional task "at another table" skipped
GUIDED: Final = "learn_guided"  # the course done: a guided hand on the Practice page
CHART_HAND: Final = "learn_chart_hand"
CHART_ROUND: Final = "learn_chart_round"


def chart_toggle(scenario_id: str, solved: bool) -> str:
    """The key of the hand chart's toggle: one per task and its solving, so a solved task opens it anew."""
    return f"learn_show_chart_{scenario_id}_{solved}"
