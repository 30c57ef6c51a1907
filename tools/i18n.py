"""``python -m tools.i18n update``: extract every sentence into the templates and update each language.

Run it from the checkout after changing English text (``tutor/locales/en.yaml``, the engine's sentences,
a scenario or situation file). Entries whose English changed come back marked fuzzy, new ones empty; the
catalogue tests then say what to translate. ``python -m tools.i18n check`` lists them without changing
anything.
"""

from __future__ import annotations

import sys
from contextlib import chdir
from pathlib import Path
from typing import Final

from babel.messages.frontend import CommandLineInterface

from tutor.i18n.catalogue import DOMAINS, LOCALES, po_path
from tutor.i18n.languages import LANGUAGES, SOURCE_LANGUAGE
from tutor.i18n.status import problems

ROOT = LOCALES.parent.parent
HEADER = ["--project", "Rummy 500 tutor", "--copyright-holder", "The Rummy 500 tutor authors", "--width", "100"]


def template_path(domain: str) -> Path:
    """The catalogue template (POT) of ``domain``."""
    return LOCALES / f"{domain}.pot"


#: The header lines that name when a catalogue was made or updated: left alone when nothing else changed.
DATE_LINES: Final = ('"POT-Creation-Date:', '"PO-Revision-Date:')


def extract(domain: str, output: Path) -> None:
    """Extract ``domain``'s sentences from the checkout into ``output``. A scenario text says which file it
    is from (``scenarios/take-the-pile.yaml:12``); a keyed sentence of the app does not, as its key
    (``msgctxt``) names it and a line number would change with every edit above it."""
    mapping = LOCALES / f"babel-{domain}.cfg"
    where = ["--no-location"] if domain == "app" else []
    with chdir(ROOT):  # so each entry names its file from the checkout, as scenarios/aim-lay-a-meld.yaml:12
        _pybabel(["pybabel", "-q", "extract", "-F", str(mapping), "-o", str(output), *where, *HEADER, "."])


def only_dates_changed(before: str, after: str) -> bool:
    """Whether two texts of a catalogue differ in their header's dates alone."""

    def kept(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith(DATE_LINES)]

    return kept(before) == kept(after)


def _pybabel(argv: list[str]) -> None:
    """Run one ``pybabel`` command in this process."""
    CommandLineInterface().run(argv)  # type: ignore[no-untyped-call]


def update() -> None:
    """Extract both templates and bring every language's catalogues up to date with them. A file whose
    only change would be its dates is left as it was."""
    files = [template_path(d) for d in DOMAINS] + [po_path(lang, d) for d in DOMAINS for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
    before = {path: path.read_text(encoding="utf-8") for path in files if path.exists()}
    _update_all()
    for path, text in before.items():
        if path.exists() and only_dates_changed(text, path.read_text(encoding="utf-8")):
            path.write_text(text, encoding="utf-8")


def _update_all() -> None:
    for domain in DOMAINS:
        extract(domain, template_path(domain))
        for language in LANGUAGES:
            if language == SOURCE_LANGUAGE:
                continue
            action = "update" if po_path(language, domain).exists() else "init"
            _pybabel(
                ["pybabel", "-q", action, "-i", str(template_path(domain)), "-d", str(LOCALES), "-D", domain, "-l", language, "--width", "100", *(["--ignore-obsolete"] if action == "update" else [])]
            )


def main(argv: list[str]) -> int:
    """``update`` or ``check``."""
    if argv[:1] == ["update"]:
        update()
        return 0
    if argv[:1] == ["check"]:
        found = problems()
        print("\n".join(found) or "every catalogue and lesson is complete and current")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
