"""Text a learner reads in a data file (a task, a situation): English, or its languages side by side; and the
text in the learner's language (from the file, else the ``scenarios`` catalogue, else English)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from tutor.i18n.style import Style
from tutor.i18n.translate import text as translated_text


class LearnerText:
    """The mark of a field a learner reads: its English goes into the ``scenarios`` catalogue."""


#: Text a learner reads: English, or a mapping from language code to text (English required).
Text = Annotated[str | dict[str, str], LearnerText()]


def localize(text: Text, language: str | Style = "en", cards: Callable[[str], str] | None = None) -> str:
    """``text`` in ``language``: from the file when it has it, else from the ``scenarios`` catalogue, else
    English.

    ``cards`` changes its card fields first (a task played on other suits, :mod:`tutor.learn.suits`).

    >>> localize({"en": "Take the pile", "sv": "Ta högen"}, "sv"), localize("Take the pile", "sv")
    ('Ta högen', 'Take the pile')
    """
    if isinstance(text, str):
        return translated_text(text, language, cards)
    code = language.language if isinstance(language, Style) else language
    found = text.get(code) or text.get(code.split("-")[0])
    return (found if cards is None else cards(found)) if found else translated_text(text["en"], language, cards)
