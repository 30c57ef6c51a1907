"""Names that fit their sentence: the grammatical forms a language asks of a variant's name.

A Finnish sentence cannot drop "tanskalainen 500" into "…säännöillä": it needs "tanskalaisen 500:n".
The translator writes the form the sentence needs as the placeholder's spec, ``{variant:genitive}``
(``{variant:Genitive}`` to start a sentence with a capital), and gives each variant's forms in
``tutor/locales/<lang>/names.yaml``; the plain ``{variant}`` is the name as the catalogue has it
(``variant_names.<id>``). A language that needs no forms has no such file.

Player names are typed by the players, so no table can hold their forms: the sentences that name a player
are written so that the name stands in its own form ("Vuorossa on Bertil", "Edistyminen: Anna"). See
``docs/translating.md``.

The players the app itself seats (a lesson's Anna and Bertil, Practice's computer players) are the
language's own *cast*: ``cast:`` in the same file gives, for each default name of the English source and
the scenarios, the name that language seats instead (Finnish: Aino, Eemil, Kaisa). A language without a cast
seats the source's names; a name a learner typed is never cast.

>>> cast_name("Bertil", "fi"), cast_name("Bertil", "sv"), cast_name("Lotta", "fi")
('Eemil', 'Bertil', 'Lotta')

>>> from tutor.i18n.strings import variant_name
>>> name = variant_name("dansk", "fi")
>>> str(name), name.form("genitive"), name.form("Inessive")
('tanskalainen 500', 'tanskalaisen 500:n', 'Tanskalaisessa 500:ssa')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Final

import yaml

from tutor import resources

#: Each language's file of name forms.
FORMS_FILE: Final = "names.yaml"


class NameFormError(ValueError):
    """A sentence asks for a form the language's ``names.yaml`` does not give."""


class Name(str):
    """A name (a ``str``) that knows the forms its language's sentences may ask for."""

    forms: Mapping[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None) -> Name:
        """``text`` as the catalogue gives it, with its ``forms`` by grammatical case."""
        made = super().__new__(cls, text)
        made.forms = dict(forms or {})
        return made

    def form(self, spec: str) -> str:
        """The form ``spec`` names (``genitive``); with a capital (``Genitive``), capitalised."""
        found = self.forms.get(spec.lower())
        if found is None:
            raise NameFormError(f"no form “{spec.lower()}” of “{self}”: add it to the language's {FORMS_FILE}")
        return found[:1].upper() + found[1:] if spec[:1].isupper() else found


def forms_path(language: str) -> Path:
    """Where ``language`` keeps its name forms."""
    return Path(resources.LOCALES) / language / FORMS_FILE


@cache
def variant_forms(language: str) -> dict[str, dict[str, str]]:
    """Each variant's forms in ``language`` (variant id → form → text); empty when it needs none."""
    path = forms_path(language)
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    variants = data.get("variants") or {}
    return {str(v): {str(k).lower(): str(text) for k, text in (forms or {}).items()} for v, forms in variants.items()}


@cache
def cast(language: str) -> dict[str, str]:
    """The names ``language`` seats instead of the source's default players (source name → its own);
    empty when it seats the source's names."""
    path = forms_path(language)
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {str(name): str(own) for name, own in (data.get("cast") or {}).items()}


def cast_name(name: str, language: str) -> str:
    """``name`` as ``language`` seats it: its own name for one of the default players, else ``name``."""
    return cast(language).get(name, name)


def cast_names(names: Sequence[str], language: str) -> tuple[str, ...]:
    """Each of ``names`` as ``language`` seats it (:func:`cast_name`)."""
    return tuple(cast_name(name, language) for name in names)
