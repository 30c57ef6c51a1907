"""Our rulings where the sources are silent: the engine's own choices, kept as data in
``tutor/data/rulings.yaml`` (found through :mod:`tutor.resources`, so an installed tutor has them too). The
Rules page lists them, each translated through the ``scenarios`` catalogue; the README's list is made from
the same file: ``python -m tutor.rules.rulings`` (run in the checkout) writes it between its two markers, and a test
fails when the two differ.

>>> rulings()[0].startswith('**"At once" means first.**')
True
>>> print(markdown(["**Who starts**: the first player in the first round, the next player in each round after, and so on, and on and on."]))
- **Who starts**: the first player in the first round, the next player in each round after, and so on, and
  on and on.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from engine.errors import RecordError
from engine.records.safe_yaml import read_text, safe_load
from tutor.resources import RULINGS, data_file

#: The README's rulings lie between these two lines.
BEGIN: Final = (
    "<!-- rulings: generated from tutor/data/rulings.yaml by `.venv/bin/python -m tutor.rules.rulings`; a test checks it -->"
)
END: Final = "<!-- /rulings -->"
#: The README's line length.
WIDTH: Final = 107


def rulings(path: Path = RULINGS) -> list[str]:
    """Every ruling, each one paragraph of Markdown; ``RecordError`` naming the file when it is missing, cannot be
    read or is not a list of rulings."""
    source = str(path)
    data = safe_load(read_text(data_file(path), source), source)  # at most 1 MB, no tags or aliases
    items = data.get("rulings") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items:
        raise RecordError(source, "rulings", "is not a list of rulings")
    for i, item in enumerate(items):
        if not isinstance(item, str) or not item.strip():
            raise RecordError(source, f"rulings[{i}]", "is not a ruling in words")
    return [" ".join(item.split()) for item in items]


def markdown(items: Sequence[str]) -> str:
    """``items`` as a Markdown list, wrapped as the README is."""
    return "\n".join(
        textwrap.fill(item, WIDTH, initial_indent="- ", subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)
        for item in items
    )


def readme_block(text: str) -> str:
    """The rulings list of a README's ``text`` (between :data:`BEGIN` and :data:`END`); ``ValueError`` without."""
    start, end = text.find(BEGIN + "\n"), text.find("\n" + END)
    if start < 0 or end < start:
        raise ValueError(f"no rulings block ({BEGIN} … {END})")
    return text[start + len(BEGIN) + 1 : end]


def with_rulings(text: str, items: Sequence[str]) -> str:
    """A README's ``text`` with its rulings list made from ``items``."""
    old = readme_block(text)
    start = text.find(BEGIN + "\n") + len(BEGIN) + 1
    return text[:start] + markdown(items) + text[start + len(old) :]


def main(argv: Sequence[str]) -> int:
    """``python -m tutor.rules.rulings [README]``: write the rulings into the README (``README.md`` of the working
    folder unless named); 0 when it was already so."""
    readme = Path(argv[0] if argv else "README.md")
    text = readme.read_text(encoding="utf-8")
    new = with_rulings(text, rulings())
    if new == text:
        return 0
    readme.write_text(new, encoding="utf-8")
    print(f"{readme}: rulings written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
