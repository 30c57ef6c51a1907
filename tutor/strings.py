"""The UI strings catalogue: every learner-facing sentence that is not in a lesson or scenario file.

Strings live in ``tutor/locales/<language>.yaml``, keyed by dotted names; English is complete and is
the fallback for any other language.

>>> t("learn.well_done")
'Well done!'
>>> t("learn.well_done", "sv-SE") == t("learn.well_done", "en")  # no Swedish catalogue yet: English
True

The learner who gives no name plays as :data:`YOU`, and a sentence about a player named so has its own
wording, under the key with ``_you`` added: "Your turn", not "Your turn, You".

>>> t("practice.your_turn", name="Anna"), t("practice.your_turn", name=YOU)
('Your turn, Anna', 'Your turn')
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final

import yaml

LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT_LANGUAGE = "en"

#: The name of the learner who gave none (in Practice, in a built situation): the app speaks to them.
YOU: Final = "You"
#: The fields that name a player; when one is :data:`YOU`, the ``<key>_you`` wording is used if there is one.
PLAYER_FIELDS: Final = ("name", "player", "players", "names")


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
    """Languages that have a catalogue (read from the folder once: every string looked up asks)."""
    return list(_languages())


@cache
def _languages() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in LOCALES.glob("*.yaml")))


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


def _lookup(key: str, language: str) -> str | None:
    return catalogue(pick_language(language)).get(key) or catalogue(DEFAULT_LANGUAGE).get(key)


def t(key: str, language: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """The string ``key`` in ``language`` (English when missing), with ``{name}`` fields filled in; about
    a player named :data:`YOU`, the ``<key>_you`` string when there is one."""
    if any(values.get(field) == YOU for field in PLAYER_FIELDS):
        text = _lookup(f"{key}_you", language)
        if text is not None:
            return text.format(**values)
    text = _lookup(key, language)
    if text is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    return text.format(**values) if values else text
