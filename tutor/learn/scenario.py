"""Scripted situations as validated data files (``scenarios/*.yaml``).

A scenario holds a variant, a position in the ``docs/record.md`` form, and a task: make a move, play a short
sequence of moves, type a number, pick among options, or judge "legal or not?". Accepted answers are
moves or conditions on moves; feedback for likely wrong answers is keyed by rule code; hints go from a
nudge to the answer. Loading checks everything against the engine, so a scenario can never teach a
move the engine refuses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Final, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from engine.cards import Card
from engine.deck import rest_of_deck
from engine.errors import RULE_CODES, NotationError, RecordError, RulesError
from engine.model import StrictModel
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Take
from engine.pile_take import lifted, take_count
from engine.records.game import Deal, Record, TableEntry, build_state
from engine.records.lines import apply_line
from engine.records.safe_yaml import read_text, safe_load
from engine.round import Round
from engine.variants import (
    PRESETS,
    STOCK_OUT_RULE,
    HouseRuleError,
    HouseRules,
    Variant,
    checked_house_rules,
    get_variant,
)
from tutor.i18n.style import Style
from tutor.i18n.translate import text as translated_text
from tutor.learn.fields import fill_task
from tutor.learn.suits import SAME, map_counts, map_fields
from tutor.resources import SCENARIOS


class LearnerText:
    """The mark of a field a learner reads: its English goes into the ``scenarios`` catalogue."""


#: Text a learner reads: English, or a mapping from language code to text (English required).
Text = Annotated[str | dict[str, str], LearnerText()]

SCHEMA_PATH = SCENARIOS / "scenario.schema.json"

#: The target a position's totals (and the texts' ``{points:N}``) are written for.
TOTALS_TARGET = 500


def localize(text: Text, language: str | Style = "en", cards: Callable[[str], str] | None = None) -> str:
    """``text`` in ``language``: from the file when it has it, else from the ``scenarios`` catalogue, else
    English.

    ``cards`` changes its card fields first (a task played on other suits, :mod:`tutor.learn.suits`).

    >>> localize({"en": "Take the pile", "sv": "Ta högen"}, "sv"), localize("Take the pile", "sv")
    ('Ta högen', 'Take the pile')
    """
    if isinstance(text, str):
        return translated_text(text, language, cards)
    code = language.language if isinstance(language, Style) else language
    found = text.get(code) or text.get(code.split("-")[0])
    return (found if cards is None else cards(found)) if found else translated_text(text["en"], language, cards)


class Position(StrictModel):
    """The situation: players, cards and moves already played, as in a record.

    With ``fill_stock`` the deck's remaining cards go under the listed stock in a fixed order, so an
    author lists only the cards that matter (a record exported from it holds every card, as
    ``docs/record.md`` asks). Without it, jokers a house rule brings into the deck go to the hand of the
    last player who is not the learner, so that a position written for a table without jokers adds up.
    """

    players: list[str] = Field(min_length=2, description="In turn order.")
    learner: str | None = Field(None, description="The player the learner plays (default: the first).")
    deal: Deal
    table: list[TableEntry] = Field(default_factory=list)
    totals: dict[str, int] | None = Field(
        None,
        description="Game totals before the round, written for a target of 500: at a table with another target "
        "each shifts by the difference (480 is 230 at 250), as the texts' {points:480} do.",
    )
    goes_out: str | None = Field(
        None,
        description="The player who goes out in this position's play: their total is lowered by the table's "
        "going-out bonus, so that their total after the round is the one the texts give ({points:480-bonus}).",
    )
    moves: list[str] = Field(default_factory=list, description='Moves already played, "PLAYER: MOVE".')
    fill_stock: bool = Field(True, description="Put the deck's remaining cards under the listed stock.")
    dealt: bool = Field(
        False,
        description="The hands are a fresh deal: at a table that deals fewer cards each hand keeps its first ones "
        "(the others go to the stock), at one that deals more each gets the next cards of the deck in order.",
    )
    round_start: bool = Field(
        False,
        description="The position is the start of the round: nobody has had a turn yet (the house rule "
        "no_meld_first_turn then holds everyone back). By default the round is under way and every player has "
        "had a turn.",
    )


class Matcher(StrictModel):
    """A condition an accepted move meets. Every field given must hold.

    ``move``: exactly this move. ``action``: the kind of move. ``with``: the move's cards include these
    (for a take or a Rommi call: the cards taken). ``meld``: a lay-off on this meld number.
    """

    move: str | None = None
    action: Literal["draw", "take", "meld", "layoff", "discard", "stop", "rommi", "any"] | None = None
    with_: list[str] = Field(default_factory=list, alias="with")
    meld: int | None = None

    model_config = ConfigDict(populate_by_name=True)


class Step(StrictModel):
    """One move the learner makes."""

    prompt: Text | None = Field(None, description="What to do now (default: the task's prompt).")
    accept: list[Matcher] = Field(min_length=1, description="A move meeting any of these is what was asked.")
    answer: str = Field(description="A move that is accepted: shown by the last hint, played by the tests.")
    after: list[str] = Field(default_factory=list, description='Moves played for the others after this step, "PLAYER: MOVE".')
    success: Text | None = Field(None, description="Said when the step is done.")


class MoveTask(StrictModel):
    """Make one move, or a short sequence of them."""

    kind: Literal["move"]
    prompt: Text
    steps: list[Step] = Field(min_length=1)


class NumberAnswer(StrictModel):
    """A number the learner types: a fixed value, or one the engine computes from the position."""

    value: int | None = None
    score: Literal["laid", "hand", "round", "total", "bonus", "penalty"] | None = Field(
        None, description="A figure of the player's score in the position (after its moves)."
    )
    card_value: str | None = Field(None, description="The value of this card in the variant.")
    low_ace: bool = Field(False, description="With card_value: the low ace of a run.")
    dealt: int | None = Field(None, ge=2, le=8, description="The cards each player is dealt with this many players.")
    decks: int | None = Field(None, ge=2, le=8, description="The decks shuffled together for this many players.")
    deck_cards: int | None = Field(None, ge=2, le=8, description="The cards in play (decks, with any jokers) for this many players.")
    player: str | None = None

    @model_validator(mode="after")
    def _one_source(self) -> NumberAnswer:
        given = [x for x in (self.value, self.score, self.card_value, self.dealt, self.decks, self.deck_cards) if x is not None]
        if len(given) != 1:
            raise ValueError("give exactly one of value, score, card_value, dealt, decks or deck_cards")
        if self.score is not None and self.player is None:
            raise ValueError("a score needs the player")
        return self


class NumberTask(StrictModel):
    """Type a number (a card's value, a round score…)."""

    kind: Literal["number"]
    prompt: Text
    answer: NumberAnswer
    explain: Text | None = Field(None, description="Shown with the right answer.")


class ChoiceTask(StrictModel):
    """Pick one of several options."""

    kind: Literal["choice"]
    prompt: Text
    options: list[Text] = Field(min_length=2)
    correct: int = Field(ge=0)
    correct_if: dict[str, int] = Field(
        default_factory=dict,
        description='The right option at a table where a rule has a value, as "rule=value" (`must_go_out_to_win=true: 0`): '
        "the first that holds, else `correct`.",
    )
    explain: Text | None = None

    @model_validator(mode="after")
    def _correct_in_range(self) -> ChoiceTask:
        for index in (self.correct, *self.correct_if.values()):
            if index >= len(self.options):
                raise ValueError(f"correct is {index}, but there are only {len(self.options)} options")
        for condition in self.correct_if:
            rule, sep, _ = condition.partition("=")
            if not sep or rule.strip() not in Variant.model_fields:
                raise ValueError(f"“{condition}” is no rule=value of the engine's rules")
        return self

    def correct_at(self, variant: Variant) -> int:
        """The right option at a table playing ``variant``."""
        for condition, index in self.correct_if.items():
            rule, _, value = (word.strip() for word in condition.partition("="))
            if str(getattr(variant, rule)).lower() == value.lower():
                return index
        return self.correct


class JudgeTask(StrictModel):
    """Legal or not? The engine decides the answer; its reason is the explanation."""

    kind: Literal["judge"]
    prompt: Text
    move: str = Field(description='The move to judge, "PLAYER: MOVE".')
    explain: Text | None = None


Task = Annotated[MoveTask | NumberTask | ChoiceTask | JudgeTask, Field(discriminator="kind")]


class Scenario(StrictModel):
    """One scripted situation and what the learner is asked to do in it."""

    schema_: str | None = Field(None, alias="$schema", description="The JSON Schema this file follows.")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: Text
    variants: Literal["all"] | list[str] = Field(
        "all", description="The presets the task holds for (it is played under the learner's): all, or a list of ids."
    )
    when: dict[str, Any] = Field(
        default_factory=dict,
        description="Rules the task needs, as the engine's rule names and values (`pile_take: whole_pile`, "
        "`jokers: true`): it holds only for a variant (with its house rules) that has them.",
    )
    house_rules: dict[str, Any] = Field(
        default_factory=dict, description="House rules the situation itself sets, over the learner's (rarely needed)."
    )
    position: Position
    task: Task
    feedback: dict[str, Text] = Field(
        default_factory=dict,
        description="Keyed by rule code, or `not_asked` (a legal move that is not what was asked), or `wrong` (a wrong number or choice).",
    )
    hints: list[Text] = Field(default_factory=list, description="From a nudge to the answer.")

    model_config = ConfigDict(populate_by_name=True)

    _played: Variant | None = PrivateAttr(None)
    #: The suit permutation a variation of the task is played with (:mod:`tutor.learn.suits`): its texts'
    #: fields name the cards so mapped (its position and moves are mapped in the data already).
    _suits: tuple[int, ...] = PrivateAttr(SAME)
    _counts: tuple[int, int] | None = PrivateAttr(None)

    # Field validators (not one model validator), so that a load error names the field at fault.
    @field_validator("variants")
    @classmethod
    def _known_variants(cls, variants: Literal["all"] | list[str]) -> Literal["all"] | list[str]:
        unknown = [v for v in variants if v not in PRESETS] if variants != "all" else []
        if unknown or not variants:
            raise ValueError(f"unknown variants {unknown}; known: {', '.join(PRESETS)}" if unknown else "names no variant")
        return variants

    @field_validator("when")
    @classmethod
    def _known_rules(cls, when: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(when) - set(Variant.model_fields) - {"id"})
        if unknown:
            raise ValueError(f"unknown rules {unknown}; use the engine's rule names, as engine/variants.py has them (pile_take, jokers, …)")
        return when

    @field_validator("house_rules")
    @classmethod
    def _known_house_rules(cls, house_rules: dict[str, Any]) -> dict[str, Any]:
        return checked_house_rules(house_rules)

    @field_validator("feedback")
    @classmethod
    def _known_keys(cls, feedback: dict[str, Text]) -> dict[str, Text]:
        unknown = set(feedback) - set(RULE_CODES) - {"not_asked", "wrong"}
        if unknown:
            raise ValueError(f"unknown keys {sorted(unknown)} (use rule codes, not_asked or wrong)")
        return feedback

    def holds_for(self, variant: Variant) -> bool:
        """Whether the task holds at a table playing ``variant`` (a preset with the learner's house rules)."""
        if self.variants != "all" and variant.id not in self.variants:
            return False
        try:
            played = self._table(variant)
        except HouseRuleError:
            return False
        return all(getattr(played, rule) == value for rule, value in self.when.items())

    def under(self, variant: Variant) -> Scenario:
        """The task as it is played at a table playing ``variant`` (which it must hold for)."""
        if not self.holds_for(variant):
            raise ValueError(f"{self.id} does not hold for {variant.id} {variant.house_rule_values()}")
        table = self._table(variant)
        played = _with_full_opponent(self, table)
        played = _with_own_melds(played, table) if table.layoff_needs_own_meld else played.model_copy()
        played._played = table
        if isinstance(played.task, ChoiceTask) and played.task.correct_if:
            played = played.model_copy(update={"task": played.task.model_copy(update={"correct": played.task.correct_at(table)})})
            played._played = table
        if table.going_out_requires_discard:
            played = _with_final_discards(played, table)
        played._suits, played._counts = self._suits, self._counts
        return played

    def _table(self, variant: Variant) -> Variant:
        return get_variant(variant.id, {**variant.house_rule_values(), **self.house_rules}) if self.house_rules else variant

    def tables(self) -> list[Variant]:
        """The tables the task is checked at and may be played at by default (the first): each preset it holds
        for, in the order of ``variants`` (or of ``PRESETS``), and where a preset lacks a rule ``when`` asks for
        that a house rule can set (``layoff_needs_own_meld: true``, ``empty_stock`` by ``stock_out``), the preset with that house rule."""
        found = []
        settable = {rule: value for rule, value in self.when.items() if rule in HouseRules.model_fields}
        if "empty_stock" in self.when:  # the house rule ``stock_out`` sets it, in its own words
            settable["stock_out"] = next(out for out, rule in STOCK_OUT_RULE.items() if rule == self.when["empty_stock"])
        for preset in (PRESETS[v] for v in (self.variants if self.variants != "all" else PRESETS)):
            if self.holds_for(preset):
                found.append(preset)
            elif settable:
                try:
                    ruled = get_variant(preset.id, settable)
                except HouseRuleError:
                    continue
                if self.holds_for(ruled):
                    found.append(ruled)
        return found

    @property
    def played(self) -> Variant:
        """The variant the task is played under: the one :meth:`under` chose, else the first it holds for."""
        if self._played is not None:
            return self._played
        tables = self.tables()
        if not tables:
            raise ValueError(f"{self.id} holds for no variant")
        return self._table(tables[0])

    @property
    def variant(self) -> str:
        """The id of the preset the task is played under (:attr:`played`)."""
        return self.played.id

    def texts(self) -> list[tuple[str, Text]]:
        """Every text of the task a learner may read, with its field (``task.steps[1].success``)."""
        task = self.task
        found: list[tuple[str, Text | None]] = [("title", self.title), ("task.prompt", task.prompt)]
        if isinstance(task, MoveTask):
            for i, step in enumerate(task.steps):
                found += [(f"task.steps[{i}].prompt", step.prompt), (f"task.steps[{i}].success", step.success)]
        if isinstance(task, ChoiceTask):
            found += [(f"task.options[{i}]", option) for i, option in enumerate(task.options)]
        if not isinstance(task, MoveTask):
            found.append(("task.explain", task.explain))
        found += [(f"feedback.{key}", text) for key, text in self.feedback.items()]
        found += [(f"hints[{i}]", hint) for i, hint in enumerate(self.hints)]
        return [(field, text) for field, text in found if text is not None]

    def say(self, text: Text, language: str | Style = "en", **extra: object) -> str:
        """One of the task's texts in ``language``, its fields filled for the variant it is played under
        (:func:`tutor.learn.fields.fill_task`); ``extra`` adds fields of the moment (``answer``)."""
        suits, counts = self._suits, self._counts
        mapped = None if suits == SAME and counts is None else (lambda found: map_counts(map_fields(found, suits), counts))
        return fill_task(localize(text, language, mapped), self.played, language, extra)

    @property
    def learner(self) -> str:
        """The player the learner plays."""
        return self.position.learner or self.position.players[0]

    def record(self) -> Record:
        """The position as a ``docs/record.md`` record (every card of the deck listed), with its moves."""
        return _record(self)

    def start(self) -> Round:
        """The position, with the moves already played applied. Unless the position is the start of the
        round (``round_start``), every player has had a turn before it (the house rule ``no_meld_first_turn``
        holds nobody back)."""
        state = build_state(self.record(), self.id)
        if not self.position.round_start:
            state = state.replace(first_turn_over=(True,) * len(state.players))
        return _play(self, state, self.position.moves)


def _record(scenario: Scenario) -> Record:
    pos = scenario.position
    variant = scenario.played
    stock = list(pos.deal.stock)
    hands = _dealt(pos, variant) if pos.dealt else dict(pos.deal.hands)
    groups = (*hands.values(), pos.deal.discard, pos.deal.stock, *(t.cards for t in pos.table))
    listed = [card for cards in groups for card in map(_card_or_none, cards) if card is not None]
    rest = rest_of_deck(variant, len(pos.players), listed)
    if pos.fill_stock:
        stock += [str(c) for c in rest]
    elif rest and all(card.is_joker for card in rest):
        holder = [name for name in pos.players if name != scenario.learner][-1]
        hands[holder] = [*hands[holder], *(str(c) for c in rest)]
    return Record(
        variant=variant.id, house_rules=variant.house_rule_values(), players=pos.players,
        deal=Deal(hands=hands, discard=pos.deal.discard, stock=stock),
        table=pos.table, totals=_totals(pos, variant), moves=pos.moves,
    )


#: The hand an author writes for a player mid-deal: the deal of three or more players.
AUTHORED_HAND: Final = 7


def _with_full_opponent(scenario: Scenario, variant: Variant) -> Scenario:
    """The task at a two-player table that deals more than :data:`AUTHORED_HAND` cards (13 in the Dutch
    game): the other player's hand, written as a full seven, is topped up to the table's deal from the deck's
    cards the position does not list (highest first, the stock's last), so that the table shows the hand
    and the stock the learner was taught."""
    pos = scenario.position
    if len(pos.players) != 2 or pos.dealt or not pos.fill_stock:
        return scenario
    size = variant.hand_size(2)
    other = next(name for name in pos.players if name != scenario.learner)
    cards = pos.deal.hands[other]
    if len(cards) != AUTHORED_HAND or size <= len(cards):
        return scenario
    groups = (*pos.deal.hands.values(), pos.deal.discard, pos.deal.stock, *(t.cards for t in pos.table))
    listed = [card for cards in groups for card in map(_card_or_none, cards) if card is not None]
    spare = [str(c) for c in reversed(rest_of_deck(variant, 2, listed)) if not c.is_joker][: size - len(cards)]
    deal = pos.deal.model_copy(update={"hands": {**pos.deal.hands, other: [*cards, *spare]}})
    return scenario.model_copy(update={"position": pos.model_copy(update={"deal": deal})})


def _with_own_melds(scenario: Scenario, variant: Variant) -> Scenario:
    """The task at a table where a lay-off needs the player's own meld first (``layoff_needs_own_meld``): each
    player who lays off before a meld of their own gets one already on the table (a set from the deck's cards
    the position does not list, highest rank first), the meld numbers of the moves shifted past it."""
    pos = scenario.position
    owners = _layers_without_meld(scenario)
    if not owners or not pos.fill_stock:
        return scenario.model_copy()
    groups = (*pos.deal.hands.values(), pos.deal.discard, pos.deal.stock, *(t.cards for t in pos.table))
    listed = [card for cards in groups for card in map(_card_or_none, cards) if card is not None]
    spare = [c for c in rest_of_deck(variant, len(pos.players), listed) if not c.is_joker]
    added = []
    for owner in owners:
        ranks = sorted({c.rank for c in spare}, reverse=True)
        rank = next(r for r in ranks if len({c.suit for c in spare if c.rank == r}) >= 3)
        cards = [next(c for c in spare if c.rank == rank and c.suit == suit) for suit in sorted({c.suit for c in spare if c.rank == rank})[:3]]
        spare = [c for c in spare if c not in cards]
        added.append(TableEntry(by=owner, cards=[str(c) for c in cards]))
    before, shift = len(pos.table), len(added)

    def renumber(line: str) -> str:
        return _MELD_NUMBER.sub(lambda m: m.group(1) + str(int(m.group(2)) + (shift if int(m.group(2)) > before else 0)), line)

    position = pos.model_copy(update={"table": [*pos.table, *added], "moves": [renumber(x) for x in pos.moves]})
    task = scenario.task
    if isinstance(task, MoveTask):
        steps = [
            step.model_copy(update={
                "answer": renumber(step.answer),
                "after": [renumber(x) for x in step.after],
                "accept": [
                    m.model_copy(update={
                        "move": renumber(m.move) if m.move else m.move,
                        "meld": m.meld + shift if m.meld is not None and m.meld > before else m.meld,
                    })
                    for m in step.accept
                ],
            })
            for step in task.steps
        ]
        task = task.model_copy(update={"steps": steps})
    elif isinstance(task, JudgeTask):
        task = task.model_copy(update={"move": renumber(task.move)})
    return scenario.model_copy(update={"position": position, "task": task})


def _with_final_discards(scenario: Scenario, variant: Variant) -> Scenario:
    """The task at a table where going out needs a final discard (``going_out_requires_discard``): a player
    the script plays (not the learner) who would empty their hand in a meld or lay-off holds one card more from
    the deal (a spare card of the deck, highest first) and discards it right after, going out as the table says."""
    for _ in range(len(scenario.position.players)):
        found = _first_refused_going_out(scenario)
        if found is None or not scenario.position.fill_stock:
            return scenario
        where, index, name = found
        pos = scenario.position
        groups = (*pos.deal.hands.values(), pos.deal.discard, pos.deal.stock, *(t.cards for t in pos.table))
        listed = [card for cards in groups for card in map(_card_or_none, cards) if card is not None]
        spare = str([c for c in rest_of_deck(variant, len(pos.players), listed) if not c.is_joker][-1])
        hands = {**pos.deal.hands, name: [*pos.deal.hands[name], spare]}
        deal = pos.deal.model_copy(update={"hands": hands})
        task = scenario.task
        if where < 0:
            pos = pos.model_copy(update={"deal": deal, "moves": _insert(pos.moves, index, f"{name}: discard {spare}")})
        else:
            assert isinstance(task, MoveTask)
            steps = list(task.steps)
            steps[where] = steps[where].model_copy(update={"after": _insert(steps[where].after, index, f"{name}: discard {spare}")})
            task = task.model_copy(update={"steps": steps})
            pos = pos.model_copy(update={"deal": deal})
        played = scenario._played
        scenario = scenario.model_copy(update={"position": pos, "task": task})
        scenario._played = played
    return scenario


def _insert(lines: list[str], index: int, line: str) -> list[str]:
    return [*lines[: index + 1], line, *lines[index + 1 :]]


def _first_refused_going_out(scenario: Scenario) -> tuple[int, int, str] | None:
    """The first scripted line refused because it would go out without a discard: (step, or -1 for the
    position's moves; the line's index; the player), or None."""
    try:
        state = build_state(scenario.record(), scenario.id)
    except RecordError:
        return None
    if not scenario.position.round_start:
        state = state.replace(first_turn_over=(True,) * len(state.players))
    scripted: list[tuple[int, int, str]] = [(-1, i, line) for i, line in enumerate(scenario.position.moves)]
    task = scenario.task
    if isinstance(task, MoveTask):
        for k, step in enumerate(task.steps):
            scripted.append((k, -1, f"{scenario.learner}: {step.answer}"))
            scripted += [(k, i, line) for i, line in enumerate(step.after)]
    for where, index, line in scripted:
        try:
            state = apply_line(state, line)
        except RulesError as error:
            if error.code == "must_keep_card_to_discard" and index >= 0:
                return where, index, line.partition(":")[0].strip()
            return None
        except NotationError:
            return None
    return None


#: A meld number in a move: ``layoff 9H on 2``, ``rummy 2``.
_MELD_NUMBER: Final = re.compile(r"(\bon |\brummy )(\d+)\b")


def _layers_without_meld(scenario: Scenario) -> list[str]:
    """The players who lay off in the task's moves before any meld of their own, in the order they do."""
    lines = list(scenario.position.moves)
    task = scenario.task
    if isinstance(task, MoveTask):
        for step in task.steps:
            lines += [f"{scenario.learner}: {step.answer}", *step.after]
    elif isinstance(task, JudgeTask):
        lines.append(task.move)
    owners = {entry.by for entry in scenario.position.table}
    found: list[str] = []
    for line in lines:
        name, _, move = line.partition(":")
        word = move.split()[0] if move.split() else ""
        if word == "meld":
            owners.add(name.strip())
        elif word == "layoff" and name.strip() not in owners and name.strip() not in found:
            found.append(name.strip())
    return found


def _dealt(pos: Position, variant: Variant) -> dict[str, list[str]]:
    """A fresh deal's hands as the table deals them: cut to its hand size, or topped up from the deck's cards
    not listed (in card order)."""
    size = variant.hand_size(len(pos.players))
    groups = (*pos.deal.hands.values(), pos.deal.discard, pos.deal.stock, *(t.cards for t in pos.table))
    listed = [card for cards in groups for card in map(_card_or_none, cards) if card is not None]
    spare = [str(c) for c in rest_of_deck(variant, len(pos.players), listed) if not c.is_joker]
    hands = {}
    for name, cards in pos.deal.hands.items():
        missing = max(0, size - len(cards))
        hands[name] = [*cards[:size], *spare[:missing]]
        spare = spare[missing:]
    return hands


def _totals(pos: Position, variant: Variant) -> dict[str, int] | None:
    """The position's totals at the table: shifted to its target, the one who goes out lowered by its bonus."""
    if pos.totals is None:
        return None
    shift = variant.target - TOTALS_TARGET
    return {name: total + shift - (variant.going_out_bonus if name == pos.goes_out else 0) for name, total in pos.totals.items()}


def _card_or_none(text: str) -> Card | None:
    """The card, or None for text that is not one (``build_state`` then names the field at fault)."""
    try:
        return Card.parse(str(text))
    except NotationError:
        return None


def _play(scenario: Scenario, state: Round, moves: list[str]) -> Round:
    for line in moves:
        try:
            state = apply_line(state, line)
        except (NotationError, RulesError) as error:
            raise RecordError(scenario.id, "moves", f"“{line}” is refused: {error}") from None
    return state


def matches(matcher: Matcher, move: Move, before: Round) -> bool:
    """Whether ``move`` (legal in ``before``) meets ``matcher``."""
    if matcher.move is not None and Move.parse(matcher.move) != move and not _same_take(Move.parse(matcher.move), move, before):
        return False
    if matcher.action not in (None, "any") and move.kind != matcher.action:
        return False
    if matcher.meld is not None and not (isinstance(move, Layoff) and move.meld == matcher.meld):
        return False
    if matcher.with_:
        held = [c.in_hand for c in _cards_of(move, before)]
        for text in matcher.with_:
            card = Card.parse(text)
            if card.in_hand not in held:
                return False
            held.remove(card.in_hand)
    return True


def _same_take(a: Move, b: Move, before: Round) -> bool:
    """``take all`` and ``take N`` with N the pile's size are the same move."""
    if isinstance(a, Take) and isinstance(b, Take):
        return take_count(before.pile, a) == take_count(before.pile, b)
    return False


def _cards_of(move: Move, before: Round) -> tuple[Card, ...]:
    if isinstance(move, (Meld, Layoff)):
        return move.cards
    if isinstance(move, Discard):
        return (move.card,)
    if isinstance(move, Take | Rommi):
        return lifted(before.pile, move)
    return ()


def read_mapping(path: str | Path, fields: str) -> dict[str, Any]:
    """The YAML mapping in a record file; ``RecordError`` if it cannot be read, is not YAML or not a mapping
    (``fields`` names a few of the fields expected, for that message)."""
    source = str(path)
    data = safe_load(read_text(path, source), source)  # at most 1 MB, no tags or aliases, bounded depth
    if not isinstance(data, dict):
        raise RecordError(source, "file", f"is not a mapping of fields ({fields})")
    return data


_Model = TypeVar("_Model", bound=BaseModel)


def validated(
    model: type[_Model], data: dict[str, Any], source: str, field_name: Callable[[tuple[int | str, ...]], str]
) -> _Model:
    """``data`` checked as a ``model``; the first problem as a ``RecordError`` naming the field (``field_name``)."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise RecordError(source, field_name(first["loc"]), first["msg"].removeprefix("Value error, ")) from None


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files (committed as ``scenarios/scenario.schema.json``)."""
    return Scenario.model_json_schema(by_alias=True)
