"""One way to name a card, for a language and the learner's card letters.

Every sentence, log line, chart label, screen-reader label and refusal names its cards here:

- :func:`face`: a card as it is printed, ``Q♥`` (``V♥`` on a Dutch page with the Dutch letters), a joker by
  its catalogue word (``Joker``, ``joker as 7♥``);
- :func:`faces`: several cards, spaced (``8♠ 9♠ 10♠``);
- :func:`spoken`: a card in words, for screen readers and tooltips (``queen of hearts``);
- :func:`rank`: a rank alone (``Q``, ``V``);
- :func:`relabel`: a sentence's own card faces and rank runs (``Q♠``, ``Q-K-A``) in the learner's letters,
  for the texts that write cards literally (lessons, tasks, the catalogue).

The notation (``QH``, ``JK=7S``) is ``str(card)``: it is what a record or a typed move says, never what a
sentence says. Lists with "and"/"or" are made by the catalogue's formatter (:mod:`tutor.i18n.translate`),
which names each card with :func:`face`.

>>> from engine.cards import Card, parse_cards
>>> face(Card.parse("QH")), faces(parse_cards("8S 9S 10S")), spoken(Card.parse("QH"))
('Q♥', '8♠ 9♠ 10♠', 'queen of hearts')
>>> from tutor.i18n.letters import LETTERS
>>> token = LETTERS.set("nl")
>>> face(Card.parse("QH"), "nl"), relabel("Kies de Q♠ en K♥ (Q-K-A), niet de 10♣.", "nl")
('V♥', 'Kies de V♠ en H♥ (V-H-A), niet de 10♣.')
>>> LETTERS.reset(token)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from tutor.i18n.languages import SOURCE_LANGUAGE
from tutor.i18n.letters import DECK_LETTERS, letters_in_use, rank_text

if TYPE_CHECKING:
    from engine.cards import Card

#: The international letters of the court cards, by rank.
_COURTS: Final = {"J": 11, "Q": 12, "K": 13}
#: A card face in a sentence (``Q♠``, ``10♥``) or a run of ranks (``Q-K-A``, ``A-2-3``).
_FACE: Final = re.compile(r"(?<![\w])([JQK])(?=[♠♥♦♣])")
_RUN: Final = re.compile(r"(?<![\w-])(?:10|[2-9AJQK])(?:-(?:10|[2-9AJQK]))+(?![\w-])")


def rank(number: int, language: str = SOURCE_LANGUAGE) -> str:
    """A rank as the learner's cards print it: ``Q``, or ``V`` on a Dutch page with the Dutch letters."""
    return rank_text(number, language)


def face(card: Card, language: str = SOURCE_LANGUAGE) -> str:
    """A card in a sentence or on the table: ``Q♥``; a joker by its catalogue word, ``joker as 7♥``."""
    from tutor.i18n.translate import say

    if card.is_joker and not card.declared:
        return say("cards.joker_face", language)
    natural = f"{rank(card.rank, language)}{card.suit_symbol}"
    return say("cards.joker_as_face", language, face=natural) if card.declared else natural


def faces(cards: Iterable[Card], language: str = SOURCE_LANGUAGE) -> str:
    """Cards in a sentence, spaced: ``8♠ 9♠ 10♠``."""
    return " ".join(face(card, language) for card in cards)


def spoken(card: Card, language: str = SOURCE_LANGUAGE) -> str:
    """A card in words, for screen readers and tooltips: ``queen of hearts``, ``joker as 7 of spades``."""
    from tutor.i18n.translate import say

    if card.is_joker and not card.declared:
        return say("table.card.joker", language)
    natural = say(
        "table.card.name",
        language,
        rank=say(f"table.rank.r{card.rank}", language),
        suit=say(f"table.suit.s{card.suit}", language),
    )
    return say("table.card.joker_as", language, card=natural) if card.declared else natural


def relabel(text: str, language: str = SOURCE_LANGUAGE) -> str:
    """``text`` with the card faces and rank runs it writes (``Q♠``, ``Q-K-A``) in the learner's letters;
    unchanged when the learner uses the international ones."""
    if letters_in_use() != language or language not in DECK_LETTERS:
        return text
    own = DECK_LETTERS[language]

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
