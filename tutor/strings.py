"""The UI strings catalogue: every learner-facing sentence that is not in a lesson or scenario file.

Strings live in ``tutor/locales/<language>.yaml``, keyed by dotted names; English is complete and is
the fallback for any other language.

>>> t("learn.well_done")
'Well done!'
>>> t("learn.well_done", "sv-SE") == t("learn.well_done", "en")  # no Swedish catalogue yet: English
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT_LANGUAGE = "en"


@cache
def catalogue(language: str) -> dict[str, str]:
    """The flattened catalogue of ``language`` (empty when there is none)."""
    path = LOCALES / f"{language}.yaml"
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    flat: dict[str, str] = {}

    def walk(prefix: str, node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(f"{prefix}.{key}" if prefix else str(key), value)
        else:
            flat[prefix] = str(node)

    walk("", data)
    return flat


def available_languages() -> list[str]:
    """Languages that have a catalogue."""
    return sorted(p.stem for p in LOCALES.glob("*.yaml"))


def pick_language(locale: str | None) -> str:
    """The catalogue language for a browser locale (``sv-SE`` → ``sv`` if present), English otherwise.

    >>> pick_language("en-GB"), pick_language(None), pick_language("xx-YY")
    ('en', 'en', 'en')
    """
    if not locale:
        return DEFAULT_LANGUAGE
    for candidate in (locale, locale.split("-")[0].lower()):
        if candidate in available_languages():
            return candidate
    return DEFAULT_LANGUAGE


def t(key: str, language: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """The string ``key`` in ``language`` (English when missing), with ``{name}`` fields filled in."""
    text = catalogue(pick_language(language)).get(key) or catalogue(DEFAULT_LANGUAGE).get(key)
    if text is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    return text.format(**values) if values else text
