"""The card vocabulary: the one module that writes a card as text, for a :class:`~tutor.i18n.style.Style`.

Every sentence, log line, chart label, widget option, screen-reader label and refusal names its cards here
(the engine's own English sentences aside: :mod:`engine.wording`):

- :func:`rank`: a rank alone, as the learner's cards print it (``Q``, ``V`` with the Dutch letters);
- :func:`face`: a card as it is printed, ``Q♥``, a joker by its catalogue word (``Joker``, ``joker as 7♥``);
- :func:`listed`: cards (or names) in a sentence: spaced, or with "and"/"the"/"or" in the language's
  list pattern (``8♠, 9♠ och 10♠``); :func:`faces` is the spaced list (``8♠ 9♠ 10♠``);
- :func:`spoken`: a card in words, for screen readers and tooltips (``queen of hearts``);
- :func:`colour` and :func:`option_label`: a card's ink, and its label in a pick widget (``:red[Q♥]``);
- :func:`relabel`: the card faces and rank runs a text writes literally (lessons, tasks, the catalogue:
  ``Q♠``, ``Q-K-A``) in the style's letters.

The notation (``QH``, ``JK=7S``) is ``str(card)``: it is what a record or a typed move says, never what a
sentence says. ``language`` is a language code (its default style) or a :class:`~tutor.i18n.style.Style`.

>>> from engine.cards import Card, parse_cards
>>> from tutor.i18n.style import Style
>>> face(Card.parse("QH")), faces(parse_cards("8S 9S 10S")), spoken(Card.parse("QH"))
('Q♥', '8♠ 9♠ 10♠', 'queen of hearts')
>>> dutch = Style("nl", letters="nl")
>>> face(Card.parse("QH"), dutch), relabel("Kies de Q♠ en K♥ (Q-K-A), niet de 10♣.", dutch)
('V♥', 'Kies de V♠ en H♥ (V-H-A), niet de 10♣.')
>>> listed(parse_cards("KD 9S"), "the"), listed(parse_cards("8S 9S 10S"), "and", "sv")
('K♦ and the 9♠', '8♠, 9♠ och 10♠')
>>> option_label(Card.parse("QH")), option_label(Card.parse("KC"), Style(four_colour=True)), option_label(Card.parse("QS"))
(':red[Q♥]', ':green[K♣]', 'Q♠')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from babel.lists import format_list

from engine import wording
from engine.cards import RANKS
from tutor.i18n.catalogue import entry
from tutor.i18n.style import Style, style_for

if TYPE_CHECKING:
    from engine.cards import Card

__all__ = [
    "BABEL_LOCALE",
    "colour",
    "face",
    "faces",
    "international_letters_in",
    "listed",
    "option_label",
    "rank",
    "relabel",
    "spoken",
]

#: Babel's locale for each language's lists and numbers (English as in Britain: "8♠, 9♠ and 10♠").
BABEL_LOCALE: Final = {"en": "en_GB"}
#: The international letters of the court cards, by rank.
_COURTS: Final = {"J": 11, "Q": 12, "K": 13}
#: A card face in a sentence (``Q♠``, ``10♥``) or a run of ranks (``Q-K-A``, ``A-2-3``).
_FACE: Final = re.compile(r"(?<![\w])([JQK])(?=[♠♥♦♣])")
_RUN: Final = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])(?:-(?:10|[2-9AJQK]))+(?![\w-])")


def _word(key: str, style: Style, values: Mapping[str, object] | None = None) -> str:
    """A catalogue word of the vocabulary (its values are text), in the style's language."""
    found = entry(key, style.language)
    if found is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    return wording.fill(found, values) if values else found


def rank(number: int, language: str | Style = "en") -> str:
    """A rank as the learner's cards print it: ``Q``, or ``V`` with the Dutch letters."""
    return style_for(language).court_letters().get(number) or RANKS[number - 1]


def face(card: Card, language: str | Style = "en") -> str:
    """A card in a sentence or on the table: ``Q♥``; a joker by its catalogue word, ``joker as 7♥``."""
    style = style_for(language)
    if card.is_joker and not card.declared:
        return _word("cards.joker_face", style)
    natural = f"{rank(card.rank, style)}{card.suit_symbol}"
    return _word("cards.joker_as_face", style, {"face": natural}) if card.declared else natural


def listed(values: Sequence[object], how: str = "", language: str | Style = "en") -> str:
    """Cards (each by its :func:`face`) or words in a sentence: ``how`` ``""`` spaces them (``8♠ 9♠ 10♠``);
    ``and``, ``the`` and ``or`` use the language's list pattern (``8♠, 9♠ and 10♠``); English says cards
    with "the" between them (``K♦ and the 9♠``, ``7♥ or the 8♥``)."""
    style = style_for(language)
    words = [face(v, style) if wording.is_card(v) else str(v) for v in values]  # type: ignore[arg-type]
    if not how:
        return " ".join(words)
    if how in ("the", "or") and style.language == "en" and all(wording.is_card(v) for v in values):
        return f" {'and' if how == 'the' else 'or'} the ".join(words)
    if how in ("and", "the", "or"):
        locale = BABEL_LOCALE.get(style.language, style.language)
        return str(format_list(words, style="or" if how == "or" else "standard", locale=locale))
    raise ValueError(f"unknown way to list values: {how!r}")


def faces(cards: Iterable[Card], language: str | Style = "en") -> str:
    """Cards in a sentence, spaced: ``8♠ 9♠ 10♠``."""
    return listed(tuple(cards), "", language)


def spoken(card: Card, language: str | Style = "en") -> str:
    """A card in words, for screen readers and tooltips: ``queen of hearts``, ``joker as 7 of spades``."""
    style = style_for(language)
    if card.is_joker and not card.declared:
        return _word("table.card.joker", style)
    words = {"rank": _word(f"table.rank.r{card.rank}", style), "suit": _word(f"table.suit.s{card.suit}", style)}
    natural = _word("table.card.name", style, words)
    return _word("table.card.joker_as", style, {"card": natural}) if card.declared else natural


def colour(card: Card, four_colour: bool = False) -> str:
    """The ink of a card: ``red``, ``black``, ``blue`` (♦) and ``green`` (♣) with four colours, ``joker``.

    >>> from engine.cards import Card
    >>> [colour(Card.parse(c), True) for c in ("AS", "AH", "AD", "AC", "JK")]
    ['black', 'red', 'blue', 'green', 'joker']
    """
    if card.is_joker and not card.declared:
        return "joker"
    if four_colour and card.suit == 2:
        return "blue"
    if four_colour and card.suit == 3:
        return "green"
    return "red" if card.is_red else "black"


def option_label(card: Card, language: str | Style = "en") -> str:
    """A card's label in a pick widget: its :func:`face` as Markdown in its ink, ``:red[Q♥]``; black stays plain."""
    style = style_for(language)
    tint = colour(card, style.four_colour)
    shown = face(card, style)
    if tint == "black":
        return shown
    return f":{'violet' if tint == 'joker' else tint}[{shown}]"


def relabel(text: str, language: str | Style = "en") -> str:
    """``text`` with the card faces and rank runs it writes (``Q♠``, ``Q-K-A``) in the style's letters;
    unchanged with the international ones."""
    own = style_for(language).court_letters()
    if not own:
        return text

    def letter(match: re.Match[str]) -> str:
        return own.get(_COURTS[match.group(1)], match.group(1))

    def run(match: re.Match[str]) -> str:
        return "-".join(own.get(_COURTS.get(part, 0), part) for part in match.group(0).split("-"))

    return _RUN.sub(run, _FACE.sub(letter, text))


def international_letters_in(text: str) -> list[str]:
    """The court cards of ``text`` written with the international letters (``Q♠``, ``Q-K``): what a test
    looks for in a sentence that should show a country's own letters."""
    found = [m.group(0) + text[m.end()] for m in _FACE.finditer(text)]
    return found + [m.group(0) for m in _RUN.finditer(text) if any(p in _COURTS for p in m.group(0).split("-"))]
