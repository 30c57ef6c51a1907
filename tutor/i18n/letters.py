"""The letters printed on the cards: ``A 2 … 10 J Q K``, or a country's own (the Dutch ``H V B`` for
king, queen, jack) when the learner chose them.

The choice is a display preference of the current run, held in :data:`LETTERS` (a context variable, so
each Streamlit session's thread sees its own), not a rule: the engine and the record keep ``J Q K``.

>>> rank_text(12, "nl")
'Q'
>>> token = LETTERS.set("nl")
>>> rank_text(12, "nl"), rank_text(13, "nl"), rank_text(11, "nl"), rank_text(10, "nl"), rank_text(12, "en")
('V', 'H', 'B', '10', 'Q')
>>> LETTERS.reset(token)
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Final

from engine.cards import RANKS

#: A country's own letters, by language: rank → letter, where they differ from ``A J Q K``.
DECK_LETTERS: Final[dict[str, dict[int, str]]] = {
    "nl": {11: "B", 12: "V", 13: "H"},
}
#: The letters in use: ``international``, or a language of :data:`DECK_LETTERS`.
LETTERS: ContextVar[str] = ContextVar("card_letters", default="international")
INTERNATIONAL: Final = "international"


def rank_text(rank: int, language: str = "en") -> str:
    """A rank as its card prints it: the chosen country's letter when the page is in that language."""
    own = DECK_LETTERS.get(language, {}) if LETTERS.get() == language else {}
    return own.get(rank) or RANKS[rank - 1]
