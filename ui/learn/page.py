"""The Learn page: the lessons for the chosen variant, a lesson's text, and its scenarios one after another.

Moves are made the way a learner makes them, on the card table (:mod:`ui.felt.widget`): pick cards of
the hand, a card of the spread discard pile or a meld, press an action. The picks become a move
(:func:`tutor.seat.picks.picked_move`), the engine judges it (the task's seat game,
:class:`tutor.learn.seat.LessonSeat`, through :class:`tutor.learn.flow.ScenarioRun` and
:mod:`tutor.learn.checker`), and the table says beside the cards what it said: an illegal move as an error in
words, a legal but unasked move as a warning, success as success. An attempt that is not accepted leaves
the position exactly as it was.
"""

from __future__ import annotations

import time
from typing import Final

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from engine.errors import RecordError
from engine.records.lines import split_line
from engine.variants import Variant
from tutor.compare.grid import house_rule_phrases, table_text
from tutor.course import Track, TrackLesson, track_for
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t, variant_name
from tutor.i18n.style import Style
from tutor.learn.flow import ScenarioRun, star_text
from tutor.learn.seat import LessonSeat
from tutor.learn.tasks import ChoiceTask, JudgeTask, NumberTask
from tutor.progress import ProgressError, ProgressStore
from tutor.seat.game import Answer
from ui.felt.controls import clear_picks, draw_seat_game, play_request
from ui.felt.settings import show_notation
from ui.learn.answers import answer_from_widgets, answer_token, judged_move, show_answer
from ui.learn.charts import charts_mark, task_charts
from ui.learn.lesson_list import LessonEntry, LessonListData, lesson_list, take_request
from ui.learn.review import lesson_mark, note_lesson_mistake, render_review_entry, stop_review
from ui.learn.state import (
    AGAIN,
    ANSWER,
    ANSWERS,
    CHECK,
    CHOICE,
    GUIDED,
    HINT,
    JUDGE_ILLEGAL,
    JUDGE_LEGAL,
    KEYS,
    NEXT,
    NUMBER,
    SKIP,
    learn_state,
)
from ui.practice.state import open_practice_on
from ui.shared import session
from ui.shared.into_view import kept_in_view
from ui.shared.page_files import page_file
from ui.shared.storage_fault import save_later, say_progress_problem

#: Seconds a move's answer waits after its table, before the progress file is written: the server's sending
#: of the table's message (another thread, which the writes would hold back) is done in about one.
SEND_FIRST_S: Final = 0.008

# --- the page ---------------------------------------------------------------------------------------


def render_learn_page() -> None:
    """Draw the Learn page."""
    language = session.style()
    chosen = session.variant()
    content = session.curriculum()
    st.title(t("ui.learn.title", language), anchor=False)
    if isinstance(content, RecordError):
        st.error(t("ui.learn.content_error", language, source=content.source, field=content.field, problem=content.problem))
        return
    if not content.lessons:
        st.info(t("ui.learn.no_lessons", language))
        return
    store = session.progress_store()
    if isinstance(store, ProgressError) and not learn_state().save_error:  # else said under the task
        say_progress_problem(store, language)
    track = track_for(chosen, content)
    if not track.lessons and not track.others:
        st.info(t("ui.learn.no_lessons", language))
        return
    take_request([lesson.lesson.id for lesson in (*track.lessons, *track.others)], _open_from_list)
    lesson = _current_lesson(track, store, language)
    learn = learn_state()
    if learn.notice:
        kind, message = learn.notice
        (st.warning if kind == "warning" else st.info)(message)
        learn.notice = None
    stars, done = _progress(store)
    reviewing = render_review_entry(track, language)  # "N to review today", or the review itself
    with st.sidebar:
        _lesson_list(track, lesson, stars, done, language)
    if not reviewing:
        _lesson(track, lesson, chosen, language)


def _progress(store: ProgressStore | ProgressError) -> tuple[dict[str, int], set[str]]:
    if isinstance(store, ProgressError):
        return {}, set()
    try:
        learner = session.progress_key()
        return store.course.stars(learner), store.course.completed_lessons(learner)
    except ProgressError as error:
        if not learn_state().save_error:  # else said under the task
            say_progress_problem(error)
        return {}, set()


# --- which lesson ---------------------------------------------------------------------------------


def open_lesson(lesson_id: str, index: int = 0, link: bool = True) -> None:
    """Open scenario ``index`` of a lesson (a button callback too); ``link`` puts it in the address."""
    learn = learn_state()
    stop_review()  # a lesson opened from the list ends the review
    learn.lesson = lesson_id
    learn.index = index
    learn.run = None
    if link:
        st.query_params["lesson"] = lesson_id


def _current_lesson(track: Track, store: ProgressStore | ProgressError, language: str | Style) -> TrackLesson:
    learn = learn_state()
    wanted = st.query_params.get("lesson")
    if wanted and wanted != learn.lesson:
        linked = track.find(wanted)
        if linked is not None:
            place = _last_place(store)
            index = place[1] if place is not None and place[0] == wanted else 0
            open_lesson(wanted, max(0, min(index, len(linked.all_tasks) - 1)), link=False)
        else:
            learn.notice = ("warning", t("ui.learn.no_such_lesson", language, lesson=plain(wanted)))
            del st.query_params["lesson"]
        learn.resumed = True
    if learn.lesson is None and not learn.resumed:
        learn.resumed = True
        place = track.resume_at(_last_place(store), _progress(store)[0])  # none once the course is finished
        found = track.find(place[0]) if place is not None else None
        if place is not None and found is not None:
            index = place[1]
            open_lesson(found.lesson.id, index)
            learn.notice = (
                "info",
                t("ui.learn.resumed", language, lesson=found.lesson.title_in(language), number=index + 1, count=len(found.tasks)),
            )
    current = track.find(str(learn.lesson))
    if current is None:
        current = track.lessons[0] if track.lessons else track.others[0]
        open_lesson(current.lesson.id, 0)
    if not 0 <= learn.index < len(current.all_tasks):
        learn.index = 0
        learn.run = None
    return current


def _last_place(store: ProgressStore | ProgressError) -> tuple[str, int] | None:
    """Where the learner stopped last time (lesson id, scenario index), if the store knows."""
    if isinstance(store, ProgressError):
        return None
    try:
        return store.course.last_place(session.progress_key())
    except ProgressError:
        return None


def _lesson_list(track: Track, current: TrackLesson, stars: dict[str, int], done: set[str], language: str | Style) -> None:
    heading = t("ui.learn.lessons_for", language, variant=variant_name(track.variant, language))
    st.subheader(heading)
    if not track.lessons:
        st.caption(t("ui.learn.no_lessons_for", language, variant=variant_name(track.variant, language)))
    entries = [_lesson_entry(lesson, current, stars, done, language) for lesson in (*track.lessons, *track.others)]
    data = LessonListData(
        label=heading,
        lessons=entries[: len(track.lessons)],
        others=entries[len(track.lessons) :],
        others_label=t("ui.learn.other_lessons", language),
    )
    lesson_list(data, on_open=_open_from_list)


def _lesson_entry(lesson: TrackLesson, current: TrackLesson, stars: dict[str, int], done: set[str], language: str | Style) -> LessonEntry:
    earned = sum(stars.get(task.id, 0) for task in lesson.tasks)
    mark = "✓ " if lesson.lesson.id in done else ""
    label = f"{mark}{lesson.lesson.title_in(language)} · {earned}/{3 * len(lesson.tasks)} ★" + lesson_mark(lesson.lesson.id, language)
    return LessonEntry(id=lesson.lesson.id, label=label, current=lesson.lesson.id == current.lesson.id)


def _open_from_list(lesson_id: str) -> None:
    """A lesson picked in the lesson list opens at its first task (the open one too: it starts again)."""
    open_lesson(lesson_id, 0)


# --- one lesson -----------------------------------------------------------------------------------


def _lesson(track: Track, current: TrackLesson, chosen: Variant, language: str | Style) -> None:
    learn = learn_state()
    index = learn.index
    scenario = current.all_tasks[index]
    own = track.in_track(current.lesson.id)
    st.header(current.lesson.title_in(language))
    if not own:
        names = tuple(dict.fromkeys(table_text(task.played, language) for task in current.tasks))  # with rules
        st.info(t("ui.learn.other_variant", language, variants=names, chosen=table_text(chosen, language)))
    with st.expander(t("ui.learn.lesson_text", language), expanded=index == 0):
        st.markdown(current.lesson.text(chosen if own else current.tasks[0].played, language))
    run = learn.run
    if run is None or run.scenario.id != scenario.id or run.scenario.played != scenario.played:
        run = ScenarioRun(scenario)
        learn.run = run
        clear_picks(KEYS)
        for key in ANSWERS:
            st.session_state.pop(key, None)
    _scenario(track, current, index, run, language)


def _scenario(track: Track, lesson: TrackLesson, index: int, run: ScenarioRun, language: str | Style) -> None:
    scenario, state = run.scenario, run.state
    title = scenario.say(scenario.title, language)
    if lesson.is_optional(index):  # counted apart: "Task 3 of 3" counts the required tasks only
        st.subheader(t("ui.learn.optional_heading", language, title=title))
    else:
        st.subheader(t("ui.learn.scenario_heading", language, number=index + 1, count=len(lesson.tasks), title=title))
    rules = table_text(state.variant, language)
    if lesson.is_optional(index):
        st.info(
            t(
                "ui.learn.other_table",
                language,
                about=t(f"variant_about.{state.variant.id}", language)
                + "".join(f" + {rule}" for rule in house_rule_phrases(state.variant, language)),
                chosen=variant_name(track.variant, language),
            )
        )
        if not run.solved:
            st.button(t("ui.learn.skip", language), key=SKIP, on_click=_skip, args=(lesson.lesson.id, index))
    else:
        st.caption(t("ui.learn.played_with", language, variant=rules))
    st.markdown(scenario.say(scenario.task.prompt, language))
    learn_state().drawn = _outside()
    _task(track, lesson, index, run, language)
    following = lesson.all_tasks[index + 1] if index + 1 < len(lesson.all_tasks) else None
    task_charts(run, lesson.lesson, language, not isinstance(following and following.task, NumberTask))


def _skip(lesson_id: str, index: int) -> None:
    """The Skip button of an optional task: go on with the course (the next lesson, else the first one not
    done), kept as the place to resume."""
    content = session.curriculum()
    if isinstance(content, RecordError):
        return
    track = track_for(session.variant(), content)
    store = session.progress_store()
    stars, _ = _progress(store)
    place = track.place_after(lesson_id, index)
    if place is None:
        left = [lesson.lesson.id for lesson in track.lessons if not track.lesson_done(lesson.lesson.id, stars)]
        if not left:
            learn_state().notice = ("info", t("ui.learn.all_done", session.style(), variant=variant_name(track.variant, session.style())))
            return
        place = (left[0], 0)
    open_lesson(*place)
    if not isinstance(store, ProgressError):
        try:
            store.course.save_place(session.progress_key(), *place)
        except ProgressError:
            return


def _outside() -> tuple[object, ...]:
    """What the page draws outside the task's fragment depends on: the lesson, the task (the run, by its
    identity), the saves."""
    learn = learn_state()
    return learn.lesson, learn.index, id(learn.run), learn.saves


@st.fragment
def _task(track: Track, lesson: TrackLesson, index: int, run: ScenarioRun, language: str | Style) -> None:
    """The task below its prompt: the step, the table and its answer, the other answers' controls, the
    feedback, the hints and the solved box; the charts below are a fragment of their own
    (:func:`ui.learn.charts.task_charts`). A move, a hint, a check reruns this alone; when it changed what is drawn outside
    (another task opened, a solved task saved: the lesson list's stars; the charts), the whole page is drawn
    again.

    A move's answer comes first: a move answered in a run of this fragment alone draws the table and what
    it says, keeps what the answer leaves to keep (a solved task, a mistake's review card: writes to the
    progress file), and leaves the rest for the run that follows once the browser has drawn the table (it
    says so, ``ready``): the whole page again for the lesson list's stars, the solved box and the charts (each
    element after the table is a redraw of the whole page in the browser, before the table's frame). The
    writes come after the table, and after a pause (:data:`SEND_FIRST_S`) in which the server sends the
    table's message: written at once, they held the server's sending back (the table's message reached the
    page when they were done, up to 70 ms later on a busy machine); written in the next run instead, the run's
    end reached the page before the table was drawn, two more redraws of the whole page first (a move 91 ms
    against 76 ms, load 8-12). The charts stay as they are meanwhile: drawn again, or taken away and back,
    they held the answer back by half (plotly's drawing in the browser). A run of the whole page draws
    everything at once."""
    learn = learn_state()
    if _outside() != learn.drawn:
        st.rerun(scope="app")  # another lesson or task (Next, Again), a task saved: the whole page again
    scenario = run.scenario
    play_request(KEYS, LessonSeat(run), after=_after_answer)
    answer_first, learn.answered = learn.answered and _fragment_alone(), False
    step = run.step
    if step is not None and step.prompt is not None:
        counter = t("ui.learn.step", language, number=run.step_index + 1, count=run.step_count) + " "
        st.markdown((counter if run.step_count > 1 else "") + f"**{scenario.say(step.prompt, language)}**")

    task = scenario.task
    moving = run.is_move_task and not run.solved
    draw_seat_game(KEYS, LessonSeat(run), language, ready=answer_first or not learn.first_look_done, after=_after_answer)
    if answer_first:  # the table's message leaves now, while this run waits, not behind the progress file's writes
        time.sleep(SEND_FIRST_S)
    _keep_waiting()
    if moving:
        if run.tried and show_notation():
            st.caption(t("table.your_move_notation", language, move=str(run.tried)))
    elif not run.solved:
        if isinstance(task, NumberTask):
            _number_controls(language)
        elif isinstance(task, ChoiceTask):
            _choice_controls(task, run, language)
        elif isinstance(task, JudgeTask):
            _judge_controls(task, run, language)

    with kept_in_view(ANSWER, answer_token(run)):  # a number, choice or judge task's answer, and what follows it
        show_answer(run)
        _save_error(language)
        _hints(run, language)
        if run.solved and not answer_first:  # the move's answer: the solved box comes with the whole page next
            _solved(track, lesson, index, run, language)
    if not answer_first and (_outside() != learn.drawn or (_fragment_alone() and charts_mark(run) != learn.charts_for)):
        st.rerun(scope="app")  # a task saved (the lesson list's stars), the charts: drawn outside, out of date


def _fragment_alone() -> bool:
    """Whether this run draws the task's fragment alone (a move, a hint, the table's ``ready``), not the page."""
    ctx = get_script_run_ctx()
    return ctx is not None and bool(ctx.fragment_ids_this_run)


# --- move tasks -----------------------------------------------------------------------------------


def _after_answer(answer: Answer) -> None:
    """A move made on the table was judged: what it leaves to keep (a refused or unasked move's review card,
    a solved task) waits until its table is drawn (:func:`_keep_waiting`)."""
    learn = learn_state()
    learn.answered = True
    if learn.run is not None:
        learn.to_save = (learn.run, learn.lesson, learn.index)


def _keep_waiting() -> None:
    """Keep what the move answered last left waiting (:attr:`~ui.learn.state.LearnState.to_save`): the task's
    review card for a refused or unasked move (the count of cards due, drawn outside the task's fragment,
    then changed), and a solved task."""
    learn = learn_state()
    waiting, learn.to_save = learn.to_save, None
    if waiting is None:
        return
    run = waiting[0]
    if note_lesson_mistake(run):
        learn.saves += 1
    if run.solved:
        _record(*waiting)


# --- number, choice and judge tasks ---------------------------------------------------------------


def _number_controls(language: str | Style) -> None:
    st.number_input(
        t("ui.learn.your_number", language),
        value=None,
        step=1,
        key=NUMBER,
        placeholder=t("ui.learn.number_placeholder", language),
    )
    st.button(t("ui.learn.check", language), key=CHECK, on_click=_check, args=("number",), type="primary")


def _choice_controls(task: ChoiceTask, run: ScenarioRun, language: str | Style) -> None:
    labels = [run.scenario.say(option, language) for option in task.options]  # said now, in this run's card letters
    st.radio(
        t("ui.learn.your_choice", language),
        list(range(len(task.options))),
        index=None,
        key=CHOICE,
        format_func=labels.__getitem__,
    )
    st.button(t("ui.learn.check", language), key=CHECK, on_click=_check, args=("choice",), type="primary")


def _judge_controls(task: JudgeTask, run: ScenarioRun, language: str | Style) -> None:
    _, move = split_line(task.move)
    st.markdown(judged_move(task, run, language))
    if show_notation():
        st.caption(t("table.hint_notation", language, move=move))
    with st.container(horizontal=True):
        st.button(t("ui.learn.legal", language), key=JUDGE_LEGAL, on_click=_check, args=("legal",))
        st.button(t("ui.learn.not_legal", language), key=JUDGE_ILLEGAL, on_click=_check, args=("illegal",))


def _check(kind: str) -> None:
    """The check button of a number or choice task, or a judge button."""
    run = learn_state().run
    if run is None:
        return
    language = session.style()
    answer_from_widgets(run, kind, NUMBER, CHOICE, language)
    if note_lesson_mistake(run):  # a wrong answer makes the task's review card
        learn_state().saves += 1
    if run.solved:
        _record(run)


# --- feedback, hints, progress --------------------------------------------------------------------


def _save_error(language: str | Style) -> None:
    save_error = learn_state().save_error
    if save_error:
        say_progress_problem(save_error, language)


def _hints(run: ScenarioRun, language: str | Style) -> None:
    for number, hint in enumerate(run.hints(language), start=1):
        st.info(t("ui.learn.hint_text", language, number=number, hint=hint))
    if run.solved or not run.scenario.hints:
        return
    st.button(
        t("ui.learn.hint", language, left=run.hints_left),
        key=HINT,
        on_click=_hint,
        disabled=run.hints_left == 0,
    )
    st.caption(t("ui.learn.hint_cost", language, stars=star_text(run.stars)))


def _hint() -> None:
    """The hint button: show the next hint (it costs a star)."""
    run = learn_state().run
    if run is not None:
        run.reveal_hint()
        if note_lesson_mistake(run):  # a hint taken makes the task's review card
            learn_state().saves += 1


def _record(run: ScenarioRun, lesson_id: object = None, index: int | None = None) -> None:
    """Save a solved scenario (of lesson ``lesson_id``, at ``index``: by default the open ones): its stars,
    the place to resume, and the lesson if it is now complete."""
    store = session.progress_store()
    learn = learn_state()
    learn.save_error = None
    learn.saves += 1
    if lesson_id is None:
        lesson_id = learn.lesson
    if index is None:
        index = learn.index
    if isinstance(store, ProgressError):
        learn.save_error = save_later(store, (lesson_id, index), lambda: _record(run, lesson_id, index))
        return
    content = session.curriculum()
    if isinstance(content, RecordError) or lesson_id is None:
        return
    track = track_for(session.variant(), content)
    learner = session.progress_key()
    try:
        store.course.record_scenario(learner, run.scenario.id, run.stars)
        if track.lesson_done(str(lesson_id), store.course.stars(learner)):
            store.course.complete_lesson(learner, str(lesson_id))
        place = track.place_after(str(lesson_id), index)
        store.course.save_place(learner, *(place or (str(lesson_id), index)))
    except ProgressError as error:
        learn.save_error = save_later(error, (lesson_id, index), lambda: _record(run, lesson_id, index))


def _solved(track: Track, lesson: TrackLesson, index: int, run: ScenarioRun, language: str | Style) -> None:
    st.success(t("ui.learn.solved", language, stars=star_text(run.stars)))
    place = track.place_after(lesson.lesson.id, index)
    if place is None:
        st.info(t("ui.learn.all_done", language, variant=variant_name(track.variant, language)))
        with st.container(horizontal=True):
            if st.button(t("ui.learn.guided_hand", language), key=GUIDED, type="primary"):
                open_practice_on("guided", track.variant)  # the form opens on a prepared guided hand of this table
                st.switch_page(page_file("practice"))
            st.button(t("ui.learn.again", language), key=AGAIN, on_click=open_lesson, args=(lesson.lesson.id, index))
        return
    label = "ui.learn.next" if place[0] == lesson.lesson.id else "ui.learn.next_lesson"
    st.button(t(label, language), key=NEXT, on_click=open_lesson, args=place, type="primary")
