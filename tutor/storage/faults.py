"""When the database cannot be reached: a server database stopped, restarting or out of reach on the network.

Every store raises one error class for it, :class:`StorageFault` (the progress store its subclass
:class:`tutor.progress.errors.ProgressUnavailable`, the tables store
:class:`tutor.together.model.TableUnreachable`), so a page catches one class and says one thing: that the
progress or the table cannot be reached now and nothing is lost, in the learner's language
(:meth:`StorageFault.text`). The fault holds neither the database's address nor the driver's words: those go
to the server's log alone (the logger ``tutor.storage``), once when the database is lost and once when it
answers again, with how long it was away.

A :class:`FaultWatch` (one per database and part in a process, :func:`watch_for`) turns the driver's connection errors into the store's fault and, for
:data:`FAULT_PAUSE` seconds after one, answers every further request with the same fault at once, without
trying the database again: a page that reads the store five times waits for one failed connection, not
five. Other errors (a refused statement, a file's lock) are not faults: they pass through as they are.

What is a connection fault (:func:`is_fault`): a connection SQLAlchemy found broken (the server closed it,
it restarted), a connection that could not be opened (the server stopped, its socket gone, the network
down: the driver's ``OperationalError`` without an SQL state, or the states of class ``08``, or the server
shutting down or starting up, ``57P01``–``57P03``, or too many connections, ``53300``), and no connection free in
the pool in time. SQLite files have none: their troubles are the file's, said by their stores.

>>> watch = FaultWatch("postgresql+psycopg://anna:***@db.example/rummy", lambda: StorageFault("tables"))
>>> with watch.guard():  # what SQLAlchemy raises when the server refuses the connection
...     raise exc.OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))
Traceback (most recent call last):
...
tutor.storage.faults.StorageFault: The table cannot be reached right now. Nothing is lost: the page keeps trying and the table comes back by itself.
>>> watch.lost
True
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, Literal

from sqlalchemy import exc

from tutor.i18n.strings import t
from tutor.i18n.style import Style

#: The logger the address and the driver's error go to (never a page).
log = logging.getLogger("tutor.storage")

#: Seconds a database found unreachable is not tried again (every request meanwhile gets the fault at once).
FAULT_PAUSE: Final = 0.5

#: The SQL states (PostgreSQL's) of a server that cannot serve a connection now: shutting down (an
#: operator's, or a crash), starting up, too many connections.
_FAULT_STATES: Final = frozenset({"57P01", "57P02", "57P03", "53300"})

#: What cannot be reached: the learner's progress, or a shared table.
Part = Literal["progress", "tables"]


class StorageFault(RuntimeError):
    """The database of ``part`` (``progress`` or ``tables``) cannot be reached now; nothing kept in it is
    lost. ``str()`` is the English sentence a learner reads, :meth:`text` the sentence in their language:
    neither names the database."""

    def __init__(self, part: Part) -> None:
        super().__init__(t(f"storage.{part}_unreachable"))
        self.part: Part = part

    def text(self, language: str | Style) -> str:
        """The sentence in ``language``."""
        return t(f"storage.{self.part}_unreachable", language)


def is_fault(error: BaseException) -> bool:
    """Whether ``error`` (as SQLAlchemy raised it) says that the server database cannot be reached now (see
    the module); False for an SQLite file's errors and for a statement the server refused."""
    if isinstance(error, exc.TimeoutError):  # no pooled connection came free in time
        return True
    if not isinstance(error, exc.DBAPIError) or error.orig is None:
        return False
    if type(error.orig).__module__.startswith("sqlite3"):
        return False
    if error.connection_invalidated or isinstance(error, exc.InterfaceError):
        return True
    state = getattr(error.orig, "sqlstate", None)
    if state is None:
        return isinstance(error, exc.OperationalError)
    return str(state).startswith("08") or state in _FAULT_STATES


def driver_words(error: BaseException) -> str:
    """The driver's error in one line, for the log: its class and its first line."""
    original = error.orig if isinstance(error, exc.DBAPIError) and error.orig is not None else error
    lines = str(original).strip().splitlines()
    return f"{original.__class__.__name__}: {lines[0] if lines else ''}"


def watch_for(shown: str, fault: Callable[[], StorageFault]) -> FaultWatch:
    """The one :class:`FaultWatch` of this process for the database ``shown`` and the part ``fault`` makes
    (every store opened on it shares it: one line in the log per outage, one pause)."""
    key = (shown, fault().part)  # a fault names its part: progress, tables
    with _WATCHES_LOCK:
        watch = _WATCHES.get(key)
        if watch is None:
            watch = _WATCHES[key] = FaultWatch(shown, fault)
        return watch


class FaultWatch:
    """One database's faults, as one store meets them: ``shown`` names it in the log (its address, the
    password hidden), ``fault`` makes the store's own :class:`StorageFault`. Thread-safe: Streamlit runs
    each session in a thread of its own, all on one store."""

    def __init__(self, shown: str, fault: Callable[[], StorageFault], pause: float = FAULT_PAUSE) -> None:
        self.shown = shown
        self.fault = fault
        self.part = fault().part
        self.pause = pause
        self._lock = threading.Lock()
        self._lost_at: float | None = None  # when the database was first found unreachable (this outage)
        self._last_failure = 0.0

    @property
    def lost(self) -> bool:
        """Whether the database was unreachable at its last try."""
        return self._lost_at is not None

    @contextmanager
    def guard(self) -> Iterator[None]:
        """Run the block against the database: a connection fault in it becomes the store's fault (logged);
        within :attr:`pause` seconds of the last one the block is not run, the fault is raised at once."""
        with self._lock:
            if self._lost_at is not None and time.monotonic() - self._last_failure < self.pause:
                raise self.fault()
        try:
            yield
        except (exc.DBAPIError, exc.TimeoutError) as error:
            if not is_fault(error):
                raise
            self._failed(error)
            raise self.fault() from None
        self._answered()

    def _failed(self, error: BaseException) -> None:
        with self._lock:
            now = time.monotonic()
            self._last_failure = now
            if self._lost_at is None:
                self._lost_at = now
                log.warning("the %s database %s cannot be reached (%s)", self.part, self.shown, driver_words(error))

    def _answered(self) -> None:
        if self._lost_at is None:  # the usual case: no lock taken
            return
        with self._lock:
            if self._lost_at is not None:
                gone = time.monotonic() - self._lost_at
                log.warning("the %s database %s answers again, after %.1f s", self.part, self.shown, gone)
                self._lost_at = None


_WATCHES: dict[tuple[str, str], FaultWatch] = {}
_WATCHES_LOCK = threading.Lock()
