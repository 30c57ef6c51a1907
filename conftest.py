"""Names every doctest may use without importing them; and a test run writes nothing into the checkout.

Hypothesis keeps its example database and caches in a folder of the system's temporary directory (not
``.hypothesis/`` here), Python keeps its bytecode, pytest's rewritten test modules included, in a folder of the
system's temporary directory too (``sys.pycache_prefix``: no ``__pycache__`` here, yet a second run compiles
nothing again), for this process and the commands the tests start, and pytest's cache is off
(``-p no:cacheprovider`` in ``pyproject.toml``).
"""

import os
import sys
import tempfile
from pathlib import Path

PYCACHE = Path(tempfile.gettempdir()) / "rummy500-tutor-pycache"
sys.pycache_prefix = str(PYCACHE)
os.environ["PYTHONPYCACHEPREFIX"] = str(PYCACHE)

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402
from hypothesis.configuration import set_hypothesis_home_dir  # noqa: E402
from hypothesis.database import DirectoryBasedExampleDatabase  # noqa: E402

HYPOTHESIS_HOME = Path(tempfile.gettempdir()) / "rummy500-tutor-hypothesis"
set_hypothesis_home_dir(HYPOTHESIS_HOME)
settings.register_profile("outside-the-checkout", database=DirectoryBasedExampleDatabase(str(HYPOTHESIS_HOME / "examples")))
settings.load_profile("outside-the-checkout")

from engine.cards import Card, parse_cards  # noqa: E402
from engine.moves import Move  # noqa: E402


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.update(Card=Card, parse_cards=parse_cards, Move=Move)


@pytest.fixture
def progress_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh progress file for each test, and the repository's own lessons (no content override)."""
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("RUMMY500_PROGRESS_DB", str(path))
    monkeypatch.delenv("RUMMY500_DATABASE_URL", raising=False)  # the file, even where a server database is set
    monkeypatch.delenv("RUMMY500_CONTENT_DIR", raising=False)
    return path
