"""The card vocabulary: the one module that writes a card as text, for a :class:`~tutor.i18n.style.Style`.

Every sentence, log line, chart label, widget option, screen-reader label and refusal names its cards here
(the engine's own English sentences aside: :mod:`engine.wording`):

- :func:`rank`: a rank alone, as the learner's cards print it (``Q``, ``V`` with the Dutch letters);
- :func:`face`: a card as it is printed, ``Q♥``, a joker by its catalogue word (``Joker``, ``joker as 7♥``);
- :func:`listed`: cards (or names) in a sentence: spaced, or with "and"/"the"/"or" in the language's
  list pattern (``8♠, 9♠ och 10♠``); :func:`faces` is the spaced list (``8♠ 9♠ 10♠``);
- :func:`spoken`: a card in words, for screen readers and tooltips (``queen of hearts``);
- :func:`colour` and :func:`option_label`: a card's ink, and its label in a pick widget (``:red[Q♥]``);
- :func:`fill_cards`: the cards a text names (lessons, tasks, situations, the catalogue), each written as a
  placeholder, :data:`CARD_PLACEHOLDER`: ``{card:QS}`` a face, ``{rank:Q}`` a rank alone, ``{ranks:Q-K-A}``
  a run of ranks; ``:words`` after the cards says them in the language's words (``{ranks:Q-K-A:words}``,
  ``dam-kung-ess``), ``:Words`` with a capital. A text never writes ``Q♠`` itself: the placeholder is said
  in the learner's letters (``V♠``, ``V-H-A``).

The notation (``QH``, ``JK=7S``) is ``str(card)``: it is what a record or a typed move says, never what a
sentence says. ``language`` is a language code (its default style) or a :class:`~tutor.i18n.style.Style`.

>>> from engine.cards import Card, parse_cards
>>> from tutor.i18n.style import Style
>>> face(Card.parse("QH")), faces(parse_cards("8S 9S 10S")), spoken(Card.parse("QH"))
('Q♥', '8♠ 9♠ 10♠', 'queen of hearts')
>>> dutch = Style("nl", letters="nl")
>>> face(Card.parse("QH"), dutch), fill_cards("Kies de {card:QS} en {card:KH} ({ranks:Q-K-A}), niet de {card:10C}.", dutch)
('V♥', 'Kies de V♠ en H♥ (V-H-A), niet de 10♣.')
>>> fill_cards("{ranks:K-A-2:Words} is geen reeks, {ranks:Q-K-A:words} wel.", dutch)
'Heer-aas-2 is geen reeks, vrouw-heer-aas wel.'
>>> listed(parse_cards("KD 9S"), "the"), listed(parse_cards("8S 9S 10S"), "and", "sv")
('K♦ and the 9♠', '8♠, 9♠ och 10♠')
>>> option_label(Card.parse("QH")), option_label(Card.parse("KC"), Style(four_colour=True)), option_label(Card.parse("QS"))
(':red[Q♥]', ':green[K♣]', 'Q♠')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from babel.lists import format_list

from engine import wording
from engine.cards import RANKS, Card
from tutor.i18n.catalogue import entry
from tutor.i18n.letters import DECK_LETTERS
from tutor.i18n.style import Style, style_for

__all__ = [
    "BABEL_LOCALE",
    "CARD_PLACEHOLDER",
    "card_placeholders",
    "colour",
    "face",
    "faces",
    "fill_cards",
    "international_letters_in",
    "listed",
    "option_label",
    "rank",
    "spoken",
    "unread_cards",
    "written_cards",
]

#: Babel's locale for each language's lists and numbers (English as in Britain: "8♠, 9♠ and 10♠").
BABEL_LOCALE: Final = {"en": "en_GB"}
#: A rank in the notation (``10``, ``Q``), and a card (``QS``, ``JK``, ``JK=7H``).
_RANK: Final = r"(?:10|[2-9AJQK])"
_CARD: Final = rf"(?:{_RANK}[SHDC]|JK(?:={_RANK}[SHDC])?)"
#: A card a text names: ``{card:QS}`` (a face), ``{rank:Q}`` (a rank alone) or ``{ranks:Q-K-A}`` (a run of
#: ranks), in the notation; ``:words`` (``:Words``, with a capital) says it in the language's words.
CARD_PLACEHOLDER: Final = re.compile(
    rf"\{{(?:card:(?P<card>{_CARD})|rank:(?P<rank>{_RANK})|ranks:(?P<ranks>{_RANK}(?:-{_RANK})+))(?::(?P<words>[wW]ords))?\}}"
)
#: A placeholder that may be meant for a card (``{card:QX}``), not a value's spec (``{card:the}``).
_UNREAD: Final = re.compile(r"\{(?:card|rank|ranks):(?![a-z/.])[^{}]*\}")
#: A card written out in a sentence rather than as a placeholder, in any deck's letters: a face (``Q♠``,
#: ``10♥``, ``V♠``) or a run of ranks (``Q-K-A``, ``A-2-3``, ``V-H-A``).
_PRINTED: Final = "".join(sorted({"A", "J", "Q", "K"} | {letter for own in DECK_LETTERS.values() for letter in own.values()}))
_FACE: Final = re.compile(rf"(?<![\w])(?:10|[2-9{_PRINTED}])[♠♥♦♣]")
_RUN: Final = re.compile(rf"(?<![\w-])(?:10|[2-9{_PRINTED}])(?:-(?:10|[2-9{_PRINTED}]))+(?![\w-])")
#: The international letters of the court cards.
_COURTS: Final = frozenset("JQK")


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


def fill_cards(text: str, language: str | Style = "en") -> str:
    """``text`` with the cards it names (:data:`CARD_PLACEHOLDER`) said in the style: ``{card:QS}`` as its
    :func:`face` (``V♠`` with the Dutch letters), ``{rank:Q}`` as its :func:`rank`, ``{ranks:Q-K-A}`` as the
    ranks joined by ``-`` (``V-H-A``); with ``:words``, the card as :func:`spoken` says it and the ranks in the
    language's words (``dam-kung-ess``), ``:Words`` with a capital. Its other placeholders, and a card
    placeholder that names no card (:func:`unread_cards`), are left as they are."""
    style = style_for(language)
    return CARD_PLACEHOLDER.sub(lambda match: _said(match, style), text)


def unread_cards(text: str) -> list[str]:
    """The card placeholders of ``text`` that name no card (``{card:QX}``, ``{ranks:Q-K-B}``): an author's slip.

    >>> unread_cards("{card:QX}, {ranks:Q-K-A}, {card:the}")
    ['{card:QX}']
    """
    return [found for found in _UNREAD.findall(text) if not CARD_PLACEHOLDER.fullmatch(found)]


def _said(match: re.Match[str], style: Style) -> str:
    """One card placeholder in the style's letters or words."""
    words = match.group("words")
    if match.group("card"):
        card = Card.parse(match.group("card"))
        said = spoken(card, style) if words else face(card, style)
    else:
        numbers = [RANKS.index(part) + 1 for part in (match.group("rank") or match.group("ranks")).split("-")]
        said = "-".join(_word(f"table.rank.r{n}", style) if words else rank(n, style) for n in numbers)
    return said[:1].upper() + said[1:] if words == "Words" else said


def card_placeholders(text: str) -> list[str]:
    """The cards ``text`` names with placeholders, as they are written without ``:words`` (``card:QS``,
    ``ranks:Q-K-A``), in order: what a translation keeps of its English.

    >>> card_placeholders("{card:QS} and {ranks:Q-K-A:words}, the {card}")
    ['card:QS', 'ranks:Q-K-A']
    """
    return [match.group(0)[1:-1].removesuffix(":words").removesuffix(":Words") for match in CARD_PLACEHOLDER.finditer(text)]


def written_cards(text: str) -> list[str]:
    """The cards ``text`` writes out rather than as placeholders: faces (``Q♠``, ``10♥``) and runs of ranks
    (``Q-K-A``); a text of a lesson, a task or the catalogue writes none.

    >>> written_cards("Lay the Q♠ (Q-K-A), not the {card:10H} ({ranks:A-2-3}), 2–9 or 10.")
    ['Q♠', 'Q-K-A']
    """
    text = CARD_PLACEHOLDER.sub(" ", text)
    return [m.group(0) for m in _FACE.finditer(text)] + [m.group(0) for m in _RUN.finditer(text)]


def international_letters_in(text: str) -> list[str]:
    """The court cards of ``text`` written with the international letters (``Q♠``, ``Q-K``): what a test
    looks for in a sentence that should show a country's own letters."""
    return [card for card in written_cards(text) if any(part.rstrip("♠♥♦♣") in _COURTS for part in card.split("-"))]
