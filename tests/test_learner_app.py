"""Progress belongs to the person at this browser: AppTest sessions as browsers, on one progress file.

A session opened without a cookie is a new browser; one opened with the first session's cookie (its device
token, given through ``session_state`` since AppTest sends no cookies: ``open_app(cookie=…)``) is that
browser coming back. No address carries a learner: ``?learner=`` is removed unread, and another device
becomes the learner only through a single-use code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.variants import PRESETS
from tests.apptest_support import app_of, cookie_of, learn_of, open_app, scenario_run
from tests.test_app import CURRICULUM, TAKE_LESSON, TAKE_SCENARIO, solve, texts
from tutor.course import track_for
from tutor.progress import ProgressStore
from tutor.progress.learner import is_learner_id, legacy_key, new_learner_id
from ui.progress import learner as learner_view
from ui.shared import session
from ui.shared.session import AppState

#: The tasks of the femhundra track (the tests' learner plays femhundra), as the Progress page counts them.
SCENARIOS = sum(len(entry.tasks) for entry in track_for(PRESETS["femhundra"], CURRICULUM).lessons)


def learner_of(at: AppTest) -> str:
    """The learner id the session runs as; never in the address."""
    learner = app_of(at).learner_id
    assert is_learner_id(learner) and "learner" not in at.query_params
    return str(learner)


def welcomed(at: AppTest) -> bool:
    return any(text.startswith("Welcome back!") for text in texts(at.info))


def solved_metric(at: AppTest) -> str:
    """The "Tasks solved" figure of the Progress page."""
    at.switch_page("ui/pages/progress.py").run()
    assert not at.exception, at.exception
    return str(next(m.value for m in at.metric if m.label == "Tasks solved"))


def first_learner_solves_one() -> tuple[AppTest, str]:
    at = open_app(lesson=TAKE_LESSON)
    solve(at, CURRICULUM.scenarios[TAKE_SCENARIO])
    return at, learner_of(at)


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_fresh_browser_gets_a_new_id_and_no_welcome_back() -> None:
    at = open_app()
    learner = learner_of(at)
    assert not welcomed(at) and app_of(at).learner_fresh
    assert app_of(open_app()).learner_id != learner
    at.switch_page("ui/pages/progress.py").run()
    assert learner_of(at) == learner  # a page switch keeps the learner
    assert at.title[0].value == "Your progress" and "Nothing solved yet" in " ".join(texts(at.info))


@pytest.mark.apptest
def test_a_second_browser_does_not_see_the_first_ones_progress(progress_db: Path) -> None:
    first, learner = first_learner_solves_one()
    assert ProgressStore(progress_db).course.stars(learner) == {TAKE_SCENARIO: 3}
    second = open_app()  # another browser on the same server and file
    assert learner_of(second) != learner
    assert not welcomed(second)
    assert solved_metric(second) == f"0 / {SCENARIOS}"
    assert ProgressStore(progress_db).course.summary(learner_of(second)).scenarios_done == 0
    assert solved_metric(first) == f"1 / {SCENARIOS}"  # and the first still has theirs


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_same_learner_coming_back_is_welcomed_with_their_name() -> None:
    first, learner = first_learner_solves_one()
    first.text_input(key=session.LEARNER).set_value("Anna").run()
    again = open_app(cookie=cookie_of(first))  # a reload: the browser's cookie
    assert learner_of(again) == learner and not app_of(again).learner_fresh
    assert welcomed(again)
    assert again.text_input(key=session.LEARNER).value == "Anna"
    assert solved_metric(again) == f"1 / {SCENARIOS}"
    assert again.title[0].value == "Progress of Anna"
    assert not welcomed(open_app())  # the name is nobody's key: a new browser is still new


def sidebar_layout(at: AppTest) -> list[str]:
    """What the sidebar holds, element by element (its kinds, in order)."""
    return [type(element).__name__ for element in at.sidebar]


@pytest.mark.apptest
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


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_learner_id_in_the_address_is_removed_and_never_adopted() -> None:
    """A lesson link of an earlier version carried ``?learner=<id>``: opened in another browser, it made
    that browser the learner. Now it is taken out of the address unread."""
    first, learner = first_learner_solves_one()
    for carried in (learner, learner[:-1], "legacy:learner", "<script>", "' OR 1=1 --"):
        at = open_app(lesson=TAKE_LESSON, query={"learner": carried})
        assert not at.error and not welcomed(at)
        assert learner_of(at) != learner
    assert learner_of(first) == learner


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_bad_cookie_is_ignored_for_a_fresh_learner() -> None:
    _, learner = first_learner_solves_one()
    for bad in (learner[:-1], learner + "x", "legacy:learner", "<script>", "A" * 31):
        at = open_app(cookie=bad)
        assert not at.error and not welcomed(at)
        assert learner_of(at) not in (bad, learner)


@pytest.mark.apptest
def test_a_cookie_of_an_earlier_version_is_accepted_once_as_a_device(progress_db: Path) -> None:
    """A browser whose cookie still holds its learner id (the earlier format) keeps its progress; its cookie
    becomes a device token, and the learner's devices list shows it."""
    learner = new_learner_id()
    store = ProgressStore(progress_db)
    store.course.record_scenario(learner, TAKE_SCENARIO, 3)
    at = open_app(cookie=learner)
    assert learner_of(at) == learner and solved_metric(at) == f"1 / {SCENARIOS}"
    token = cookie_of(at)
    assert token != learner and store.devices.check(token).learner == learner
    assert learner_of(open_app(cookie=token)) == learner


@pytest.mark.apptest
def test_a_cookie_of_an_earlier_version_is_accepted_only_once(progress_db: Path) -> None:
    """Issue 38: the same old cookie in a second browser (copied, or never rewritten) signed in as the learner
    every time; now it starts a new learner there, and the learner's own browsers are untouched."""
    learner = new_learner_id()
    ProgressStore(progress_db).course.record_scenario(learner, TAKE_SCENARIO, 3)
    first = open_app(cookie=learner)
    assert learner_of(first) == learner
    for _ in range(2):
        again = open_app(cookie=learner)
        assert learner_of(again) != learner and app_of(again).learner_fresh
        assert solved_metric(again) == f"0 / {SCENARIOS}"
    assert learner_of(open_app(cookie=cookie_of(first))) == learner


def cookie_written(at: AppTest) -> str | None:
    """The cookie the page's cookie writer sets in this run (None: it is not drawn)."""
    found: list[str] = []

    def walk(node: object) -> None:
        children = getattr(node, "children", None)
        for child in children.values() if isinstance(children, dict) else ():
            proto = getattr(child, "proto", None)
            if getattr(proto, "component_name", "") == "rummy500_learner_cookie":
                found.append(json.loads(proto.bytes)["cookie"])
            walk(child)

    walk(at._tree)
    return found[0] if found else None


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_cookie_is_secure_on_a_page_served_over_https() -> None:
    """Issue 38: the device cookie was written without ``Secure`` on a page the browser had over HTTPS.
    Over HTTPS it is ``Secure``, and written again once a session (an old cookie may lack the flag)."""
    plain = open_app()
    assert cookie_written(plain) is not None and "Secure" not in str(cookie_written(plain))
    assert cookie_written(open_app(cookie=cookie_of(plain))) is None  # over HTTP the browser has it already
    secure = AppTest.from_file("../app.py", default_timeout=30)
    secure.context = {"url": "https://rummy500.example.org/learn"}
    secure.session_state[session.STATE] = AppState(test_cookie=cookie_of(plain))
    secure.run()
    assert str(cookie_written(secure)).endswith("; SameSite=Lax; Secure") and cookie_of(secure) == cookie_of(plain)
    secure.run()
    assert cookie_written(secure) is None  # once a session


@pytest.mark.apptest
def test_start_over_clears_after_a_confirmation_and_can_be_undone(progress_db: Path) -> None:
    at, learner = first_learner_solves_one()
    _, other_learner = first_learner_solves_one()
    assert solved_metric(at) == f"1 / {SCENARIOS}"
    at.button(key=learner_view.START_OVER).click().run()
    assert "Clear all your progress on this browser? You can undo it on this page for 24 hours." in texts(at.warning)
    at.button(key=learner_view.CANCEL).click().run()  # changed their mind
    assert solved_metric(at) == f"1 / {SCENARIOS}"
    at.button(key=learner_view.START_OVER).click().run()
    at.button(key=learner_view.CONFIRM).click().run()
    assert not at.exception
    assert any(x.startswith("Your progress is cleared: you start afresh. You can undo this") for x in texts(at.success))
    assert solved_metric(at) == f"0 / {SCENARIOS}"
    assert learner_of(at) == learner and ProgressStore(progress_db).course.summary(learner).scenarios_done == 0
    assert not welcomed(open_app(cookie=cookie_of(at)))
    assert ProgressStore(progress_db).course.stars(other_learner) == {TAKE_SCENARIO: 3}  # nobody else's
    at.button(key=learner_view.UNDO).click().run()
    assert "Your progress is back." in texts(at.success)
    assert solved_metric(at) == f"1 / {SCENARIOS}"
    assert all(button.key != learner_view.UNDO for button in at.button)


@pytest.mark.apptest
def test_start_over_sends_the_learn_page_back_to_the_first_lesson(progress_db: Path) -> None:
    """The Progress page sends the Learn page back (by the keys of :data:`ui.shared.session.SENT_BACK`, which
    the Learn page's state takes in): after "Start over" it opens the course's first task, afresh."""
    at, _ = first_learner_solves_one()
    assert learn_of(at).lesson == TAKE_LESSON and scenario_run(at).solved
    at.switch_page("ui/pages/progress.py").run()
    at.button(key=learner_view.START_OVER).click().run()
    at.button(key=learner_view.CONFIRM).click().run()
    del at.query_params["lesson"]  # the address a browser shows after moving to another page
    at.switch_page("ui/pages/learn.py").run()
    assert not at.exception, at.exception
    first = track_for(PRESETS["femhundra"], CURRICULUM).lessons[0].lesson.id
    assert (learn_of(at).lesson, learn_of(at).index) == (first, 0) and not scenario_run(at).solved
    assert not any(key in at.session_state for key in session.SENT_BACK)  # taken in, once


@pytest.mark.apptest
def test_a_browser_switched_to_another_learner_opens_their_last_place(progress_db: Path) -> None:
    first, learner = first_learner_solves_one()
    second = open_app()
    assert learn_of(second).lesson != TAKE_LESSON
    use_code(second, code_of(first))
    del second.query_params["lesson"]  # the address a browser shows after moving to another page
    second.switch_page("ui/pages/learn.py").run()
    assert not second.exception, second.exception
    place = ProgressStore(progress_db).course.last_place(learner)
    assert place is not None and (learn_of(second).lesson, learn_of(second).index) == place


def code_of(at: AppTest) -> str:
    """Make a device code on the Progress page of session ``at``; the code as shown."""
    at.switch_page("ui/pages/progress.py").run()
    at.button(key=learner_view.MAKE_CODE).click().run()
    assert not at.exception, at.exception
    shown = [str(code.value) for code in at.code]
    assert any(x.endswith("progress?device=" + shown[0].replace("-", "")) for x in shown[1:]), shown
    assert any("Your code works once, until" in x for x in texts(at.caption)), texts(at.caption)
    assert all(learner_of(at) not in x for x in shown)  # the code and its link, never the learner id
    return shown[0]


def use_code(at: AppTest, code: str) -> None:
    at.switch_page("ui/pages/progress.py").run()
    at.text_input(key=learner_view.CODE).set_value(code).run()
    at.button(key=learner_view.USE_CODE).click().run()
    assert not at.exception, at.exception


@pytest.mark.apptest
def test_a_device_code_brings_a_new_browser_to_the_learner_once(progress_db: Path) -> None:
    first, learner = first_learner_solves_one()
    code = code_of(first)
    second = open_app()
    use_code(second, code)
    assert "This browser now works on the progress of your other device." in texts(second.success)
    assert learner_of(second) == learner and solved_metric(second) == f"1 / {SCENARIOS}"
    assert learner_of(open_app(cookie=cookie_of(second))) == learner  # the second browser comes back as the learner
    third = open_app()
    use_code(third, code)  # used already
    assert any(x.startswith("This code does not work") for x in texts(third.info))
    assert learner_of(third) != learner
    use_code(third, "ACDE")
    assert any(x.startswith("That is not a code") for x in texts(third.info))


@pytest.mark.apptest
def test_a_browser_with_progress_of_its_own_asks_before_switching(progress_db: Path) -> None:
    first, learner = first_learner_solves_one()
    second, own = first_learner_solves_one()
    use_code(second, code_of(first))
    assert any(x.startswith("This browser has progress of its own.") for x in texts(second.warning))
    assert learner_of(second) == own
    second.button(key=learner_view.KEEP).click().run()
    assert "This browser keeps its own progress; the code was not used." in texts(second.info)
    code = code_of(first)
    use_code(second, code)
    second.button(key=learner_view.SWITCH).click().run()
    assert any(x.endswith("but no browser opens it now.") for x in texts(second.success))
    assert learner_of(second) == learner
    assert ProgressStore(progress_db).course.stars(own) == {TAKE_SCENARIO: 3}  # kept under its own id


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_device_link_is_used_and_leaves_the_address() -> None:
    first, learner = first_learner_solves_one()
    code = code_of(first).replace("-", "")
    second = open_app("progress", query={"device": code})
    assert learner_of(second) == learner and "device" not in second.query_params
    assert "This browser now works on the progress of your other device." in texts(second.success)


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_device_link_in_a_browser_with_progress_asks_first() -> None:
    first, learner = first_learner_solves_one()
    second, own = first_learner_solves_one()
    code = code_of(first)
    second.query_params["device"] = code
    second.switch_page("ui/pages/progress.py").run()
    assert "device" not in second.query_params and learner_of(second) == own
    assert any(x.startswith("This browser has progress of its own.") for x in texts(second.warning))
    second.button(key=learner_view.SWITCH).click().run()
    assert learner_of(second) == learner


@pytest.mark.apptest
def test_signing_out_another_device(progress_db: Path) -> None:
    first, learner = first_learner_solves_one()
    second = open_app()
    use_code(second, code_of(first))
    first.switch_page("ui/pages/progress.py").run()
    lines = [str(m.value) for m in first.markdown if "last seen" in str(m.value)]
    assert len(lines) == 2 and sum("(this device)" in x for x in lines) == 1, lines
    first.button(key=learner_view.SIGN_OUT + "1").click().run()
    assert "Signed out: that browser starts afresh on its next page." in texts(first.success)
    second.run()  # the signed-out browser's next page
    assert learner_of(second) != learner
    said = "This browser was signed out from another device"
    assert any(x.startswith(said) for x in texts(second.info))
    second.run()  # a rerun of the same page (the page's own, or the learner's click) keeps it in view
    assert any(x.startswith(said) for x in texts(second.info))
    second.switch_page("ui/pages/rules.py").run()
    assert not any(x.startswith(said) for x in texts(second.info))
    assert learner_of(open_app(cookie=cookie_of(first))) == learner  # the first browser is still the learner


@pytest.mark.apptest
def test_progress_of_an_earlier_version_is_copied_only_when_claimed_by_its_name(progress_db: Path) -> None:
    store = ProgressStore(progress_db)
    store.course.record_scenario(legacy_key("Anna"), TAKE_SCENARIO, 2)
    at = open_app("progress")
    assert solved_metric(at) == f"0 / {SCENARIOS}"  # not by itself, not by typing the name in the sidebar
    at.text_input(key=session.LEARNER).set_value("Anna").run()
    assert solved_metric(at) == f"0 / {SCENARIOS}"
    at.text_input(key=learner_view.LEGACY_NAME).set_value("Bertil").run()
    at.button(key=learner_view.CLAIM).click().run()
    assert "Nothing was saved under “Bertil”." in texts(at.info)
    at.text_input(key=learner_view.LEGACY_NAME).set_value("Anna").run()
    at.button(key=learner_view.CLAIM).click().run()
    assert any(x.startswith("The progress saved under “Anna” is copied to you.") for x in texts(at.success))
    assert solved_metric(at) == f"1 / {SCENARIOS}"
    assert store.course.stars(learner_of(at)) == {TAKE_SCENARIO: 2}
    assert store.course.stars(legacy_key("Anna")) == {TAKE_SCENARIO: 2}  # left for its other owners
    assert new_learner_id() != learner_of(at)
