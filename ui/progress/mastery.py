"""The reviews on the Progress page: the days in a row the learner kept up, the cards due today, per lesson
what is mastered, learning and due (:func:`tutor.review.mastery.lesson_mastery`; never more than the lesson's
tasks), and a chart of the reviews ahead for two weeks. The page calls :func:`render_mastery` with a line."""

from __future__ import annotations

import streamlit as st

from tutor.charts.reviews import reviews_ahead_figure
from tutor.course import Track
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.progress import ProgressError, ProgressStore
from tutor.progress.clock import utc_now
from tutor.review.mastery import forecast, lesson_mastery, review_days, streak
from tutor.review.schedule import end_of_day

#: The chart's key.
AHEAD = "progress_reviews_ahead"


def render_mastery(store: ProgressStore, learner: str, track: Track, stars: dict[str, int], language: str | Style) -> None:
    """The learner's reviews: streak, due today, mastery per lesson, the two weeks ahead."""
    try:
        cards = store.reviews.cards(learner)
        history = store.reviews.history(learner)
    except ProgressError:
        return  # the page says why elsewhere
    st.subheader(t("review.mastery_heading", language))
    now = utc_now()
    if not cards:
        st.caption(t("review.none", language))
        return
    today_end = end_of_day(now)
    with st.container(horizontal=True):
        st.metric(t("review.streak", language), streak(review_days(history), now.date()))
        st.metric(t("review.due_today", language), sum(card.due <= today_end for card in cards))
    head = [t(f"review.{key}", language) for key in ("lesson", "mastered", "learning", "due")]
    rows = ["| " + " | ".join(head) + " |", "|---|---:|---:|---:|"]
    titles = {tl.lesson.id: tl.lesson.title_in(language) for tl in track.lessons}
    for entry in lesson_mastery(track, stars, cards, now):
        if entry.mastered or entry.learning or entry.due:
            rows.append(f"| {titles[entry.lesson_id]} | {entry.mastered} / {entry.tasks} | {entry.learning} | {entry.due} |")
    st.markdown("\n".join(rows))
    st.plotly_chart(reviews_ahead_figure(forecast(cards, now.date()), language), key=AHEAD)
