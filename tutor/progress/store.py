"""The learner's progress, kept in one SQLite file (or in PostgreSQL, see :mod:`tutor.storage.url`):
:class:`ProgressStore` holds one part per concern, all over one :class:`~tutor.progress.database.Database`
(its connections, its locks and its schema, :mod:`tutor.progress.layout`), so that a page says which part it
uses:

========================  =====================================================================================
``store.course``          stars and attempts per scenario, lessons finished, the place to resume
                          (:class:`~tutor.progress.course.Course`)
``store.profile``         the learner's display name and language (:class:`~tutor.progress.profile.Profile`)
``store.devices``         the browsers a learner uses, signing them out, device codes
                          (:class:`~tutor.progress.devices.Devices`)
``store.start_over``      "Start over" and its undo within a day (:class:`~tutor.progress.start_over.StartOver`)
``store.accounts``        whether a learner has anything kept, claiming a legacy name's progress
                          (:class:`~tutor.progress.accounts.Accounts`)
``store.games``           saved games (:class:`~tutor.progress.games.SavedGames`)
``store.practice``        Practice rounds and their statistics (:class:`~tutor.progress.practice.PracticeRounds`)
``store.reviews``         review cards and their history (:class:`~tutor.progress.reviews.Reviews`)
========================  =====================================================================================

Opening the store opens the database (created, or upgraded in place; see :mod:`tutor.progress.database` for
connections, durability and older layouts); a database that cannot be used raises
:class:`~tutor.progress.errors.ProgressError`, naming it and saying why.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = ProgressStore(os.path.join(folder.name, "progress.sqlite3"))
>>> store.course.record_scenario("anna", "take-whole-pile", 2)
>>> store.course.record_scenario("anna", "take-whole-pile", 1)
>>> store.course.stars("anna"), store.course.attempts("anna")
({'take-whole-pile': 2}, {'take-whole-pile': 2})
>>> store.course.save_place("anna", "05-taking-the-pile", 3)
>>> ProgressStore(store.target).course.last_place("anna")  # a new store on the same file: after a restart
('05-taking-the-pile', 3)
>>> folder.cleanup()
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tutor.progress.accounts import Accounts
from tutor.progress.course import Course
from tutor.progress.database import Database
from tutor.progress.devices import Devices
from tutor.progress.errors import RETRY_AFTER, ProgressError
from tutor.progress.games import SavedGames
from tutor.progress.practice import PracticeRounds
from tutor.progress.profile import Profile
from tutor.progress.reviews import Reviews
from tutor.progress.start_over import StartOver
from tutor.storage.faults import FAULT_PAUSE, StorageFault


class ProgressStore:
    """The progress of every learner, in the SQLite file at ``target`` or in the server database that
    ``target`` names by its URL (``postgresql+psycopg://…``), as one part per concern (the module doc).

    Creating a store creates (or upgrades) the tables; it raises :class:`ProgressError` when the database
    cannot be used. A learner is any non-empty key (the app uses the learner ids of
    :mod:`tutor.progress.learner`); one store holds many learners, and each sees only the rows under their key.
    The parts share one database, so one found busy is not tried again by any of them for :data:`RETRY_AFTER`
    seconds.
    """

    def __init__(self, target: str | os.PathLike[str]) -> None:
        #: The database every part reads and writes.
        self.database = Database(target)
        #: Stars, attempts, lessons finished and the place to resume.
        self.course = Course(self.database)
        #: The learner's display name and language.
        self.profile = Profile(self.database)
        #: "Start over" and its undo.
        self.start_over = StartOver(self.database)
        #: The learner's browsers and the device codes that add one.
        self.devices = Devices(self.database)
        #: All a learner keeps: whether there is any, and claiming a legacy name's.
        self.accounts = Accounts(self.database, self.start_over)
        #: Saved games.
        self.games = SavedGames(self.database)
        #: Practice rounds and their statistics.
        self.practice = PracticeRounds(self.database)
        #: Review cards and their history.
        self.reviews = Reviews(self.database)

    def __repr__(self) -> str:
        return f"ProgressStore({self.shown!r})"

    @property
    def target(self) -> str:
        """The file or URL the store was opened on."""
        return self.database.target

    @property
    def path(self) -> Path | None:
        """The SQLite file (None: a server database)."""
        return self.database.path

    @property
    def shown(self) -> str:
        """How the database is named in a message: the file, or the URL with its password hidden."""
        return self.database.shown

    def schema_version(self) -> int:
        """The database's schema version (a file's ``PRAGMA user_version``)."""
        return self.database.schema_version()


_STORES: dict[str, ProgressStore] = {}
_FAILURES: dict[str, tuple[float, ProgressError]] = {}


def open_store(path: str | os.PathLike[str]) -> ProgressStore:
    """The store of ``path``, opened once for the process; a file that could not be opened is not tried
    again for :data:`RETRY_AFTER` seconds (the same ``ProgressError`` is raised at once), so a locked or
    broken file does not slow every page view; a server database that could not be reached
    (``ProgressUnavailable``) is tried again after :data:`~tutor.storage.faults.FAULT_PAUSE` seconds.

    >>> import tempfile, os
    >>> folder = tempfile.TemporaryDirectory()
    >>> bad = os.path.join(folder.name, "missing", "progress.sqlite3")
    >>> for _ in range(2):
    ...     try:
    ...         open_store(bad)
    ...     except ProgressError as error:
    ...         print(error.reason)  # doctest: +ELLIPSIS
    cannot be opened: the folder ... does not exist
    cannot be opened: the folder ... does not exist
    >>> folder.cleanup()
    """
    key = str(path)
    store = _STORES.get(key)
    if store is not None:
        return store
    failed = _FAILURES.get(key)
    pause = FAULT_PAUSE if failed is not None and isinstance(failed[1], StorageFault) else RETRY_AFTER
    if failed is not None and time.monotonic() - failed[0] < pause:
        raise failed[1]
    try:
        store = ProgressStore(path)
    except ProgressError as error:
        _FAILURES[key] = (time.monotonic(), error)
        raise
    _FAILURES.pop(key, None)
    _STORES[key] = store
    return store
