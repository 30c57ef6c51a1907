"""The app's sentences, in the learner's language: ``t(key, language, **values)``.

This is where the app imports the one call it makes for every learner-facing sentence, :func:`t` (the
renderer of :mod:`tutor.i18n.translate`; ``language`` is a language code or a
:class:`~tutor.i18n.style.Style`); the catalogues behind it are in :mod:`tutor.i18n` (English source in
``tutor/locales/en.yaml``, the other languages as gettext PO files).

>>> t("learn.well_done")
'Well done!'
>>> t("learn.well_done", "xx-YY") == t("learn.well_done", "en")  # a language we lack: English
True
"""

from __future__ import annotations

from tutor.i18n.catalogue import english
from tutor.i18n.languages import SOURCE_LANGUAGE, known
from tutor.i18n.style import Style
from tutor.i18n.translate import PLAYER_FIELDS, YOU, refusal, t, template, variant_name, variant_source

__all__ = [
    "DEFAULT_LANGUAGE",
    "PLAYER_FIELDS",
    "YOU",
    "catalogue",
    "pick_language",
    "refusal",
    "t",
    "template",
    "variant_name",
    "variant_source",
]

DEFAULT_LANGUAGE = SOURCE_LANGUAGE


def catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """Every keyed sentence in ``language``, unfilled (English where it lacks one)."""
    return {key: template(key, language) or text for key, text in english().items()}


def pick_language(locale: str | Style | None) -> str:
    """The language of ours a locale names (``sv-SE`` → ``sv``) or a style is in, English otherwise.

    >>> pick_language("en-GB"), pick_language(None), pick_language("xx-YY"), pick_language("fi-FI")
    ('en', 'en', 'en', 'fi')
    """
    if isinstance(locale, Style):
        return locale.language
    return known(locale) or DEFAULT_LANGUAGE
