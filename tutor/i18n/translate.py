"""Saying a sentence in the learner's style: a key, values and a style in, one finished sentence out.

This is the tutor's renderer, :func:`t` (``t(key, style, **values)``; a language code stands for its
default style, :func:`tutor.i18n.style.style_for`). It looks the key up in the catalogues
(:func:`template`) and fills it with the project's one formatter (:func:`engine.wording.fill`) in the
style's voice: a card by its face in the style's letters (``Q♥``, ``V♥``, ``joker as 7♥``; a card the
sentence itself names is a placeholder, ``{card:QH}`` or ``{ranks:Q-K-A}``, said so by :func:`template`),
cards and names listed with Babel's list patterns (``{cards:and}``: ``8♠, 9♠ och 10♠``; ``{cards:or}``), both from the
card vocabulary (:mod:`tutor.i18n.card_names`); decimals with the language's decimal sign
(``{mean:.1f}``: ``12,5``); a variant's name in the form the sentence asks for (``{variant:genitive}``,
:mod:`tutor.i18n.names`); and ``{n:one/many}`` (English only) chooses the English plural word, other
languages choosing a whole plural form by their own rule.

>>> t("learn.well_done")
'Well done!'
>>> t("engine.take.too_many", size=1), t("engine.take.too_many", size=3)
('The discard pile holds only 1 card.', 'The discard pile holds only 3 cards.')
>>> from engine.cards import Card
>>> t("engine.duty.lay_first", owed=(Card.parse("KD"), Card.parse("9S")))
'You must first lay the K♦ and the 9♠ you took from the pile, in a meld or a lay-off.'
>>> fill("{names:and} share it, {mean:.1f} each", "sv", names=("Anna", "Bertil", "Cecilia"), mean=12.25)
'Anna, Bertil och Cecilia share it, 12,2 each'

The learner who gives no name plays as :data:`YOU`, and a sentence about a player named so has its own
wording, under the key with ``_you`` added: "Your turn", not "Your turn, You".

>>> t("practice.your_turn", name="Anna"), t("practice.your_turn", name=YOU)
('Your turn, Anna', 'Your turn')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from babel.numbers import format_decimal

from engine import wording
from tutor.i18n.card_names import BABEL_LOCALE, face, fill_cards, listed
from tutor.i18n.catalogue import ENGINE_PREFIX, english, entry, translations
from tutor.i18n.languages import SOURCE_LANGUAGE
from tutor.i18n.names import Name, cast, cast_name, variant_forms
from tutor.i18n.style import Style, style_for

if TYPE_CHECKING:
    from engine.errors import NotationError, RulesError
    from engine.variants import Variant

__all__ = [
    "PLAYER_FIELDS",
    "VARIANT_FIELDS",
    "YOU",
    "fill",
    "number_separators",
    "refusal",
    "seat_name",
    "shown_name",
    "t",
    "template",
    "text",
    "variant_name",
    "variant_source",
]

#: The name of the learner who gave none (in Practice, in a built situation): the app speaks to them.
YOU: Final = "You"
#: The fields that name a player; when one is :data:`YOU`, the ``<key>_you`` wording is used if there is one.
PLAYER_FIELDS: Final = ("name", "player", "players", "names")
#: The fields that hold a variant's name (:func:`variant_name`, with its forms), or a list of them.
VARIANT_FIELDS: Final = frozenset({"variant", "chosen", "variants"})


class _StyleVoice:
    """How a style says a sentence's values (:class:`engine.wording.Voice`)."""

    def __init__(self, style: Style) -> None:
        self.style = style
        self.locale = BABEL_LOCALE.get(style.language, style.language)

    def card(self, card: object) -> str:
        return face(card, self.style)  # type: ignore[arg-type]

    def listed(self, values: Sequence[object], how: str) -> str:
        return listed(values, how, self.style)

    def number(self, value: float, spec: str) -> str:
        decimals = int(spec[1:-1]) if spec.startswith(".") and spec.endswith("f") else 1
        pattern = "#,##0." + "0" * decimals if decimals else "#,##0"
        return str(format_decimal(value, format=pattern, locale=self.locale))

    def form(self, value: object, spec: str) -> str | None:
        if isinstance(value, Name):
            return value.form(spec)
        if isinstance(value, str) and spec.isalpha():  # a form asked of a name the table composed
            return value
        return None


def fill(template: str, language: str | Style = SOURCE_LANGUAGE, /, **values: object) -> str:
    """``template`` with ``values`` said in ``language``'s style (without values, as it is: the table fills
    some placeholders in the browser)."""
    return wording.fill(template, values, _StyleVoice(style_for(language))) if values else template


def template(key: str, language: str | Style = SOURCE_LANGUAGE, values: Mapping[str, object] | None = None) -> str | None:
    """The sentence of ``key`` in ``language`` before its values are filled in (English when the
    language lacks it), the cards it names (``{card:QS}``, ``{ranks:Q-K-A}``) said in the style's letters
    (:func:`~tutor.i18n.card_names.fill_cards`); None when no language has ``key``."""
    style = style_for(language)
    found = entry(key, style.language, values)
    return fill_cards(found, style) if found is not None else None


def t(key: str, language: str | Style = SOURCE_LANGUAGE, /, **values: object) -> str:
    """The sentence ``key`` in ``language`` (English when missing), its values filled in; about a player
    named :data:`YOU`, the ``<key>_you`` sentence when there is one.

    Raises ``KeyError`` for a key no catalogue has.
    """
    style = style_for(language)
    if any(values.get(field) == YOU for field in PLAYER_FIELDS):
        said = template(f"{key}_you", style, values)
        if said is not None:
            return fill(said, style, **values)
    if any(field in values for field in PLAYER_FIELDS):
        you = shown_name(YOU, style)
        values = {k: _you_named(v, you) if k in PLAYER_FIELDS else v for k, v in values.items()}
    said = template(key, style, values)
    if said is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    return fill(said, style, **values)


def _you_named(value: object, you: str) -> object:
    """A player field's value with the learner who gave no name (:data:`YOU`) said as ``you``, in a list too."""
    if isinstance(value, tuple | list):
        return type(value)(you if v == YOU else v for v in value)
    return you if value == YOU else value


def shown_name(name: str, language: str | Style = SOURCE_LANGUAGE) -> str:
    """A player's name as the learner reads it: the learner who gave none (:data:`YOU`) in their language."""
    return t("names.you", language) if name == YOU else name


def seat_name(name: str, language: str | Style = SOURCE_LANGUAGE) -> str:
    """A player the app seated (a lesson's, a situation's) as the learner reads it: the language's cast
    (:func:`~tutor.i18n.names.cast_name`), the learner who gave none in their language (:func:`shown_name`).

    >>> seat_name("Bertil", "fi"), seat_name("You", "fi"), seat_name("Bertil", "sv")
    ('Eemil', 'Sinä', 'Bertil')
    """
    return shown_name(cast_name(name, style_for(language).language), language)


def text(english_text: str, language: str | Style = SOURCE_LANGUAGE, cards: Callable[[str], str] | None = None) -> str:
    """A scenario's or situation's text in ``language`` (its English when not translated), the cards it
    names said in the style's letters (its fields are filled by :func:`tutor.learn.fields.fill_task`);
    ``cards`` changes the text's card fields first (a task played on other suits, :mod:`tutor.learn.suits`).

    >>> text("Lay {card:QS} {card:QH} {card:QD}.", Style("nl", letters="nl"))
    'Lay V♠ V♥ V♦.'
    """
    style = style_for(language)
    found = english_text if style.language == SOURCE_LANGUAGE else translations(style.language).texts.get(english_text, english_text)
    return fill_cards(found if cards is None else cards(found), style)


def variant_name(variant: str | Variant, language: str | Style = SOURCE_LANGUAGE) -> Name:
    """A variant (a preset id, or a :class:`~engine.variants.Variant`) as the learner's country names it,
    with the forms the language's sentences may ask for (:mod:`tutor.i18n.names`).

    >>> variant_name("dansk"), variant_name("femhundra", "sv")
    ('Danish 500', 'femhundra')
    """
    variant_id = variant if isinstance(variant, str) else variant.id
    style = style_for(language)
    return Name(t(f"variant_names.{variant_id}", style), variant_forms(style.language).get(variant_id))


def variant_source(variant: str | Variant, language: str | Style = SOURCE_LANGUAGE) -> str:
    """What a preset follows (its rules' source), in ``language``."""
    variant_id = variant if isinstance(variant, str) else variant.id
    return t(f"engine.variant_source.{variant_id}", language)


def refusal(error: RulesError | NotationError, language: str | Style = SOURCE_LANGUAGE, *, seated: bool = False) -> str:
    """Why a move is refused (or its text does not read: a :class:`~engine.errors.NotationError`), in
    ``language``: the engine's reason and values said from the catalogue (``engine.<reason>``), or the app's
    own key when the app raised it. A refusal is said to the one who moved, so a sentence with a ``_you``
    form takes it: "It is Bertil's turn, not yours." ``seated``: the players are the app's own (a lesson's),
    said by the language's cast (:func:`~tutor.i18n.names.cast_name`).

    >>> from engine.errors import NotationError, RulesError
    >>> refusal(RulesError("not_your_turn", "turn.not_yours", to_move="Bertil", player="Cecilia"))
    "It is Bertil's turn, not yours."
    >>> refusal(NotationError("move.count_not_whole", text="take 0"))
    '“take 0” is not a move: the number of cards is a whole number from 1 up.'
    """
    from engine.messages import MESSAGES
    from engine.variants import PRESETS

    key = ENGINE_PREFIX + error.reason if error.reason in MESSAGES else error.reason
    values = dict(error.values)
    if seated:
        own = cast(style_for(language).language)
        values = {k: own.get(v, v) if isinstance(v, str) else v for k, v in values.items()}
    named = {preset.name: variant_id for variant_id, preset in PRESETS.items()}
    if isinstance(values.get("variant"), str) and values["variant"] in named:  # the engine names it in English
        values["variant"] = variant_name(named[str(values["variant"])], language)
    if f"{key}_you" in english():
        key = f"{key}_you"
    return t(key, language, **values)


def number_separators(language: str | Style = SOURCE_LANGUAGE) -> str:
    """The decimal and thousands signs of ``language``, as plotly's ``separators`` takes them.

    >>> number_separators("en"), number_separators("sv") == ",\\u00a0", number_separators("nl")
    ('.,', True, ',.')
    """
    from babel.numbers import get_decimal_symbol, get_group_symbol

    locale = BABEL_LOCALE.get(style_for(language).language, style_for(language).language)
    return str(get_decimal_symbol(locale)) + str(get_group_symbol(locale))
