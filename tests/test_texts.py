"""A teacher's words: every lesson, scenario and situation text, rendered under every variant it is shown
with (and with the house rules of :data:`texts_support.HOUSE_RULES`), reads without a contradiction, an
unfilled field, a rule code, notation, "the engine", a wrong plural or a rule said twice."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from texts_support import (
    HOUSE_RULES,
    Text,
    all_scenario_texts,
    lesson_texts,
    played_tasks,
    problems,
    said_twice,
    situation_rulings,
    situation_texts,
)

from engine.errors import RecordError
from engine.variants import PRESETS, Variant, get_variant
from tutor.compare.situations import load_situations
from tutor.course import track_for
from tutor.learn.curriculum import load_curriculum, parse_lesson
from tutor.learn.wording import CONTRASTED, TemplateError, fill, loose_pairs

#: Every text a learner reads, by where it is shown; rendered when the test runs (not when it is collected),
#: one test a kind that names every text with a problem (a test a text made 9,356 items of one check).
TEXTS: dict[str, Callable[[], Iterable[Text]]] = {
    "lessons": lambda: lesson_texts(load_curriculum()),
    "scenarios": lambda: all_scenario_texts(load_curriculum()),
    "situations": lambda: situation_texts(load_situations()),
    "situation rulings": lambda: situation_rulings(load_situations()),
}


def test_every_text_is_rendered_under_every_variant_it_is_shown_with() -> None:
    curriculum = load_curriculum()
    lessons = {(t.where, t.variant) for t in lesson_texts(curriculum)}
    in_every_track = [lesson for lesson in curriculum.lessons if all(track_for(v, curriculum).in_track(lesson.id) for v in PRESETS.values())]
    assert len(in_every_track) >= 8  # the set-up, the aim, values, melds, the ace, a turn, laying off, going out…
    assert len(lessons) >= len(in_every_track) * len(PRESETS) * (1 + len(HOUSE_RULES))
    assert {task.id for task in played_tasks(curriculum)} == set(curriculum.scenarios)  # every task, none left out
    assert {t.where.split(":")[0] for t in TEXTS["situations"]()} == {f"situation {s.id}" for s in load_situations()}


@pytest.mark.parametrize("kind", TEXTS)
def test_every_text_reads_as_a_teachers_words(kind: str) -> None:
    found = [f"{t.where} @ {t.variant}: {problem}\n    {t.words!r}" for t in TEXTS[kind]() for problem in problems(t)]
    assert not found, f"{len(found)} texts read wrongly:\n" + "\n".join(found[:25])


@pytest.mark.parametrize("lesson", load_curriculum().lessons, ids=lambda lesson: lesson.id)
def test_no_lesson_sets_two_values_against_each_other_outside_a_contrast(lesson: object) -> None:
    assert loose_pairs(lesson.body) == []  # type: ignore[attr-defined]


def test_a_contrast_reads_its_second_text_where_the_values_coincide() -> None:
    lessons = {lesson.id: lesson for lesson in load_curriculum().lessons}
    femhundra, dansk = PRESETS["femhundra"], PRESETS["dansk"]
    swedish = get_variant("femhundra", {"ace_high_value": 25, "ace_low_value": 5, "cards_dealt": 6})

    def said(lesson: str, variant: Variant) -> str:
        return " ".join(lessons[lesson].text(variant).split())

    assert "In femhundra an ace is worth 15 wherever it lies" in said("the-ace", femhundra)
    assert "in Danish 500 the low ace of A-2-3 is worth 1; a high ace, an ace in a set or an ace in hand is worth 15." in said("the-ace", dansk)
    assert "the low ace of A-2-3 is worth 5; a high ace, an ace in a set or an ace in hand is worth 25." in said("the-ace", swedish)
    assert "Everyone gets 7 cards, however many you are." in said("setting-up", femhundra)
    assert "Two players get 13 cards each; three or more players get 7 each." in said("setting-up", dansk)
    assert "Two players get 7 cards each; three or more players get 6 each." in said("setting-up", swedish)


def test_the_checks_catch_what_they_are_for() -> None:
    """Each check fails on the mistake it is there for, so that a passing text test means something."""
    bad = {
        "In femhundra the low ace is worth {ace_low_value}": "placeholder",
        "Rule: wrong_phase": "rule codes",
        "Your last move: meld QS QH 9C": "notation",
        "The engine allows this move.": "engine",
        "Bertil · 1 cards": "plural",
        "K-A-2 goes round the corner: never. The ace is high, so K-A-2 goes round the corner.": "twice",
    }
    for words, what in bad.items():
        assert problems(Text("test", "femhundra", words)), what
    assert said_twice("A set holds at most four cards, and a run any number.") is None


def test_a_contrast_is_checked_when_the_lesson_loads() -> None:
    loose = "---\nid: x\ntitle: X\norder: 1\nscenarios: [s]\n---\nThe low ace {ace_low_value}, a high ace {ace_high_value}."
    with pytest.raises(RecordError, match="outside a contrast"):
        parse_lesson(loose, "x.md")
    unclosed = "---\nid: x\ntitle: X\norder: 1\nscenarios: [s]\n---\n{contrast:ace_low_value,ace_high_value|a|b"
    with pytest.raises(RecordError, match="body: a contrast is not closed"):
        parse_lesson(unclosed, "x.md")
    with pytest.raises(TemplateError, match="two texts"):
        fill("{contrast:a,b|only one}", {"a": 1, "b": 2})
    assert all(len(pair) == 2 for pair in CONTRASTED)
