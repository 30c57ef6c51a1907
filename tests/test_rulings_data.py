"""Our rulings where the sources are silent live in one data file, ``tutor/data/rulings.yaml``, installed
with the package: the Rules page reads it, and the README's list is made from it (``python -m tutor.rules.rulings``)
and kept equal to it here. A file that is missing or not a list of rulings is named, never an empty list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.errors import RecordError
from tutor.resources import RULINGS
from tutor.rules.rulings import markdown, readme_block, rulings, with_rulings

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_lists_the_rulings_of_the_data_file() -> None:
    text = README.read_text(encoding="utf-8")
    assert readme_block(text) == markdown(rulings()), "the README's rulings differ: run .venv/bin/python -m tutor.rules.rulings"
    assert with_rulings(text, rulings()) == text


def test_the_rulings_are_package_data_of_the_tutor() -> None:
    assert RULINGS.relative_to(README.parent) == Path("tutor/data/rulings.yaml")  # in this checkout, editable
    items = rulings()
    assert len(items) == 11 and all("\n" not in item and "  " not in item for item in items)


def test_writing_the_readme_changes_only_its_rulings(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    text = README.read_text(encoding="utf-8")
    old = readme_block(text)
    readme.write_text(text.replace(old, "- **An old ruling.**"), encoding="utf-8")
    from tutor.rules.rulings import main

    assert main([str(readme)]) == 0
    assert readme.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ("rulings: []\n", "rulings"),
        ("- a list, not a mapping\n", "rulings"),
        ("rulings:\n  - '**One.** A ruling.'\n  - 3\n", "rulings[1]"),
        ("rulings: [\n", "file"),
    ],
)
def test_a_broken_rulings_file_names_the_file_and_the_field(tmp_path: Path, content: str, field: str) -> None:
    path = tmp_path / "rulings.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordError, match=re.escape(f"rulings.yaml: {field}: ")):
        rulings(path)


def test_the_readme_without_its_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="no rulings block"):
        readme_block("# A README\n\n- **A ruling.**\n")
