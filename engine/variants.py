"""Variants of 500 as data: one frozen model holding every rule parameter that ``docs/rules.md`` varies.

The five presets follow the table in ``docs/rules.md``; house rules are overrides checked when the variant
is built:

>>> v = get_variant("femhundra", {"going_out_bonus": 50, "jokers": True})
>>> v.going_out_bonus, v.jokers, v.house_rules
(50, True, ('going_out_bonus', 'jokers'))
>>> get_variant("femhundra", {"target": 600})
Traceback (most recent call last):
...
engine.variants.HouseRuleError: house_rules.target: is 250, 500 or 1000, not 600
"""

from __future__ import annotations

import json
import types
from collections.abc import Mapping
from functools import cache
from typing import Any, Final, Literal, Union, get_args, get_origin

from pydantic import Field, ValidationError, model_validator

from engine.cards import Card
from engine.model import StrictModel
from engine.problems import render_problem

Scale = Literal["nordic", "face"]
PileTake = Literal["whole_pile", "any_depth", "top_only"]
DutyKind = Literal["new_meld_any_taken", "deepest_card"]
DiscardRestriction = Literal["none", "drawn_this_turn", "taken_from_pile"]
EmptyStock = Literal["stop", "round_over", "reshuffle"]
TargetCompare = Literal["above", "reach"]
TieRule = Literal["another_round", "shared"]
StockOut = Literal["pile_or_stop", "end", "reshuffle"]

#: The house rule ``stock_out`` as the variant's own ``empty_stock`` rule, and back.
STOCK_OUT_RULE: Final[dict[StockOut, EmptyStock]] = {"pile_or_stop": "stop", "end": "round_over", "reshuffle": "reshuffle"}
#: How many reshuffles ``stock_out: reshuffle`` allows a round (the Dutch rules' two).
RESHUFFLES: Final = 2


class RuleConflict(ValueError):
    """Rule parameters that cannot hold together (a deal too big for the deck, …); names the field to change,
    and the problem as a key of :data:`engine.problems.PROBLEMS` (``reason``) and its ``values``.

    Raised inside :class:`Variant` validation; :func:`get_variant` reports it as a :class:`HouseRuleError`.
    """

    def __init__(self, field: str, reason: str, /, **values: object) -> None:
        self.problem = render_problem(reason, values)
        super().__init__(f"{field}: {self.problem}")
        self.field = field
        self.reason = reason
        self.values = values


class Variant(StrictModel):
    """Every rule parameter of a variant of 500. Frozen; build one with :func:`get_variant`."""

    id: str = Field(description="Preset id, as written in a record's `variant` field.")
    name: str = Field(description="The name players use.")
    source: str = Field(description="Where the rules come from.")
    min_players: int = Field(ge=2, description="Fewest players.")
    max_players: int = Field(le=8, description="Most players.")
    two_decks_from: int | None = Field(
        description="From this many players two decks are shuffled together; None: always one."
    )
    jokers: bool = Field(description="Jokers are in play, wild.")
    jokers_per_deck: int = Field(2, ge=2, le=3, description="How many jokers each deck holds, when jokers are in play.")
    joker_value: int = Field(15, description="Points of a joker, laid or in hand.")
    cards_dealt: int = Field(7, ge=1, description="Cards dealt to each player with three or more players.")
    cards_dealt_two_players: int = Field(ge=1, description="Cards dealt to each player with two players.")
    scale: Scale = Field(
        description="nordic: 2–9 = 5, 10–K = 10; face: 2–10 face value, J–K = 10 (the ace: the next two rules)."
    )
    ace_high_value: int = Field(15, description="Points of an ace that is high in a run (Q-K-A), in a set or in hand.")
    ace_low_value: int = Field(description="Points of an ace that is the low ace of a run (A-2-3…).")
    pile_take: PileTake = Field(
        description="whole_pile: only the whole pile; any_depth: any card with all above it; top_only: just the top card."
    )
    duty: DutyKind = Field(
        description="What a take from the pile obliges: a new meld holding a taken card, or laying the deepest card taken."
    )
    duty_on_top_card: bool = Field(description="Taking only the top card carries the duty too.")
    top_card_free: bool = Field(
        False, description="A take of exactly one card carries no duty (a house rule: it makes duty_on_top_card false)."
    )
    duty_paid_by_layoff: bool = Field(description="A lay-off of the owed card pays the duty.")
    unusable_pile_penalty: int | None = Field(
        description="None: a take whose duty cannot be met is illegal; a number: it is allowed and costs that many points."
    )
    discard_restriction: DiscardRestriction = Field(description="Which cards of this turn may not be discarded.")
    discard_restriction_exception: bool = Field(
        True,
        description="The restriction lifts when every card in hand is one it covers (the Dutch 'only card in hand' exception, generalised so that a turn can always end).",
    )
    layoff_needs_own_meld: bool = Field(False, description="A player may lay off only after their own first meld.")
    going_out_requires_discard: bool = Field(
        False, description="Going out needs a final discard: no meld or lay-off may empty the hand."
    )
    empty_stock: EmptyStock = Field(
        description="stop: the player to move takes from the pile or stops; round_over: the round ends; reshuffle: the pile but its top becomes the stock."
    )
    reshuffle_limit: int = Field(
        0, description="How many reshuffles a round allows; the next empty stock ends the round."
    )
    rommi_call: bool = Field(False, description="The Finnish out-of-turn call 'Rommi!'.")
    rommi_call_with_hand: bool = Field(
        False,
        description="A Rommi! call may rest on a meld the discard makes with the caller's own hand cards, "
        "not only on a meld on the table or one made with other pile cards.",
    )
    rummy_call: bool = Field(
        False, description="The 'Rummy!' call out of turn: lay the card just discarded off on a meld on the table."
    )
    no_meld_first_turn: bool = Field(
        False, description="Nobody melds, lays off or calls until their own first turn of the round is over."
    )
    target: int = Field(500, description="Points that end the game.")
    target_compare: TargetCompare = Field(
        description="above: a total must pass the target (> 500); reach: reaching it is enough (≥ 500)."
    )
    must_go_out_to_win: bool = Field(False, description="Only the player who goes out can win, once past the target.")
    tie_rule: TieRule = Field(
        "another_round", description="When the leaders past the target tie: play another round, or share the win."
    )
    going_out_bonus: int = Field(0, ge=0, description="Points for the player who goes out.")
    house_rules: tuple[str, ...] = Field((), description="Names of the house rules applied to the preset.")

    @model_validator(mode="before")
    @classmethod
    def _free_top(cls, data: Any) -> Any:
        """``top_card_free`` makes the top card alone free: ``duty_on_top_card`` is then false."""
        if isinstance(data, dict) and data.get("top_card_free"):
            return {**data, "duty_on_top_card": False}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Variant:
        if self.min_players > self.max_players:
            raise ValueError("min_players is above max_players")
        if self.empty_stock == "reshuffle" and self.reshuffle_limit < 1:
            raise ValueError("a reshuffling variant needs reshuffle_limit ≥ 1")
        if self.ace_low_value > self.ace_high_value:
            raise RuleConflict("ace_low_value", "ace_values")
        if self.jokers_per_deck != 2 and not self.jokers:
            raise RuleConflict("jokers_per_deck", "jokers_per_deck_without_jokers")
        if self.rummy_call and self.rommi_call:
            raise RuleConflict("rummy_call", "rummy_call_with_rommi")
        if self.rommi_call_with_hand and not self.rommi_call:
            raise RuleConflict("rommi_call_with_hand", "rommi_call_with_hand_without_rommi")
        for players in range(self.min_players, self.max_players + 1):
            self._check_deal_fits(players)
        return self

    def _check_deal_fits(self, players: int) -> None:
        """Raise :class:`RuleConflict` (naming the field to change) when ``players`` hands, the first card
        of the pile and one card of stock do not fit in the deck."""
        size = self.hand_size(players)
        decks = self.decks(players)
        have = decks * (52 + self.joker_count)
        need = players * size + 2
        if need > have:
            field = "cards_dealt_two_players" if players == 2 else "cards_dealt"
            reason = "deal_too_big_two_decks" if decks == 2 else "deal_too_big"
            raise RuleConflict(field, reason, players=players, size=size, need=need, have=have)

    @property
    def joker_count(self) -> int:
        """How many jokers each deck holds (none without jokers).

        >>> get_variant("rommi").joker_count, get_variant("rommi", {"jokers_per_deck": 3}).joker_count
        (2, 3)
        """
        return self.jokers_per_deck if self.jokers else 0

    @property
    def stock_out(self) -> StockOut:
        """The house rule ``stock_out`` this variant's empty stock follows (``empty_stock`` in its words).

        >>> get_variant("dansk").stock_out, get_variant("femhundra", {"stock_out": "reshuffle"}).reshuffle_limit
        ('end', 2)
        """
        return next(name for name, rule in STOCK_OUT_RULE.items() if rule == self.empty_stock)

    @property
    def calls(self) -> bool:
        """Whether a call out of turn is played at all ("Rommi!" or "Rummy!")."""
        return self.rommi_call or self.rummy_call

    def house_rule_values(self) -> dict[str, Any]:
        """The house rules applied to the preset, by name, with their values (as a record writes them).

        >>> get_variant("femhundra", {"jokers": True, "target": 1000}).house_rule_values()
        {'jokers': True, 'target': 1000}
        """
        return {name: getattr(self, name) for name in self.house_rules}

    def decks(self, players: int) -> int:
        """How many decks are shuffled together for ``players`` players.

        >>> get_variant("femhundra").decks(4), get_variant("femhundra").decks(5)
        (1, 2)
        """
        return 2 if self.two_decks_from is not None and players >= self.two_decks_from else 1

    def hand_size(self, players: int) -> int:
        """How many cards each player is dealt.

        >>> get_variant("dansk").hand_size(2), get_variant("dansk").hand_size(3)
        (13, 7)
        """
        return self.cards_dealt_two_players if players == 2 else self.cards_dealt

    def card_value(self, card: Card, low_ace: bool = False) -> int:
        """Points of ``card``: a joker is ``joker_value``; ``low_ace`` marks the low ace of a run (any other
        ace, high in a run, in a set or in hand, is ``ace_high_value``).

        >>> nordic, face = get_variant("femhundra"), get_variant("500-rum")
        >>> [nordic.card_value(Card.parse(t)) for t in ("7H", "10S", "KD", "AC")]
        [5, 10, 10, 15]
        >>> [face.card_value(Card.parse(t)) for t in ("7H", "10S", "KD", "AC")], face.card_value(Card.parse("AC"), low_ace=True)
        ([7, 10, 10, 15], 1)
        >>> swedish = get_variant("femhundra", {"ace_high_value": 25, "ace_low_value": 5})
        >>> swedish.card_value(Card.parse("AC")), swedish.card_value(Card.parse("AC"), low_ace=True)
        (25, 5)
        """
        if card.is_joker:
            return self.joker_value
        rank = card.rank
        if rank == 1:
            return self.ace_low_value if low_ace else self.ace_high_value
        if rank >= 10:
            return 10
        return 5 if self.scale == "nordic" else rank

    def reaches_target(self, total: int) -> bool:
        """Whether a game total ends the game.

        >>> get_variant("femhundra").reaches_target(500), get_variant("dansk").reaches_target(500)
        (False, True)
        """
        return total > self.target if self.target_compare == "above" else total >= self.target


class HouseRules(StrictModel):
    """The house rules a table may switch on, by the engine's own names. Each is checked on its own."""

    jokers: bool | None = Field(None, description="Play with two jokers per deck, wild, worth 15.")
    target: Literal[250, 500, 1000] | None = Field(None, description="Points that end the game.")
    cards_dealt: Literal[6, 7] | None = Field(None, description="Cards dealt with three or more players.")
    cards_dealt_two_players: Literal[6, 7, 10, 13] | None = Field(None, description="Cards dealt with two players.")
    ace_high_value: Literal[15, 25] | None = Field(None, description="Points of an ace high (Q-K-A) or in hand.")
    ace_low_value: Literal[1, 5, 15] | None = Field(None, description="Points of the low ace of a run (A-2-3).")
    going_out_bonus: Literal[0, 25, 50, 100] | None = Field(None, description="Bonus for going out.")
    unusable_pile_penalty: Literal[50, 100] | None = Field(
        None, description="A take from the pile that cannot be used costs this many points instead of being illegal."
    )
    layoff_needs_own_meld: bool | None = Field(
        None, description="Lay off only after your own first meld (three cards down before you build on others)."
    )
    must_go_out_to_win: bool | None = Field(None, description="Only the player who goes out can win.")
    going_out_requires_discard: bool | None = Field(None, description="Going out needs a final discard.")
    target_compare: TargetCompare | None = Field(None, description="Whether a total must pass the target or only reach it to win.")
    tie_rule: TieRule | None = Field(None, description="A tie at the top: another round, or a shared win.")
    top_card_free: bool | None = Field(
        None, description="Taking only the top card of the discard pile never obliges you to use it at once."
    )
    stock_out: StockOut | None = Field(
        None,
        description="What an empty stock does: take from the pile or stop, the round ends, or the pile becomes a new stock (at most twice a round).",
    )
    jokers_per_deck: Literal[2, 3] | None = Field(None, description="With jokers: how many jokers each deck holds.")
    joker_value: Literal[15, 20, 25] | None = Field(None, description="Points of a joker, on the table or in hand.")
    no_meld_first_turn: bool | None = Field(
        None, description="Nobody may meld, lay off or call before their own first turn of the round is over."
    )
    rummy_call: bool | None = Field(
        None,
        description="“Rummy!”: right after a discard, another player (not the next one) may lay that card off on a meld on the table.",
    )
    rommi_call_with_hand: bool | None = Field(
        None,
        description="500 rommi: you may also call Rommi! on a discard that makes a meld with cards from your own hand.",
    )

    def overrides(self) -> dict[str, Any]:
        """The fields that were set, as Variant overrides."""
        return self.model_dump(exclude_none=True)


def house_rule_options(field: str) -> list[Any]:
    """The values a house rule may take, from its type in ``HouseRules`` (``None``, "unset", left out).

    >>> house_rule_options("target"), house_rule_options("jokers"), house_rule_options("cards_dealt")
    ([250, 500, 1000], [False, True], [6, 7])
    """
    annotation = HouseRules.model_fields[field].annotation
    args = get_args(annotation) if get_origin(annotation) in (Union, types.UnionType) else (annotation,)
    options: list[Any] = []
    for arg in args:
        if arg is bool:
            options.extend([False, True])
        elif get_origin(arg) is Literal:
            options.extend(get_args(arg))
    return options


class HouseRuleError(ValueError):
    """A house rule that is unknown or has a value the engine does not allow; names the rule (``field``),
    and the problem as a key of :data:`engine.problems.PROBLEMS` (``reason``) and its ``values``."""

    def __init__(self, field: str, reason: str, /, **values: object) -> None:
        self.problem = render_problem(reason, values)
        super().__init__(f"house_rules.{field}: {self.problem}")
        self.field = field
        self.reason = reason
        self.values = values


def house_rule_problem(field: str, value: object) -> HouseRuleError | None:
    """The refusal of ``value`` for the house rule ``field``, or None: a rule takes exactly the values
    ``docs/record.md`` lists, of their type (``true``, never ``1`` or ``"yes"``; ``500``, never ``500.0``
    or ``"500"``); ``None`` leaves the preset's value.

    >>> house_rule_problem("target", 500), str(house_rule_problem("target", 500.0))
    (None, 'house_rules.target: is 250, 500 or 1000, not 500.0')
    >>> str(house_rule_problem("jokers", 1)), str(house_rule_problem("jokers", "yes"))
    ('house_rules.jokers: is true or false, not 1', 'house_rules.jokers: is true or false, not "yes"')
    """
    if field not in HouseRules.model_fields:
        return HouseRuleError(field, "house_rule_unknown", known=", ".join(HouseRules.model_fields))
    options = house_rule_options(field)
    if value is None or any(type(value) is type(option) and value == option for option in options):
        return None
    said = [True, False] if options == [False, True] else options  # "true or false", as docs/record.md says
    return HouseRuleError(field, "house_rule_value", options=tuple(map(_written, said)), value=_written(value))


def _written(value: object) -> str:
    """A value as a record writes it (``true``, ``500``, ``"yes"``), at most 40 characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


_COMMON: Final[dict[str, Any]] = {"joker_value": 15, "ace_high_value": 15, "cards_dealt": 7, "target": 500}

PRESETS: Final[dict[str, Variant]] = {
    v.id: v
    for v in (
        Variant(
            **_COMMON,
            id="femhundra",
            name="femhundra",
            source="Swedish femhundra rules: the turn in four steps, scoring, the Anna and Bertil example",
            min_players=2,
            max_players=8,
            two_decks_from=5,
            jokers=False,
            cards_dealt_two_players=7,
            scale="nordic",
            ace_low_value=15,
            pile_take="whole_pile",
            duty="new_meld_any_taken",
            duty_on_top_card=True,
            duty_paid_by_layoff=False,
            unusable_pile_penalty=None,
            discard_restriction="none",
            empty_stock="stop",
            target_compare="above",
        ),
        Variant(
            **_COMMON,
            id="dansk",
            name="Danish 500",
            source="Danish 500 rules: the deal, digging in the pile, the 500 Rum point values",
            min_players=2,
            max_players=7,
            two_decks_from=None,
            jokers=False,
            cards_dealt_two_players=13,
            scale="face",
            ace_low_value=1,
            pile_take="any_depth",
            duty="deepest_card",
            duty_on_top_card=False,
            duty_paid_by_layoff=True,
            unusable_pile_penalty=None,
            discard_restriction="none",
            empty_stock="round_over",
            target_compare="reach",
        ),
        Variant(
            **_COMMON,
            id="rommi",
            name="500 rommi",
            source="Finnish 500 rommi rules: jokers, the Rommi! call, the discard restriction",
            min_players=2,
            max_players=8,
            two_decks_from=5,
            jokers=True,
            cards_dealt_two_players=7,
            scale="nordic",
            ace_low_value=15,
            pile_take="any_depth",
            duty="deepest_card",
            duty_on_top_card=False,
            duty_paid_by_layoff=True,
            unusable_pile_penalty=None,
            discard_restriction="drawn_this_turn",
            empty_stock="stop",
            rommi_call=True,
            target_compare="reach",
        ),
        Variant(
            **_COMMON,
            id="rummy500-nl",
            name="Dutch Rummy 500",
            source="Dutch Rummy 500 rules: digging, no throw-back, the stock reshuffled at most twice",
            min_players=2,
            max_players=7,
            two_decks_from=5,
            jokers=False,
            cards_dealt_two_players=13,
            scale="face",
            ace_low_value=1,
            pile_take="any_depth",
            duty="deepest_card",
            duty_on_top_card=False,
            duty_paid_by_layoff=True,
            unusable_pile_penalty=None,
            discard_restriction="taken_from_pile",
            empty_stock="reshuffle",
            reshuffle_limit=2,
            target_compare="reach",
        ),
        Variant(
            **_COMMON,
            id="500-rum",
            name="500 Rum",
            source="500 Rum as Hoyle and Bicycle print it (pagat.com agrees)",
            min_players=2,
            max_players=8,
            two_decks_from=5,
            jokers=False,
            cards_dealt_two_players=13,
            scale="face",
            ace_low_value=1,
            pile_take="any_depth",
            duty="deepest_card",
            duty_on_top_card=True,
            duty_paid_by_layoff=True,
            unusable_pile_penalty=None,
            discard_restriction="none",
            empty_stock="stop",
            target_compare="reach",
        ),
    )
}

_ALIASES: Final[dict[str, str]] = {
    "500": "dansk",
    "danish": "dansk",
    "swedish": "femhundra",
    "finnish": "rommi",
    "500 rommi": "rommi",
    "dutch": "rummy500-nl",
    "rummy 500": "rummy500-nl",
    "500 rum": "500-rum",
    "500rum": "500-rum",
}


def find_variant_id(name: str) -> str | None:
    """The preset id for a name or alias, or None.

    >>> find_variant_id("Dutch"), find_variant_id("500 Rum"), find_variant_id("canasta")
    ('rummy500-nl', '500-rum', None)
    """
    key = name.strip().lower()
    if key in PRESETS:
        return key
    return _ALIASES.get(key)


def get_variant(name: str, house_rules: Mapping[str, Any] | HouseRules | None = None) -> Variant:
    """The preset ``name`` (an id or alias) with ``house_rules`` applied.

    Raises ``KeyError`` for an unknown variant and :class:`HouseRuleError` for a bad house rule.
    """
    variant_id = find_variant_id(name)
    if variant_id is None:
        raise KeyError(f"unknown variant {name!r}; known: {', '.join(PRESETS)}")
    preset = PRESETS[variant_id]
    if not house_rules:
        return preset
    if isinstance(house_rules, HouseRules):
        rules = house_rules
    else:
        for field, value in house_rules.items():
            refused = house_rule_problem(str(field), value)
            if refused is not None:
                raise refused
        rules = HouseRules.model_validate(dict(house_rules))
    overrides = rules.overrides()
    changed = tuple(sorted(k for k, v in overrides.items() if getattr(preset, k) != v))
    stock_out = overrides.pop("stock_out", None)
    if stock_out is not None:  # said in the variant's own words: its empty-stock rule, and its reshuffles
        overrides["empty_stock"] = STOCK_OUT_RULE[stock_out]
        overrides["reshuffle_limit"] = RESHUFFLES if stock_out == "reshuffle" else 0
        if stock_out == preset.stock_out:
            overrides["reshuffle_limit"] = preset.reshuffle_limit
    try:
        return Variant.model_validate({**preset.model_dump(), **overrides, "house_rules": changed})
    except ValidationError as error:
        # The house rules are fine one by one but not together with the preset (e.g. a deal too big).
        first = error.errors()[0]
        conflict = first.get("ctx", {}).get("error")
        if isinstance(conflict, RuleConflict):
            raise HouseRuleError(conflict.field, conflict.reason, **conflict.values) from None
        raise  # a preset that does not hold together: the engine's own mistake


@cache
def house_rules_that_apply(name: str) -> tuple[str, ...]:
    """The house rules that can change the preset ``name``: those with a value other than the preset's own that
    the preset takes, on its own or beside one other house rule (3 jokers a deck, once jokers are on).
    ``rummy_call`` never applies to rommi, whose own call is the rule; ``rommi_call_with_hand`` only to rommi.

    >>> "rummy_call" in house_rules_that_apply("rommi"), "rummy_call" in house_rules_that_apply("500-rum")
    (False, True)
    >>> "rommi_call_with_hand" in house_rules_that_apply("rommi"), "rommi_call_with_hand" in house_rules_that_apply("dansk")
    (True, False)
    >>> "jokers_per_deck" in house_rules_that_apply("femhundra")
    True
    """
    preset = PRESETS[find_variant_id(name) or name]
    changes = [
        {field: value}
        for field in HouseRules.model_fields
        for value in house_rule_options(field)
        if value != getattr(preset, field, None)
    ]

    def takes(rules: dict[str, Any]) -> bool:
        try:
            get_variant(preset.id, rules)
        except HouseRuleError:
            return False
        return True

    applies = {
        field
        for change in changes
        for field in change
        if takes(change) or any(takes({**other, **change}) for other in changes if other.keys() != change.keys())
    }
    return tuple(field for field in HouseRules.model_fields if field in applies)


def checked_house_rules(house_rules: dict[str, Any]) -> dict[str, Any]:
    """``house_rules`` as a data file gives them, checked on their own, whatever the preset; for a pydantic
    field validator: a ``ValueError`` names the rule at fault.

    >>> checked_house_rules({"jokers": True})
    {'jokers': True}
    >>> checked_house_rules({"target": 600})
    Traceback (most recent call last):
    ...
    ValueError: house_rules.target: is 250, 500 or 1000, not 600
    """
    for field, value in house_rules.items():
        refused = house_rule_problem(str(field), value)
        if refused is not None:
            raise ValueError(str(refused))
    return house_rules
