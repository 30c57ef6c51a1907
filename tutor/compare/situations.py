"""One situation, five rulings: prepared positions judged by every preset, and a builder for the learner's own.

A situation file (``scenarios/situations/*.yaml``) holds a position in the form of a scenario's
(:class:`tutor.learn.position.Position`), a title, a description and moves to judge, each ``"PLAYER: MOVE"``
played from the position, optionally followed by moves (``then``) that play the round to its end so
that its scores can be shown. :func:`compare_situation` builds the position under each preset the
situation names, and asks the engine about every move: legal or not, with its rule code and sentence.
The files' JSON Schema, made from these models, is ``scenarios/situations/situation.schema.json``.

Positions must be valid under every preset. Our choices, documented here and in each file:

- The cards a position does not list go under the stock (``fill_stock``), or, with ``rest: pile``,
  under the discard pile, so that the stock can be empty. The deck is each preset's own: 500 rommi's
  two jokers go in with the rest (last), so the listed cards and the top of the stock are the same
  for every preset.
- Jokers: a situation about jokers turns them on for every preset with the house rule
  (``house_rules: {jokers: true}``), so all five can be compared; a situation may also name only the
  presets it applies to (``presets``).
- Each judged move may say what each preset rules (``expect``: ``legal`` or a rule code); loading a
  file checks those claims against the engine, so a file can never say what the engine does not.
- A situation about a house rule (``rule: {rummy_call: true}``) is judged by every preset twice, without
  the rule and with it (``expect_with_rule``); a preset that cannot take the rule (500 rommi and the
  Rummy! call) judges it once, without.

>>> comparison = compare_situation(situation_by_id("anna-bertil"))
>>> [o.score_of("Anna") for o in comparison.outcomes[0]]
[20, 23, 20, 23, 23]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import Field, field_validator, model_validator

from engine.cards import JOKER, NATURALS, Card
from engine.deck import rest_of_deck
from engine.errors import RULE_CODES, NotationError, RecordError, RulesError
from engine.model import StrictModel
from engine.moves import DRAW, Move
from engine.records.game import Deal, Record, TableEntry, build_state
from engine.records.lines import apply_line, move_line, parse_line
from engine.round import Phase, Round
from engine.variants import PRESETS, HouseRuleError, checked_house_rules, get_variant
from tutor import resources
from tutor.compare.grid import field_label, value_words
from tutor.i18n.strings import YOU, refusal, t, variant_name
from tutor.i18n.style import Style
from tutor.learn.data_file import read_mapping, validated
from tutor.learn.position import Position
from tutor.learn.text import Text, localize
from tutor.resources import data_files

SITUATIONS_DIR: Final = resources.SITUATIONS
#: The JSON Schema of situation files, beside them (``python -m tools.schema`` writes it; the loader reads
#: only ``*.yaml``).
SITUATION_SCHEMA_PATH: Final = SITUATIONS_DIR / "situation.schema.json"
LEGAL: Final = "legal"


class JudgedMove(StrictModel):
    """A move to judge from the situation's position, and what follows it when it is legal."""

    move: str = Field(description='"PLAYER: MOVE", played from the position.')
    then: list[str] = Field(
        default_factory=list,
        description="Moves that follow when the judged move is legal, up to the end of the round (its scores are then shown).",
    )
    expect: dict[str, str] = Field(
        default_factory=dict, description="Per preset id: `legal` or the rule code the engine gives. Checked on loading."
    )
    expect_with_rule: dict[str, str] = Field(
        default_factory=dict, description="Per preset id: what the engine gives with the situation's `rule` on. Checked on loading."
    )

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        return {"move": data} if isinstance(data, str) else data

    @field_validator("expect", "expect_with_rule")
    @classmethod
    def _known(cls, expect: dict[str, str]) -> dict[str, str]:
        for preset, verdict in expect.items():
            if preset not in PRESETS:
                raise ValueError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
            if verdict != LEGAL and verdict not in RULE_CODES:
                raise ValueError(f"{preset}: {verdict!r} is neither `legal` nor a rule code")
        return expect


def _move_alone_too(schema: dict[str, Any]) -> None:
    """In the JSON Schema, a judged move may also be written as its move alone, as the loader accepts."""
    alone = {"type": "string", "description": '"PLAYER: MOVE" alone: a judged move with no `then` or `expect`.'}
    schema["items"] = {"anyOf": [alone, schema["items"]]}


class Situation(StrictModel):
    """A position, judged by several presets."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: Text
    description: Text
    presets: list[str] = Field(default_factory=lambda: list(PRESETS), min_length=1, description="The presets that judge it.")
    house_rules: dict[str, Any] = Field(
        default_factory=dict, description="House rules every preset plays with here (e.g. jokers, so all five can be compared)."
    )
    rule: dict[str, Any] = Field(
        default_factory=dict,
        description="The house rule the situation is about: every preset that takes it judges the moves without it and with it.",
    )
    rest: Literal["stock", "pile"] = Field(
        "stock", description="Where the cards the position does not list go: under the stock, or under the discard pile."
    )
    position: Position
    judge: list[JudgedMove] = Field(min_length=1, json_schema_extra=_move_alone_too)

    @field_validator("presets")
    @classmethod
    def _known_presets(cls, presets: list[str]) -> list[str]:
        unknown = [p for p in presets if p not in PRESETS]
        if unknown:
            raise ValueError(f"unknown presets {unknown}; known: {', '.join(PRESETS)}")
        return presets

    @field_validator("house_rules", "rule")
    @classmethod
    def _known_house_rules(cls, house_rules: dict[str, Any]) -> dict[str, Any]:
        return checked_house_rules(house_rules)

    @property
    def rule_presets(self) -> tuple[str, ...]:
        """The presets that judge the situation with its ``rule`` too (those that take it); none without one."""
        if not self.rule:
            return ()
        found = []
        for preset in self.presets:
            try:
                get_variant(preset, {**self.house_rules, **self.rule})
            except HouseRuleError:
                continue
            found.append(preset)
        return tuple(found)

    def rules_for(self, with_rule: bool) -> dict[str, Any]:
        """The house rules every preset plays with here: the situation's, and its ``rule`` when ``with_rule``."""
        return {**self.house_rules, **self.rule} if with_rule else dict(self.house_rules)

    @property
    def learner(self) -> str:
        """The player the situation is about (whose cards are shown)."""
        return self.position.learner or self.position.players[0]


# --- building the position ------------------------------------------------------------------------


def situation_record(situation: Situation, preset: str, with_rule: bool = False) -> Record:
    """The position as a ``docs/record.md`` record under ``preset`` (every card of its deck listed), with the
    situation's ``rule`` on when ``with_rule``."""
    pos = situation.position
    house_rules = situation.rules_for(with_rule)
    variant = get_variant(preset, house_rules)
    stock, pile = list(pos.deal.stock), list(pos.deal.discard)
    if pos.fill_stock:
        groups = (*pos.deal.hands.values(), pos.deal.discard, pos.deal.stock, *(e.cards for e in pos.table))
        listed = [_card(text) for cards in groups for text in cards]
        rest = [str(c) for c in rest_of_deck(variant, len(pos.players), listed)]
        if situation.rest == "pile":
            pile = rest + pile
        else:
            stock += rest
    return Record(
        variant=preset,
        house_rules=house_rules,
        players=pos.players,
        deal=Deal(hands=pos.deal.hands, discard=pile, stock=stock),
        table=pos.table,
        totals=pos.totals,
    )


def _card(text: str) -> Card:
    try:
        return Card.parse(str(text))
    except NotationError as error:
        raise RecordError("situation", "position", str(error)) from None


def start_state(situation: Situation, preset: str, with_rule: bool = False) -> Round:
    """The position under ``preset`` (with the situation's ``rule`` when ``with_rule``), with the moves already
    played; ``RecordError`` if it does not hold."""
    state = build_state(situation_record(situation, preset, with_rule), situation.id)
    for line in situation.position.moves:
        try:
            state = apply_line(state, line)
        except (NotationError, RulesError) as error:
            raise RecordError(situation.id, "position.moves", f"{preset}: “{line}” is refused: {error}") from None
    return state


# --- rulings -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ruling:
    """The engine's word on one move: legal or not, the rule code and its sentence."""

    line: str
    legal: bool
    code: str | None
    reason: str

    @property
    def verdict(self) -> str:
        """``legal`` or the rule code."""
        return LEGAL if self.legal else str(self.code)


@dataclass(frozen=True)
class ScoreLine:
    """One player's figures when the round is over."""

    player: str
    laid: int
    hand: int
    bonus: int
    penalty: int
    round: int
    total: int


@dataclass(frozen=True)
class Status:
    """Where a position stands under one preset: who moves, in which phase, or how the round ended."""

    to_move: str
    phase: str
    ended_by: str | None
    reshuffles: int
    reshuffle_limit: int
    scores: tuple[ScoreLine, ...]
    winners: tuple[str, ...]

    @staticmethod
    def of(state: Round) -> Status:
        """The status of ``state`` (scores and winners only once the round is over)."""
        over = state.phase is Phase.OVER
        scores = tuple(
            ScoreLine(name, s.laid, s.hand, s.bonus, s.penalty, s.round, s.total)
            for name, s in zip(state.players, state.scores(), strict=True)
        ) if over else ()
        return Status(
            to_move=state.to_move_name,
            phase=state.phase.value,
            ended_by=state.ended_by,
            reshuffles=state.reshuffles,
            reshuffle_limit=state.variant.reshuffle_limit,
            scores=scores,
            winners=tuple(state.players[i] for i in state.winners) if over else (),
        )

    @property
    def over(self) -> bool:
        """Whether the round is over."""
        return self.phase == Phase.OVER.value


@dataclass(frozen=True)
class Outcome:
    """One preset's rulings on one judged move: the move, the moves after it (up to the first refused),
    and where the round stands at the end."""

    preset: str
    name: str
    ruling: Ruling
    then: tuple[Ruling, ...]
    status: Status
    with_rule: bool = False  # judged with the situation's house rule on

    def score_of(self, player: str) -> int | None:
        """``player``'s round score when the round ended, else None."""
        for line in self.status.scores:
            if line.player == player:
                return line.round
        return None


@dataclass(frozen=True)
class Comparison:
    """A situation judged by each of its presets: the position's status, and an outcome per judged move and
    preset (the presets in order, then, for a situation about a house rule, each that takes it with the rule)."""

    situation: Situation
    presets: tuple[str, ...]
    starts: dict[str, Status]
    outcomes: tuple[tuple[Outcome, ...], ...]

    def outcome(self, move: int, preset: str, with_rule: bool = False) -> Outcome:
        """The outcome of judged move ``move`` (0-based) under ``preset`` (with the situation's rule)."""
        return next(o for o in self.outcomes[move] if o.preset == preset and o.with_rule == with_rule)


def judge_line(state: Round, line: str, language: str | Style = "en") -> tuple[Ruling, Round]:
    """The engine's ruling on ``"PLAYER: MOVE"`` in ``state``, and the state after it (unchanged if refused)."""
    try:
        after = apply_line(state, line)
    except (NotationError, RulesError) as error:
        return Ruling(line, False, error.code, refusal(error, language, seated=True)), state
    return Ruling(line, True, None, t("compare.situation.legal_reason", language)), after


def judge_from(
    state: Round, judged: JudgedMove, language: str | Style = "en", rule: dict[str, Any] | None = None
) -> Outcome:
    """Judge one move (and its ``then`` moves, while they are legal) from ``state``; ``rule``: the house rule
    ``state`` was set up with, named beside the variant."""
    ruling, after = judge_line(state, judged.move, language)
    then: list[Ruling] = []
    if ruling.legal:
        for line in judged.then:
            follow, after = judge_line(after, line, language)
            then.append(follow)
            if not follow.legal:
                break
    name: str = variant_name(state.variant, language)
    if rule:
        name = t("compare.situation.with_rule", language, variant=name, rule=rule_words(rule, language))
    return Outcome(state.variant.id, name, ruling, tuple(then), Status.of(after), bool(rule))


def rule_words(rule: dict[str, Any], language: str | Style = "en") -> str:
    """A situation's house rule in words: its label, and its value where it is not a plain yes.

    >>> rule_words({"rummy_call": True}), rule_words({"stock_out": "end"})
    ('“Rummy!”: lay a discard off out of turn', 'When the stock runs out: the round ends')
    """
    parts = []
    for field, value in rule.items():
        label = field_label(field, language)
        words = value_words(field, value, language)
        parts.append(label if value is True else t("compare.situation.rule_value", language, rule=label, value=words))
    return ", ".join(parts)


def compare_situation(situation: Situation, language: str | Style = "en") -> Comparison:
    """Every preset of ``situation`` judging every one of its moves (and, for a situation about a house rule,
    every preset that takes it judging them again with it)."""
    presets = tuple(situation.presets)
    states = {preset: start_state(situation, preset) for preset in presets}
    ruled = {preset: start_state(situation, preset, with_rule=True) for preset in situation.rule_presets}
    outcomes = tuple(
        tuple(judge_from(states[preset], judged, language) for preset in presets)
        + tuple(judge_from(ruled[preset], judged, language, situation.rule) for preset in ruled)
        for judged in situation.judge
    )
    return Comparison(situation, presets, {p: Status.of(s) for p, s in states.items()}, outcomes)


def check_situation(situation: Situation, source: str) -> None:
    """Check a situation against the engine: its position holds under every preset, its moves parse, and
    every ``expect`` claim is what the engine rules. ``RecordError`` names the file and the field."""
    if situation.learner not in situation.position.players:
        raise RecordError(source, "position.learner", f"“{situation.learner}” is not a player")
    for preset in situation.presets:
        try:
            state = start_state(situation, preset)
        except RecordError as error:
            raise RecordError(source, f"position ({preset})", error.problem) from None
        for i, judged in enumerate(situation.judge):
            try:
                parse_line(judged.move, state)
            except NotationError as error:
                raise RecordError(source, f"judge[{i}].move", str(error)) from None
            expected = judged.expect.get(preset)
            if expected is None:
                continue
            ruling = judge_from(state, judged).ruling
            if ruling.verdict != expected:
                raise RecordError(
                    source,
                    f"judge[{i}].expect.{preset}",
                    f"the engine rules “{judged.move}” {ruling.verdict} ({ruling.reason}), not {expected}",
                )
    for preset in situation.rule_presets:
        try:
            state = start_state(situation, preset, with_rule=True)
        except RecordError as error:
            raise RecordError(source, f"position ({preset}, with the rule)", error.problem) from None
        for i, judged in enumerate(situation.judge):
            expected = judged.expect_with_rule.get(preset)
            ruling = judge_from(state, judged).ruling
            if expected is not None and ruling.verdict != expected:
                raise RecordError(
                    source,
                    f"judge[{i}].expect_with_rule.{preset}",
                    f"the engine rules “{judged.move}” {ruling.verdict} ({ruling.reason}), not {expected}",
                )
    for i, judged in enumerate(situation.judge):
        unknown = set(judged.expect) - set(situation.presets)
        if unknown:
            raise RecordError(source, f"judge[{i}].expect", f"presets {sorted(unknown)} do not judge this situation")
        unknown = set(judged.expect_with_rule) - set(situation.rule_presets)
        if unknown:
            raise RecordError(source, f"judge[{i}].expect_with_rule", f"presets {sorted(unknown)} do not judge this situation with its rule")


def load_situation(path: str | Path) -> Situation:
    """Load and check one situation file; ``RecordError`` names the file and the field at fault."""
    source = str(path)
    data = read_mapping(path, "id, title, position, …")
    situation = validated(Situation, data, source, lambda loc: ".".join(str(p) for p in loc) or "situation")
    check_situation(situation, source)
    return situation


def load_situations(folder: Path = SITUATIONS_DIR) -> list[Situation]:
    """Every situation of ``folder``, in file-name order; ``RecordError`` for the first bad one."""
    situations = [load_situation(path) for path in data_files(folder, "*.yaml")]
    seen: set[str] = set()
    for situation in situations:
        if situation.id in seen:
            raise RecordError(str(folder), "id", f"two situations are called {situation.id!r}")
        seen.add(situation.id)
    return situations


def situation_by_id(situation_id: str, folder: Path = SITUATIONS_DIR) -> Situation:
    """The situation called ``situation_id``; ``KeyError`` if there is none."""
    for situation in load_situations(folder):
        if situation.id == situation_id:
            return situation
    raise KeyError(f"no situation {situation_id!r}")


def situation_schema() -> dict[str, Any]:
    """The JSON Schema of situation files (committed as ``scenarios/situations/situation.schema.json``)."""
    return Situation.model_json_schema(by_alias=True)


def title_of(situation: Situation, language: str | Style = "en") -> str:
    """The situation's title in ``language``."""
    return localize(situation.title, language)


# --- the builder ---------------------------------------------------------------------------------

#: The other player of a built situation (the learner is :data:`tutor.i18n.strings.YOU`).
OTHER: Final = "Bertil"
#: The seed that shuffles the cards nobody picked (the same for every preset).
BUILDER_SEED: Final = 500


class BuilderError(ValueError):
    """Picked cards that cannot make a position; the message says why, for the learner."""


def _cards(values: Sequence[str | Card]) -> list[Card]:
    return [value if isinstance(value, Card) else Card.parse(str(value)) for value in values]


def build_situation(
    hand: Sequence[str | Card],
    pile: Sequence[str | Card],
    table: Sequence[Sequence[str | Card]],
    moves: Move | Sequence[Move],
    language: str | Style = "en",
) -> Situation:
    """A two-player situation from picked cards: ``hand`` is "You"'s, ``pile`` bottom first, each meld of
    ``table`` laid by Bertil; ``moves`` (You's) are judged in turn: the first is the judged move, the others
    follow it (none: You draws). Bertil holds seven of the cards nobody picked, the rest
    make the stock, shuffled with a fixed seed so that every preset deals them alike. A joker among the
    picks turns jokers on for every preset. ``BuilderError`` when the cards cannot make a position.
    """
    groups = [_cards(hand), _cards(pile), *(_cards(meld) for meld in table)]
    picked = [card.in_hand for group in groups for card in group]
    counts = Counter(picked)
    repeated = sorted((c for c, n in counts.items() if c is not JOKER and n > 1), key=lambda c: c.index)
    if repeated:
        problem = t("compare.builder.repeated", language, cards=" ".join(map(str, repeated)))
        raise BuilderError(t("compare.builder.problem", language, problem=problem))
    if counts[JOKER] > 2:
        raise BuilderError(t("compare.builder.problem", language, problem=t("compare.builder.too_many_jokers", language)))
    rest = [card for card in NATURALS if card not in counts]
    random.Random(BUILDER_SEED).shuffle(rest)
    other, stock = rest[:7], rest[7:]
    lines = [move_line(YOU, move) for move in ([moves] if isinstance(moves, Move) else moves or [DRAW])]
    situation = Situation(
        id="built",
        title="",
        description="",
        house_rules={"jokers": True} if counts[JOKER] else {},
        position=Position(
            players=[YOU, OTHER],
            learner=YOU,
            deal=Deal(
                hands={YOU: [str(c) for c in groups[0]], OTHER: [str(c) for c in other]},
                discard=[str(c) for c in groups[1]],
                stock=[str(c) for c in stock],
            ),
            table=[TableEntry(by=OTHER, cards=[str(c) for c in meld]) for meld in groups[2:]],
        ),
        judge=[JudgedMove(move=lines[0], then=lines[1:])],
    )
    for preset in situation.presets:
        try:
            start_state(situation, preset)
        except RecordError as error:
            problem = t("compare.builder.bad_meld", language, reason=error.problem.split(": ", 1)[-1])
            raise BuilderError(t("compare.builder.problem", language, problem=problem)) from None
    return situation


def builder_rulings(
    hand: Sequence[str | Card],
    pile: Sequence[str | Card],
    table: Sequence[Sequence[str | Card]],
    move: Move | Sequence[Move],
    language: str | Style = "en",
) -> dict[str, Outcome]:
    """The five rulings on ``move`` (or on a first move and the moves after it) in the position the
    learner set up (see :func:`build_situation`), by preset id.

    >>> from engine.cards import parse_cards
    >>> from engine.moves import Meld, take
    >>> rulings = builder_rulings(["7S", "7H", "3C"], ["4D", "7C", "KD"], [], [take(2), Meld(parse_cards("7S 7H 7C"))])
    >>> {p: o.ruling.verdict for p, o in rulings.items()}["femhundra"], rulings["dansk"].then[0].legal
    ('take_not_allowed', True)
    """
    comparison = compare_situation(build_situation(hand, pile, table, move, language), language)
    return {outcome.preset: outcome for outcome in comparison.outcomes[0]}


def stock_top(situation: Situation) -> Card | None:
    """The top card of the stock (what a draw gives) in a situation, the same under every preset."""
    state = start_state(situation, situation.presets[0])
    return state.stock[0] if state.stock else None
