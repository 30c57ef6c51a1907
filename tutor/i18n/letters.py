"""The letters printed on the cards: ``A 2 … 10 J Q K``, or a country's own (the Dutch ``H V B`` for
king, queen, jack) when the learner uses them.

The choice is a display preference, not a rule: the engine and the record keep ``J Q K``. It is part of
a :class:`~tutor.i18n.style.Style`, which the caller passes wherever it passes a language (the app builds
the session's with ``ui.shared.session.style``); a language code alone means the international letters. Cards are
named with the letters by :mod:`tutor.i18n.card_names`.
"""

from __future__ import annotations

from typing import Final

#: A country's own letters, by language: rank → letter, where they differ from ``A J Q K``.
DECK_LETTERS: Final[dict[str, dict[int, str]]] = {
    "nl": {11: "B", 12: "V", 13: "H"},
}
INTERNATIONAL: Final = "international"
