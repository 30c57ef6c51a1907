"""What can be wrong with the progress database, said in a sentence: :class:`ProgressError` names the file
(or the server database, its password hidden) and says why it cannot be used; :class:`ProgressUnavailable`,
one of them, says that the server database cannot be reached now, naming nothing (the server's log names
it: :mod:`tutor.storage.faults`); :func:`path_problem` finds what is wrong with a file's name or folder
before it is opened."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Final

from tutor.storage.faults import StorageFault
from tutor.storage.url import is_url

#: Seconds a store found locked (or otherwise unusable) is not tried again.
RETRY_AFTER: Final = 30.0

#: The longest file or folder name most file systems allow, in bytes.
MAX_NAME_BYTES: Final = 255


class ProgressError(RuntimeError):
    """The progress file (or server database) cannot be used; the message names it and says why.

    ``path`` is the file (or the database's URL, its password hidden), ``reason`` the sentence without it.
    """

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"progress {'database' if is_url(path) else 'file'} {path}: {reason}")
        self.path = path
        self.reason = reason


class ProgressUnavailable(ProgressError, StorageFault):
    """The progress database (a server's) cannot be reached now: stopped, restarting, out of reach. Nothing
    kept in it is lost, and the next request tries it again. A :class:`~tutor.storage.faults.StorageFault`:
    its sentence, ``str()`` in English and :meth:`text` in the learner's language, names no database, and
    its ``path`` is empty."""

    def __init__(self) -> None:
        StorageFault.__init__(self, "progress")
        self.path = ""
        self.reason = str(self)


def path_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a progress file, found without opening it, or None when none is seen.

    >>> path_problem(Path("/tmp") / ("x" * 300))
    'cannot be used: its name is 300 bytes long, more than the 255 a file system allows'
    """
    text = str(path)
    if "\0" in text:
        return "cannot be used: its name holds a NUL character"
    for part in path.parts:
        size = len(part.encode("utf-8", "surrogateescape"))
        if size > MAX_NAME_BYTES:
            return f"cannot be used: its name is {size} bytes long, more than the {MAX_NAME_BYTES} a file system allows"
    try:
        if path.is_dir():
            return "is a folder, not a file"
        parent = path.parent
        if parent.exists() and not parent.is_dir():
            return f"cannot be opened: {parent} is a file, not a folder"
        if not parent.is_dir():
            return f"cannot be opened: the folder {parent} does not exist"
    except OSError as error:
        return f"cannot be used ({error.strerror or error})"
    return None


def file_reason(error: sqlite3.Error, path: Path) -> str:
    """A sentence for what went wrong with the file."""
    text = str(error)
    lowered = text.lower()
    if "not a database" in lowered or "malformed" in lowered:
        return (
            f"is not a progress database: it is damaged or another kind of file ({text}); move it away to start afresh"
        )
    if "unable to open" in lowered:
        problem = path_problem(path)
        if problem:
            return problem
        return f"cannot be opened ({text}); check that its folder is writable"
    if "readonly" in lowered or "read-only" in lowered:
        return f"cannot be written: it or its folder is read-only ({text})"
    if "locked" in lowered or "busy" in lowered:
        return f"is busy: another program keeps it locked; progress is not saved for now (tried again in {RETRY_AFTER:g} s)"
    if "disk i/o" in lowered or "full" in lowered:
        return f"cannot be written: the disk failed or is full ({text})"
    return f"cannot be used ({error.__class__.__name__}: {text})"
