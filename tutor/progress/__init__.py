"""The learner's progress: stars per scenario, finished lessons, where they stopped, and saved games,
kept in one SQLite file under the learner's id. :mod:`tutor.progress.learner` makes that id and the device
token a browser's cookie keeps instead of it; :mod:`tutor.progress.identity` finds a browser's learner from
its token; :mod:`tutor.progress.store` holds one part per concern that reads and writes the file
(:mod:`~tutor.progress.course`, :mod:`~tutor.progress.profile`, :mod:`~tutor.progress.devices`,
:mod:`~tutor.progress.start_over`, :mod:`~tutor.progress.accounts`, :mod:`~tutor.progress.games`,
:mod:`~tutor.progress.practice`), all over one :mod:`~tutor.progress.database`;
:mod:`tutor.progress.layout` holds its tables and brings a file of an older version up to date."""

from tutor.progress.course import ProgressSummary
from tutor.progress.database import BUSY_TIMEOUT, ENV_VAR, WRITE_TIMEOUT, default_path, default_target
from tutor.progress.errors import MAX_NAME_BYTES, RETRY_AFTER, ProgressError, ProgressUnavailable, path_problem
from tutor.progress.layout import APPLICATION_ID, SCHEMA_VERSION
from tutor.progress.store import ProgressStore, open_store

__all__ = [
    "APPLICATION_ID",
    "BUSY_TIMEOUT",
    "ENV_VAR",
    "MAX_NAME_BYTES",
    "RETRY_AFTER",
    "SCHEMA_VERSION",
    "WRITE_TIMEOUT",
    "ProgressError",
    "ProgressStore",
    "ProgressSummary",
    "ProgressUnavailable",
    "default_path",
    "default_target",
    "open_store",
    "path_problem",
]
