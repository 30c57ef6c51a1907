"""Names every doctest may use without importing them."""

from pathlib import Path

import pytest

from engine.cards import Card, parse_cards
from engine.moves import Move


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.update(Card=Card, parse_cards=parse_cards, Move=Move)


@pytest.fixture
def progress_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh progress file for each test, and the repository's own lessons (no content override)."""
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv("RUMMY500_PROGRESS_DB", str(path))
    monkeypatch.delenv("RUMMY500_CONTENT_DIR", raising=False)
    return path
