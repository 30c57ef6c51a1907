"""Review cards (issue 35): a mistake makes a card due at once, a right answer sends it later and the interval
grows as FSRS says; the cards move with the learner to another device and go with Start over (back with its
undo), on SQLite and on PostgreSQL; every task's variations ask the same thing as the task; mastery counts
never pass a lesson's tasks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler

from engine.moves import DRAW, discard
from engine.round import Phase, Round
from engine.variants import PRESETS, get_variant
from tutor.course.track import track_for
from tutor.learn.curriculum import load_curriculum
from tutor.practice.game import Game
from tutor.practice.seats import computer_seats
from tutor.progress import ProgressStore
from tutor.progress.learner import new_device_token, new_learner_id
from tutor.review.cards import task_key
from tutor.review.day import build_day
from tutor.review.decisions import DecisionSeat, costly_cards
from tutor.review.mastery import forecast, lesson_mastery, lessons_due, review_days, streak
from tutor.review.sameness import differences
from tutor.review.schedule import Deck
from tutor.review.variation import has_generator, vary
from tutor.seat.coach import REVIEW_MARGIN, judged_review, suggest

NOW = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)
TASK = task_key("duty-top-card-meld")


def test_a_wrong_answer_makes_a_card_due_now_and_right_answers_send_it_further_as_fsrs_says(store_target: str) -> None:
    deck = Deck(ProgressStore(store_target), new_learner_id())
    assert deck.note_mistake(TASK, PRESETS["dansk"], "wrong", at=NOW)
    assert [card.key for card in deck.due(at=NOW)] == [TASK] and deck.count_due_today(at=NOW) == 1
    own = Card(card_id=1, due=NOW)  # the scheduler itself, beside the deck
    scheduler = Scheduler(enable_fuzzing=False)
    moment, gaps = NOW, []
    for _ in range(5):
        due = deck.review(TASK, Rating.Good, at=moment)
        own, _ = scheduler.review_card(own, Rating.Good, review_datetime=moment)
        assert due == own.due and deck.count_due(at=moment) == 0
        gaps.append(due - moment)
        moment = due
    assert gaps == sorted(gaps) and gaps[-1] > gaps[0] and gaps[-1] >= timedelta(days=2)
    deck.review(TASK, Rating.Again, at=moment)  # wrong again: back within minutes
    assert deck.count_due(at=moment + timedelta(minutes=15)) == 1
    assert [r.rating for r in deck.store.reviews.history(deck.learner)] == [3, 3, 3, 3, 3, 1]


def test_a_mistake_at_a_card_not_due_fails_it(store_target: str) -> None:
    deck = Deck(ProgressStore(store_target), new_learner_id())
    deck.note_mistake(TASK, PRESETS["dansk"], "hint", at=NOW)
    later = deck.review(TASK, Rating.Easy, at=NOW)
    assert later > NOW + timedelta(days=1)
    assert not deck.note_mistake(TASK, PRESETS["dansk"], "wrong", at=NOW + timedelta(hours=1))
    assert deck.count_due(at=NOW + timedelta(hours=2)) == 1  # rated Again: due within the day, not in days
    stored = deck.store.reviews.card(deck.learner, TASK)
    assert stored is not None and stored.origin == "hint" and stored.variant == "dansk"


def test_cards_move_with_a_device_code_and_go_with_start_over_and_back_with_undo(store_target: str) -> None:
    store = ProgressStore(store_target)
    learner, other = new_learner_id(), new_learner_id()
    for who in (learner, other):
        Deck(store, who).note_mistake(TASK, get_variant("rommi", {"target": 1000}), "refused", at=NOW)
    Deck(store, learner).review(TASK, Rating.Hard, at=NOW)
    phone = new_device_token()
    code, _ = store.devices.make_code(learner, at=NOW)
    found = store.devices.use_code(code, at=NOW)
    assert found == learner
    store.devices.move(phone, found, at=NOW)
    on_phone = store.devices.check(phone).learner
    assert on_phone == learner and [c.key for c in store.reviews.cards(on_phone)] == [TASK]
    assert store.reviews.cards(on_phone)[0].house_rules == '{"target": 1000}'
    store.start_over.clear(learner, at=NOW)
    assert store.reviews.cards(learner) == [] and store.reviews.history(learner) == []
    assert len(store.reviews.cards(other)) == 1  # another learner's cards stay
    assert store.start_over.undo(learner, at=NOW + timedelta(hours=1))
    assert [c.key for c in store.reviews.cards(learner)] == [TASK] and len(store.reviews.history(learner)) == 1


def _every_task() -> list[tuple[str, str]]:
    curriculum = load_curriculum()
    return [(sid, table.id) for sid, task in sorted(curriculum.scenarios.items()) for table in task.tables()]


@pytest.mark.slow
@pytest.mark.parametrize(("scenario_id", "variant"), _every_task())
def test_variations_of_every_task_ask_the_same_thing(scenario_id: str, variant: str) -> None:
    """Each variation (eight seeds a task, at every table it is played at) is checked by the engine as a task
    file is, and keeps the answer kind, the deciding rule and, for every move a learner could try at every
    step, the verdict and its refusal code."""
    task = load_curriculum().scenarios[scenario_id]
    task = task.under(next(table for table in task.tables() if table.id == variant))
    def seen(state: Round) -> str:
        return str((state.hands, state.pile, state.table))

    positions = set()
    for seed in range(8):
        varied = vary(task, seed)
        assert differences(task, varied) == []
        positions.add(seen(varied.start()))
    original = seen(task.start())
    assert original not in positions if has_generator(task) else positions == {original}  # other cards, where it has them


def test_a_days_review_plays_each_due_task_as_a_variation_at_the_current_table(tmp_path: object) -> None:
    store = ProgressStore(f"{tmp_path}/p.sqlite3")
    deck = Deck(store, new_learner_id())
    deck.note_mistake(task_key("anna-bertil-play"), PRESETS["500-rum"], "wrong", at=NOW)
    deck.note_mistake(task_key("femhundra-take-whole-pile"), PRESETS["femhundra"], "wrong", at=NOW + timedelta(seconds=1))
    day = build_day(deck.due_today(at=NOW), PRESETS["dansk"])
    assert [(item.task.id, item.task.variant) for item in day if item.task is not None] == [
        ("anna-bertil-play", "dansk"), ("femhundra-take-whole-pile", "femhundra")  # not a Danish task: its own table
    ]
    original = load_curriculum().scenarios["anna-bertil-play"].under(PRESETS["dansk"])
    assert day[0].task is not None and day[0].task.start().hands != original.start().hands


def test_a_task_that_shows_no_cards_comes_back_as_it_is_and_a_run_of_named_cards_on_other_suits(tmp_path: object) -> None:
    """The deal before it is dealt has nothing to vary: its card still comes back, the task as the lesson
    asks it; "Lay the longest run" names its cards, not their suit, so its run comes back in another suit."""
    store = ProgressStore(f"{tmp_path}/p.sqlite3")
    deck = Deck(store, new_learner_id())
    deck.note_mistake(task_key("setup-deal-two"), PRESETS["rommi"], "wrong", at=NOW)
    deck.note_mistake(task_key("meld-a-run"), PRESETS["rommi"], "wrong", at=NOW + timedelta(seconds=1))
    setup, run = build_day(deck.due_today(at=NOW), PRESETS["rommi"])
    tasks = load_curriculum().scenarios
    assert setup.task is not None and setup.task.start().hands == tasks["setup-deal-two"].under(PRESETS["rommi"]).start().hands
    assert run.task is not None and run.task.start().hands != tasks["meld-a-run"].under(PRESETS["rommi"]).start().hands


def test_mastery_counts_never_pass_a_lessons_tasks_and_the_forecast_and_streak_read_the_cards(tmp_path: object) -> None:
    store = ProgressStore(f"{tmp_path}/p.sqlite3")
    deck = Deck(store, new_learner_id())
    track = track_for(PRESETS["500-rum"])
    lesson = next(tl for tl in track.lessons if any(task.id == "duty-top-card-meld" for task in tl.tasks))
    stars = {task.id: 3 for task in lesson.tasks}
    deck.note_mistake(TASK, PRESETS["500-rum"], "wrong", at=NOW)
    counts = {m.lesson_id: m for m in lesson_mastery(track, stars, store.reviews.cards(deck.learner), NOW)}
    mine = counts[lesson.lesson.id]
    assert (mine.due, mine.mastered, mine.learning) == (1, len(lesson.tasks) - 1, 0)
    assert all(m.mastered + m.learning + m.due <= m.tasks for m in counts.values())
    assert lessons_due(track, store.reviews.cards(deck.learner), NOW) == {lesson.lesson.id}
    deck.review(TASK, Rating.Good, at=NOW)
    ahead = forecast(store.reviews.cards(deck.learner), NOW.date())
    assert len(ahead) == 14 and sum(n for _, n in ahead) == 1
    assert streak(review_days(store.reviews.history(deck.learner)), NOW.date()) == 1


def test_a_costly_decision_of_a_practice_round_comes_back_as_its_position_with_the_coachs_answer(tmp_path: object) -> None:
    """The learner draws and throws away their first card every turn (never melding): the coach counts a
    costly decision; its card keeps the position, and made again there the same move gets the coach's better
    move, the coach's own move its agreement."""
    game = Game.new(get_variant("femhundra"), computer_seats("Anna", 1, "greedy"), seed=4)
    costs: dict[int, float] = {}
    while not any(cost >= REVIEW_MARGIN for cost in costs.values()):
        game.advance()
        before = game.state
        move = DRAW if before.phase is Phase.DRAW else discard(before.hands[0][0])
        costs[len(game.current.steps)] = judged_review(before, move, 0)[0]
        game.play(move, 0)
    [(key, position), *_] = costly_cards(game, costs)
    deck = Deck(ProgressStore(f"{tmp_path}/p.sqlite3"), new_learner_id())
    assert deck.note_mistake(key, game.variant, "costly", position=position, at=NOW)
    [item] = build_day(deck.due_today(at=NOW), PRESETS["dansk"])
    assert item.decision is not None and item.task is None
    state, seat = item.decision
    index = int(key.rsplit(":", 1)[1])
    then = game.current.states[index]
    assert seat == 0 and (state.hands, state.pile, state.stock, state.to_move, state.phase) == (
        then.hands, then.pile, then.stock, then.to_move, then.phase
    )
    again = DecisionSeat(state, seat, key)
    assert again.look("en").top  # opened from the foot of the card before: the page goes to its top
    answer = again.answer_move(game.current.moves[index][1], "en")
    assert answer.kind == "warning" and again.wrong and answer.message
    assert not again.look("en").top  # the answer is said beside the table, which stays where it is
    advice = suggest(state, seat)
    assert advice is not None
    coach = DecisionSeat(state, seat, key)
    assert coach.answer_move(advice.move, "en").message == "The coach would play that too." and not coach.wrong
