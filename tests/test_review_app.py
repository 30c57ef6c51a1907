"""The review on the Learn page and the reviews on the Progress page, through AppTest: a refused move in a
lesson makes a card due today (said in the sidebar, on the Learn page and in the lesson list); the review plays
it as a variation on other cards, and answered rightly it comes back later; the Progress page then shows the
lesson's mastery, the streak and the reviews ahead."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

from engine.moves import DRAW, Move, discard
from engine.round import Phase
from engine.variants import get_variant
from tests.apptest_support import app_of, open_app, pick, play_through_widgets, table_move
from tutor.learn.curriculum import load_curriculum
from tutor.practice.game import Game
from tutor.practice.seats import computer_seats
from tutor.progress import ProgressStore
from tutor.review.cards import task_key
from tutor.review.decisions import costly_cards
from tutor.review.schedule import Deck
from tutor.seat.coach import REVIEW_MARGIN, judged_review
from ui.learn import lesson_list, review
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
    shown = at.session_state[lesson_list.SHOWN]
    assert any(entry["label"].endswith("· ↻ 1") for entry in (*shown["lessons"], *shown["others"]))  # the list marks it

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


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_costly_decision_comes_back_to_try_again_and_the_coach_answers() -> None:
    game = Game.new(get_variant("femhundra"), computer_seats("Anna", 1, "greedy"), seed=4)
    costs: dict[int, float] = {}
    while not any(cost >= REVIEW_MARGIN for cost in costs.values()):  # never melding: a costly decision
        game.advance()
        before = game.state
        move = DRAW if before.phase is Phase.DRAW else discard(before.hands[0][0])
        costs[len(game.current.steps)] = judged_review(before, move, 0)[0]
        game.play(move, 0)
    [(key, position), *_] = costly_cards(game, costs)
    at = open_app(lesson=LESSON)
    learner = app_of(at).learner_id
    assert learner is not None
    store = ProgressStore(Path(os.environ["RUMMY500_PROGRESS_DB"]))
    Deck(store, learner).note_mistake(key, game.variant, "costly", position=position)
    at.run()
    at.button(key=review.START).click().run()
    assert any(s.value.endswith(": Try this decision again") for s in at.subheader)
    state = at.session_state[review.STATE]
    assert isinstance(state, ReviewState) and state.decision is not None
    made = game.current.moves[int(key.rsplit(":", 1)[1])][1]
    if made.kind == "draw":
        table_move(at, review.KEYS, "draw")
    else:
        table_move(at, review.KEYS, "discard", hand=pick(state.decision.state.hands[0], [made.card]))  # type: ignore[attr-defined]
    assert state.decision.wrong and state.decision.answer is not None and state.decision.answer.kind == "warning"
    assert "The coach's move was better" in " ".join(texts(at.info))
    assert [r.rating for r in store.reviews.history(learner)] == [1]  # Again
