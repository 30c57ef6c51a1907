"""The five languages are complete and current: every catalogue entry translated (none fuzzy), its
placeholders and the cards it names those of the English, its plural forms as many as Babel's rule for the language; every lesson
translated from the English as it is now; the templates extracted from the checkout as it is now; and each
language's glossary words used wherever the English uses the term."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from tools.i18n import extract, only_dates_changed, template_path
from tutor.i18n.catalogue import DOMAINS, LOCALES, read_catalogue
from tutor.i18n.languages import LANGUAGES, SOURCE_LANGUAGE
from tutor.i18n.status import card_problems, catalogue_problems, lesson_problems
from tutor.i18n.strings import t

TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)


def _keys(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as handle:
        return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(handle) if m.id}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_template_holds_every_sentence_of_the_checkout(domain: str, tmp_path: Path) -> None:
    """A sentence added or changed in English reaches the template (run ``python -m tools.i18n update``)."""
    fresh = tmp_path / f"{domain}.pot"
    extract(domain, fresh)
    assert _keys(fresh) == _keys(template_path(domain)), "the template is stale: run python -m tools.i18n update"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_catalogue_entry_is_translated_and_fits(language: str, domain: str) -> None:
    """No untranslated, fuzzy, missing or obsolete entry; the same placeholders as the English, and its card
    placeholders (``{card:QS}``, ``{ranks:Q-K-A}``) kept."""
    problems = catalogue_problems(language, domain)
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:15])


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_lesson_is_translated_from_the_current_english(language: str) -> None:
    """Each lesson exists in the language, made from the English as it is now, with the same fields."""
    problems = lesson_problems(language)
    assert not problems, "\n".join(problems)


def test_a_translation_keeps_the_cards_of_its_english() -> None:
    """A card placeholder is kept as it is, or said in words; a card typed out, dropped or misspelt is named."""
    english = "Take the {card:QS} for {ranks:Q-K-A}."
    assert card_problems(english, "Neem de {card:QS} voor {ranks:Q-K-A}.") == []
    assert card_problems(english, "Ta {card:QS}, hjärter {card:QH} hör inte hit, för {ranks:Q-K-A:words}.") == []
    assert card_problems("An ace high (Q-K-A)", "Ässä ylimpänä (Q-K-A)") == [], "the engine's English writes its cards out"
    dropped, typed, misspelt = (
        card_problems(english, "Neem de V♠ voor {ranks:Q-K-A}."),
        card_problems(english, "Neem de {card:QS} voor V-H-A."),
        card_problems(english, "Neem de {card:QS} voor {ranks:Q-K-A} en {card:QX}."),
    )
    assert len(dropped) == 2 and "{card:QS}" in dropped[0] and "V♠" in dropped[1]
    assert len(typed) == 2 and "{ranks:Q-K-A}" in typed[0] and "V-H-A" in typed[1]
    assert misspelt == ["{card:QX} names no card"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_plural_follows_the_languages_rule(language: str) -> None:
    """One card and three cards read differently, as Babel's plural rule for the language says."""
    one, three = t("engine.take.too_many", language, size=1), t("engine.take.too_many", language, size=3)
    assert one != three and "1" in one and "3" in three
    assert one != t("engine.take.too_many", "en", size=1)


def _glossary(language: str) -> list[dict[str, object]]:
    path = LOCALES / language / "glossary.yaml"
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(entries, list) and entries, f"{path} holds no terms"
    return entries


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_glossary_words_are_used_wherever_the_english_uses_the_term(language: str) -> None:
    """Where an English sentence says "stock", the Swedish one says "talong" (in some form)."""
    catalogue = read_catalogue(language, "app")
    assert catalogue is not None
    misses = []
    for entry in _glossary(language):
        stems = [str(s).lower() for s in entry.get("stems") or []]  # type: ignore[attr-defined]
        skip = set(entry.get("skip") or [])  # type: ignore[arg-type]
        if not stems:
            continue
        term = re.compile(rf"\b{re.escape(str(entry['en']))}\b", re.IGNORECASE)
        for message in catalogue:
            english = message.id if isinstance(message.id, str) else " ".join(message.id)
            english = re.sub(r"\{[^{}]*\}", " ", english)  # a placeholder ({score}) is no word of the sentence
            if not message.id or message.context in skip or not term.search(english):
                continue
            forms = message.string if isinstance(message.string, tuple | list) else [message.string]
            if not any(stem in form.lower() for form in forms for stem in stems):
                misses.append(f"{message.context}: “{english}” → “{forms[0]}” lacks {stems}")
    assert not misses, f"{len(misses)} entries miss their glossary word, e.g.:\n" + "\n".join(misses[:15])


def test_an_update_that_changes_only_dates_leaves_the_file_alone() -> None:
    """`python -m tools.i18n update` rewrites no catalogue whose only change would be its header's dates."""
    old = '"POT-Creation-Date: 2026-11-30 10:00+0000\\n"\n"PO-Revision-Date: 2026-11-30 10:00+0000\\n"\nmsgid "Draw"\n'
    assert only_dates_changed(old, old.replace("11-30", "12-01"))
    assert not only_dates_changed(old, old.replace("Draw", "Stop"))
