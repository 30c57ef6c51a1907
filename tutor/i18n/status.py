"""What a language still lacks: untranslated or fuzzy catalogue entries, placeholders that differ from the
English, cards named otherwise than the English names them, plural forms that do not match Babel's rule,
lessons missing or older than their English.

>>> from tutor.i18n.status import card_problems, placeholder_names
>>> placeholder_names("The {cards:and} do not extend meld {meld}.")
['cards', 'meld']
>>> for problem in card_problems("Lay the {card:QS} ({ranks:Q-K-A}).", "Leg de V♠ (vrouw-heer-aas)."):
...     print(problem)
lacks {card:QS}, {ranks:Q-K-A} (keep each card placeholder as it is; ':words' says it in words)
writes V♠ out (write a card as a placeholder: {card:QS}, {ranks:Q-K-A})
>>> card_problems("Lay the {card:QS} ({ranks:Q-K-A}).", "Leg de {card:QS} ({ranks:Q-K-A:words}).")
[]
"""

from __future__ import annotations

import hashlib
import re
import string
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural

from tutor import resources
from tutor.i18n.card_names import CARD_PLACEHOLDER, card_placeholders, unread_cards, written_cards
from tutor.i18n.catalogue import DOMAINS, LOCALES, read_catalogue
from tutor.i18n.languages import LANGUAGES, SOURCE_LANGUAGE

LESSONS: Final = resources.LESSONS
_CONTRAST: Final = re.compile(r"\{contrast:([a-z_,]+)\|")
_FIELD: Final = re.compile(r"\{([a-z_]+)\}")


def placeholder_names(text: str) -> list[str]:
    """The value names a sentence fills in, in order of first use (``ValueError`` for stray braces); the
    cards it names (``{card:QS}``) are no values: :func:`card_problems` compares them."""
    names = [field for _, field, _, _ in string.Formatter().parse(CARD_PLACEHOLDER.sub("", text)) if field]
    return list(dict.fromkeys(names))


def card_problems(english: str, translation: str) -> list[str]:
    """How a translation names cards otherwise than its English: a card placeholder of the English it lacks
    (it keeps each, ``{card:QS}``, ``{ranks:Q-K-A}``, and may say one in words, ``{ranks:Q-K-A:words}``), a
    card it writes out where the English writes none (``V♠``, ``Q-K-A``), a card placeholder naming no card."""
    found = []
    missing = [f"{{{card}}}" for card in dict.fromkeys(card_placeholders(english)) if card not in card_placeholders(translation)]
    if missing:
        found.append(f"lacks {', '.join(missing)} (keep each card placeholder as it is; ':words' says it in words)")
    written = [card for card in dict.fromkeys(written_cards(translation)) if card not in written_cards(english)]
    if written:
        found.append(f"writes {', '.join(written)} out (write a card as a placeholder: {{card:QS}}, {{ranks:Q-K-A}})")
    unread = unread_cards(translation)
    if unread:
        found.append(f"{', '.join(unread)} names no card")
    return found


def source_hash(path: Path) -> str:
    """The mark a translation keeps of the English file it was made from: 12 hex digits of its SHA-256."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def catalogue_problems(language: str, domain: str) -> list[str]:
    """Every fault of one PO file, each as a line naming the file and the entry."""
    catalogue = read_catalogue(language, domain)
    where = f"tutor/locales/{language}/LC_MESSAGES/{domain}.po"
    if catalogue is None:
        return [f"{where}: missing"]
    found: list[str] = []
    expected_forms = get_plural(language).num_plurals
    template = read_catalogue_template(domain)
    for message in catalogue:
        if not message.id:
            continue
        name = f"{where}: {message.context or message.id!r}"
        forms = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
        if message.fuzzy:
            found.append(f"{name}: fuzzy (its English changed): check and clear the flag")
        if not all(forms):
            found.append(f"{name}: not translated")
            continue
        if message.pluralizable and len(forms) != expected_forms:
            found.append(f"{name}: {len(forms)} plural forms, Babel's rule for {language} has {expected_forms}")
        if domain == "app":
            found.extend(_placeholder_problems(name, message.id, [str(f) for f in forms], [str(c) for c in message.auto_comments]))
        english = message.id if isinstance(message.id, str) else str(message.id[-1])
        for index, form in enumerate(forms):
            found.extend(f"{name}: form {index} {problem}" for problem in card_problems(english, str(form)))
    if template is not None:
        have = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalogue if m.id}
        for message in template:
            if message.id and (message.context, message.id if isinstance(message.id, str) else message.id[0]) not in have:
                found.append(f"{where}: {message.context or message.id!r}: missing (run python -m tools.i18n update)")
    found.extend(f"{where}: {m.context or m.id!r}: obsolete (run python -m tools.i18n update)" for m in catalogue.obsolete.values())
    return found


def _placeholder_problems(name: str, msgid: object, forms: list[str], comments: list[str]) -> list[str]:
    """A form whose placeholders are not the English ones (a plural form may leave out the count)."""
    english = msgid if isinstance(msgid, str) else str(msgid[-1])  # type: ignore[index]
    wanted = set(placeholder_names(english))
    counted = {m.group(1) for c in comments for m in [re.search(r"plural: by the count \{(\w+)\}", c)] if m}
    found = []
    for index, form in enumerate(forms):
        try:
            names = set(placeholder_names(form))
        except ValueError as error:
            found.append(f"{name}: form {index} has stray braces ({error})")
            continue
        if names - wanted or wanted - names - counted:
            found.append(f"{name}: placeholders {sorted(names)} differ from the English {sorted(wanted)}")
    return found


def read_catalogue_template(domain: str) -> Catalog | None:
    """The template (POT) of ``domain`` as Babel reads it, or None."""
    from babel.messages.pofile import read_po

    path = LOCALES / f"{domain}.pot"
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle)


def lesson_problems(language: str) -> list[str]:
    """Lessons of ``language`` that are missing, older than their English, or fill other fields."""
    found: list[str] = []
    for english in sorted((LESSONS / SOURCE_LANGUAGE).glob("*.md")):
        path = LESSONS / language / english.name
        where = f"lessons/{language}/{english.name}"
        if not path.exists():
            found.append(f"{where}: missing")
            continue
        text, source = path.read_text(encoding="utf-8"), english.read_text(encoding="utf-8")
        mark = re.search(r"^translated_from:\s*['\"]?([0-9a-f]+)", text, re.MULTILINE)
        if mark is None or mark.group(1) != source_hash(english):
            found.append(f"{where}: older than lessons/en/{english.name} (translated_from is not {source_hash(english)})")
        for pattern, what in ((_FIELD, "fields"), (_CONTRAST, "contrasts")):
            if sorted(set(pattern.findall(text))) != sorted(set(pattern.findall(source))):
                found.append(f"{where}: its {what} {sorted(set(pattern.findall(text)))} differ from the English")
        found.extend(f"{where}: {problem}" for problem in card_problems(source, text))
    return found


def problems(languages: tuple[str, ...] = LANGUAGES) -> list[str]:
    """Every fault of every language's catalogues and lessons."""
    found: list[str] = []
    for language in languages:
        if language == SOURCE_LANGUAGE:
            continue
        for domain in DOMAINS:
            found.extend(catalogue_problems(language, domain))
        found.extend(lesson_problems(language))
    return found
