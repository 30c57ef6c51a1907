"""The app's sentences, in the learner's language: ``t(key, language, **values)``.

This is the one call the app makes for every learner-facing sentence; the catalogues behind it are in
:mod:`tutor.i18n` (English source in ``tutor/locales/en.yaml``, the other languages as gettext PO files).

>>> t("learn.well_done")
'Well done!'
>>> t("learn.well_done", "xx-YY") == t("learn.well_done", "en")  # a language we lack: English
True

The learner who gives no name plays as :data:`YOU`, and a sentence about a player named so has its own
wording, under the key with ``_you`` added: "Your turn", not "Your turn, You".

>>> t("practice.your_turn", name="Anna"), t("practice.your_turn", name=YOU)
('Your turn, Anna', 'Your turn')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.i18n.catalogue import english
from tutor.i18n.languages import SOURCE_LANGUAGE, known
from tutor.i18n.names import Name, variant_forms
from tutor.i18n.translate import PLAYER_FIELDS, YOU, refusal, say, template

if TYPE_CHECKING:
    from engine.variants import Variant

__all__ = ["DEFAULT_LANGUAGE", "PLAYER_FIELDS", "YOU", "catalogue", "lookup", "pick_language", "refusal", "t"]

DEFAULT_LANGUAGE = SOURCE_LANGUAGE


def t(key: str, language: str = DEFAULT_LANGUAGE, /, **values: object) -> str:
    """The sentence ``key`` in ``language`` (English when missing), with its values filled in."""
    return say(key, language, **values)


def lookup(key: str, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The unfilled sentence of ``key`` in ``language`` (English when missing), or None for no such key."""
    return template(key, language)


def catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """Every keyed sentence in ``language``, unfilled (English where it lacks one)."""
    return {key: template(key, language) or text for key, text in english().items()}


def pick_language(locale: str | None) -> str:
    """The language of ours a locale names (``sv-SE`` → ``sv``), English otherwise.

    >>> pick_language("en-GB"), pick_language(None), pick_language("xx-YY"), pick_language("fi-FI")
    ('en', 'en', 'en', 'fi')
    """
    return known(locale) or DEFAULT_LANGUAGE


def variant_name(variant: str | Variant, language: str = DEFAULT_LANGUAGE) -> Name:
    """A variant (a preset id, or a :class:`~engine.variants.Variant`) as the learner's country names it,
    with the forms the language's sentences may ask for (:mod:`tutor.i18n.names`).

    >>> variant_name("dansk"), variant_name("femhundra", "sv")
    ('Danish 500', 'femhundra')
    """
    variant_id = variant if isinstance(variant, str) else variant.id
    lang = known(language) or DEFAULT_LANGUAGE
    return Name(t(f"variant_names.{variant_id}", lang), variant_forms(lang).get(variant_id))


def variant_source(variant: str | Variant, language: str = DEFAULT_LANGUAGE) -> str:
    """What a preset follows (its rules' source), in ``language``."""
    variant_id = variant if isinstance(variant, str) else variant.id
    return t(f"engine.variant_source.{variant_id}", language)
