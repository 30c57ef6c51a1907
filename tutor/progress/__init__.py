"""The learner's progress: stars per scenario, finished lessons, where they stopped, and saved games,
kept in one SQLite file under the learner's id. :mod:`tutor.progress.learner` makes that id and checks it
when it comes back from the browser; :mod:`tutor.progress.store` reads and writes the file;
:mod:`tutor.progress.layout` holds its tables and brings a file of an older version up to date."""

from tutor.progress.layout import APPLICATION_ID, SCHEMA_VERSION
from tutor.progress.store import (
    BUSY_TIMEOUT,
    ENV_VAR,
    MAX_NAME_BYTES,
    RETRY_AFTER,
    WRITE_TIMEOUT,
    ProgressError,
    ProgressStore,
    ProgressSummary,
    default_path,
    default_target,
    open_store,
    path_problem,
)

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
    "default_path",
    "default_target",
    "open_store",
    "path_problem",
]
