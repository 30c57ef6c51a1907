"""The learner's progress: stars per scenario, finished lessons, where they stopped, and saved games,
kept in one SQLite file under the learner's id. :mod:`tutor.progress.learner` makes that id and the device
token a browser's cookie keeps instead of it; :mod:`tutor.progress.identity` finds a browser's learner from
its token; :mod:`tutor.progress.store` reads and writes the file (devices, device codes and undo included);
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
