"""How a learner reads the app's words: their language and display preferences, as one small frozen value.

A :class:`Style` is passed the way a language is passed: every function that words a sentence or names a
card takes ``language: str | Style``. A caller that knows only a language gets that language's default
style (:func:`style_for`); the app builds the session's style with the learner's card letters and deck.

>>> style_for("nl").language, style_for("xx-YY").language, Style("nl", letters="nl").own_letters
('nl', 'en', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.i18n.languages import SOURCE_LANGUAGE, known
from tutor.i18n.letters import DECK_LETTERS, INTERNATIONAL

__all__ = ["Style", "style_for"]


@dataclass(frozen=True)
class Style:
    """A language (one of ours), the card letters (``international``, or a language of
    :data:`~tutor.i18n.letters.DECK_LETTERS`: the country's own, like the Dutch H, V, B) and whether the
    deck has four colours (♣ green, ♦ blue)."""

    language: str = SOURCE_LANGUAGE
    letters: str = INTERNATIONAL
    four_colour: bool = False

    @property
    def own_letters(self) -> bool:
        """Whether the court cards are printed with the language's own letters."""
        return self.letters == self.language and self.language in DECK_LETTERS

    def court_letters(self) -> dict[int, str]:
        """Rank → letter where this style's cards differ from ``A J Q K`` (empty for the international ones)."""
        return DECK_LETTERS[self.language] if self.own_letters else {}


def style_for(language: str | Style) -> Style:
    """``language``'s style as it is (a :class:`Style`), or the default style of a language code (a code
    we lack: English), with the international letters and two-colour deck."""
    if isinstance(language, Style):
        return language
    return Style(known(language) or SOURCE_LANGUAGE)
