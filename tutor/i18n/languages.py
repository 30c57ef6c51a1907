"""The five languages the app speaks, how each names itself, and which one a browser asks for.

Negotiation is Babel's: what a browser asks for (:func:`browser_wants`: the page's own locale, then its
``Accept-Language`` header) is matched against :data:`LANGUAGES`, English last.

>>> negotiate("sv-SE,sv;q=0.9,en;q=0.8"), negotiate("nl-BE"), negotiate("de-DE"), negotiate(None)
('sv', 'nl', 'en', 'en')
>>> [own_name(code) for code in LANGUAGES]
['svenska', 'dansk', 'suomi', 'Nederlands', 'English']
>>> START_VARIANT["fi"]
'rommi'
"""

from __future__ import annotations

from functools import cache
from typing import Final

from babel import Locale, negotiate_locale

#: Language codes, in the order the picker shows them (English last).
LANGUAGES: Final = ("sv", "da", "fi", "nl", "en")
#: The language of the sources every translation is made from, and the fallback for a missing one.
SOURCE_LANGUAGE: Final = "en"
#: The variant a learner starts with in each language, until they pick one: their country's own rules.
START_VARIANT: Final[dict[str, str]] = {
    "sv": "femhundra",
    "da": "dansk",
    "fi": "rommi",
    "nl": "rummy500-nl",
    "en": "500-rum",
}


@cache
def own_name(code: str) -> str:
    """The language's name in itself (``svenska``, ``suomi``), from Babel's locale data."""
    return Locale.parse(code).get_display_name(code) or code


def known(code: str | None) -> str | None:
    """``code`` if it names one of :data:`LANGUAGES` (``sv``, ``sv-SE``, ``sv_SE``), else None.

    >>> known("sv_SE"), known("SV"), known("de"), known("")
    ('sv', 'sv', None, None)
    """
    if not code:
        return None
    base = code.replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else None


def _preferred(header: str) -> list[str]:
    """The locales of an ``Accept-Language`` header, most wanted first (``q`` weights honoured)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and tag != "*" and quality > 0:
            weighted.append((-quality, index, tag.strip().replace("-", "_")))
    return [tag for _, _, tag in sorted(weighted)]


def negotiate(accept_language: str | None) -> str:
    """The language for a browser's ``Accept-Language`` header or locale (``sv-SE``); English when it
    asks for none of ours."""
    if not accept_language:
        return SOURCE_LANGUAGE
    preferred = _preferred(accept_language)
    found = negotiate_locale(preferred, list(LANGUAGES), sep="_")
    if found is None:  # Babel matches "sv_SE" to "sv" only through its aliases: try each base too
        found = negotiate_locale([tag.split("_")[0] for tag in preferred], list(LANGUAGES), sep="_")
    return found or SOURCE_LANGUAGE


def browser_wants(page_locale: str | None, accept_language: str | None) -> str | None:
    """What a browser asks for, as one ``Accept-Language`` list: the locale its page reports
    (``navigator.language``) first, then the languages of the header; None when it says neither.

    The page's locale leads because it is what the learner's page itself runs in. The header is read from
    the WebSocket handshake, which can carry other languages than the page: Chromium before version 151
    sends a locale set for the page (by a browser setting per site, or a test's emulated locale) with the
    page's requests only, and the browser's default languages with the handshake.

    >>> browser_wants("sv-SE", "en-US,en;q=0.9"), browser_wants(None, "fi-FI"), browser_wants("", None)
    ('sv-SE,en-US,en;q=0.9', 'fi-FI', None)
    >>> negotiate(browser_wants("sv-SE", "en-US,en;q=0.9")), negotiate(browser_wants("de-DE", "de-DE,nl;q=0.8"))
    ('sv', 'nl')
    """
    wanted = ",".join(part.strip() for part in (page_locale, accept_language) if part and part.strip())
    return wanted or None


def choose(link: str | None, chosen: str | None, saved: str | None, browser: str | None) -> str:
    """The language to speak: a ``?lang=`` link first, then the learner's choice in this session, then the
    choice kept with their progress, then what the browser asks for (:func:`browser_wants`), English last.

    >>> choose(None, None, None, "fi-FI,en;q=0.5"), choose("nl", "sv", "da", "fi"), choose("xx", None, "da", None)
    ('fi', 'nl', 'da')
    """
    return known(link) or known(chosen) or known(saved) or negotiate(browser)
