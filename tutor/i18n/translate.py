"""Saying a sentence in the learner's language: a key and values in, one finished sentence out.

Values are formatted for the language: a card by its face (``Q♥``, ``joker as 7♥``), cards and names
listed with Babel's list patterns (``{cards:and}``: ``8♠, 9♠ och 10♠``; ``{cards:or}``), decimals with
the language's decimal sign (``{mean:.1f}``: ``12,5``), and ``{n:one/many}`` (English only) chooses the
English plural word; other languages choose a whole plural form by their own rule.

>>> say("learn.well_done")
'Well done!'
>>> say("engine.take.too_many", size=1), say("engine.take.too_many", size=3)
('The discard pile holds only 1 card.', 'The discard pile holds only 3 cards.')
>>> from engine.cards import Card
>>> say("engine.duty.lay_first", owed=(Card.parse("KD"), Card.parse("9S")))
'You must first lay the K♦ and the 9♠ you took from the pile, in a meld or a lay-off.'
>>> fill("{names:and} share it, {mean:.1f} each", "sv", names=("Anna", "Bertil", "Cecilia"), mean=12.25)
'Anna, Bertil och Cecilia share it, 12,2 each'
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Final

from babel.lists import format_list
from babel.numbers import format_decimal

from engine.messages import plural_word
from tutor.i18n.card_names import face, relabel
from tutor.i18n.catalogue import ENGINE_PREFIX, english, plural_variable, translations
from tutor.i18n.languages import SOURCE_LANGUAGE, known
from tutor.i18n.names import Name

if TYPE_CHECKING:
    from engine.errors import NotationError, RulesError

#: The name of the learner who gave none (in Practice, in a built situation): the app speaks to them.
YOU: Final = "You"
#: The fields that name a player; when one is :data:`YOU`, the ``<key>_you`` wording is used if there is one.
PLAYER_FIELDS: Final = ("name", "player", "players", "names")
#: The fields that hold a variant's name (:func:`tutor.i18n.strings.variant_name`, with its forms), or a list of them.
VARIANT_FIELDS: Final = frozenset({"variant", "chosen", "variants"})
#: Babel's locale for each language's lists and numbers (English as in Britain: "8♠, 9♠ and 10♠").
_BABEL_LOCALE: Final = {"en": "en_GB"}


def _is_card(value: object) -> bool:
    return hasattr(value, "suit_symbol") and hasattr(value, "is_joker")


class _Formatter(string.Formatter):
    """Formats placeholders for one language (see the module's text)."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language
        self.locale = _BABEL_LOCALE.get(language, language)

    def format_field(self, value: object, format_spec: str) -> str:
        if isinstance(value, Name) and format_spec:
            return value.form(format_spec)
        if isinstance(value, str) and format_spec.isalpha():  # a form asked of a name the table composed
            return value
        if "/" in format_spec:
            return plural_word(value, format_spec)
        if _is_card(value):
            return face(value, self.language)  # type: ignore[arg-type]
        if isinstance(value, tuple | list):
            return self._listed(value, format_spec)
        if isinstance(value, float):
            decimals = int(format_spec[1:-1]) if format_spec.startswith(".") and format_spec.endswith("f") else 1
            pattern = "#,##0." + "0" * decimals if decimals else "#,##0"
            return str(format_decimal(value, format=pattern, locale=self.locale))
        return str(super().format_field(value, format_spec))

    def _listed(self, values: Sequence[object], how: str) -> str:
        words = [face(v, self.language) if _is_card(v) else str(v) for v in values]  # type: ignore[arg-type]
        if not how:
            return " ".join(words)
        if how == "the" and self.language == "en" and all(_is_card(v) for v in values):
            return " and the ".join(words)
        if how == "or" and self.language == "en" and all(_is_card(v) for v in values):
            return " or the ".join(words)
        if how in ("and", "the", "or"):
            return str(format_list(words, style="or" if how == "or" else "standard", locale=self.locale))
        raise ValueError(f"unknown way to list values: {how!r}")


def fill(template: str, language: str = SOURCE_LANGUAGE, /, **values: object) -> str:
    """``template`` with ``values`` formatted for ``language`` (without values, as it is: the table fills
    some placeholders in the browser)."""
    return _Formatter(language).vformat(template, (), values) if values else template


def _count(values: Mapping[str, object], name: str | None) -> int | None:
    value = values.get(name) if name else None
    if isinstance(value, bool) or value is None:
        return None
    return value if isinstance(value, int) else len(value) if isinstance(value, Sized) else None


def template(key: str, language: str = SOURCE_LANGUAGE, values: Mapping[str, object] | None = None) -> str | None:
    """The sentence of ``key`` in ``language`` before its values are filled in (English when the
    language lacks it); None when no language has ``key``."""
    source = english().get(key)
    if source is None:
        return None
    lang = known(language) or SOURCE_LANGUAGE
    if lang == SOURCE_LANGUAGE:
        return source
    found = translations(lang).keyed_text(key, _count(values or {}, plural_variable(source)))
    return relabel(found if found is not None else source, lang)


def say(key: str, language: str = SOURCE_LANGUAGE, /, **values: object) -> str:
    """The sentence ``key`` in ``language`` (English when missing), its values filled in; about a player
    named :data:`YOU`, the ``<key>_you`` sentence when there is one.

    Raises ``KeyError`` for a key no catalogue has.
    """
    if any(values.get(field) == YOU for field in PLAYER_FIELDS):
        text = template(f"{key}_you", language, values)
        if text is not None:
            return fill(text, known(language) or SOURCE_LANGUAGE, **values)
    if any(field in values for field in PLAYER_FIELDS):
        you = shown_name(YOU, language)
        values = {k: _you_named(v, you) if k in PLAYER_FIELDS else v for k, v in values.items()}
    text = template(key, language, values)
    if text is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    return fill(text, known(language) or SOURCE_LANGUAGE, **values)


def _you_named(value: object, you: str) -> object:
    """A player field's value with the learner who gave no name (:data:`YOU`) said as ``you``, in a list too."""
    if isinstance(value, tuple | list):
        return type(value)(you if v == YOU else v for v in value)
    return you if value == YOU else value


def shown_name(name: str, language: str = SOURCE_LANGUAGE) -> str:
    """A player's name as the learner reads it: the learner who gave none (:data:`YOU`) in their language."""
    return say("names.you", language) if name == YOU else name


def text(english_text: str, language: str = SOURCE_LANGUAGE) -> str:
    """A scenario's or situation's text in ``language`` (its English when not translated)."""
    lang = known(language) or SOURCE_LANGUAGE
    if lang == SOURCE_LANGUAGE:
        return english_text
    return relabel(translations(lang).texts.get(english_text, english_text), lang)


def refusal(error: RulesError | NotationError, language: str = SOURCE_LANGUAGE) -> str:
    """Why a move is refused (or its text does not read: a :class:`~engine.errors.NotationError`), in
    ``language``: the engine's reason and values said from the catalogue (``engine.<reason>``), or the app's
    own key when the app raised it. A refusal is said to the one who moved, so a sentence with a ``_you``
    form takes it: "It is Bertil's turn, not yours."

    >>> from engine.errors import NotationError, RulesError
    >>> refusal(RulesError("not_your_turn", "turn.not_yours", to_move="Bertil", player="Cecilia"))
    "It is Bertil's turn, not yours."
    >>> refusal(NotationError("move.count_not_whole", text="take 0"))
    '“take 0” is not a move: the number of cards is a whole number from 1 up.'
    """
    from engine.messages import MESSAGES
    from engine.variants import PRESETS
    from tutor.i18n.strings import variant_name

    key = ENGINE_PREFIX + error.reason if error.reason in MESSAGES else error.reason
    values = dict(error.values)
    named = {preset.name: variant_id for variant_id, preset in PRESETS.items()}
    if isinstance(values.get("variant"), str) and values["variant"] in named:  # the engine names it in English
        values["variant"] = variant_name(named[str(values["variant"])], language)
    if f"{key}_you" in english():
        key = f"{key}_you"
    return say(key, language, **values)


def number_separators(language: str = SOURCE_LANGUAGE) -> str:
    """The decimal and thousands signs of ``language``, as plotly's ``separators`` takes them.

    >>> number_separators("en"), number_separators("sv") == ",\\u00a0", number_separators("nl")
    ('.,', True, ',.')
    """
    from babel.numbers import get_decimal_symbol, get_group_symbol

    locale = _BABEL_LOCALE.get(language, known(language) or SOURCE_LANGUAGE)
    return str(get_decimal_symbol(locale)) + str(get_group_symbol(locale))
