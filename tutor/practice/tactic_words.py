"""A tactic of the lesson "Playing well" named in the lesson's own words, with the lesson's title: said after each
piece of the coach's advice or review that follows it (:mod:`tutor.course.tactics` holds which sentence follows
which tactic).

>>> from engine.variants import get_variant
>>> from tutor.course.tactics import tactic_of
>>> tactic_said(get_variant("500-rum"), tactic_of("discard_partners"))[0].startswith("That is the tactic")
True
"""

from __future__ import annotations

from engine.variants import Variant
from tutor.course.tactics import LESSON as TACTICS_LESSON
from tutor.course.tactics import Tactic, tactic_name
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.learn.curriculum import load_curriculum


def tactic_said(variant: Variant, tactic: Tactic, language: str | Style = "en") -> list[str]:
    """The sentence naming ``tactic`` and its lesson, in the words of the lesson "Playing well" at
    ``variant``'s table (none when the lesson names it in no list item)."""
    lesson = load_curriculum().lesson(TACTICS_LESSON)
    name = tactic_name(tactic, lesson.text(variant, language))
    return [t("guide.tactic_named", language, tactic=name, lesson=lesson.title_in(language))] if name else []
