"""A database that cannot be reached (issue 38): each store raises the one fault class
(:class:`tutor.storage.faults.StorageFault`) whose sentence names no database and says that nothing is lost,
in every language; the address and the driver's words go to the log only; nothing is changed meanwhile; and
the stores come back by themselves when the database does, with everything kept.

The PostgreSQL tests stop and start a throw-away cluster of their own (not the run's shared one, which other
tests of the same worker use), as an operator restarts a site's database.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Iterator

import pytest
from database_support import require_postgres
from sqlalchemy import exc

from engine.moves import Move
from harness.postgres import Cluster, throwaway_cluster
from tutor.i18n.languages import LANGUAGES
from tutor.progress import ProgressError, ProgressStore, ProgressUnavailable, open_store
from tutor.seat.game import Play
from tutor.storage.faults import FAULT_PAUSE, FaultWatch, StorageFault, is_fault
from tutor.together.model import TableError, TableUnreachable
from tutor.together.seat import SharedSeat
from tutor.together.store import SqlTableStore

#: What the learner's sentence may never hold: the database's address, its user, the driver's words.
LEAKS = ("postgresql", "psycopg", "rummy@", "/tmp/", ".s.PGSQL", "OperationalError", "socket", "connection", "db")


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    """A cluster of this module's own, to stop and start."""
    require_postgres()
    with throwaway_cluster() as made:
        yield made


@pytest.fixture
def down(cluster: Cluster) -> Iterator[Cluster]:
    """The cluster, started again after the test whatever happened (the next test needs it)."""
    yield cluster
    if not (cluster.folder / "data" / "postmaster.pid").exists():
        cluster.start()


def after_the_pause() -> None:
    """Wait out the fault's pause: the next request tries the database again."""
    time.sleep(FAULT_PAUSE + 0.1)


# --- what is a fault --------------------------------------------------------------------------------


class _DriverError(Exception):
    """A driver's error with an SQL state, as psycopg's carry one (None: a connection that never opened)."""

    def __init__(self, state: str | None) -> None:
        super().__init__("server said no")
        self.sqlstate = state


@pytest.mark.parametrize(
    ("state", "fault"),
    [(None, True), ("08006", True), ("57P01", True), ("57P03", True), ("53300", True), ("40P01", False), ("42P01", False)],
)
def test_a_connection_fault_is_told_from_a_refused_statement(state: str | None, fault: bool) -> None:
    error = exc.OperationalError("SELECT 1", {}, _DriverError(state))
    assert is_fault(error) is fault


def test_an_sqlite_files_trouble_and_a_broken_rule_are_no_faults() -> None:
    assert not is_fault(exc.OperationalError("BEGIN", {}, sqlite3.OperationalError("database is locked")))
    assert not is_fault(exc.IntegrityError("INSERT", {}, _DriverError("23505")))
    assert not is_fault(ValueError("no"))
    assert is_fault(exc.TimeoutError("QueuePool limit reached"))  # no connection came free in time
    assert is_fault(exc.InterfaceError("SELECT 1", {}, _DriverError(None)))  # the connection is closed


def test_a_fault_is_not_tried_again_within_its_pause(caplog: pytest.LogCaptureFixture) -> None:
    watch = FaultWatch("postgresql+psycopg://anna:***@db.example/rummy", lambda: StorageFault("tables"), pause=0.3)
    tries: list[int] = []

    def attempt(fails: bool) -> None:
        with watch.guard():
            tries.append(1)
            if fails:
                raise exc.OperationalError("SELECT 1", {}, _DriverError(None))

    with caplog.at_level(logging.WARNING, logger="tutor.storage"):
        with pytest.raises(StorageFault):
            attempt(True)
        with pytest.raises(StorageFault):
            attempt(False)  # within the pause: the fault at once, the database not tried
        assert len(tries) == 1 and watch.lost
        time.sleep(0.35)
        attempt(False)
    assert len(tries) == 2 and not watch.lost
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2 and "cannot be reached" in lines[0] and "answers again" in lines[1]
    assert "db.example/rummy" in lines[0]


@pytest.mark.parametrize("part", ["progress", "tables"])
def test_the_faults_sentence_names_no_database_in_any_language(part: str) -> None:
    fault = StorageFault(part)  # type: ignore[arg-type]
    sentences = {code: fault.text(code) for code in LANGUAGES}
    assert len(set(sentences.values())) == len(sentences), "an untranslated sentence"
    assert str(fault) == sentences["en"]
    for sentence in sentences.values():
        assert "{" not in sentence and not any(leak in sentence for leak in LEAKS), sentence
    assert "Nothing is lost" in sentences["en"] and "right now" in sentences["en"]


# --- the stores on a database that goes away -------------------------------------------------------


@pytest.mark.postgres
def test_the_progress_store_says_the_fault_and_comes_back_with_everything(
    down: Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    url = down.new_database()
    store = ProgressStore(url)
    store.course.record_scenario("anna", "s1", 2)
    store.course.save_place("anna", "lesson-1", 1)
    with caplog.at_level(logging.WARNING, logger="tutor.storage"):
        down.stop()
        reads = (
            lambda: store.course.stars("anna"),
            lambda: store.course.record_scenario("anna", "s2", 3),
            lambda: store.profile.name("anna"),
            lambda: store.games.names("anna"),
            lambda: store.practice.stats("anna"),
        )
        for call in reads:
            with pytest.raises(ProgressUnavailable) as caught:
                call()
            error = caught.value
            assert isinstance(error, ProgressError) and isinstance(error, StorageFault)  # every page's catch holds it
            for code in LANGUAGES:
                assert not any(leak in error.text(code) for leak in LEAKS)
            assert not any(leak in str(error) for leak in LEAKS) and not error.path
        down.start()
        after_the_pause()
        assert store.course.stars("anna") == {"s1": 2}  # nothing lost, and the write made while away was not
        assert store.course.last_place("anna") == ("lesson-1", 1)
        store.course.record_scenario("anna", "s2", 3)
        assert store.course.stars("anna") == {"s1": 2, "s2": 3}
    logged = caplog.text
    assert "the progress database postgresql+psycopg://rummy@/" in logged and "No such file or directory" in logged
    assert "answers again, after" in logged


@pytest.mark.postgres
def test_a_store_opened_while_the_database_is_away_opens_when_it_is_back(down: Cluster) -> None:
    url = down.new_database()
    down.stop()
    for _ in range(2):
        with pytest.raises(ProgressUnavailable):
            open_store(url)
    down.start()
    after_the_pause()
    open_store(url).course.record_scenario("anna", "s1", 1)  # tried again after the short pause, not 30 s
    assert open_store(url).course.stars("anna") == {"s1": 1}


@pytest.mark.postgres
def test_the_tables_store_says_the_fault_changes_nothing_and_plays_on(
    down: Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    store = SqlTableStore(down.new_database())
    host = store.create_table("femhundra", {}, 2)
    anna, bertil = store.join(host.code, "Anna"), store.join(host.code, "Bertil")
    store.start(host.code, host.token, seed=1)
    before = store.view(host.code, anna.token)
    with caplog.at_level(logging.WARNING, logger="tutor.storage"):
        down.stop()
        for call in (
            lambda: store.version(host.code),
            lambda: store.view(host.code, anna.token),
            lambda: store.move(host.code, anna.token, Move.parse("draw"), before.version),
            lambda: store.records(host.code, anna.token),
            lambda: store.create_table("femhundra", {}, 2),
            lambda: SqlTableStore(store.target),  # a server process starting while the database is away
        ):
            with pytest.raises(TableUnreachable) as caught:
                call()
            assert isinstance(caught.value, TableError) and isinstance(caught.value, StorageFault)
            assert caught.value.key == "unreachable" and caught.value.text("sv") != str(caught.value)
            assert not any(leak in str(caught.value) for leak in LEAKS)
        down.start()
        after_the_pause()
        again = store.view(host.code, anna.token)
        assert again.version == before.version and again.last_moves == before.last_moves  # the draw was not made
        store.move(host.code, anna.token, Move.parse("draw"), again.version)
        assert store.view(host.code, bertil.token).last_moves[-1] == "Anna drew from the stock."
    assert "the tables database postgresql+psycopg://rummy@/" in caplog.text


@pytest.mark.postgres
def test_after_a_restart_the_first_request_reconnects(down: Cluster) -> None:
    """The pooled connections all died with the server; each is checked before use (``pool_pre_ping``) and
    the pool opens new ones: the first request after the restart succeeds, with no fault at all."""
    url = down.new_database()
    store, progress = SqlTableStore(url), ProgressStore(url)
    host = store.create_table("femhundra", {}, 2)
    progress.course.record_scenario("anna", "s1", 2)
    down.stop()
    down.start()
    assert store.version(host.code) >= 1
    assert progress.course.stars("anna") == {"s1": 2}
    assert not store.faults.lost


@pytest.mark.postgres
def test_a_seat_keeps_its_table_and_says_why_nothing_moves(down: Cluster) -> None:
    store = SqlTableStore(down.new_database())
    host = store.create_table("femhundra", {}, 2)
    anna, _ = store.join(host.code, "Anna"), store.join(host.code, "Bertil")
    store.start(host.code, host.token, seed=1)
    seat = SharedSeat(store, host.code, anna.token, anna.token)
    seen = seat.refresh("fi")
    assert seat.look("fi").actions == ("draw", "take_all")
    down.stop()
    with pytest.raises(TableUnreachable):
        seat.refresh("fi")
    look = seat.look("fi")
    assert seat.unreachable and look.actions == () and look.poll_ms > 0  # it keeps looking
    assert look.seen == seen.seen and look.message == ("warning", TableUnreachable().text("fi"))
    answer = seat.play(Play("draw"), "fi")
    assert (answer.kind, answer.code, answer.message) == ("warning", "unreachable", TableUnreachable().text("fi"))
    down.start()
    after_the_pause()
    seat.refresh("fi")
    look = seat.look("fi")
    assert not seat.unreachable and look.actions == ("draw", "take_all") and look.message is None
    assert seat.play(Play("draw"), "fi").kind == "info"  # went through
