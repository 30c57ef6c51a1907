"""The curriculum: ordered lessons (``lessons/*.md``), each a short Markdown text and its scenarios.

A lesson file opens with YAML front matter::

    ---
    id: taking-the-pile
    title: Taking from the discard pile
    order: 5
    variants: all            # or a list of preset ids the lesson holds for
    scenarios: [femhundra-take-whole-pile, dansk-dig]
    ---
    The text, in Markdown. {variant_name} and other fields of :func:`variant_fields` are filled in.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import RecordError
from engine.safe_yaml import read_text, safe_load
from engine.variants import PRESETS, Variant
from tutor.checkout import data_files
from tutor.scenario import Scenario, load_scenario

ROOT = Path(__file__).resolve().parent.parent
LESSONS_DIR = ROOT / "lessons"
SCENARIOS_DIR = ROOT / "scenarios"


class Lesson(BaseModel):
    """One lesson: its place in the curriculum, the variants it holds for, its text and scenarios."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    order: int
    variants: Literal["all"] | list[str] = "all"
    scenarios: list[str] = Field(min_length=1)
    body: str = ""

    def holds_for(self, variant_id: str) -> bool:
        """Whether the lesson applies to the preset ``variant_id``."""
        return self.variants == "all" or variant_id in self.variants

    def text(self, variant: Variant) -> str:
        """The lesson's Markdown with the variant's fields filled in."""
        return self.body.format_map(_Fields(variant_fields(variant)))


class _Fields(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def variant_fields(variant: Variant) -> dict[str, Any]:
    """Fields a lesson text may use: ``{variant_name}``, ``{target}``, ``{ace_high_value}``, ``{ace_low_value}``, ``{target_rule}``, …

    >>> from engine.variants import get_variant
    >>> variant_fields(get_variant("femhundra"))["target_rule"], variant_fields(get_variant("dansk"))["target_rule"]
    ('more than 500', '500 or more')
    """
    return {
        "variant_name": variant.name,
        "variant_id": variant.id,
        "target": variant.target,
        "ace_high_value": variant.ace_high_value,
        "ace_low_value": variant.ace_low_value,
        "joker_value": variant.joker_value,
        "cards_dealt": variant.cards_dealt,
        "cards_dealt_two_players": variant.cards_dealt_two_players,
        "scale": f"5/10/{variant.ace_high_value} (Nordic)" if variant.scale == "nordic" else "face value (500 Rum)",
        "target_rule": f"more than {variant.target}" if variant.target_compare == "above" else f"{variant.target} or more",
        "pile_rule": _PILE_RULES[variant.pile_take],
        "duty_rule": _duty_rule(variant),
        "discard_rule": _DISCARD_RULES[variant.discard_restriction],
        "empty_stock_rule": _empty_stock_rule(variant),
        "jokers_rule": (
            f"two jokers per deck are in play, wild, worth {variant.joker_value}"
            if variant.jokers
            else "jokers are not used (a house rule may add them)"
        ),
    }


_PILE_RULES: dict[str, str] = {
    "whole_pile": "take the whole discard pile, never just part of it",
    "any_depth": "take any card of the discard pile together with every card above it",
    "top_only": "take only the top card of the discard pile",
}

_DISCARD_RULES: dict[str, str] = {
    "none": "you may discard any card",
    "drawn_this_turn": "you may not discard a card you drew or took this turn",
    "taken_from_pile": "you may not discard a card you took from the pile this turn, unless it is the only card in your hand",
}


def _duty_rule(variant: Variant) -> str:
    """What a take from the pile obliges, in words."""
    if variant.duty == "new_meld_any_taken":
        return "you must at once lay a new meld that holds a card from the pile (a lay-off does not count)"
    how = "in a meld or a lay-off" if variant.duty_paid_by_layoff else "in a meld"
    if variant.duty_on_top_card:
        return f"the deepest card you take, even the top card alone, must be used at once, {how}"
    return f"the deepest card you take must be used at once, {how}; the top card alone carries no duty"


def _empty_stock_rule(variant: Variant) -> str:
    """What an empty stock does, in words."""
    if variant.empty_stock == "round_over":
        return "the round ends"
    if variant.empty_stock == "reshuffle":
        return (
            "the pile, all but its top card, is shuffled into a new stock, at most "
            f"{variant.reshuffle_limit} times a round; the next time, the round ends"
        )
    return "the player to move takes from the pile or stops, and stopping ends the round"


def parse_lesson(text: str, source: str) -> Lesson:
    """Parse a lesson file's text; ``RecordError`` names the file and the field."""
    if not text.startswith("---"):
        raise RecordError(source, "front matter", "a lesson starts with YAML front matter between --- lines")
    try:
        _, front, body = text.split("---", 2)
    except ValueError:
        raise RecordError(source, "front matter", "is not YAML between --- lines") from None
    try:
        data = safe_load(front, source)
    except RecordError as error:
        raise RecordError(source, f"front matter: {error.field}", error.problem) from None
    if not isinstance(data, dict):
        raise RecordError(source, "front matter", "is not a mapping of fields")
    try:
        lesson = Lesson.model_validate({**data, "body": body.strip()})
    except ValidationError as error:
        first = error.errors()[0]
        raise RecordError(source, ".".join(str(p) for p in first["loc"]) or "lesson", first["msg"]) from None
    if lesson.variants != "all":
        unknown = [v for v in lesson.variants if v not in PRESETS]
        if unknown:
            raise RecordError(source, "variants", f"unknown variants {unknown}")
    return lesson


@cache
def load_curriculum(lessons_dir: Path = LESSONS_DIR, scenarios_dir: Path = SCENARIOS_DIR) -> Curriculum:
    """Every lesson in order and every scenario they name, checked; ``RecordError`` on the first bad file."""
    scenarios = {}
    for path in data_files(scenarios_dir, "*.yaml"):
        scenario = load_scenario(path)
        if scenario.id in scenarios:
            raise RecordError(str(path), "id", f"“{scenario.id}” is used by another scenario")
        scenarios[scenario.id] = scenario
    lessons: list[Lesson] = []
    for path in data_files(lessons_dir, "*.md"):
        lesson = parse_lesson(read_text(path), str(path))
        missing = [s for s in lesson.scenarios if s not in scenarios]
        if missing:
            raise RecordError(str(path), "scenarios", f"no scenario files for {missing}")
        if any(other.id == lesson.id for other in lessons):
            raise RecordError(str(path), "id", f"“{lesson.id}” is used by another lesson")
        lessons.append(lesson)
    lessons.sort(key=lambda lesson: lesson.order)
    return Curriculum(tuple(lessons), scenarios)


class Curriculum:
    """The ordered lessons and the scenarios by id."""

    def __init__(self, lessons: tuple[Lesson, ...], scenarios: dict[str, Scenario]) -> None:
        self.lessons = lessons
        self.scenarios = scenarios

    def lesson(self, lesson_id: str) -> Lesson:
        """The lesson with this id; ``KeyError`` if there is none."""
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        raise KeyError(lesson_id)

    def for_variant(self, variant_id: str) -> list[Lesson]:
        """The lessons that hold for a preset, in order."""
        return [lesson for lesson in self.lessons if lesson.holds_for(variant_id)]
