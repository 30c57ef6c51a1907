"""Reading an authored data file (a task, a situation): its YAML mapping, hardened, and the mapping checked as a
model, with a problem named by its field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from engine.errors import RecordError
from engine.records.safe_yaml import read_text, safe_load


def read_mapping(path: str | Path, fields: str) -> dict[str, Any]:
    """The YAML mapping in a record file; ``RecordError`` if it cannot be read, is not YAML or not a mapping
    (``fields`` names a few of the fields expected, for that message)."""
    source = str(path)
    data = safe_load(read_text(path, source), source)  # at most 1 MB, no tags or aliases, bounded depth
    if not isinstance(data, dict):
        raise RecordError(source, "file", f"is not a mapping of fields ({fields})")
    return data


_Model = TypeVar("_Model", bound=BaseModel)


def validated(
    model: type[_Model], data: dict[str, Any], source: str, field_name: Callable[[tuple[int | str, ...]], str]
) -> _Model:
    """``data`` checked as a ``model``; the first problem as a ``RecordError`` naming the field (``field_name``)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise RecordError(source, field_name(first["loc"]), first["msg"].removeprefix("Value error, ")) from None

