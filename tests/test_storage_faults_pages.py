"""The pages while the database cannot be reached (issue 38), through AppTest: Learn, Practice, Progress and
Play together (its lobby and its round) say in the learner's language that the progress or the table cannot
be reached now and that nothing is lost; no page shows an exception, the database's address or the driver's
words; and each is itself again at its next run once the database answers, with what was done meanwhile
kept (a solved task is saved then).

The database's absence is played here by the stores' own fault (:class:`tutor.progress.ProgressUnavailable`,
:class:`tutor.together.model.TableUnreachable`) raised while a switch is on, on SQLite files: what a real
PostgreSQL restart raises is ``tests/test_storage_faults.py``'s, and what a browser shows through one is
``tests/test_storage_faults_browser.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from apptest_support import answer_rightly, app_of, open_app, scenario_run, shown_table
from streamlit.testing.v1 import AppTest

import ui.shared.session
import ui.together.page
from tests.test_app import CURRICULUM, TAKE_LESSON, TAKE_SCENARIO, texts
from tutor.progress import ProgressError, ProgressStore, ProgressUnavailable, open_store
from tutor.storage.faults import StorageFault
from tutor.together.model import TableUnreachable
from tutor.together.store import SqlTableStore
from ui.shared.storage_fault import UNSAVED, progress_problem
from ui.together.round import KEYS

pytestmark = pytest.mark.apptest

#: What no page may show while the database is away.
LEAKS = ("postgresql", "psycopg", "OperationalError", "socket", "Traceback", ".sqlite3")
PROGRESS_AWAY = StorageFault("progress").text("en")
TABLE_AWAY = StorageFault("tables").text("en")


class Switch:
    """The database's absence, on while :attr:`away`."""

    def __init__(self) -> None:
        self.away = False


@pytest.fixture
def progress_away(progress_db: Path, monkeypatch: pytest.MonkeyPatch) -> Switch:
    """The progress store of every page raises its fault while the switch is on."""
    switch = Switch()

    def opened(path: str) -> ProgressStore:
        if switch.away:
            raise ProgressUnavailable()
        return open_store(path)

    monkeypatch.setattr(ui.shared.session, "open_store", opened)
    return switch


class FlakyTables:
    """The tables store of the Play together page, whose every call raises the fault while :attr:`away`."""

    def __init__(self, store: SqlTableStore) -> None:
        self.store = store
        self.away = False

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.store, name)
        if not callable(found):
            return found

        def call(*args: Any, **kwargs: Any) -> Any:
            if self.away:
                raise TableUnreachable()
            return found(*args, **kwargs)

        return call


@pytest.fixture
def tables(progress_db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FlakyTables]:
    flaky = FlakyTables(SqlTableStore(progress_db.parent / "tables.sqlite3"))
    monkeypatch.setattr(ui.together.page, "table_store", lambda: flaky)
    yield flaky


def shown(at: AppTest) -> str:
    """Everything the page says in words: its text, alerts, captions and the table's message box."""
    parts: list[object] = [m.value for m in at.markdown]
    for kind in ("title", "header", "subheader", "info", "success", "warning", "error", "caption"):
        parts += [e.value for e in getattr(at, kind)]
    return "\n".join(str(p) for p in parts)


def no_leak(at: AppTest) -> None:
    assert not at.exception, at.exception
    text = shown(at)
    assert not any(leak in text for leak in LEAKS), text


def param(at: AppTest, name: str) -> str:
    value = at.query_params[name]
    return str(value[0] if isinstance(value, list) else value)


# --- progress ----------------------------------------------------------------------------------------


def test_learn_keeps_a_task_solved_while_the_progress_is_away_and_saves_it_when_it_is_back(
    progress_db: Path, progress_away: Switch
) -> None:
    at = open_app(lesson=TAKE_LESSON)
    learner = str(app_of(at).learner_id)
    progress_away.away = True
    answer_rightly(at, CURRICULUM.scenarios[TAKE_SCENARIO])
    assert scenario_run(at).solved
    assert PROGRESS_AWAY in texts(at.warning) and texts(at.warning).count(PROGRESS_AWAY) == 1
    assert any(s.startswith("Solved!") for s in texts(at.success))  # the lesson goes on
    assert len(at.session_state[UNSAVED]) == 1  # the task waits to be saved
    no_leak(at)
    at.run()  # another look while it is away: the same, said once
    assert texts(at.warning).count(PROGRESS_AWAY) == 1 and len(at.session_state[UNSAVED]) == 1
    no_leak(at)

    progress_away.away = False
    at.run()  # the page's next look (its timer's, in a browser) finds it back
    assert PROGRESS_AWAY not in texts(at.warning) and not at.session_state[UNSAVED]
    no_leak(at)
    assert ProgressStore(progress_db).course.stars(learner) == {TAKE_SCENARIO: 3}  # nothing lost


def test_the_progress_page_says_the_progress_is_away_in_the_learners_language(progress_away: Switch) -> None:
    at = open_app(lang="sv")
    progress_away.away = True
    at.switch_page("ui/pages/progress.py").run()
    assert StorageFault("progress").text("sv") in texts(at.warning)
    no_leak(at)
    progress_away.away = False
    at.run()
    assert not texts(at.warning) and at.metric  # its figures again
    no_leak(at)


def test_practice_says_its_saved_games_are_away(progress_away: Switch) -> None:
    at = open_app()
    progress_away.away = True
    at.switch_page("ui/pages/practice.py").run()
    assert PROGRESS_AWAY in texts(at.warning)
    no_leak(at)


def test_a_server_databases_other_trouble_is_said_without_naming_it() -> None:
    error = ProgressError("postgresql+psycopg://anna:***@db.example/rummy", "was written by a newer version")
    assert progress_problem(error, "da") == StorageFault("progress").text("da")
    own_file = ProgressError("/home/anna/progress.sqlite3", "is busy")
    assert "/home/anna/progress" in progress_problem(own_file, "en")  # a learner's own file is named


# --- Play together -----------------------------------------------------------------------------------


def opened_table(tables: FlakyTables) -> tuple[AppTest, str]:
    """A host's session at a new table of two (Anna and a computer), in its lobby."""
    host = open_app("together")
    host.number_input(key="together_seats").set_value(2)
    host.button(key="together_open").click().run()
    code = param(host, "table")
    host.text_input(key="together_name").input("Anna")
    host.button(key="together_join").click().run()
    assert "seat" in host.query_params and not host.exception
    return host, code


def test_the_lobby_says_the_table_is_away_and_shows_it_again(tables: FlakyTables) -> None:
    host, code = opened_table(tables)
    tables.away = True
    host.run()
    assert TABLE_AWAY in texts(host.warning)
    no_leak(host)
    tables.away = False
    host.run()
    assert TABLE_AWAY not in texts(host.warning) and f"Table {code}" in shown(host)
    no_leak(host)


def test_the_round_keeps_its_table_says_why_nothing_moves_and_plays_on(tables: FlakyTables) -> None:
    host, code = opened_table(tables)
    host.button(key="together_add").click().run()
    host.button(key="together_start").click().run()
    assert shown_table(host, KEYS)["actions"]  # Anna's turn
    hand = list(shown_table(host, KEYS)["hand"])

    tables.away = True
    host.run()  # the round's look, as its timer makes it
    table = shown_table(host, KEYS)
    assert table["message"] == {"kind": "warning", "text": TABLE_AWAY}
    assert table["actions"] == [] and table["poll_ms"] > 0 and list(table["hand"]) == hand  # still looking
    no_leak(host)

    tables.away = False
    host.run()
    table = shown_table(host, KEYS)
    assert table["actions"] and (table["message"] or {}).get("text") != TABLE_AWAY
    no_leak(host)
    view = tables.store.view(code, param(host, "seat"))
    assert view.seen is not None and view.seen.to_move == 0 and not view.last_moves  # nothing made meanwhile
