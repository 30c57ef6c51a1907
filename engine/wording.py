"""The one place a sentence is filled in: a template, its values and a :class:`Voice` in, text out.

Why it lives here, at the engine's level: the engine must say its own English sentences
(``str(RulesError)``, ``python -m engine replay``'s JSON ``message``) and may import nothing of the tutor,
while the tutor says the same keys in five languages from its catalogues. Both fill templates with the
same placeholder modes, so the one :class:`string.Formatter` subclass of the project is here, with no
dependency beyond the standard library, and what differs between them is a *voice*: how a card is named,
how a list is joined, how a decimal is written and which grammatical form of a name a sentence asks for.
The engine speaks with :data:`ENGLISH` (its templates are data: :data:`engine.messages.MESSAGES`,
:data:`engine.problems.PROBLEMS`); the tutor builds its voice from the learner's style (language, card
letters) and its catalogues (:mod:`tutor.i18n.translate`). The layers stay acyclic: engine ← tutor.

Placeholders are written ``{name}`` or ``{name:spec}``:

- a card is named by the voice (the engine: ``Q♣``, ``Joker``, ``7♥ (JK)``);
- a tuple or list is listed by the voice: no spec ``5♥ 6♥ 7♥``, ``and`` ``8♠, 9♠ and 10♠``, ``the``
  ``K♦ and the 9♠``, ``or`` ``7♥ or the 8♥`` (words: ``250, 500 or 1000``);
- ``{name:one/many}`` is the plural helper: ``one`` when the value (a number, or how many items) is 1,
  else ``many``; it is the only place an English plural is chosen.

>>> from engine.cards import Card, parse_cards
>>> fill("You do not hold the {card}.", {"card": Card.parse("JK=7H")})
'You do not hold the 7♥ (JK).'
>>> fill("Lay the {owed:the}; {cards:and} {cards:does/do} not fit.", {"owed": parse_cards("KD 9S"), "cards": parse_cards("8S 9S 10S")})
'Lay the K♦ and the 9♠; 8♠, 9♠ and 10♠ do not fit.'
>>> fill("is {options:or}, not {value}", {"options": ("250", "500", "1000"), "value": "600"})
'is 250, 500 or 1000, not 600'
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence, Sized
from typing import Final, Protocol, cast

__all__ = ["ENGLISH", "EnglishVoice", "Voice", "fill", "is_card", "placeholders", "plural_word"]


class Voice(Protocol):
    """How a language and a learner's style say the values of a sentence."""

    def card(self, card: object) -> str:
        """A card (an object for which :func:`is_card` holds) in a sentence."""
        ...

    def listed(self, values: Sequence[object], how: str) -> str:
        """Values in a sentence: ``how`` is ``""`` (spaced), ``and``, ``the`` or ``or``."""
        ...

    def number(self, value: float, spec: str) -> str:
        """A decimal number (``spec`` as in ``{mean:.1f}``)."""
        ...

    def form(self, value: object, spec: str) -> str | None:
        """The grammatical form ``spec`` of a name, or None when ``value`` is no name with forms."""
        ...


class _NamedCard(Protocol):
    """What naming a card needs (a :class:`~engine.cards.Card` has it; this module imports no card code)."""

    @property
    def rank_text(self) -> str: ...

    @property
    def suit_symbol(self) -> str: ...

    @property
    def is_joker(self) -> bool: ...

    @property
    def declared(self) -> bool: ...


def is_card(value: object) -> bool:
    """Whether ``value`` is a card (this module imports no card code: it asks what naming one needs)."""
    return hasattr(value, "suit_symbol") and hasattr(value, "is_joker")


def plural_word(value: object, format_spec: str) -> str:
    """The plural helper ``{name:one/many}``: ``one`` when ``value`` (a number, or how many items) is 1.

    >>> plural_word(1, "card/cards"), plural_word(("a", "b"), "does/do")
    ('card', 'do')
    """
    one, many = format_spec.split("/", 1)
    count = value if isinstance(value, int) else len(value) if isinstance(value, Sized) else None
    if count is None:
        raise ValueError(f"the plural helper counts a number or cards, not {value!r}")
    return one if count == 1 else many


class EnglishVoice:
    """The engine's own English: a card as ``Q♥``, ``Joker`` or ``7♥ (JK)`` (a joker laid as the 7♥)."""

    def card(self, card: object) -> str:
        named = cast("_NamedCard", card)
        if named.is_joker and not named.declared:
            return "Joker"
        face = f"{named.rank_text}{named.suit_symbol}"
        return f"{face} (JK)" if named.declared else face

    def listed(self, values: Sequence[object], how: str) -> str:
        words = [self.card(v) if is_card(v) else str(v) for v in values]
        if not how:
            return " ".join(words)
        if how in ("the", "or") and all(is_card(v) for v in values):
            return f" {'and' if how == 'the' else 'or'} the ".join(words)
        if how in ("and", "the", "or"):
            word = "or" if how == "or" else "and"
            return "".join(words) if len(words) < 2 else ", ".join(words[:-1]) + f" {word} " + words[-1]
        raise ValueError(f"unknown way to list values: {how!r}")

    def number(self, value: float, spec: str) -> str:
        return format(value, spec)

    def form(self, value: object, spec: str) -> str | None:
        return None


#: The engine's voice.
ENGLISH: Final = EnglishVoice()


class _Formatter(string.Formatter):
    """Formats placeholders with a voice (see the module's text): the only formatter of the project."""

    def __init__(self, voice: Voice) -> None:
        super().__init__()
        self.voice = voice

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec:
            form = self.voice.form(value, format_spec)
            if form is not None:
                return form
        if "/" in format_spec:
            return plural_word(value, format_spec)
        if is_card(value):
            return self.voice.card(value)
        if isinstance(value, tuple | list):
            return self.voice.listed(value, format_spec)
        if isinstance(value, float):
            return self.voice.number(value, format_spec)
        return str(super().format_field(value, format_spec))


_PARSER: Final = _Formatter(ENGLISH)


def fill(template: str, values: Mapping[str, object] | None = None, voice: Voice = ENGLISH) -> str:
    """``template`` with ``values`` said in ``voice`` (``KeyError`` for a missing value)."""
    return str(_Formatter(voice).vformat(template, (), dict(values or {})))


def placeholders(template: str) -> list[str]:
    """The value names ``template`` needs, in order, each once.

    >>> placeholders("With {count} {count:card/cards} you could not lay the {card}.")
    ['count', 'card']
    """
    names = [field for _, field, _, _ in _PARSER.parse(template) if field]
    return list(dict.fromkeys(names))
