"""Babel extraction methods: how ``pybabel extract`` finds every sentence to translate.

They are named in the mapping files beside the catalogues (``tutor/locales/babel-app.cfg``,
``babel-scenarios.cfg``); ``python -m tools.i18n update`` runs the extraction and updates every language.

- :func:`english` reads ``tutor/locales/en.yaml``: each key becomes a ``msgctxt``, its English the
  ``msgid``; a sentence with the plural helper (``{n:card/cards}``) becomes a plural entry.
- :func:`engine` reads the engine's sentences (:data:`engine.messages.MESSAGES`), keyed ``engine.<key>``.
- :func:`problems` reads why a record, a house rule or a name is refused (:data:`engine.problems.PROBLEMS`),
  keyed ``engine.problem.<key>``.
- :func:`scenarios` reads a scenario or situation file: every field marked as learner text
  (:class:`tutor.learn.text.LearnerText`) becomes a ``msgid``, its field named in a comment.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Annotated, Any, Union, get_args, get_origin

from pydantic import BaseModel

from engine.messages import MESSAGES
from engine.problems import PROBLEMS
from tutor.compare.situations import load_situation
from tutor.i18n.catalogue import (
    ENGINE_PREFIX,
    PROBLEM_PREFIX,
    english_forms,
    english_with_lines,
    plural_variable,
    variant_texts,
)
from tutor.learn.checker import load_scenario
from tutor.learn.text import LearnerText
from tutor.rules.reference import rulings as listed_rulings

#: What an extraction method yields to Babel: line, function name, message(s), comments.
Found = tuple[int, str, str | tuple[str, ...], list[str]]


def _keyed(key: str, text: str, line: int) -> Found:
    """One keyed entry: a plural when the English uses the plural helper."""
    counted = plural_variable(text)
    if counted is None:
        return line, "pgettext", (key, text), []
    singular, plural = english_forms(text)
    return line, "npgettext", (key, singular, plural), [f"plural: by the count {{{counted}}}"]


def english(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[Found]:
    """The app's English strings (``en.yaml``), keyed."""
    path = Path(getattr(fileobj, "name", ""))
    for key, (text, line) in english_with_lines(path).items():
        yield _keyed(key, text, line)


def engine(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[Found]:
    """The engine's sentences, keyed ``engine.<key>``, at the line that names each key."""
    lines = fileobj.read().decode("utf-8").splitlines()
    for key, text in MESSAGES.items():
        line = next((n for n, row in enumerate(lines, 1) if f'"{key}":' in row), 1)
        yield _keyed(ENGINE_PREFIX + key, text, line)


def problems(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[Found]:
    """Why a record, a house rule or a name is refused (:data:`engine.problems.PROBLEMS`), keyed
    ``engine.problem.<key>``: each continues the field it names ("seed: has a YAML tag …")."""
    lines = fileobj.read().decode("utf-8").splitlines()
    for key, text in PROBLEMS.items():
        line = next((n for n, row in enumerate(lines, 1) if f'"{key}":' in row), 1)
        line, function, message, comments = _keyed(PROBLEM_PREFIX + key, text, line)
        yield line, function, message, [*comments, "continues the name of a field: “FIELD: …”"]


def variants(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[Found]:
    """The engine's words about its variants (:func:`tutor.i18n.catalogue.variant_texts`)."""
    lines = fileobj.read().decode("utf-8").splitlines()
    for key, text in variant_texts().items():
        line = next((n for n, row in enumerate(lines, 1) if text[:30] in row), 1)
        yield _keyed(key, text, line)


def rulings(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[Found]:
    """Our rulings where the sources are silent (``tutor/data/rulings.yaml``), as the Rules page shows them."""
    path = Path(getattr(fileobj, "name", ""))
    lines = fileobj.read().decode("utf-8").splitlines()
    for item in listed_rulings(path):
        line = next((n for n, row in enumerate(lines, 1) if item[:30] in row), 1)
        yield line, "gettext", item, ["a ruling on the Rules page"]


def _marked(annotation: object) -> bool:
    """Whether an annotation is learner text (or an optional one)."""
    if get_origin(annotation) is Annotated:
        return any(isinstance(m, LearnerText) for m in getattr(annotation, "__metadata__", ()))
    if get_origin(annotation) in (Union, types.UnionType):
        return any(_marked(arg) for arg in get_args(annotation))
    return False


def learner_texts(value: object, annotation: object = Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every learner text in a loaded model, as (field path, English)."""
    if value is None:
        return
    if isinstance(value, BaseModel):
        for name, field in type(value).model_fields.items():
            marked = any(isinstance(m, LearnerText) for m in field.metadata)
            inner = typing.cast(Any, Annotated)[field.annotation, *field.metadata] if marked else field.annotation
            yield from learner_texts(getattr(value, name), inner, f"{path}.{name}" if path else name)
        return
    if _marked(annotation):
        if isinstance(value, str):
            yield path, value
        elif isinstance(value, dict) and isinstance(value.get("en"), str):
            yield path, value["en"]
        return
    args = [a for a in get_args(annotation) if a is not type(None)]
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from learner_texts(item, args[0] if len(args) == 1 else Any, f"{path}[{index}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from learner_texts(item, args[1] if len(args) == 2 else Any, f"{path}.{key}")


def scenarios(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[Found]:
    """The learner texts of one scenario or situation file."""
    path = Path(getattr(fileobj, "name", ""))
    lines = fileobj.read().decode("utf-8").splitlines()
    model = load_situation(path) if path.parent.name == "situations" else load_scenario(path)
    for field, text in learner_texts(model):
        probe = text[:24]
        line = next((n for n, row in enumerate(lines, 1) if probe in row), 1)
        yield line, "gettext", text, [f"{model.id}: {field}"]
