"""The progress file when it cannot be used: a corrupt, damaged, locked, missing or unwritable file, an older or
newer layout, another program's database. Each is refused or upgraded with the file named, and nothing is lost."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

import tutor.progress.store
from tutor.progress import (
    ENV_VAR,
    SCHEMA_VERSION,
    ProgressError,
    ProgressStore,
    default_path,
    open_store,
)
from tutor.progress.learner import legacy_key

WRITES = 120  # per writer, in the thread and process tests


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """An SQLite progress file (the tests of what only a file can suffer)."""
    return tmp_path / "progress.sqlite3"


# --- files that cannot be used --------------------------------------------------------------------


def _raises_progress_error(path: Path) -> ProgressError:
    with pytest.raises(ProgressError) as caught:
        ProgressStore(path).course.stars("anna")
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
    store.course.record_scenario("anna", "s1", 1)
    db.write_bytes(b"\0garbage" * 600)
    with pytest.raises(ProgressError, match="is not a progress database") as caught:
        store.course.stars("anna")
    assert str(db) in str(caught.value)


def test_a_folder_is_not_a_progress_file(tmp_path: Path) -> None:
    error = _raises_progress_error(tmp_path)
    assert "is a folder" in str(error)


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    path = tmp_path / "no such folder" / "progress.sqlite3"
    error = _raises_progress_error(path)
    assert f"the folder {path.parent} does not exist" in str(error)


def test_a_read_only_folder_is_named(tmp_path: Path) -> None:
    """A folder nobody can write, root included (CI runs as root): one under a regular file."""
    regular = tmp_path / "notes.txt"
    regular.write_text("a file, not a folder")
    error = _raises_progress_error(regular / "progress.sqlite3")
    assert f"{regular} is a file, not a folder" in str(error)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_without_write_permission_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        _raises_progress_error(folder / "progress.sqlite3")
    finally:
        folder.chmod(0o700)


def test_a_file_name_too_long_is_named(tmp_path: Path) -> None:
    error = _raises_progress_error(tmp_path / ("p" * 300 + ".sqlite3"))
    assert "308 bytes long, more than the 255" in str(error)


def test_a_path_with_a_nul_is_named(tmp_path: Path) -> None:
    with pytest.raises(ProgressError, match="NUL character"):
        ProgressStore(str(tmp_path) + "/pro\0gress.sqlite3")


def test_default_path_under_a_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    regular = tmp_path / "notes.txt"
    regular.write_text("x")
    monkeypatch.setenv(ENV_VAR, str(regular / "sub" / "progress.sqlite3"))
    with pytest.raises(ProgressError, match="its folder cannot be created"):
        default_path()


@contextmanager
def locked_by_another_program(db: Path) -> Iterator[None]:
    """Another program holding the file locked, exclusively (as a backup tool or a crashed editor may)."""
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("CREATE TABLE IF NOT EXISTS held (x)")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_a_locked_file_is_warned_about_within_2_s_and_not_retried(db: Path) -> None:
    tutor.progress.store._FAILURES.clear()
    tutor.progress.store._STORES.clear()
    with locked_by_another_program(db):
        started = time.monotonic()
        with pytest.raises(ProgressError, match="is busy: another program keeps it locked") as caught:
            open_store(db)
        assert time.monotonic() - started < 2
        assert str(db) in str(caught.value)
        started = time.monotonic()
        with pytest.raises(ProgressError) as again:  # the next page view: no new wait
            open_store(db)
        assert time.monotonic() - started < 0.1 and again.value is caught.value
    tutor.progress.store._FAILURES.clear()  # as RETRY_AFTER seconds later: the freed file opens
    assert open_store(db).course.stars("anna") == {}
    tutor.progress.store._STORES.clear()


def test_a_store_that_finds_its_file_locked_does_not_wait_on_every_call(db: Path) -> None:
    store = ProgressStore(db)
    with locked_by_another_program(db):
        started = time.monotonic()
        with pytest.raises(ProgressError, match="busy"):
            store.course.stars("anna")  # what a page view does
        assert time.monotonic() - started < 2
        started = time.monotonic()
        for _ in range(5):
            with pytest.raises(ProgressError, match="busy"):
                store.course.record_scenario("anna", "s1", 2)
        assert time.monotonic() - started < 0.1


def test_an_older_layout_is_upgraded_in_place(db: Path) -> None:
    with closing(sqlite3.connect(db)) as connection:  # a file of an early layout: no attempts, no timestamps
        connection.execute("CREATE TABLE scenario_result (learner TEXT NOT NULL, scenario_id TEXT NOT NULL, "
                           "stars INTEGER NOT NULL, PRIMARY KEY (learner, scenario_id))")  # fmt: skip
        connection.execute("INSERT INTO scenario_result VALUES ('anna', 's1', 2)")
        connection.execute(
            "CREATE TABLE place (learner TEXT PRIMARY KEY, lesson_id TEXT NOT NULL, scenario_index INTEGER NOT NULL)"
        )
        connection.commit()
    store = ProgressStore(db)
    anna = legacy_key("anna")  # kept under the name as a legacy learner, out of reach of any browser's id
    assert (
        store.course.stars("anna") == {}
        and store.course.stars(anna) == {"s1": 2}
        and store.course.attempts(anna) == {"s1": 1}
    )
    store.course.record_scenario(anna, "s1", 3)
    store.course.save_place(anna, "01-the-aim", 1)
    store.games.save(anna, "friday", "variant: rommi\n")
    assert store.course.stars(anna) == {"s1": 3} and store.course.attempts(anna) == {"s1": 2}
    assert store.course.last_place(anna) == ("01-the-aim", 1) and store.games.names(anna) == ["friday"]
    assert store.schema_version() == SCHEMA_VERSION


def test_an_older_layout_that_cannot_be_upgraded_is_refused(db: Path) -> None:
    with closing(sqlite3.connect(db)) as connection:  # a key column missing: no learner
        connection.execute("CREATE TABLE lesson_done (lesson_id TEXT PRIMARY KEY)")
        connection.commit()
    error = _raises_progress_error(db)
    assert "older layout" in str(error) and "lesson_done has no column learner" in str(error)


def test_every_commit_is_synced_for_a_power_loss(db: Path) -> None:
    store = ProgressStore(db)
    for write in (False, True):
        with store.database.connect(write=write) as connection:
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


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
