"""The fields a lesson or task text is written with, so that every number and every rule in it is the one of
the variant (and house rules) it is read under, never a number written into the text.

Lesson texts and task texts use the variant's fields (:func:`variant_fields`: ``{variant_name}``,
``{cards_dealt}``, ``{pile_rule}``…, and the contrasts of :mod:`tutor.learn.wording`). Task texts may also
ask the engine, with the cards or the player count written in the field:

- ``{sum:9S 9H 9D}``: the cards' points added up, ``9 + 9 + 9 = 27`` (as a new meld scores them when they
  make one: the low ace of a run counts low; otherwise as cards in hand);
- ``{total:9S 9H 9D}``: only the sum, ``27``; ``{value:KH}``: one card's points;
- ``{dealt:3}``: the cards each player is dealt with 3 players; ``{decks:5}``: the decks shuffled for 5;
  ``{players:5}``: the player count itself (a review plays such a task again at another count of players);
- ``{points:480}``: a game total written for a target of 500, at the table's target (230 at 250, 980 at
  1000); ``{points:480-bonus}`` also less the going-out bonus (the total before a round its player goes out in,
  as a position's ``goes_out`` lowers it);
- ``{button:take_all}``: the words on that button of the card table (the catalogue's ``ui.actions.*``),
  so that a text names the button the learner sees;
- ``{card:QS}``, ``{rank:Q}``, ``{ranks:Q-K-A}``: a card, a rank, a run of ranks, in the learner's letters
  (``V♠``, ``V-H-A`` with the Dutch ones), or in words with ``:words`` (:func:`tutor.i18n.card_names.fill_cards`);
- ``{if:duty_on_top_card=true|text where the rule has that value|text where it has not}``: words that hold
  only at some tables (a rule of the engine's ``Variant`` by name; ``true``, ``false``, ``none`` or a word).

>>> from engine.variants import get_variant
>>> nordic, face = get_variant("femhundra"), get_variant("500-rum")
>>> fill_task("9 + 9 + 9? {sum:9S 9H 9D} points", face), fill_task("{sum:9S 9H 9D} points", nordic)
('9 + 9 + 9? 9 + 9 + 9 = 27 points', '5 + 5 + 5 = 15 points')
>>> fill_task("{sum:AH 2H 3H}; {value:AH}; {dealt:2} cards; press “{button:take_all}”", face)
'1 + 2 + 3 = 6; 15; 13 cards; press “Take the whole pile”'
>>> fill_task("{points:480}, {points:480-bonus}", get_variant("dansk", {"target": 250, "going_out_bonus": 25}))
'230, 205'
>>> fill_task("{if:pile_take=whole_pile|Take it all.|Dig for it.}", nordic), fill_task("{if:jokers=false|No jokers.|}", face)
('Take it all.', 'No jokers.')
>>> fill_task("Tryck på ”{button:take_all}” i {variant_name}.", get_variant("dansk"), "sv")  # a translated text
'Tryck på ”Ta hela kasthögen” i dansk 500.'
>>> from tutor.i18n.style import Style
>>> fill_task("Leg {card:QS} in {ranks:Q-K-A}: {sum:QS KS AS}.", face, Style("nl", letters="nl"))
'Leg V♠ in V-H-A: 10 + 10 + 15 = 35.'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

from engine.cards import Card
from engine.errors import NotationError, RulesError
from engine.melds import meld_shape
from engine.scoring import card_points
from engine.variants import Variant
from tutor.i18n.card_names import fill_cards, unread_cards
from tutor.i18n.strings import t, template, variant_name
from tutor.i18n.style import Style
from tutor.learn.wording import braced_parts, fill

#: ``{name:argument}``: a field the engine fills from its argument (cards or a player count).
ASKED: Final = re.compile(r"\{(sum|total|value|dealt|decks|players|button|points):([^{}|]*)\}")


class FieldError(ValueError):
    """A task field the engine cannot fill: an unknown button, a card that is no card, a count that is no number."""


def variant_fields(variant: Variant, language: str | Style = "en") -> dict[str, Any]:
    """Fields a lesson text may use: ``{variant_name}``, ``{target}``, ``{ace_high_value}``, ``{ace_low_value}``,
    ``{target_rule}``, …; the rules in words come from the catalogue (``lesson_fields.*``).

    >>> from engine.variants import get_variant
    >>> variant_fields(get_variant("femhundra"))["target_rule"], variant_fields(get_variant("dansk"))["target_rule"]
    ('more than 500', '500 or more')
    """
    values: dict[str, Any] = {
        "variant_name": variant_name(variant.id, language),
        "variant_about": t(f"variant_about.{variant.id}", language),
        "variant_id": variant.id,
        "target": variant.target,
        "ace_high_value": variant.ace_high_value,
        "ace_low_value": variant.ace_low_value,
        "joker_value": variant.joker_value,
        "jokers_per_deck": variant.jokers_per_deck,
        "going_out_bonus": variant.going_out_bonus,
        "unusable_pile_penalty": variant.unusable_pile_penalty,
        "cards_dealt": variant.cards_dealt,
        "cards_dealt_two_players": variant.cards_dealt_two_players,
        "reshuffle_limit": variant.reshuffle_limit,
        "two_decks_from": variant.two_decks_from,
        "decks_one_most": (variant.two_decks_from or variant.max_players + 1) - 1,
        "reshuffle_times": times(variant.reshuffle_limit, language),
    }

    def words(key: str) -> str:
        return t(f"lesson_fields.{key}", language, **values)

    return {
        **values,
        "scale": words(f"scale.{variant.scale}"),
        "target_rule": words(f"target_rule.{variant.target_compare}"),
        "pile_rule": words(f"pile_rule.{variant.pile_take}"),
        "duty_rule": words(_duty_key(variant)),
        "discard_rule": words(f"discard_rule.{variant.discard_restriction}"),
        "empty_stock_rule": words(f"empty_stock_rule.{variant.empty_stock}"),
        "jokers_rule": words("jokers_rule.used" if variant.jokers else "jokers_rule.unused"),
    }


def times(count: int, language: str | Style = "en") -> str:
    """How often, in words.

    >>> times(1), times(2), times(3)
    ('once', 'twice', '3 times')
    """
    key = f"lesson_fields.times.{count}"
    return t(key, language) if count in (1, 2) else t("lesson_fields.times.any", language, count=count)


def _duty_key(variant: Variant) -> str:
    """The catalogue key of what a take from the pile obliges."""
    if variant.duty == "new_meld_any_taken":
        return "duty_rule.new_meld"
    how = "meld_or_layoff" if variant.duty_paid_by_layoff else "meld"
    top = "top_too" if variant.duty_on_top_card else "top_free"
    return f"duty_rule.{top}_{how}"


def fill_task(template: str, variant: Variant, language: str | Style = "en", extra: Mapping[str, object] | None = None) -> str:
    """``template`` (a task text, already in ``language``) with the engine's fields and the variant's filled
    in; ``extra`` adds fields of the moment (a number task's ``{answer}``). ``FieldError`` for a field the
    engine cannot fill."""
    decided = fill_cards(_decide(template, variant), language)
    unread = unread_cards(decided)
    if unread:
        raise FieldError(f"{unread[0]} names no card: write a card as {{card:QS}}, a rank {{rank:Q}}, a run {{ranks:Q-K-A}}")
    asked = ASKED.sub(lambda m: _ASK[m.group(1)](variant, m.group(2).strip(), language), decided)
    return fill(asked, {**variant_fields(variant, language), **(extra or {})})


_IF: Final = "{if:"


def _decide(template: str, variant: Variant) -> str:
    """``template`` with each ``{if:rule=value|yes|no}`` replaced by the text that holds for ``variant``."""
    start = template.find(_IF)
    if start == -1:
        return template
    choice = braced_parts(template, start, _IF)
    if choice is None:
        raise FieldError(f"an {{if:…}} is not closed: {template[start:start + 60]!r}")
    end, parts = choice
    if len(parts) != 3 or "=" not in parts[0]:
        raise FieldError(f"an {{if:rule=value|yes|no}} needs a rule, a value and two texts: {template[start:end]!r}")
    rule, value = (word.strip() for word in parts[0].split("=", 1))
    if rule not in Variant.model_fields:
        raise FieldError(f"{{if:{rule}=…}}: there is no rule “{rule}”")
    holds = str(getattr(variant, rule)).lower() == value.lower()
    return template[:start] + _decide(parts[1] if holds else parts[2], variant) + _decide(template[end:], variant)


def _cards(text: str) -> tuple[Card, ...]:
    try:
        cards = tuple(Card.parse(code) for code in text.split())
    except NotationError as error:
        raise FieldError(str(error)) from None
    if not cards:
        raise FieldError("names no cards")
    return cards


def _points(variant: Variant, text: str) -> list[int]:
    """Each card's points: as the cards of a new meld if they make one, else as cards in hand."""
    cards = _cards(text)
    try:
        shape = meld_shape(cards)
    except RulesError:
        return [variant.card_value(card) for card in cards]
    return [card_points(variant, card, shape) for card in cards]


def _count(text: str) -> int:
    if not text.isdigit():
        raise FieldError(f"“{text}” is not a player count")
    return int(text)


def _sum(variant: Variant, text: str, language: str | Style) -> str:
    points = _points(variant, text)
    return f"{' + '.join(map(str, points))} = {sum(points)}" if len(points) > 1 else str(points[0])


def _shifted(variant: Variant, text: str, language: str | Style) -> str:
    """A total written for a target of 500 at the table's target (``480``), less the going-out bonus (``480-bonus``)."""
    number, _, less = text.partition("-")
    if not number.isdigit() or less not in ("", "bonus"):
        raise FieldError(f"“{text}” is not a total: write {{points:480}} or {{points:480-bonus}}")
    bonus = variant.going_out_bonus if less else 0
    return str(int(number) + variant.target - 500 - bonus)


def _button(variant: Variant, name: str, language: str | Style) -> str:
    if template(f"ui.actions.{name}") is None:
        raise FieldError(f"there is no button “{name}”")
    return t(f"ui.actions.{name}", language)


_ASK: Final[dict[str, Callable[[Variant, str, str | Style], str]]] = {
    "sum": _sum,
    "total": lambda variant, text, language: str(sum(_points(variant, text))),
    "value": lambda variant, text, language: str(_points(variant, text)[0]),
    "dealt": lambda variant, text, language: str(variant.hand_size(_count(text))),
    "decks": lambda variant, text, language: str(variant.decks(_count(text))),
    "players": lambda variant, text, language: str(_count(text)),
    "button": _button,
    "points": _shifted,
}
