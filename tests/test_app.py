"""The app through Streamlit's AppTest: every page runs, and the Learn page's details through the widgets the
way a learner uses them (pick cards, press buttons, type, choose, judge). Every task of every track is walked
through the lesson seat game in ``tests/test_course_walk.py``, and a track's first and last lessons through
this page once per language in ``tests/test_languages_app.py``. Progress goes to a temporary database
(``RUMMY500_PROGRESS_DB``).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

from engine.round import Phase
from engine.variants import PRESETS, HouseRules, Variant, house_rule_options, house_rules_that_apply
from tests.apptest_support import (
    answer_rightly,
    app_of,
    cookie_of,
    learn_of,
    open_app,
    open_house_rules,
    said,
    scenario_run,
    shown_table,
    table_move,
)
from tutor.compare.grid import field_label, field_meaning
from tutor.course import track_for
from tutor.learn.curriculum import LESSONS_DIR, SCENARIOS_DIR, Lesson, load_curriculum
from tutor.learn.scenario import Scenario
from tutor.learn.tasks import MoveTask, NumberTask
from tutor.practice.deals import prepared_deals
from tutor.progress import ProgressStore
from tutor.progress.learner import new_learner_id
from tutor.rules.reference import variant_reference
from ui.learn import lesson_list
from ui.learn.state import KEYS as LEARN_KEYS
from ui.practice import state as practice
from ui.shared import session

CURRICULUM = load_curriculum()
PAGES = ("learn", "compare", "practice", "rules", "progress")


def start(lesson: str | None = None, locale: str | None = None) -> AppTest:
    """The app, run once (at ``?lesson=…`` when given)."""
    return open_app(lesson=lesson, locale=locale)


def texts(elements: Iterable[object]) -> list[str]:
    """The values of shown elements (errors, warnings, captions…) as text."""
    return [str(getattr(e, "value", "")) for e in elements]


# --- acting like a learner ------------------------------------------------------------------------


def solve(at: AppTest, scenario: Scenario, lesson: Lesson | None = None) -> None:
    """Solve the open scenario (of ``lesson``) through the widgets and check that each step says so."""
    task = scenario.task

    def step_said(number: int, answer: str) -> None:
        run = scenario_run(at)
        assert run.step_index == number + 1, (
            scenario.id,
            answer,
            said(at, LEARN_KEYS, "error"),
            said(at, LEARN_KEYS, "warning"),
        )
        assert said(at, LEARN_KEYS, "success"), (scenario.id, answer)

    answer_rightly(at, scenario, step_said)
    assert not at.exception, at.exception
    assert scenario_run(at).solved, (scenario.id, texts(at.error), texts(at.warning))
    assert any(s.startswith("Solved!") for s in texts(at.success)), texts(at.success)
    charts = len(at.get("plotly_chart"))
    scales = 1 if lesson is not None and lesson.chart == "scales" and not isinstance(task, MoveTask) else 0
    if isinstance(task, MoveTask):
        assert charts == 1  # how the hand's cards turned into minus points, move by move
    elif isinstance(task, NumberTask) and task.answer.score is not None:
        assert charts == 1 + scales  # the round's waterfall, once solved (and the hand under both scales)
    else:
        assert charts == scales  # a lesson comparing the scales shows the hand under both once solved


# --- every page -----------------------------------------------------------------------------------


@pytest.mark.apptest
@pytest.mark.page_wiring
@pytest.mark.usefixtures("progress_db")
def test_every_page_runs() -> None:
    at = start(locale="en-GB")
    for page in PAGES:
        at.switch_page(f"ui/pages/{page}.py").run()
        assert not at.exception, (page, at.exception)
        assert at.title, page
    at.switch_page("ui/pages/compare.py").run()
    assert at.title[0].value == "Compare the variants"  # the page itself is tested in test_compare.py
    at.switch_page("ui/pages/rules.py").run()
    markdown = "\n".join(texts(at.markdown))
    assert "| Taking from the discard pile | whole pile only |" in markdown  # from the model
    assert "pile_take" not in markdown and "min_players" not in markdown  # no engine field names for a learner
    assert "A discard rule never traps you" in markdown  # a ruling from the README


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_rules_page_explains_each_rule_as_the_compare_page_does() -> None:
    """ "What it means" once showed the model's descriptions, written for developers ("None: always one.")."""
    at = start()
    at.switch_page("ui/pages/rules.py").run()
    markdown = "\n".join(texts(at.markdown))
    variant = app_of(at).variant
    for row in variant_reference(variant):
        assert f"| {field_meaning(row.name)} |" in markdown, row.name
        description = Variant.model_fields[row.name].description or ""
        assert description not in markdown, row.name


# --- details of the Learn page --------------------------------------------------------------------

TAKE_LESSON = "taking-the-pile-femhundra"
TAKE_SCENARIO = "femhundra-take-whole-pile"


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_an_illegal_take_is_explained_and_changes_nothing() -> None:
    at = start(lesson=TAKE_LESSON)
    before = scenario_run(at).state
    table_move(at, LEARN_KEYS, "take", pile="5D")  # the top card only: femhundra takes the whole pile
    error = said(at, LEARN_KEYS, "error")[0]
    assert error.startswith("In femhundra you take the whole pile, never just the top card.")
    assert "Press “Take the whole pile”" in error  # the scenario's own feedback, not the rule a second time
    assert "Nothing was played" in error
    assert not any("take_not_allowed" in c for c in texts(at.caption))  # no rule codes on a learner's screen
    assert scenario_run(at).state is before


def primary_buttons(at: AppTest) -> set[str]:
    """The table's actions that are highlighted."""
    return {a["id"] for a in shown_table(at, LEARN_KEYS)["actions"] if a["primary"]}


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_highlighted_buttons_follow_the_phase() -> None:
    """In the draw phase "Meld picked cards" was highlighted, though only Draw or Take could be played."""
    at = start(lesson=TAKE_LESSON)
    assert scenario_run(at).state.phase is Phase.DRAW
    assert primary_buttons(at) == {"draw", "take_all"}  # femhundra takes the whole pile: no "take to a card"
    assert {a["id"] for a in shown_table(at, LEARN_KEYS)["actions"]} == {"draw", "take_all", "meld", "discard"}
    table_move(at, LEARN_KEYS, "take_all")
    assert scenario_run(at).state.phase is Phase.PLAY
    assert primary_buttons(at) == {"meld"}  # the step asks for a meld


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_legal_move_not_asked_for_is_a_warning() -> None:
    at = start(lesson=TAKE_LESSON)
    table_move(at, LEARN_KEYS, "draw")
    assert (
        said(at, LEARN_KEYS, "warning")[0]
        == "That is legal, but the 5♦ is waiting for you in the pile. That cost a star: ★★☆"
    )
    assert scenario_run(at).step_index == 0 and len(scenario_run(at).states) == 1


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_pick_that_makes_no_move_says_what_to_pick() -> None:
    at = start(lesson=TAKE_LESSON)
    table_move(at, LEARN_KEYS, "take")
    assert any("deepest card" in i for i in said(at, LEARN_KEYS, "info"))
    table_move(at, LEARN_KEYS, "discard")
    assert any("exactly one card" in i for i in said(at, LEARN_KEYS, "info"))


@pytest.mark.apptest
def test_hints_cost_stars_and_progress_is_saved(progress_db: Path) -> None:
    at = start(lesson=TAKE_LESSON)
    at.button(key="learn_hint").click().run()
    at.button(key="learn_hint").click().run()
    assert [i for i in texts(at.info) if i.startswith("Hint")][:2] == [
        "Hint 1: Which card in the pile would make a meld with your cards?",
        "Hint 2: Your 5♥ and 5♠ want the 5♦. In femhundra you take the whole pile to get it.",
    ]
    solve(at, CURRICULUM.scenarios[TAKE_SCENARIO])
    assert "Solved! ★☆☆" in texts(at.success)
    store = ProgressStore(progress_db)
    learner = app_of(at).learner_id
    assert store.course.stars(learner)[TAKE_SCENARIO] == 1
    assert store.course.last_place(learner) is not None

    # A returning learner (a new session on the same file, their browser's cookie) resumes at the saved place.
    again = open_app(cookie=cookie_of(at))
    assert learn_of(again).lesson == store.course.last_place(learner)[0]  # type: ignore[index]
    assert any(i.startswith("Welcome back!") for i in texts(again.info))
    again.switch_page("ui/pages/progress.py").run()
    assert not again.exception
    femhundra = track_for(PRESETS["femhundra"], CURRICULUM)
    assert any(m.value == f"1 / {sum(len(x.tasks) for x in femhundra.lessons)}" for m in again.metric)


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_an_unknown_lesson_in_the_link_is_explained() -> None:
    at = start(lesson="no-such-lesson")
    assert any("no-such-lesson" in w for w in texts(at.warning))
    assert at.header  # a lesson is open all the same


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_lesson_picked_in_the_lesson_list_opens_at_its_first_task() -> None:
    """The lesson list (one component: a click sends its lesson's id; AppTest leaves it as a request) opens the
    lesson picked at its first task, puts it in the address and marks it as the open one."""
    at = start(lesson=TAKE_LESSON)
    shown = at.session_state[lesson_list.SHOWN]
    assert [e["id"] for e in shown["lessons"] if e["current"]] == [TAKE_LESSON]
    other = next(e for e in shown["lessons"] if not e["current"])
    at.session_state[lesson_list.REQUEST] = other["id"]
    at.run()
    assert not at.exception
    assert at.query_params["lesson"] == other["id"]
    assert [e["id"] for e in at.session_state[lesson_list.SHOWN]["lessons"] if e["current"]] == [other["id"]]
    assert at.header[0].value == CURRICULUM.lesson(other["id"]).title


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_sidebar_sets_variant_house_rules_and_colours() -> None:
    at = start(lesson=TAKE_LESSON)
    at.toggle(key=session.FOUR_COLOUR).set_value(True).run()
    assert any(c["ink"] == "green" for c in shown_table(at, LEARN_KEYS)["hand"])  # the 7♣, 9♣
    open_house_rules(at).toggle(key="app_hr_femhundra_jokers").set_value(True).run()
    variant = app_of(at).variant
    assert variant.jokers and variant.house_rules == ("jokers",)
    at.selectbox(key=session.VARIANT_ID).set_value("dansk").run()
    assert not at.exception
    assert app_of(at).variant.id == "dansk"
    assert any("not your chosen Danish 500" in i for i in texts(at.info))  # the femhundra lesson says so
    at.switch_page("ui/pages/rules.py").run()
    assert at.title[0].value == "The rules of Danish 500"
    # The Swedish house rules (the README's table of house rules), picked in the sidebar, reach the engine and
    # the Rules page.
    open_house_rules(at).selectbox(key="app_hr_dansk_cards_dealt").set_value(6)
    at.selectbox(key="app_hr_dansk_ace_high_value").set_value(25)
    at.selectbox(key="app_hr_dansk_ace_low_value").set_value(5).run()
    assert not at.exception
    variant = app_of(at).variant
    assert (variant.cards_dealt, variant.ace_high_value, variant.ace_low_value) == (6, 25, 5)
    assert variant.house_rules == ("ace_high_value", "ace_low_value", "cards_dealt")
    markdown = "\n".join(texts(at.markdown))
    assert f"| {field_label('ace_high_value')} | **25 points** ✎ |" in markdown and "**5 points** ✎" in markdown
    assert "**6 cards** ✎" in markdown
    assert "An ace in your hand or in a set counts high" in markdown  # our ruling, from the README


@pytest.mark.apptest
def test_a_lesson_a_house_rule_takes_out_says_both_tables_with_their_rules() -> None:
    at = start(lesson="jokers")
    at.selectbox(key=session.VARIANT_ID).set_value("rommi").run()
    open_house_rules(at).toggle(key="app_hr_rommi_jokers").set_value(
        False
    ).run()  # 500 rommi without jokers: no jokers lesson
    said = [i for i in texts(at.info) if "not your chosen" in i]
    assert said and "about femhundra + Jokers: yes" in said[0] and "not your chosen 500 rommi + Jokers: no" in said[0]


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_learners_table_comes_back_on_a_reload_and_a_lesson_link() -> None:
    """House rules set in the sidebar were lost on a reload: the sidebar fell back to "7 cards" and a blank
    penalty box. They are the learner's, kept with their progress, and named with their values."""
    at = open_house_rules(open_app(variant=None, locale="sv-SE"))
    assert at.selectbox(key="app_hr_femhundra_unusable_pile_penalty").value == "off"  # "av", not an empty box
    at.selectbox(key=session.VARIANT_ID).set_value("femhundra").run()
    at.selectbox(key="app_hr_femhundra_cards_dealt").set_value(6).run()
    at.selectbox(key="app_hr_femhundra_unusable_pile_penalty").set_value(100).run()
    assert app_of(at).variant.house_rules == ("cards_dealt", "unusable_pile_penalty")
    for again in (
        open_app(variant=None, cookie=cookie_of(at), locale="da-DK"),  # a reload, in a browser that asks for Danish
        open_app(variant=None, cookie=cookie_of(at), lesson=TAKE_LESSON),  # a lesson link
    ):
        variant = app_of(again).variant
        assert (variant.id, variant.cards_dealt, variant.unusable_pile_penalty) == ("femhundra", 6, 100)  # closed
        assert open_house_rules(again).selectbox(key="app_hr_femhundra_cards_dealt").value == 6
    played = [c for c in texts(again.caption) if c.startswith("Played with")]
    assert played and "6 cards" in played[0] and "costs 100 points" in played[0], played


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_house_rules_in_the_sidebar_read_as_short_labels_with_the_rule_as_a_tooltip() -> None:
    """The widgets were labelled with the engine's descriptions, full sentences with a full stop."""
    at = open_house_rules(start())
    offered = list(house_rules_that_apply("femhundra"))
    assert "rommi_call_with_hand" not in offered and "top_card_free" in offered
    new = ("top_card_free", "stock_out", "jokers_per_deck", "joker_value", "no_meld_first_turn", "rummy_call")
    assert set(new) <= set(offered)  # the six house rules of published tables, each with its help
    for field in offered:
        info = HouseRules.model_fields[field]
        key = f"app_hr_femhundra_{field}"
        widget = at.toggle(key=key) if house_rule_options(field) == [False, True] else at.selectbox(key=key)
        assert widget.label == field_label(field), field
        assert not widget.label.endswith("."), field
        assert widget.help == info.description, field
    assert at.selectbox(key="app_hr_femhundra_tie_rule").options == ["play another round", "the win is shared"]
    assert at.selectbox(key="app_hr_femhundra_target_compare").options == ["pass it: > 500", "reach it: ≥ 500"]
    at.selectbox(key="app_hr_femhundra_target").set_value(1000).run()
    assert at.selectbox(key="app_hr_femhundra_target_compare").options == ["pass it: > 1000", "reach it: ≥ 1000"]
    assert "House rules on: Game target: 1000 points" in texts(at.sidebar.caption)  # each rule with its value
    with pytest.raises(KeyError):  # a rule that cannot change femhundra is not offered
        at.toggle(key="app_hr_femhundra_rommi_call_with_hand")
    at.toggle(key="app_hr_femhundra_rummy_call").set_value(True).run()  # the Rummy! call is played end to end
    assert not at.exception and app_of(at).variant.rummy_call


# --- broken content -------------------------------------------------------------------------------


@pytest.mark.apptest
def test_a_broken_scenario_file_is_named_not_a_traceback(
    tmp_path: Path, progress_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    content = tmp_path / "content"
    shutil.copytree(LESSONS_DIR, content / "lessons")
    shutil.copytree(SCENARIOS_DIR, content / "scenarios")
    data = yaml.safe_load((SCENARIOS_DIR / f"{TAKE_SCENARIO}.yaml").read_text(encoding="utf-8"))
    data["id"] = "broken-one"
    del data["title"]
    (content / "scenarios" / "broken.yaml").write_text(yaml.safe_dump(data), encoding="utf-8")
    monkeypatch.setenv(session.CONTENT_ENV, str(content))
    at = start()
    assert not at.exception
    message = at.error[0].value
    assert "broken.yaml" in message and "field: title" in message


@pytest.mark.apptest
def test_a_link_to_the_lesson_a_learner_stopped_in_resumes_at_the_scenario(progress_db: Path) -> None:
    lesson = next(x for x in CURRICULUM.lessons if len(x.scenarios) > 1)
    learner = new_learner_id()
    ProgressStore(progress_db).course.save_place(learner, lesson.id, 1)
    at = open_app(lesson=lesson.id, cookie=learner)  # a browser whose cookie an earlier version set
    assert learn_of(at).index == 1
    assert scenario_run(at).scenario.id == lesson.scenarios[1]


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_table_settings_and_words_not_notation() -> None:
    """Large cards and the notation are the learner's choice; by default moves are named in words."""
    at = start(lesson=TAKE_LESSON)
    assert shown_table(at, LEARN_KEYS)["large"] is False
    at.toggle(key="app_large_cards").set_value(True).run()
    assert shown_table(at, LEARN_KEYS)["large"] is True
    table_move(at, LEARN_KEYS, "take_all")
    assert not any("notation" in c for c in texts(at.caption))  # "take all" stays off the learner's screen
    at.toggle(key="app_show_notation").set_value(True).run()
    assert any(c == "Your last move in the notation: take all" for c in texts(at.caption))
    assert not any("Rule:" in c for c in texts(at.caption))


@pytest.mark.apptest
def test_a_finished_course_counts_to_its_total_and_offers_no_place_to_go_on(progress_db: Path) -> None:
    """With every lesson done the Finnish page said "Ratkaistut tehtävät 63 / 58" and "Jatka siitä, mihin jäit:
    Taktiikka, tehtävä 4": the optional tasks count apart, and a finished course has nowhere to go on from."""
    at = open_app()
    learner = str(app_of(at).learner_id)
    store = ProgressStore(progress_db)
    track = track_for(PRESETS["femhundra"], CURRICULUM)
    for task_id in CURRICULUM.scenarios:  # every task of every table, the optional ones too
        store.course.record_scenario(learner, task_id, 3)
    for entry in track.lessons:
        store.course.complete_lesson(learner, entry.lesson.id)
    last = track.lessons[-1]
    store.course.save_place(learner, last.lesson.id, len(last.all_tasks) - 1)
    at.switch_page("ui/pages/progress.py").run()
    assert not at.exception
    figures = {m.label: m.value for m in at.metric}
    tasks = sum(len(x.tasks) for x in track.lessons)
    optional = sum(1 for x in track.lessons if x.other_table is not None)
    assert figures["Tasks solved"] == f"{tasks} / {tasks}" and figures["Stars"] == f"{3 * tasks} / {3 * tasks}"
    assert figures["Optional tasks at other tables"] == f"{optional} / {optional}"
    assert not any("Continue where you stopped" in str(link.label) for link in at.get("page_link"))
    assert any("finished every lesson" in s for s in texts(at.success))


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_an_optional_task_is_counted_apart_and_can_be_skipped() -> None:
    track = track_for(PRESETS["femhundra"], CURRICULUM)
    index, entry = next((i, x) for i, x in enumerate(track.lessons) if x.other_table is not None)
    at = open_app(lesson=entry.lesson.id)
    learn_of(at).index = len(entry.tasks)
    at.run()
    assert not at.exception
    assert any(h.value.startswith("Optional task:") for h in at.main.subheader)  # not "Task 4 of 3"
    at.button(key="learn_skip").click().run()
    assert not at.exception
    following = track.lessons[index + 1]
    assert (learn_of(at).lesson, learn_of(at).index) == (following.lesson.id, 0)
    assert any(h.value.startswith(f"Task 1 of {len(following.tasks)}:") for h in at.main.subheader)


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_judge_task_that_speaks_to_you_shows_the_move_as_yours() -> None:
    """ "You play next, and you call Rommi!" was shown as "The move to judge — Bertil: …"."""
    track = track_for(PRESETS["rommi"], CURRICULUM)
    entry = next(x for x in track.lessons if any(task.id == "rommi-call-judge-next" for task in x.tasks))
    at = open_app(variant="rommi", lesson=entry.lesson.id)
    learn_of(at).index = next(i for i, task in enumerate(entry.tasks) if task.id == "rommi-call-judge-next")
    at.run()
    assert not at.exception
    shown = "\n".join(texts(at.markdown))
    assert "The move to judge — **yours**:" in shown and "**Bertil**" not in shown


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_guided_hand_after_the_course_starts_on_a_prepared_deal() -> None:
    """ "Play a guided hand" at the end of the course landed on a random deal, and the prepared-deal box was empty
    ("Choose an option"): it opens on the first deal prepared for the learner's table."""
    track = track_for(PRESETS["femhundra"], CURRICULUM)
    last = track.lessons[-1]
    at = open_app(lesson=last.lesson.id)
    learn = learn_of(at)
    learn.index = len(last.all_tasks) - 1
    at.run()
    run = learn_of(at).run
    assert run is not None
    run.solved = True
    at.run()
    at.button(key="learn_guided").click().run()
    assert not at.exception, at.exception
    deal = prepared_deals("femhundra", 2)[0].deal
    assert at.selectbox(key=practice.PREPARED).value == deal and at.number_input(key=practice.SEED).value == deal
    assert at.radio(key=practice.MODE).value == "guided"
