"""The review on the Learn page and the reviews on the Progress page, through AppTest: a refused move in a
lesson makes a card due today (said in the sidebar, on the Learn page and in the lesson list); the review plays
it as a variation on other cards, and answered rightly it comes back later; the Progress page then shows the
lesson's mastery, the streak and the reviews ahead."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from engine.moves import Move
from tests.apptest_support import app_of, open_app, play_through_widgets, table_move
from tutor.learn.curriculum import load_curriculum
from tutor.progress import ProgressStore
from tutor.review.cards import task_key
from ui.learn import review
from ui.learn.review import ReviewState
from ui.learn.state import KEYS as LEARN_KEYS

LESSON, TASK = "taking-the-pile-femhundra", "femhundra-take-whole-pile"


def texts(elements: Iterable[object]) -> list[str]:
    return [str(getattr(e, "value", "")) for e in elements]


@pytest.mark.apptest
def test_a_refused_move_comes_back_as_a_variation_and_the_progress_page_shows_it(progress_db: Path) -> None:
    at = open_app(lesson=LESSON)
    table_move(at, LEARN_KEYS, "take", pile="2C")  # one card of a femhundra pile: refused
    at.run()
    learner = app_of(at).learner_id
    assert learner is not None
    store = ProgressStore(progress_db)
    assert [card.key for card in store.reviews.cards(learner)] == [task_key(TASK)]
    assert "To review today: 1" in texts(at.sidebar.caption) and "To review today: 1" in texts(at.markdown)
    assert any(b.label.endswith("· ↻ 1") for b in at.sidebar.button)  # the lesson list marks the lesson

    at.button(key=review.START).click().run()
    state = at.session_state[review.STATE]
    assert isinstance(state, ReviewState) and state.run is not None
    varied, original = state.run.scenario, load_curriculum().scenarios[TASK]
    assert varied.id == TASK and varied.position.deal.hands != original.position.deal.hands  # other cards
    assert any(s.value.startswith("Review 1 of 1:") for s in at.subheader)
    assert any("again, on other cards" in c for c in texts(at.caption))
    for step in varied.task.steps:  # type: ignore[union-attr]
        run = state.run
        play_through_widgets(at, review.KEYS, Move.parse(step.answer), run.state.hands[run.seat], run.state.pile)
    assert state.run.solved and any(s.startswith("Right! This one comes back") for s in texts(at.success))
    assert store.reviews.count_due(learner) == 0 and [r.rating for r in store.reviews.history(learner)] in ([3], [4])
    at.button(key=review.NEXT).click().run()
    assert any(s.startswith("All reviewed for today.") for s in texts(at.success))

    at.switch_page("ui/pages/progress.py").run()
    assert not at.exception
    assert any(s.value == "Reviews" for s in at.subheader)
    assert {m.label: m.value for m in at.metric}.get("Days in a row") == "1"
    table = next(m for m in texts(at.markdown) if m.startswith("| Lesson | Mastered | Learning | Due |"))
    assert table.splitlines()[2].endswith(" | 1 | 0 |")  # the lesson: its task learning, none due
    assert len(at.get("plotly_chart")) == 1  # the reviews ahead
