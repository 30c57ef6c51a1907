"""The Progress page: the learner's lessons done and stars, lesson by lesson, and their own tools (a code for
another device, using one here, their devices, start over and its undo, progress of an earlier version)."""

from __future__ import annotations

import streamlit as st

from engine.errors import RecordError
from tutor.course import track_for
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import t, variant_name
from tutor.i18n.style import Style
from tutor.learn.flow import MAX_STARS, star_text
from tutor.progress import ProgressError
from tutor.progress.practice import PracticeRounds
from ui.progress.learner import render_learner_messages, render_learner_tools
from ui.progress.mastery import render_mastery
from ui.shared import session
from ui.shared.page_files import page_file
from ui.shared.storage_fault import say_progress_problem


def render_progress_page() -> None:
    """Draw the Progress page."""
    language = session.style()
    st.title(t("ui.progress.title", language, name=plain(session.learner())), anchor=False)  # no name: "Your progress"
    learner = session.progress_key()
    store = session.progress_store()
    if isinstance(store, ProgressError):
        say_progress_problem(store, language)
        return
    render_learner_messages(store, language)  # what the learner's last action did; a code's question
    content = session.curriculum()
    if isinstance(content, RecordError):
        st.error(t("ui.learn.content_error", language, source=content.source, field=content.field, problem=content.problem))
        return
    try:
        summary = store.course.summary(learner)
        stars = store.course.stars(learner)
        done = store.course.completed_lessons(learner)
    except ProgressError as error:
        say_progress_problem(error, language)
        return
    track = track_for(session.variant(), content)  # the learner's own table's course, as the Learn page shows it
    lessons = track.lessons
    counts = track.counts(stars, MAX_STARS)  # each figure over what it counts: never past 100 %
    with st.container(horizontal=True):
        st.metric(t("ui.progress.lessons_done", language), f"{len(done & {x.lesson.id for x in lessons})} / {len(lessons)}")
        st.metric(t("ui.progress.scenarios_done", language), f"{counts.solved} / {counts.tasks}")
        st.metric(t("ui.progress.stars", language), f"{counts.stars} / {counts.most_stars}")
        if counts.optional_tasks:
            st.metric(t("ui.progress.optional_done", language), f"{counts.optional_solved} / {counts.optional_tasks}")
    resume = track.resume_at(summary.last_place, stars)
    if resume is not None:
        lesson_id, index = resume
        titles = {lesson.id: lesson.title_in(language) for lesson in content.lessons}
        st.page_link(
            page_file("learn"),
            label=t("ui.progress.resume", language, lesson=titles.get(lesson_id, lesson_id), number=index + 1),
            icon="▶️",
            query_params={"lesson": lesson_id},
        )
    elif track.finished(stars):
        st.success(t("ui.learn.all_done", language, variant=variant_name(track.variant, language)))
    elif not stars:
        st.info(t("ui.progress.nothing_yet", language))
    for entry in lessons:
        lesson = entry.lesson
        earned = sum(stars.get(task.id, 0) for task in entry.tasks)
        mark = "✅" if lesson.id in done else "⬜"
        with st.expander(f"{mark} {lesson.title_in(language)} · {earned} / {MAX_STARS * len(entry.tasks)} ★"):
            lines = [f"- {star_text(stars.get(task.id, 0))} {task.say(task.title, language)}" for task in entry.tasks]
            st.markdown("\n".join(lines))
            st.page_link(
                page_file("learn"),
                label=t("ui.progress.open", language),
                query_params={"lesson": lesson.id},
            )
    render_mastery(store, learner, track, stars, language)  # reviews: streak, mastery per lesson, two weeks ahead
    _practice_stats(store.practice, learner, language)
    render_learner_tools(store, language)


def _practice_stats(practice: PracticeRounds, learner: str, language: str | Style) -> None:
    """The learner's Practice rounds by variant and the computer players' level: played, won, mean score."""
    try:
        stats = practice.stats(learner)
    except ProgressError:
        return
    if not stats:
        return
    st.subheader(t("ui.progress.practice_heading", language))
    head = [t(f"ui.progress.practice_{k}", language) for k in ("variant", "level", "rounds", "won", "mean")]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for line in stats:
        level = ", ".join(t(f"practice.level.{lv}", language) for lv in line.level.split("+"))
        mean = f"{line.mean_score:+.0f}".replace("-", "−")
        rows.append(f"| {variant_name(line.variant, language)} | {level} | {line.rounds} | {line.won} | {mean} |")
    st.markdown("\n".join(rows))
