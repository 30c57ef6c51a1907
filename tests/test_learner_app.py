"""Progress belongs to the person at this browser: AppTest sessions as browsers, on one progress file.

A session opened without ``?learner=`` is a new browser (AppTest has no cookies); one opened with the
first session's id in the address is that browser coming back (a reload, or the link of "Use on another
device").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.variants import PRESETS
from tests.apptest_support import open_app
from tests.test_app import CURRICULUM, TAKE_LESSON, TAKE_SCENARIO, solve, texts
from tutor.curriculum import track_for
from tutor.progress import ProgressStore
from tutor.progress.learner import is_learner_id, legacy_key, new_learner_id
from ui import session
from ui.progress import learner as learner_view

#: The tasks of the femhundra track (the tests' learner plays femhundra), as the Progress page counts them.
SCENARIOS = sum(len(entry.tasks) for entry in track_for(PRESETS["femhundra"], CURRICULUM).lessons)


def learner_of(at: AppTest) -> str:
    """The learner id the session runs as; it is in the address too, so a reload keeps it."""
    learner = at.session_state[session.LEARNER_ID]
    assert is_learner_id(learner) and at.query_params["learner"] == learner
    return str(learner)


def welcomed(at: AppTest) -> bool:
    return any(text.startswith("Welcome back!") for text in texts(at.info))


def solved_metric(at: AppTest) -> str:
    """The "Scenarios solved" figure of the Progress page."""
    at.switch_page("ui/pages/progress.py").run()
    assert not at.exception, at.exception
    return str(next(m.value for m in at.metric if m.label == "Scenarios solved"))


def first_learner_solves_one() -> tuple[AppTest, str]:
    at = open_app(lesson=TAKE_LESSON)
    solve(at, CURRICULUM.scenarios[TAKE_SCENARIO])
    return at, learner_of(at)


@pytest.mark.usefixtures("progress_db")
def test_a_fresh_browser_gets_a_new_id_and_no_welcome_back() -> None:
    at = open_app()
    learner = learner_of(at)
    assert not welcomed(at) and at.session_state[session.LEARNER_FRESH]
    assert open_app().session_state[session.LEARNER_ID] != learner
    at.switch_page("ui/pages/progress.py").run()
    assert learner_of(at) == learner  # a page switch keeps the learner, and puts the id back in the address
    assert at.title[0].value == "Your progress" and "Nothing solved yet" in " ".join(texts(at.info))


def test_a_second_browser_does_not_see_the_first_ones_progress(progress_db: Path) -> None:
    first, learner = first_learner_solves_one()
    assert ProgressStore(progress_db).stars(learner) == {TAKE_SCENARIO: 3}
    second = open_app()  # another browser on the same server and file
    assert learner_of(second) != learner
    assert not welcomed(second)
    assert solved_metric(second) == f"0 / {SCENARIOS}"
    assert ProgressStore(progress_db).summary(learner_of(second)).scenarios_done == 0
    assert solved_metric(first) == f"1 / {SCENARIOS}"  # and the first still has theirs


@pytest.mark.usefixtures("progress_db")
def test_the_same_learner_coming_back_is_welcomed_with_their_name() -> None:
    first, learner = first_learner_solves_one()
    first.text_input(key=session.LEARNER).set_value("Anna").run()
    again = open_app(learner=learner)  # a reload, or the link on another device
    assert learner_of(again) == learner and not again.session_state[session.LEARNER_FRESH]
    assert welcomed(again)
    assert again.text_input(key=session.LEARNER).value == "Anna"
    assert solved_metric(again) == f"1 / {SCENARIOS}"
    assert again.title[0].value == "Progress of Anna"
    assert not welcomed(open_app())  # the name is nobody's key: a new browser is still new


def sidebar_layout(at: AppTest) -> list[str]:
    """What the sidebar holds, element by element (its kinds, in order)."""
    return [type(element).__name__ for element in at.sidebar]


@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("lesson", [None, TAKE_LESSON])
def test_the_cookie_writer_of_a_new_browser_moves_nothing_in_the_sidebar(lesson: str | None) -> None:
    """The learner's cookie is written in a new browser's first run only. Drawn above the lesson list it
    pushed the list one place down for that run, and the next run (the table's first answer) showed the
    list's heading and buttons twice until it ended."""
    at = open_app(lesson=lesson, variant=None)
    first = sidebar_layout(at)
    at.run()
    second = sidebar_layout(at)
    assert "Subheader" in second  # the lesson list's heading
    shorter = min(first, second, key=len)
    assert shorter == first[: len(shorter)] == second[: len(shorter)], (first, second)


@pytest.mark.usefixtures("progress_db")
def test_a_bad_id_in_the_address_is_ignored_for_a_fresh_one() -> None:
    _, learner = first_learner_solves_one()
    for bad in (learner[:-1], learner + "x", "legacy:learner", "<script>", "' OR 1=1 --"):
        at = open_app(learner=bad)
        assert not at.error and not welcomed(at)
        assert learner_of(at) not in (bad, learner)


def test_start_over_clears_after_a_confirmation(progress_db: Path) -> None:
    at, learner = first_learner_solves_one()
    _, other_learner = first_learner_solves_one()
    assert solved_metric(at) == f"1 / {SCENARIOS}"
    at.button(key=learner_view.START_OVER).click().run()
    assert "Clear all your progress on this browser? This cannot be undone." in texts(at.warning)
    at.button(key=learner_view.CANCEL).click().run()  # changed their mind
    assert solved_metric(at) == f"1 / {SCENARIOS}"
    at.button(key=learner_view.START_OVER).click().run()
    at.button(key=learner_view.CONFIRM).click().run()
    assert not at.exception and "Your progress is cleared: you start afresh." in texts(at.success)
    assert solved_metric(at) == f"0 / {SCENARIOS}"
    assert learner_of(at) == learner and ProgressStore(progress_db).summary(learner).scenarios_done == 0
    assert not welcomed(open_app(learner=learner))
    assert ProgressStore(progress_db).stars(other_learner) == {TAKE_SCENARIO: 3}  # nobody else's


@pytest.mark.usefixtures("progress_db")
def test_the_link_for_another_device_carries_the_id() -> None:
    at = open_app("progress")
    learner = learner_of(at)
    links = [str(code.value) for code in at.code]
    assert any(link.endswith(f"?learner={learner}") for link in links), links


def test_progress_of_an_earlier_version_comes_only_when_claimed_by_its_name(progress_db: Path) -> None:
    store = ProgressStore(progress_db)
    store.record_scenario(legacy_key("Anna"), TAKE_SCENARIO, 2)
    at = open_app("progress")
    assert solved_metric(at) == f"0 / {SCENARIOS}"  # not by itself, not by typing the name in the sidebar
    at.text_input(key=session.LEARNER).set_value("Anna").run()
    assert solved_metric(at) == f"0 / {SCENARIOS}"
    at.text_input(key=learner_view.LEGACY_NAME).set_value("Bertil").run()
    at.button(key=learner_view.CLAIM).click().run()
    assert "Nothing was saved under “Bertil”." in texts(at.info)
    at.text_input(key=learner_view.LEGACY_NAME).set_value("Anna").run()
    at.button(key=learner_view.CLAIM).click().run()
    assert "The progress saved under “Anna” is yours now." in texts(at.success)
    assert solved_metric(at) == f"1 / {SCENARIOS}"
    assert store.stars(learner_of(at)) == {TAKE_SCENARIO: 2} and store.stars(legacy_key("Anna")) == {}
    assert new_learner_id() != learner_of(at)
