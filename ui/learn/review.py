"""The review on the Learn page: "N to review today" and, once started, the learner's due cards one after
another, each task a variation of itself at the learner's table (:func:`tutor.review.day.build_day`), played
with the lesson's table and feedback (:class:`tutor.learn.seat.LessonSeat`, :class:`tutor.learn.flow.ScenarioRun`)
and rated when solved (:func:`tutor.review.rating.rate`). Also what the lessons tell the reviews: a wrong
answer, a refused move or a hint makes the task's card (:func:`note_lesson_mistake`), and the lesson list
marks lessons with cards due (:func:`lesson_mark`). The page calls these with a line each."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Final

import streamlit as st

from tutor.course import Track
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.learn.flow import ScenarioRun
from tutor.learn.seat import LessonSeat
from tutor.learn.tasks import ChoiceTask, JudgeTask, NumberTask
from tutor.progress import ProgressError
from tutor.progress.clock import utc_now
from tutor.review.cards import Origin, task_key
from tutor.review.day import ReviewItem, build_day
from tutor.review.decisions import DecisionSeat
from tutor.review.mastery import lessons_due
from tutor.review.rating import rate
from tutor.seat.game import Answer, Look
from ui.felt.controls import PickKeys, clear_picks, draw_seat_game, play_request
from ui.learn.answers import answer_from_widgets, answer_token, judged_move, show_answer
from ui.shared import session
from ui.shared.into_view import kept_in_view
from ui.shared.reviews import deck, due_today
from ui.shared.storage_fault import say_progress_problem

#: The review table's keys (``review_table``, ``review_table_request``, …), apart from the lesson's.
KEYS = PickKeys("review_")
START: Final = "review_start"
STOP: Final = "review_stop"
NEXT: Final = "review_next"
HINT: Final = "review_hint"
CHECK: Final = "review_check"
NUMBER: Final = "review_number"
CHOICE: Final = "review_choice"
ANSWER: Final = "review_answer"  # the block of a task's answer: brought into view
JUDGE_LEGAL: Final = "review_judge_legal"
JUDGE_ILLEGAL: Final = "review_judge_illegal"
STATE: Final = "review_state"


@dataclass
class ReviewState:
    """What the review keeps between runs."""

    #: Whether the review is open (the Learn page shows it instead of the lesson).
    active: bool = False
    #: The day's review, built when it started.
    items: list[ReviewItem] = field(default_factory=list)
    #: The card being reviewed.
    index: int = 0
    #: The card's task as it is being played (None: a game decision, or the review is over).
    run: ScenarioRun | None = None
    #: The card's game decision as it is being made again (None: a task, or the review is over).
    decision: DecisionSeat | None = None
    #: When the card's task was shown (``time.monotonic``): a quick right answer is Easy.
    shown_at: float = 0.0
    #: When the card was rated, when it comes back (None: not rated yet).
    back_in: timedelta | None = None
    #: Lesson runs whose mistake was noted already (by identity): one card, failed once, a run.
    noted: set[int] = field(default_factory=set)
    #: The lessons with cards due, and how many, as this run of the page found them.
    due_lessons: dict[str, int] = field(default_factory=dict)


def review_state() -> ReviewState:
    """This session's :class:`ReviewState`."""
    found = st.session_state.get(STATE)
    if not isinstance(found, ReviewState):
        found = ReviewState()
        st.session_state[STATE] = found
    return found


class ReviewSeat(LessonSeat):
    """The lesson's table of a review's task: its position named apart from the lesson's (``review:``), so
    the table takes it as a new position (picks left from the lesson's table are dropped)."""

    def look(self, language: str | Style) -> Look:
        """The lesson's look, under a key of the review's own."""
        seen = super().look(language)
        return replace(seen, key=f"review:{review_state().index}:{seen.key}")


# --- what the lessons tell the reviews ---------------------------------------------------------------


def note_lesson_mistake(run: ScenarioRun | None) -> bool:
    """After an answer or a hint in a lesson: a wrong or refused answer, or a hint, makes the task's card
    (due at once) or fails the card the learner has (once a task run); whether it did (the count of cards
    due, drawn outside the task's fragment, then changed)."""
    if run is None or (not run.wrong_attempts and not run.hints_shown) or id(run) in review_state().noted:
        return False
    cards = deck()
    if cards is None:
        return False
    feedback = run.feedback
    origin: Origin = "hint" if not run.wrong_attempts else ("refused" if feedback is not None and feedback.kind == "error" else "wrong")
    try:
        cards.note_mistake(task_key(run.scenario.id), run.scenario.played, origin)
    except ProgressError:
        return False  # the page says why the store cannot be written
    review_state().noted.add(id(run))
    return True


def lesson_mark(lesson_id: str, language: str | Style) -> str:
    """What the lesson list adds to a lesson with cards due: " · ↻ 2"."""
    count = review_state().due_lessons.get(lesson_id, 0)
    return " · " + t("review.lesson_due", language, count=count) if count else ""


# --- the review ---------------------------------------------------------------------------------------


def render_review_entry(track: Track, language: str | Style) -> bool:
    """"N to review today" with the button that starts the review, or the review itself: whether it was drawn
    (the page then draws no lesson)."""
    state = review_state()
    cards = deck()
    try:
        stored = cards.store.reviews.cards(cards.learner) if cards is not None else []
    except ProgressError:
        stored = []
    now = utc_now()
    due = {card.key for card in stored if card.due <= now}
    state.due_lessons = {
        tl.lesson.id: sum(task_key(task.id) in due for task in tl.all_tasks)
        for tl in (*track.lessons, *track.others)
        if tl.lesson.id in lessons_due(track, stored, now)
    }
    if state.active:
        _review(track, language)
        return True
    count = due_today()
    if count:
        with st.container(horizontal=True):
            st.markdown(t("review.to_review", language, count=count))
            st.button(t("review.start", language), key=START, on_click=_start, args=(track,))
    return False


def _start(track: Track) -> None:
    """The start button: build the day's review at the learner's table."""
    state = review_state()
    cards = deck()
    if cards is None:
        return
    try:
        due = cards.due_today()
    except ProgressError:
        return
    state.items = build_day(due, track.variant)
    state.index = 0
    state.active = True
    _open(state)


def _open(state: ReviewState) -> None:
    """Open the card at the state's index."""
    item = state.items[state.index] if state.index < len(state.items) else None
    state.run = ScenarioRun(item.task) if item is not None and item.task is not None else None
    state.decision = None
    if item is not None and item.decision is not None:
        position, seat = item.decision
        state.decision = DecisionSeat(position, seat, key=f"review:{state.index}:{item.card.key}")
    state.shown_at = time.monotonic()
    state.back_in = None
    clear_picks(KEYS)
    for key in (NUMBER, CHOICE):
        st.session_state.pop(key, None)


def stop_review() -> None:
    """End the review (its stop button; a lesson opened from the list): the Learn page shows the lesson again."""
    review_state().active = False


def _next() -> None:
    state = review_state()
    state.index += 1
    _open(state)


def _review(track: Track, language: str | Style) -> None:
    state = review_state()
    st.button(t("review.stop", language), key=STOP, on_click=stop_review)
    if state.index >= len(state.items):
        st.success(t("review.done", language))
        return
    if state.decision is not None:
        _decision(state, state.decision, language)
        return
    run = state.run
    item = state.items[state.index]
    if run is None:
        return
    scenario = run.scenario
    st.subheader(t("review.heading", language, number=state.index + 1, count=len(state.items), title=scenario.say(scenario.title, language)))
    found = track.find(item.lesson_id)
    lesson = found.lesson.title_in(language) if found is not None else item.lesson_id
    st.caption(t("review.variation", language, lesson=lesson))
    st.markdown(scenario.say(scenario.task.prompt, language))
    play_request(KEYS, ReviewSeat(run), after=lambda answer: _answered(answer))
    step = run.step
    if step is not None and step.prompt is not None:
        st.markdown(f"**{scenario.say(step.prompt, language)}**")
    draw_seat_game(KEYS, ReviewSeat(run), language, ready=True, after=lambda answer: _answered(answer))
    task = scenario.task
    if not run.is_move_task and not run.solved:
        if isinstance(task, NumberTask):
            st.number_input(t("ui.learn.your_number", language), value=None, step=1, key=NUMBER, placeholder=t("ui.learn.number_placeholder", language))
            st.button(t("ui.learn.check", language), key=CHECK, on_click=_check, args=("number",), type="primary")
        elif isinstance(task, ChoiceTask):
            labels = [scenario.say(option, language) for option in task.options]
            st.radio(t("ui.learn.your_choice", language), list(range(len(task.options))), index=None, key=CHOICE, format_func=labels.__getitem__)
            st.button(t("ui.learn.check", language), key=CHECK, on_click=_check, args=("choice",), type="primary")
        elif isinstance(task, JudgeTask):
            _judge(task, run, language)
    with kept_in_view(ANSWER, answer_token(run)):  # a number, choice or judge task's answer, and what follows it
        show_answer(run, cost=False)
        for number, hint in enumerate(run.hints(language), start=1):
            st.info(t("ui.learn.hint_text", language, number=number, hint=hint))
        if not run.solved and run.hints_left:
            st.button(t("ui.learn.hint", language, left=run.hints_left), key=HINT, on_click=_hint)
        if run.solved:
            _rate(state)
            if state.back_in is not None:
                days = state.back_in.days
                st.success(t("review.back_in", language, days=days) if days >= 1 else t("review.back_today", language))
            st.button(t("review.next", language), key=NEXT, on_click=_next, type="primary")


def _decision(state: ReviewState, seat: DecisionSeat, language: str | Style) -> None:
    """A costly decision of a game, to make again at its position; the coach answers the move."""
    st.subheader(t("review.heading", language, number=state.index + 1, count=len(state.items), title=t("practice.round_end.try_again", language)))
    st.caption(t("review.decision_caption", language))
    play_request(KEYS, seat)
    draw_seat_game(KEYS, seat, language, ready=True)
    if seat.decided:
        _rate(state)
        if seat.wrong:
            st.info(t("review.decision_again", language))
        elif state.back_in is not None:
            days = state.back_in.days
            st.success(t("review.back_in", language, days=days) if days >= 1 else t("review.back_today", language))
        st.button(t("review.next", language), key=NEXT, on_click=_next, type="primary")


def _judge(task: JudgeTask, run: ScenarioRun, language: str | Style) -> None:
    st.markdown(judged_move(task, run, language))
    with st.container(horizontal=True):
        st.button(t("ui.learn.legal", language), key=JUDGE_LEGAL, on_click=_check, args=("legal",))
        st.button(t("ui.learn.not_legal", language), key=JUDGE_ILLEGAL, on_click=_check, args=("illegal",))


def _answered(answer: Answer) -> None:
    """A move made on the review's table was judged (the rating waits for the task to be solved)."""


def _hint() -> None:
    run = review_state().run
    if run is not None:
        run.reveal_hint()


def _check(kind: str) -> None:
    run = review_state().run
    if run is None:
        return
    language = session.style()
    answer_from_widgets(run, kind, NUMBER, CHOICE, language)


def _rate(state: ReviewState) -> None:
    """Rate the card once its task is solved or its decision made: wrong answers (a move the coach would not
    have made) Again, a hint Hard, else Good or, quick, Easy."""
    run, decision = state.run, state.decision
    cards = deck()
    if (run is None and decision is None) or state.back_in is not None or cards is None:
        return
    seconds = time.monotonic() - state.shown_at
    if run is not None:
        rating = rate(wrong=run.wrong_attempts > 0, hints=run.hints_shown, seconds=seconds, steps=run.step_count)
    else:
        rating = rate(wrong=decision is not None and decision.wrong, hints=0, seconds=seconds)
    now = utc_now()
    try:
        due = cards.review(state.items[state.index].card.key, rating, at=now, duration_ms=int(seconds * 1000))
    except ProgressError as error:
        say_progress_problem(error)
        return
    state.back_in = due - now
