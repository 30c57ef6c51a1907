"""The progress store: it survives a restart, keeps the best stars, loses nothing to two writers at once,
and says which file is wrong when the file cannot be used."""

from __future__ import annotations

import doctest
import multiprocessing
import os
import sqlite3
import threading
from pathlib import Path

import pytest

import tutor.progress
from tutor.progress import APPLICATION_ID, SCHEMA_VERSION, ProgressError, ProgressStore, ProgressSummary, default_path

WRITES = 120  # per writer, in the thread and process tests


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


def test_doctests() -> None:
    assert doctest.testmod(tutor.progress).failed == 0


def test_new_file_is_versioned_and_in_wal_mode(db: Path) -> None:
    store = ProgressStore(db)
    assert store.schema_version() == SCHEMA_VERSION == 1
    with sqlite3.connect(db) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    connection.close()
    ProgressStore(db)  # opening it again changes nothing
    assert store.schema_version() == SCHEMA_VERSION


def test_resume_after_restart(db: Path) -> None:
    store = ProgressStore(db)
    store.record_scenario("anna", "femhundra-take-whole-pile", 3)
    store.complete_lesson("anna", "05-taking-the-pile")
    store.save_place("anna", "06-laying-off", 2)
    store.save_game("anna", "Sunday", "variant: femhundra\n")
    del store

    again = ProgressStore(db)  # the app restarted: a new store on the same file
    assert again.last_place("anna") == ("06-laying-off", 2)
    assert again.stars("anna") == {"femhundra-take-whole-pile": 3}
    assert again.completed_lessons("anna") == {"05-taking-the-pile"}
    assert again.saved_games("anna") == ["Sunday"]
    assert again.load_game("anna", "Sunday") == "variant: femhundra\n"


def test_best_stars_are_kept_and_attempts_counted(db: Path) -> None:
    store = ProgressStore(db)
    for stars in (1, 3, 2, 1):
        store.record_scenario("anna", "s1", stars)
    store.record_scenario("anna", "s2", 2)
    assert store.stars("anna") == {"s1": 3, "s2": 2}
    assert store.attempts("anna") == {"s1": 4, "s2": 1}


@pytest.mark.parametrize("stars", [0, 4, -1, True, 2.0])
def test_stars_outside_one_to_three_are_refused(db: Path, stars: object) -> None:
    store = ProgressStore(db)
    with pytest.raises(ValueError, match="stars are 1, 2 or 3"):
        store.record_scenario("anna", "s1", stars)  # type: ignore[arg-type]
    assert store.stars("anna") == {}


def test_empty_names_are_refused(db: Path) -> None:
    store = ProgressStore(db)
    with pytest.raises(ValueError, match="learner"):
        store.record_scenario(" ", "s1", 1)
    with pytest.raises(ValueError, match="lesson_id"):
        store.complete_lesson("anna", "")
    with pytest.raises(ValueError, match="scenario_index"):
        store.save_place("anna", "l1", -1)


def test_learners_are_kept_apart(db: Path) -> None:
    store = ProgressStore(db)
    store.record_scenario("anna", "s1", 3)
    store.complete_lesson("anna", "l1")
    store.save_place("anna", "l1", 1)
    store.save_game("anna", "g", "a")
    assert store.stars("bertil") == {}
    assert store.completed_lessons("bertil") == set()
    assert store.last_place("bertil") is None
    assert store.saved_games("bertil") == []
    assert store.load_game("bertil", "g") is None


def test_lessons_and_place(db: Path) -> None:
    store = ProgressStore(db)
    assert store.last_place("anna") is None
    store.complete_lesson("anna", "l1")
    store.complete_lesson("anna", "l1")  # twice is harmless
    store.complete_lesson("anna", "l2")
    assert store.completed_lessons("anna") == {"l1", "l2"}
    store.save_place("anna", "l2", 0)
    store.save_place("anna", "l3", 4)
    assert store.last_place("anna") == ("l3", 4)


def test_summary(db: Path) -> None:
    store = ProgressStore(db)
    assert store.summary("anna") == ProgressSummary(0, 0, 0, 0, None)
    store.record_scenario("anna", "s1", 2)
    store.record_scenario("anna", "s1", 3)
    store.record_scenario("anna", "s2", 1)
    store.complete_lesson("anna", "l1")
    store.save_place("anna", "l2", 1)
    assert store.summary("anna") == ProgressSummary(
        lessons_done=1, scenarios_done=2, stars_total=4, attempts=3, last_place=("l2", 1)
    )


def test_saved_games(db: Path) -> None:
    store = ProgressStore(db)
    store.save_game("anna", "b game", "first")
    store.save_game("anna", "A game", "x")
    store.save_game("anna", "b game", "second")  # the same name replaces it
    assert store.saved_games("anna") == ["A game", "b game"]
    assert store.load_game("anna", "b game") == "second"
    assert store.load_game("anna", "missing") is None
    assert store.delete_game("anna", "A game") is True
    assert store.delete_game("anna", "A game") is False
    assert store.saved_games("anna") == ["b game"]


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
    ProgressStore(path).save_place("anna", "l1", 0)
    assert path.is_file()


# --- two writers at once -------------------------------------------------------------------------


def _write_many(path: str, writer: str, count: int) -> None:
    """One writer's share: a shared scenario, scenarios and games of its own, lessons, places."""
    store = ProgressStore(path)
    for i in range(count):
        store.record_scenario("anna", "shared", 1 + i % 3)
        store.record_scenario("anna", f"{writer}-{i}", 2)
        if i % 10 == 0:
            store.complete_lesson("anna", f"{writer}-lesson-{i}")
            store.save_game("anna", f"{writer}-game-{i}", f"moves: [{i}]")
            store.save_place("anna", f"{writer}-lesson", i)


def _check_nothing_lost(path: Path, writers: list[str]) -> None:
    store = ProgressStore(path)
    stars, attempts = store.stars("anna"), store.attempts("anna")
    assert attempts["shared"] == WRITES * len(writers)
    assert stars["shared"] == 3
    for writer in writers:
        assert all(stars[f"{writer}-{i}"] == 2 for i in range(WRITES))
        assert {f"{writer}-lesson-{i}" for i in range(0, WRITES, 10)} <= store.completed_lessons("anna")
        assert store.load_game("anna", f"{writer}-game-{WRITES - 10}") == f"moves: [{WRITES - 10}]"
    assert len(stars) == 1 + WRITES * len(writers)
    assert len(store.saved_games("anna")) == len(writers) * len(range(0, WRITES, 10))
    place = store.last_place("anna")
    assert place is not None and place[1] == WRITES - 10


def test_two_threads_lose_nothing(db: Path) -> None:
    ProgressStore(db)
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def run(writer: str) -> None:
        try:
            start.wait()
            _write_many(str(db), writer, WRITES)
        except BaseException as error:  # surfaced below: a thread's exception would be lost otherwise
            errors.append(error)

    threads = [threading.Thread(target=run, args=(name,)) for name in ("t1", "t2")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    _check_nothing_lost(db, ["t1", "t2"])


def test_two_processes_lose_nothing(db: Path) -> None:
    # Both processes create the store at the same time too: the first-time setup must not race.
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_write_many, args=(str(db), name, WRITES)) for name in ("p1", "p2")]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=120)
    assert [p.exitcode for p in processes] == [0, 0]
    _check_nothing_lost(db, ["p1", "p2"])


# --- files that cannot be used --------------------------------------------------------------------


def _raises_progress_error(path: Path) -> ProgressError:
    with pytest.raises(ProgressError) as caught:
        ProgressStore(path).stars("anna")
    error = caught.value
    assert not isinstance(error, sqlite3.Error)
    assert str(path) in str(error) and error.path == str(path)
    return error


def test_a_corrupt_file_names_the_file(db: Path) -> None:
    db.write_bytes(b"this is not a database, it is a shopping list\n" * 50)
    error = _raises_progress_error(db)
    assert "is not a progress database" in str(error)


def test_a_file_damaged_after_use_names_the_file(db: Path) -> None:
    store = ProgressStore(db)
    store.record_scenario("anna", "s1", 1)
    db.write_bytes(b"\0garbage" * 600)
    with pytest.raises(ProgressError, match="is not a progress database") as caught:
        store.stars("anna")
    assert str(db) in str(caught.value)


def test_a_folder_is_not_a_progress_file(tmp_path: Path) -> None:
    error = _raises_progress_error(tmp_path)
    assert "is a folder" in str(error)


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "progress.sqlite3"
    error = _raises_progress_error(path)
    assert f"the folder {path.parent} does not exist" in str(error)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        _raises_progress_error(folder / "progress.sqlite3")
    finally:
        folder.chmod(0o700)


def test_a_file_of_a_newer_version_is_refused(db: Path) -> None:
    ProgressStore(db)
    with sqlite3.connect(db) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    error = _raises_progress_error(db)
    assert "newer version" in str(error)


def test_another_programs_database_is_refused(db: Path) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA application_id = 1234")
        connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.close()
    error = _raises_progress_error(db)
    assert "another program" in str(error)
