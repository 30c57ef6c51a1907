"""Where every learner-facing sentence comes from.

- **English is the source**, keyed by dotted names: the app's strings in ``tutor/locales/en.yaml``, the
  engine's sentences (:data:`engine.messages.MESSAGES`, under ``engine.<key>``), why a record, a house
  rule or a name is refused (:data:`engine.problems.PROBLEMS`, under ``engine.problem.<key>``) and what each preset follows
  (``engine.variant_source.<id>``) and each house rule does (``engine.house_rule.<field>``). Scenario and situation
  texts are English in their own files.
- **Every other language is a gettext catalogue** (PO file) per domain: ``tutor/locales/<lang>/LC_MESSAGES/
  app.po`` holds the keyed strings (``msgctxt`` the key, ``msgid`` the English), ``scenarios.po`` the
  scenario texts (``msgid`` the English). Babel reads them as they are: there is no compile step.
- A plural is written once in English with the plural helper, ``{count} {count:card/cards}``; its
  catalogue entry has a singular and a plural ``msgid`` and as many ``msgstr`` forms as the language's
  Babel plural rule has, chosen by that rule.

>>> english()["learn.well_done"]
'Well done!'
>>> plural_variable("The pile holds {size} {size:card/cards}."), plural_variable("Well done!")
('size', None)
>>> english_forms("The pile holds {size} {size:card/cards}.")
('The pile holds {size} card.', 'The pile holds {size} cards.')
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterator, Mapping, Sized
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

import yaml
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from engine.messages import MESSAGES
from engine.problems import PROBLEMS
from engine.records.safe_yaml import LOADER
from tutor import resources
from tutor.i18n.languages import SOURCE_LANGUAGE

LOCALES: Final = resources.LOCALES
ENGLISH_FILE: Final = LOCALES / "en.yaml"
#: The gettext domains: keyed app strings, and scenario/situation texts.
DOMAINS: Final = ("app", "scenarios")
ENGINE_PREFIX: Final = "engine."
#: Why a record, a house rule or a name is refused (:data:`engine.problems.PROBLEMS`): ``engine.problem.<key>``.
PROBLEM_PREFIX: Final = "engine.problem."

_PLURAL: Final = re.compile(r"\{(\w+):([^{}/:]*)/([^{}/:]*)\}")


def plural_variable(template: str) -> str | None:
    """The value a template's plural helper counts (``{n:one/many}``), or None. One per sentence."""
    names = {match.group(1) for match in _PLURAL.finditer(template)}
    if len(names) > 1:
        raise ValueError(f"a sentence counts one value for its plural, not {sorted(names)}: {template!r}")
    return names.pop() if names else None


def english_forms(template: str) -> tuple[str, str]:
    """The singular and plural sentences of a template with the plural helper resolved."""
    return _PLURAL.sub(r"\2", template), _PLURAL.sub(r"\3", template)


def _flatten(node: yaml.Node, prefix: str, into: dict[str, tuple[str, int]]) -> None:
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = f"{prefix}.{key_node.value}" if prefix else str(key_node.value)
            _flatten(value_node, key, into)
    elif isinstance(node, yaml.ScalarNode):
        into[prefix] = (str(node.value), node.start_mark.line + 1)
    else:
        raise ValueError(f"{ENGLISH_FILE.name}: {prefix} is neither a string nor a section")


def english_with_lines(path: Path = ENGLISH_FILE) -> dict[str, tuple[str, int]]:
    """The app's English strings with the line each is written on (for the catalogue template)."""
    root = yaml.compose(path.read_text(encoding="utf-8"), Loader=LOADER)  # libyaml's where installed: 15 times faster
    found: dict[str, tuple[str, int]] = {}
    if root is not None:
        _flatten(root, "", found)
    return found


@cache
def english() -> dict[str, str]:
    """Every keyed English string: the app's, and the engine's under ``engine.``."""
    strings = {key: text for key, (text, _) in english_with_lines().items()}
    strings.update({ENGINE_PREFIX + key: text for key, text in MESSAGES.items()})
    strings.update({PROBLEM_PREFIX + key: text for key, text in PROBLEMS.items()})
    strings.update(variant_texts())
    return strings


def variant_texts() -> dict[str, str]:
    """The engine's words about its variants: what each preset follows (``engine.variant_source.<id>``)
    and what each house rule does (``engine.house_rule.<field>``)."""
    from engine.variants import PRESETS, HouseRules

    texts = {f"{ENGINE_PREFIX}variant_source.{variant_id}": preset.source for variant_id, preset in PRESETS.items()}
    for field, info in HouseRules.model_fields.items():
        if info.description:
            texts[f"{ENGINE_PREFIX}house_rule.{field}"] = info.description
    return texts


def po_path(language: str, domain: str) -> Path:
    """The PO file of ``language`` for ``domain``."""
    return LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def read_catalogue(language: str, domain: str) -> Catalog | None:
    """The catalogue of ``language`` and ``domain`` as Babel reads it, or None when there is none."""
    path = po_path(language, domain)
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


@dataclass(frozen=True)
class Translations:
    """One language's translations: keyed strings (one text, or plural forms) and scenario texts."""

    keyed: dict[str, str | tuple[str, ...]]
    texts: dict[str, str]
    plural_index: Callable[[int], int]

    def keyed_text(self, key: str, count: int | None) -> str | None:
        """The translation of ``key``; for a plural, the form for ``count``. None when untranslated."""
        found = self.keyed.get(key)
        if isinstance(found, tuple):
            index = self.plural_index(count if count is not None else 2)
            return found[min(index, len(found) - 1)] or None
        return found or None


def _entries(catalogue: Catalog | None) -> Iterator[tuple[Any, Any, str | None]]:
    for message in catalogue or ():
        if message.id and not message.fuzzy and message.string:
            yield message.id, message.string, message.context


@cache
def translations(language: str) -> Translations:
    """The translations of ``language`` (empty for English, and for a language without catalogues)."""
    app, scenarios = read_catalogue(language, "app"), read_catalogue(language, "scenarios")
    keyed: dict[str, str | tuple[str, ...]] = {}
    for _, string, context in _entries(app):
        if context:
            keyed[context] = tuple(string) if isinstance(string, tuple | list) else str(string)
    texts = {str(msgid): str(string) for msgid, string, _ in _entries(scenarios) if isinstance(string, str)}
    expression = (app or scenarios or Catalog(locale=language)).plural_expr
    return Translations(keyed, texts, gettext.c2py(expression))


def _count(values: Mapping[str, object], name: str | None) -> int | None:
    value = values.get(name) if name else None
    if isinstance(value, bool) or value is None:
        return None
    return value if isinstance(value, int) else len(value) if isinstance(value, Sized) else None


def entry(key: str, language: str, values: Mapping[str, object] | None = None) -> str | None:
    """The catalogue's own text of ``key`` in ``language`` (a language code of ours), as written: English
    when the language lacks it, the plural form ``values`` ask for; None when no language has ``key``.
    The cards it names are still placeholders (``{card:QS}``: :func:`tutor.i18n.translate.template` says them
    in the learner's letters)."""
    source = english().get(key)
    if source is None or language == SOURCE_LANGUAGE:
        return source
    found = translations(language).keyed_text(key, _count(values or {}, plural_variable(source)))
    return found if found is not None else source
