"""The tutor's data lives in its checkout, beside the code: ``lessons/``, ``scenarios/`` (with
``situations/``) and ``README.md`` (the engine's rulings). The tutor runs from that checkout (installed
with ``pip install -e .``); a plain ``pip install .`` copies the code but not the data, and then every
loader says so, naming the folder, instead of showing an empty curriculum.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     data_files(Path(folder) / "lessons", "*.md")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.RecordError: ...lessons: folder: is missing: the tutor runs from its checkout ...
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from engine.errors import RecordError

#: What to do when the data is missing, for the messages.
RUN_FROM_CHECKOUT: Final = (
    "the tutor runs from its checkout (clone the repository, install it there with "
    "`pip install -e .` and start `streamlit run app.py` in that folder)"
)


def data_files(folder: Path, pattern: str) -> list[Path]:
    """The files of ``folder`` matching ``pattern``, sorted by name; ``RecordError`` naming the folder when it
    is missing or holds none."""
    if not folder.is_dir():
        raise RecordError(str(folder), "folder", f"is missing: {RUN_FROM_CHECKOUT}")
    files = sorted(folder.glob(pattern))
    if not files:
        raise RecordError(str(folder), "folder", f"holds no {pattern} files: {RUN_FROM_CHECKOUT}")
    return files


def data_file(path: Path) -> Path:
    """``path`` itself; ``RecordError`` naming it when it is missing."""
    if not path.is_file():
        raise RecordError(str(path), "file", f"is missing: {RUN_FROM_CHECKOUT}")
    return path
