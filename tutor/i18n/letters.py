"""The letters printed on the cards: ``A 2 … 10 J Q K``, or a country's own (the Dutch ``H V B`` for
king, queen, jack) when the learner uses them.

The choice is a display preference, not a rule: the engine and the record keep ``J Q K``. It is read
through :func:`letters_in_use`: the value set in :data:`LETTERS` for this context (a test, a script), else
what the app's resolver says for the session asking (the app registers one with :func:`use_resolver`;
Streamlit runs each page run and its callbacks in a fresh thread, so a context variable set while drawing
the page is gone when a button's callback answers a move), else the international letters.

Cards are named with the letters by :mod:`tutor.i18n.card_names`, from a :class:`~tutor.i18n.style.Style`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Final

#: A country's own letters, by language: rank → letter, where they differ from ``A J Q K``.
DECK_LETTERS: Final[dict[str, dict[int, str]]] = {
    "nl": {11: "B", 12: "V", 13: "H"},
}
INTERNATIONAL: Final = "international"
#: The letters chosen for this context: ``international``, or a language of :data:`DECK_LETTERS`.
LETTERS: ContextVar[str] = ContextVar("card_letters")

_resolver: list[Callable[[], str]] = []


def use_resolver(resolver: Callable[[], str]) -> None:
    """Let ``resolver`` say which letters the session asking uses, where no context chose them."""
    _resolver[:] = [resolver]


def letters_in_use() -> str:
    """The letters in use: this context's choice, else the app's resolver's, else ``international``."""
    chosen = LETTERS.get(None)
    if chosen is not None:
        return chosen
    return _resolver[0]() if _resolver else INTERNATIONAL
