"""Scripted situations as validated data files (``scenarios/*.yaml``).

A scenario holds a variant, a position in the ``docs/record.md`` form (:mod:`tutor.learn.position`), and a task
(:mod:`tutor.learn.tasks`): make a move, play a short sequence of moves, type a number, pick among options, or
judge "legal or not?". Accepted answers are moves or conditions on moves; feedback for likely wrong answers is
keyed by rule code; hints go from a nudge to the answer. Loading checks everything against the engine, so a
scenario can never teach a move the engine refuses. A task is written once and played at the learner's table:
what the table's house rules change in its cards and its moves is :mod:`tutor.learn.deal_at_table`'s and
:mod:`tutor.learn.moves_at_table`' job.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, PrivateAttr, field_validator

from engine.errors import RULE_CODES, NotationError, RecordError, RulesError
from engine.model import StrictModel
from engine.records.game import Record, build_state
from engine.records.lines import apply_line
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
from tutor.learn.deal_at_table import position_record, turns_taken
from tutor.learn.fields import fill_task
from tutor.learn.moves_at_table import adapted
from tutor.learn.position import Position
from tutor.learn.suits import SAME, map_counts, map_fields
from tutor.learn.tasks import ChoiceTask, MoveTask, Task
from tutor.learn.text import Text, localize
from tutor.resources import SCENARIOS

SCHEMA_PATH = SCENARIOS / "scenario.schema.json"


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
        position, task = adapted(self.position, self.task, self.learner, table, self.id)
        played = self.model_copy(update={"position": position, "task": task})
        played._played, played._suits, played._counts = table, self._suits, self._counts
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
        return position_record(self.position, self.played, self.learner)

    def start(self) -> Round:
        """The position, with the moves already played applied. Unless the position is the start of the
        round (``round_start``), every player has had a turn before it (the house rule ``no_meld_first_turn``
        holds nobody back)."""
        return _play(self, turns_taken(build_state(self.record(), self.id), self.position), self.position.moves)

def _play(scenario: Scenario, state: Round, moves: list[str]) -> Round:
    for line in moves:
        try:
            state = apply_line(state, line)
        except (NotationError, RulesError) as error:
            raise RecordError(scenario.id, "moves", f"“{line}” is refused: {error}") from None
    return state



def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of scenario files (committed as ``scenarios/scenario.schema.json``)."""
    return Scenario.model_json_schema(by_alias=True)
