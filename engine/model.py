"""The one base of the project's data models: frozen (a model never changes once read) and strict about
its fields (an unknown field is an error, so a typo in a file is named, not ignored).

>>> from pydantic import ValidationError
>>> class Point(StrictModel):
...     x: int
>>> try:
...     Point(x=1, y=2)
... except ValidationError as error:
...     print(error.errors()[0]["type"])
extra_forbidden
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """A frozen pydantic model that forbids unknown fields; subclasses may add to its ``model_config``."""

    model_config = ConfigDict(frozen=True, extra="forbid")
