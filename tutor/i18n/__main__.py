"""``python -m tutor.i18n update``: extract every sentence into the templates and update each language.

Run it from the checkout after changing English text (``tutor/locales/en.yaml``, the engine's sentences,
a scenario or situation file). Entries whose English changed come back marked fuzzy, new ones empty; the
catalogue tests then say what to translate. ``python -m tutor.i18n check`` lists them without changing
anything.
"""

from __future__ import annotations

import sys
from contextlib import chdir
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from tutor.i18n.catalogue import DOMAINS, LOCALES, po_path
from tutor.i18n.languages import LANGUAGES, SOURCE_LANGUAGE
from tutor.i18n.status import problems

ROOT = LOCALES.parent.parent
HEADER = ["--project", "Rummy 500 tutor", "--copyright-holder", "The Rummy 500 tutor authors", "--width", "100"]


def template_path(domain: str) -> Path:
    """The catalogue template (POT) of ``domain``."""
    return LOCALES / f"{domain}.pot"


def extract(domain: str, output: Path) -> None:
    """Extract ``domain``'s sentences from the checkout into ``output``."""
    mapping = LOCALES / f"babel-{domain}.cfg"
    with chdir(ROOT):  # so each entry names its file from the checkout, as tutor/locales/en.yaml:12
        _pybabel(["pybabel", "-q", "extract", "-F", str(mapping), "-o", str(output), *HEADER, "."])


def _pybabel(argv: list[str]) -> None:
    """Run one ``pybabel`` command in this process."""
    CommandLineInterface().run(argv)  # type: ignore[no-untyped-call]


def update() -> None:
    """Extract both templates and bring every language's catalogues up to date with them."""
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
