"""The curriculum: ordered lessons (``lessons/en/*.md``), each a short Markdown text and its scenarios, and
each lesson's translations (``lessons/<language>/`` with the same file name).

An English lesson file opens with YAML front matter::

    ---
    id: taking-the-pile
    title: Taking from the discard pile
    order: 5
    scenarios: [femhundra-take-whole-pile, dansk-dig]   # its tasks; each says which tables it holds for
    other_table: dig-choice   # optional: a task at another table, a contrast
    chart: shown             # the hand's minus points: on_request (default), shown, or scales (both side by side)
    ---
    The text, in Markdown. {variant_name} and the other fields of :mod:`tutor.learn.fields` are filled in.

A translation holds only what a reader reads; the rest comes from the English::

    ---
    id: taking-the-pile
    title: Ta från kasthögen
    translated_from: 3f2a9c01b7e4   # the English file it was made from (tutor.i18n.status.source_hash)
    ---
    Texten, med samma fält: {variant_name} …

A language without a lesson's translation reads it in English.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import Field, ValidationError

from engine.errors import RecordError
from engine.model import StrictModel
from engine.records.safe_yaml import read_text, safe_load
from engine.variants import PRESETS, Variant
from tutor import resources
from tutor.i18n.strings import pick_language
from tutor.i18n.style import Style
from tutor.learn.checker import load_scenario
from tutor.learn.fields import FieldError, fill_task
from tutor.learn.scenario import Scenario
from tutor.learn.wording import TemplateError, check, loose_pairs
from tutor.resources import data_files

M = TypeVar("M", bound=StrictModel)

LESSONS_DIR = resources.LESSONS
#: The language every lesson is written in first; its folder decides which lessons there are.
SOURCE_FOLDER = "en"
SCENARIOS_DIR = resources.SCENARIOS


class LessonText(StrictModel):
    """A lesson as one language reads it: its title and its Markdown."""

    title: str
    body: str


class Translation(StrictModel):
    """The front matter of a translated lesson file."""

    id: str
    title: str = Field(min_length=1)
    translated_from: str = Field(pattern=r"^[0-9a-f]{12}$")


class Lesson(StrictModel):
    """One lesson: its place in the curriculum, the variants it holds for, its text and scenarios."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    order: int
    scenarios: list[str] = Field(min_length=1, description="Its tasks: each says which tables it holds for.")
    other_table: str | None = Field(
        None, description="An optional task at another table (a contrast), offered after the lesson's own tasks."
    )
    chart: Literal["on_request", "shown", "scales"] = Field(
        "on_request",
        description="The minus-points picture of the hand: shown on request, shown at once (a scoring lesson), "
        "or shown at once under Nordic and face values side by side (a lesson that compares the scales).",
    )
    body: str = ""
    translations: dict[str, LessonText] = Field(default_factory=dict, description="By language code.")

    def title_in(self, language: str | Style = "en") -> str:
        """The lesson's title in ``language`` (English when it has no translation)."""
        found = self.translations.get(pick_language(language))
        return found.title if found else self.title

    def text(self, variant: Variant, language: str | Style = "en") -> str:
        """The lesson's Markdown in ``language`` (English when it has no translation), with the variant's
        fields filled in and its contrasts decided (:mod:`tutor.learn.wording`)."""
        found = self.translations.get(pick_language(language))
        return fill_task(found.body if found else self.body, variant, language)


def _split(text: str, source: str) -> tuple[dict[str, Any], str]:
    """A lesson file's front matter and body; ``RecordError`` names the file and the field."""
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
    return data, body.strip()


def _validated(model: type[M], data: dict[str, Any], source: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise RecordError(source, ".".join(str(p) for p in first["loc"]) or "lesson", first["msg"]) from None


def _check_body(body: str, source: str) -> None:
    try:
        check(body)
        for variant in PRESETS.values():
            fill_task(body, variant)
    except (TemplateError, FieldError) as error:
        raise RecordError(source, "body", str(error)) from None
    loose = loose_pairs(body)
    if loose:
        one, other = loose[0]
        raise RecordError(source, "body", f"sets {{{one}}} against {{{other}}} outside a contrast (they may be equal)")


def parse_translation(text: str, source: str, lesson: Lesson) -> LessonText:
    """Parse a translated lesson file of ``lesson``; ``RecordError`` names the file and the field."""
    data, body = _split(text, source)
    translation = _validated(Translation, data, source)
    if translation.id != lesson.id:
        raise RecordError(source, "id", f"is “{translation.id}”, but the English file of this name is “{lesson.id}”")
    _check_body(body, source)
    return LessonText(title=translation.title, body=body)


def parse_lesson(text: str, source: str) -> Lesson:
    """Parse an English lesson file's text; ``RecordError`` names the file and the field."""
    data, body = _split(text, source)
    lesson = _validated(Lesson, {**data, "body": body}, source)
    _check_body(lesson.body, source)
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
    for path in data_files(lessons_dir / SOURCE_FOLDER, "*.md"):
        lesson = parse_lesson(read_text(path), str(path))
        translations = {}
        languages = (p for p in lessons_dir.iterdir() if p.is_dir() and p.name not in (SOURCE_FOLDER, "__pycache__"))
        for folder in sorted(languages):
            if (folder / path.name).exists():
                translations[folder.name] = parse_translation(read_text(folder / path.name), str(folder / path.name), lesson)
        lesson = lesson.model_copy(update={"translations": translations})
        missing = [s for s in (*lesson.scenarios, lesson.other_table) if s is not None and s not in scenarios]
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
