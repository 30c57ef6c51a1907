"""Every translation renders: each lesson under every variant it is shown with (and under house rules), and
each catalogue sentence with values of the kinds it names, in every language, with no unfilled field, rule
code or card notation left for a learner to read."""

from __future__ import annotations

import re
import string

import pytest

from engine.cards import Card
from engine.errors import RULE_CODES
from tests.texts_support import _CARD_CODE, _CODE, _PLACEHOLDER, played_tasks, tables
from tutor.course import track_for
from tutor.i18n.catalogue import english
from tutor.i18n.languages import LANGUAGES, SOURCE_LANGUAGE
from tutor.i18n.strings import variant_name
from tutor.i18n.translate import VARIANT_FIELDS, fill, template
from tutor.learn.curriculum import load_curriculum
from tutor.learn.text import localize

TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
CURRICULUM = load_curriculum()
CARDS = (Card.parse("8S"), Card.parse("9S"), Card.parse("10S"))


def _sample(spec: str, count: int) -> object:
    """A value for a placeholder with format ``spec``: cards for a list, a number for a plural or a sign."""
    if spec in ("and", "or", "the"):
        return CARDS[:count] if count > 1 else CARDS[:1]
    if "/" in spec or spec.endswith("d"):
        return count
    if spec.endswith("f"):
        return 12.5
    return "7"


def _values(text: str, count: int, language: str = SOURCE_LANGUAGE) -> dict[str, object]:
    """A value for each placeholder of ``text``; a name listed anywhere (``{cards:and}``) is given cards,
    which its plural helper (``{cards:does/do}``) counts too; a variant's field its name, with its forms."""
    specs: dict[str, set[str]] = {}
    for _, name, spec, _ in string.Formatter().parse(text):
        if name:
            specs.setdefault(name, set()).add(spec or "")
    values = {name: _sample(min(found, key=lambda s: s not in ("and", "or", "the")), count) for name, found in specs.items()}
    for name in VARIANT_FIELDS & values.keys():
        named = variant_name("dansk", language)
        values[name] = (named,) * count if name.endswith("s") else named
    return values


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_lesson_renders_under_every_variant_it_is_shown_with(language: str) -> None:
    problems = []
    for variant in tables():
        for lesson in (entry.lesson for entry in track_for(variant, CURRICULUM).lessons):
            words = lesson.title_in(language) + "\n" + lesson.text(variant, language)
            for pattern in (_PLACEHOLDER, _CARD_CODE):
                if pattern.search(words):
                    problems.append(f"{lesson.id} ({variant.id}): {pattern.search(words)}")
            codes = [c for c in _CODE.findall(words) if c in RULE_CODES]
            if codes:
                problems.append(f"{lesson.id} ({variant.id}): rule codes {codes}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_sentence_renders_with_its_values(language: str) -> None:
    """A translation's placeholder that Python cannot fill (a stray brace, a list spec the formatter does
    not know) fails here, not on a learner's screen."""
    problems = []
    for key, source in english().items():
        for count in (1, 3):
            values = _values(source, count, language)
            if not values:
                continue
            translated = template(key, language, values)
            assert translated is not None
            try:
                fill(translated, language, **values)
            except (KeyError, ValueError, IndexError, TypeError) as error:
                problems.append(f"{key}: {translated!r}: {error!r}")
    assert not problems, "\n".join(problems[:20])


#: The fields whose value is a number the engine computes for the table, and the rule choices.
_ENGINE_FIELD = re.compile(r"\{(?:(?:sum|total|value|dealt|decks):[^{}|]*|answer)\}|\{if:[a-z_]+=[^|]*\|")


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.slow
def test_every_task_text_renders_at_every_table_it_is_played_at(language: str) -> None:
    """A translated task text keeps every number field and rule choice its English has (a translation that
    wrote "27" where the English asks the engine would be right at one table only), and fills at every table
    that plays it: no field left, no card code."""
    problems = []
    for task in played_tasks(CURRICULUM):
        for field, text in task.texts():
            fields = sorted(_ENGINE_FIELD.findall(localize(text, "en")))
            if sorted(_ENGINE_FIELD.findall(localize(text, language))) != fields:
                problems.append(f"{task.id} {field}: the translation lacks or adds some of {fields}: {localize(text, language)!r}")
            try:
                words = task.say(text, language, answer=7)
            except (ValueError, KeyError) as error:
                problems.append(f"{task.id} ({task.variant}) {field}: {error}")
                continue
            for pattern in (_PLACEHOLDER, _CARD_CODE):
                if pattern.search(words):
                    problems.append(f"{task.id} ({task.variant}) {field}: {pattern.search(words)}")
    assert not problems, "\n".join(sorted(set(problems))[:20])
