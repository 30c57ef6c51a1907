"""The progress store: it survives a restart, keeps the best stars, loses nothing to two writers at once,
and says which file is wrong when the file cannot be used. The tests taking ``target`` run on both backends
(an SQLite file, a PostgreSQL database); those taking ``db`` test what only a file can suffer."""

from __future__ import annotations

import logging
import multiprocessing
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest
from database_support import PROGRESS_V1, PROGRESS_V3, old_sqlite_file
from sqlalchemy import create_engine, inspect

from harness.postgres import Cluster
from tutor.progress import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    ProgressError,
    ProgressStore,
    ProgressSummary,
    ProgressUnavailable,
    default_path,
)
from tutor.progress.layout import LEARNER_TABLES
from tutor.progress.learner import legacy_key, new_learner_id
from tutor.storage.faults import StorageFault

WRITES = 120  # per writer, in the thread and process tests


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """An SQLite progress file (the tests of what only a file can suffer)."""
    return tmp_path / "progress.sqlite3"


@pytest.fixture
def target(store_target: str) -> str:
    """Where a test keeps progress, once per backend: an SQLite file, a PostgreSQL database."""
    return store_target


def test_new_file_is_versioned_and_in_wal_mode(db: Path) -> None:
    store = ProgressStore(db)
    assert store.schema_version() == SCHEMA_VERSION == 7
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    connection.close()
    ProgressStore(db)  # opening it again changes nothing
    assert store.schema_version() == SCHEMA_VERSION


def test_a_file_of_the_tutor_before_sqlalchemy_opens_as_it_was(db: Path) -> None:
    """A progress file exactly as the tutor wrote it before its storage moved to SQLAlchemy (schema 3):
    read as it is, written on, and left in its layout but for the table a later version adds."""
    learner = new_learner_id()
    old_sqlite_file(
        db,
        PROGRESS_V3,
        (
            f"INSERT INTO scenario_result (learner, scenario_id, stars, attempts) VALUES ('{learner}', 's1', 2, 4)",
            f"INSERT INTO lesson_done (learner, lesson_id) VALUES ('{learner}', '01-the-aim')",
            f"INSERT INTO place (learner, lesson_id, scenario_index) VALUES ('{learner}', '02-melds', 1)",
            f"INSERT INTO saved_game (learner, name, record_yaml) VALUES ('{learner}', 'Monday', 'x: 1')",
            f"INSERT INTO learner_profile (learner, name) VALUES ('{learner}', 'Anna')",
            f"INSERT INTO learner_language (learner, language) VALUES ('{learner}', 'sv')",
        ),
        (f"PRAGMA application_id = {APPLICATION_ID}", "PRAGMA user_version = 3"),
    )
    with closing(sqlite3.connect(db)) as connection:
        before = connection.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
    store = ProgressStore(db)
    assert store.course.summary(learner) == ProgressSummary(1, 1, 2, 4, ("02-melds", 1))
    assert (store.profile.name(learner), store.profile.language(learner), store.games.load(learner, "Monday")) == (
        "Anna",
        "sv",
        "x: 1",
    )
    store.course.record_scenario(learner, "s1", 3)
    store.games.save(learner, "monday", "y: 2")
    assert store.course.stars(learner) == {"s1": 3} and store.course.attempts(learner) == {"s1": 5}
    assert store.games.names(learner) == ["Monday", "monday"]
    with closing(sqlite3.connect(db)) as connection:
        after = connection.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
        added = (
            "practice_round",
            "device",
            "start_over",
            "review_",
            "learner_table",
        )  # versions 4 to 7 (and their keys)
        assert [row for row in after if not any(name in row[0] for name in added)] == before  # its own as they were
        assert {"practice_round", "device", "device_code", "start_over"} <= {row[0] for row in after}
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_an_empty_postgresql_database_gets_the_schema(postgres: Cluster) -> None:
    """The same migrations on an empty PostgreSQL database: every table, the version kept in
    ``schema_version``; a second server opening it changes nothing."""
    url = postgres.new_database()
    store = ProgressStore(url)
    assert store.schema_version() == SCHEMA_VERSION and store.path is None
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            tables = set(inspect(connection).get_table_names())
            versions = connection.exec_driver_sql("SELECT component, version FROM schema_version").all()
    finally:
        engine.dispose()
    assert {t.name for t in LEARNER_TABLES} | {"schema_version"} <= tables
    assert versions == [("progress", SCHEMA_VERSION)]
    ProgressStore(url).course.record_scenario("anna", "s1", 2)
    assert store.course.stars("anna") == {"s1": 2}


def test_a_server_database_that_cannot_be_reached_is_named_in_the_log_only_without_its_password(
    postgres: Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    url = postgres.url("no_such_database").replace("rummy@", "rummy:secret@")
    with caplog.at_level(logging.WARNING, logger="tutor.storage"), pytest.raises(ProgressUnavailable) as caught:
        ProgressStore(url)
    said = str(caught.value)
    assert (
        said
        == "Your progress cannot be reached right now. Nothing is lost: the page keeps trying and carries on by itself."
    )
    assert isinstance(caught.value, ProgressError) and isinstance(caught.value, StorageFault) and not caught.value.path
    assert caught.value.__cause__ is None and caught.value.__suppress_context__  # no driver's words behind it
    logged = caplog.text
    assert "postgresql+psycopg://rummy:***@/no_such_database" in logged and "does not exist" in logged
    assert "secret" not in logged


def test_resume_after_restart(target: str) -> None:
    store = ProgressStore(target)
    store.course.record_scenario("anna", "femhundra-take-whole-pile", 3)
    store.course.complete_lesson("anna", "05-taking-the-pile")
    store.course.save_place("anna", "06-laying-off", 2)
    store.games.save("anna", "Sunday", "variant: femhundra\n")
    del store

    again = ProgressStore(target)  # the app restarted: a new store on the same file
    assert again.course.last_place("anna") == ("06-laying-off", 2)
    assert again.course.stars("anna") == {"femhundra-take-whole-pile": 3}
    assert again.course.completed_lessons("anna") == {"05-taking-the-pile"}
    assert again.games.names("anna") == ["Sunday"]
    assert again.games.load("anna", "Sunday") == "variant: femhundra\n"


def test_best_stars_are_kept_and_attempts_counted(target: str) -> None:
    store = ProgressStore(target)
    for stars in (1, 3, 2, 1):
        store.course.record_scenario("anna", "s1", stars)
    store.course.record_scenario("anna", "s2", 2)
    assert store.course.stars("anna") == {"s1": 3, "s2": 2}
    assert store.course.attempts("anna") == {"s1": 4, "s2": 1}


@pytest.mark.parametrize("stars", [0, 4, -1, True, 2.0])
def test_stars_outside_one_to_three_are_refused(target: str, stars: object) -> None:
    store = ProgressStore(target)
    with pytest.raises(ValueError, match="stars are 1, 2 or 3"):
        store.course.record_scenario("anna", "s1", stars)  # type: ignore[arg-type]
    assert store.course.stars("anna") == {}


def test_empty_names_are_refused(target: str) -> None:
    store = ProgressStore(target)
    with pytest.raises(ValueError, match="learner"):
        store.course.record_scenario(" ", "s1", 1)
    with pytest.raises(ValueError, match="lesson_id"):
        store.course.complete_lesson("anna", "")
    with pytest.raises(ValueError, match="scenario_index"):
        store.course.save_place("anna", "l1", -1)


def test_learners_are_kept_apart(target: str) -> None:
    store = ProgressStore(target)
    store.course.record_scenario("anna", "s1", 3)
    store.course.complete_lesson("anna", "l1")
    store.course.save_place("anna", "l1", 1)
    store.games.save("anna", "g", "a")
    assert store.course.stars("bertil") == {}
    assert store.course.completed_lessons("bertil") == set()
    assert store.course.last_place("bertil") is None
    assert store.games.names("bertil") == []
    assert store.games.load("bertil", "g") is None


def test_lessons_and_place(target: str) -> None:
    store = ProgressStore(target)
    assert store.course.last_place("anna") is None
    store.course.complete_lesson("anna", "l1")
    store.course.complete_lesson("anna", "l1")  # twice is harmless
    store.course.complete_lesson("anna", "l2")
    assert store.course.completed_lessons("anna") == {"l1", "l2"}
    store.course.save_place("anna", "l2", 0)
    store.course.save_place("anna", "l3", 4)
    assert store.course.last_place("anna") == ("l3", 4)


def test_summary(target: str) -> None:
    store = ProgressStore(target)
    assert store.course.summary("anna") == ProgressSummary(0, 0, 0, 0, None)
    store.course.record_scenario("anna", "s1", 2)
    store.course.record_scenario("anna", "s1", 3)
    store.course.record_scenario("anna", "s2", 1)
    store.course.complete_lesson("anna", "l1")
    store.course.save_place("anna", "l2", 1)
    assert store.course.summary("anna") == ProgressSummary(
        lessons_done=1, scenarios_done=2, stars_total=4, attempts=3, last_place=("l2", 1)
    )


def test_saved_games(target: str) -> None:
    store = ProgressStore(target)
    store.games.save("anna", "b game", "first")
    store.games.save("anna", "A game", "x")
    store.games.save("anna", "b game", "second")  # the same name replaces it
    assert store.games.names("anna") == ["A game", "b game"]
    assert store.games.load("anna", "b game") == "second"
    assert store.games.load("anna", "missing") is None
    assert store.games.delete("anna", "A game") is True
    assert store.games.delete("anna", "A game") is False
    assert store.games.names("anna") == ["b game"]


def test_default_path_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = tmp_path / "elsewhere" / "mine.sqlite3"
    monkeypatch.setenv("RUMMY500_PROGRESS_DB", str(chosen))
    assert default_path() == chosen
    assert chosen.parent.is_dir()


def test_default_path_in_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUMMY500_PROGRESS_DB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    path = default_path()
    assert path == tmp_path / ".local/share/rummy500-tutor/progress.sqlite3"
    assert path.parent.is_dir()
    ProgressStore(path).course.save_place("anna", "l1", 0)
    assert path.is_file()


# --- two writers at once -------------------------------------------------------------------------


def _write_many(path: str, writer: str, count: int) -> None:
    """One writer's share: a shared scenario, scenarios and games of its own, lessons, places."""
    store = ProgressStore(path)
    for i in range(count):
        store.course.record_scenario("anna", "shared", 1 + i % 3)
        store.course.record_scenario("anna", f"{writer}-{i}", 2)
        if i % 10 == 0:
            store.course.complete_lesson("anna", f"{writer}-lesson-{i}")
            store.games.save("anna", f"{writer}-game-{i}", f"moves: [{i}]")
            store.course.save_place("anna", f"{writer}-lesson", i)


def _check_nothing_lost(path: str, writers: list[str]) -> None:
    store = ProgressStore(path)
    stars, attempts = store.course.stars("anna"), store.course.attempts("anna")
    assert attempts["shared"] == WRITES * len(writers)
    assert stars["shared"] == 3
    for writer in writers:
        assert all(stars[f"{writer}-{i}"] == 2 for i in range(WRITES))
        assert {f"{writer}-lesson-{i}" for i in range(0, WRITES, 10)} <= store.course.completed_lessons("anna")
        assert store.games.load("anna", f"{writer}-game-{WRITES - 10}") == f"moves: [{WRITES - 10}]"
    assert len(stars) == 1 + WRITES * len(writers)
    assert len(store.games.names("anna")) == len(writers) * len(range(0, WRITES, 10))
    place = store.course.last_place("anna")
    assert place is not None and place[1] == WRITES - 10


@pytest.mark.slow
def test_two_threads_lose_nothing(target: str) -> None:
    ProgressStore(target)
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def run(writer: str) -> None:
        try:
            start.wait()
            _write_many(target, writer, WRITES)
        except BaseException as error:  # surfaced below: a thread's exception would be lost otherwise
            errors.append(error)

    threads = [threading.Thread(target=run, args=(name,)) for name in ("t1", "t2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    _check_nothing_lost(target, ["t1", "t2"])


@pytest.mark.slow
def test_sessions_opening_a_new_file_at_the_same_moment_all_open_it(tmp_path: Path) -> None:
    """SQLite refuses the switch to WAL mode at once, without waiting, when it could deadlock with another
    connection's first open of the same new file: 1 in 40 such opens failed "busy" here before the switch
    was tried again (so 100 rounds of three fail almost surely on that code)."""
    failures: list[BaseException] = []
    for trial in range(100):
        path = tmp_path / f"progress-{trial}.sqlite3"
        start = threading.Barrier(3)

        def open_and_write(path: Path = path, start: threading.Barrier = start) -> None:
            start.wait()
            try:
                ProgressStore(path).course.record_scenario("anna", "scenario", 2)
            except ProgressError as error:
                failures.append(error)

        sessions = [threading.Thread(target=open_and_write) for _ in range(3)]
        for session in sessions:
            session.start()
        for session in sessions:
            session.join()
    assert failures == []


@pytest.mark.slow
def test_two_processes_lose_nothing(target: str) -> None:
    # Both processes create the store at the same time too: the first-time setup must not race.
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_write_many, args=(target, name, WRITES)) for name in ("p1", "p2")]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
    assert [p.exitcode for p in processes] == [0, 0]
    _check_nothing_lost(target, ["p1", "p2"])


# --- learners: an id each, nothing shared ------------------------------------------------------------


def test_two_learners_on_one_file_never_see_each_others_progress(target: str) -> None:
    first, second = new_learner_id(), new_learner_id()
    ProgressStore(target).course.record_scenario(first, "s1", 3)
    ProgressStore(target).course.complete_lesson(first, "01-the-aim")
    ProgressStore(target).course.save_place(first, "02-melds", 1)
    ProgressStore(target).games.save(first, "monday", "variant: rommi\n")
    ProgressStore(target).profile.set_name(first, "Anna")
    other = ProgressStore(target)  # another session on the same file
    assert other.course.stars(second) == {} and other.course.completed_lessons(second) == set()
    assert (
        other.course.last_place(second) is None and other.games.names(second) == [] and other.profile.name(second) == ""
    )
    assert other.course.summary(second) == ProgressSummary(0, 0, 0, 0, None)
    assert other.course.stars(first) == {"s1": 3} and other.profile.name(first) == "Anna"


def test_start_over_clears_only_that_learners_progress(target: str) -> None:
    store = ProgressStore(target)
    mine, theirs = new_learner_id(), new_learner_id()
    for learner in (mine, theirs):
        store.course.record_scenario(learner, "s1", 2)
        store.course.complete_lesson(learner, "01-the-aim")
        store.course.save_place(learner, "02-melds", 0)
        store.games.save(learner, "monday", "variant: rommi\n")
    store.profile.set_name(mine, " Anna ")
    store.start_over.clear(mine)
    assert (
        store.course.summary(mine) == ProgressSummary(0, 0, 0, 0, None)
        and store.course.completed_lessons(mine) == set()
    )
    assert store.games.names(mine) == ["monday"] and store.profile.name(mine) == "Anna"  # kept, as the page says
    assert store.course.summary(theirs) == ProgressSummary(1, 1, 2, 1, ("02-melds", 0))


def test_a_schema_1_file_moves_name_keyed_rows_to_legacy_learners(db: Path) -> None:
    """A file of the version before learner ids: its rows were kept under names anybody could type."""
    with closing(sqlite3.connect(db)) as connection:
        for statement in PROGRESS_V1:
            connection.execute(statement)
        connection.execute(
            "INSERT INTO scenario_result (learner, scenario_id, stars) VALUES ('learner', 's1', 2), ('Anna', 's1', 3)"
        )
        connection.execute("INSERT INTO place (learner, lesson_id, scenario_index) VALUES ('learner', '03-runs', 2)")
        connection.execute("INSERT INTO saved_game (learner, name, record_yaml) VALUES ('Anna', 'old', 'x: 1')")
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA user_version = 1")
        connection.commit()
    store = ProgressStore(db)
    assert store.schema_version() == SCHEMA_VERSION
    for name in ("learner", "Anna"):
        assert store.course.stars(name) == {}  # no name reaches old rows by itself
    assert store.course.stars(legacy_key("")) == {"s1": 2} and store.course.last_place(legacy_key("You")) == (
        "03-runs",
        2,
    )
    assert store.course.stars(legacy_key("Anna")) == {"s1": 3} and store.games.names(legacy_key("Anna")) == ["old"]
    ProgressStore(db)  # opening it again moves nothing twice
    assert store.course.stars(legacy_key("Anna")) == {"s1": 3}
    assert store.course.stars("legacy:legacy:Anna") == {}


def test_a_claim_copies_legacy_progress_to_a_learner_and_merges(target: str) -> None:
    store = ProgressStore(target)
    learner, old = new_learner_id(), legacy_key("Anna")
    store.course.record_scenario(old, "s1", 3)
    store.course.record_scenario(old, "s2", 1)
    store.course.complete_lesson(old, "01-the-aim")
    store.course.save_place(old, "03-runs", 2)
    store.games.save(old, "monday", "old: 1")
    store.games.save(old, "tuesday", "old: 2")
    store.course.record_scenario(learner, "s2", 2)
    store.games.save(learner, "monday", "mine: 1")
    assert (
        store.accounts.claim(learner, old) is True
    )  # the larger count of attempts is kept, so a copy made twice counts once
    assert store.course.stars(learner) == {"s1": 3, "s2": 2} and store.course.attempts(learner) == {"s1": 1, "s2": 1}
    assert store.course.completed_lessons(learner) == {"01-the-aim"} and store.course.last_place(learner) == (
        "03-runs",
        2,
    )
    assert store.games.load(learner, "monday") == "mine: 1" and store.games.load(learner, "tuesday") == "old: 2"
    assert store.course.summary(old) == ProgressSummary(
        1, 2, 4, 2, ("03-runs", 2)
    )  # the original stays, for its other owners
    assert store.games.names(old) == ["monday", "tuesday"]
    assert store.accounts.claim(learner, old) is True  # claimed again: nothing counted twice
    assert store.course.attempts(learner) == {"s1": 1, "s2": 1}
    assert store.accounts.claim(learner, legacy_key("Bertil")) is False  # nothing saved under that name
    assert store.accounts.claim(learner, learner) is False


def test_practice_rounds_are_counted_once_by_variant_and_level(target: str) -> None:
    """The Progress page's Practice statistics: a round noted twice (the page drawn again) counts once;
    rounds add up by variant and by the computer players' level, won and mean round score."""
    store = ProgressStore(target)
    learner = new_learner_id()
    store.practice.record(learner, "game-1", 1, "rommi", "coach", True, 40)
    store.practice.record(learner, "game-1", 1, "rommi", "coach", True, 40)  # drawn again
    store.practice.record(learner, "game-1", 2, "rommi", "coach", False, -20)
    store.practice.record(learner, "game-2", 1, "dansk", "greedy", False, 5)
    stats = store.practice.stats(learner)
    assert [(s.variant, s.level, s.rounds, s.won, round(s.mean_score)) for s in stats] == [
        ("dansk", "greedy", 1, 0, 5),
        ("rommi", "coach", 2, 1, 10),
    ]
    assert store.practice.stats(new_learner_id()) == []


def test_the_learners_table_is_kept_with_their_progress(target: str) -> None:
    """The variant and house rules a learner set come back on any device of theirs (a store opened again),
    each learner their own; a learner who set none has none."""
    store = ProgressStore(target)
    assert store.profile.table("anna") is None
    store.profile.set_table("anna", "dansk", {"jokers": True})
    store.profile.set_table("anna", "femhundra", {"cards_dealt": 6, "unusable_pile_penalty": 100})
    store.profile.set_table("bertil", "rommi", {})
    again = ProgressStore(target)
    kept = again.profile.table("anna")
    assert kept is not None
    assert (kept.variant, dict(kept.house_rules)) == ("femhundra", {"cards_dealt": 6, "unusable_pile_penalty": 100})
    bertil = again.profile.table("bertil")
    assert bertil is not None and (bertil.variant, dict(bertil.house_rules)) == ("rommi", {})
