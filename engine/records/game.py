"""The game record of ``docs/record.md``: load a file, build the position, replay the moves.

>>> record = Record.model_validate({
...     "variant": "femhundra", "players": ["Anna", "Bertil"], "seed": 7,
...     "moves": ["Anna: draw", "Anna: take all"]})
>>> result = replay(record)
>>> result["ok"], result["move"], result["rule"]
(False, 2, 'wrong_phase')
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final

from pydantic import Field, ValidationError

from engine.cards import Card, make_deck
from engine.errors import NotationError, RecordError, RulesError
from engine.model import StrictModel
from engine.names import name_problem
from engine.records.lines import LineRefused, apply_lines
from engine.records.safe_yaml import read_text, safe_load
from engine.round import Round
from engine.variants import PRESETS, HouseRuleError, Variant, get_variant


class Deal(StrictModel):
    """The cards as dealt (or at any moment of a round): hands, the discard pile, the stock."""

    hands: dict[str, list[str]] = Field(description="Each player's hand.")
    discard: list[str] = Field(default_factory=list, description="The discard pile, bottom first, top last.")
    stock: list[str] = Field(default_factory=list, description="The stock, top first.")


class TableEntry(StrictModel):
    """A meld already on the table; its cards count as laid by ``by`` in this round's score."""

    by: str
    cards: list[str]


class Record(StrictModel):
    """A deal and the moves played on it."""

    variant: str = Field(description="A preset id from docs/rules.md.")
    house_rules: dict[str, Any] = Field(
        default_factory=dict, description="Overrides of the preset, by the engine's names."
    )
    players: list[str] = Field(min_length=2, description="In turn order; the first player moves first.")
    deal: Deal | None = Field(None, description="Without it the engine shuffles with `seed`.")
    table: list[TableEntry] = Field(default_factory=list, description="Melds already on the table this round.")
    totals: dict[str, int] | None = Field(None, description="Game totals before this round.")
    seed: int | None = Field(None, description="Used only when `deal` is absent.")
    round: int = Field(
        1,
        ge=1,
        description="The round's number in its game: in round k the k-th player in turn starts (counting "
        "round the table); it also seeds the Dutch reshuffle. Optional, 1 by default.",
    )
    moves: list[str] = Field(default_factory=list, description='"PLAYER: MOVE", one a line, applied in order.')


def load_record(path: str | Path) -> Record:
    """Read a YAML or JSON record (at most 1 MB); raise ``RecordError`` naming the file and the field."""
    source = str(path)
    return parse_record(read_text(path, source), source)


def parse_record(text: str, source: str = "<record>") -> Record:
    """Parse record text (YAML, which includes JSON) safely; raise ``RecordError`` naming the field."""
    if not text.strip():
        raise RecordError(source, "file", "empty")
    return record_from_data(safe_load(text, source), source)


def record_from_data(data: object, source: str = "<record>") -> Record:
    """Validate already-parsed data as a record; raise ``RecordError`` naming the field."""
    if not isinstance(data, dict):
        raise RecordError(source, "file", "not_a_mapping")
    try:
        return Record.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "record"
        reason, values = invalid_field(first)
        raise RecordError.of(source, field, reason, values) from None


#: The problem of each kind of pydantic error a record's fields can raise (any other: ``bad_value``).
_PYDANTIC_PROBLEMS: Final = {
    "missing": "required",
    "extra_forbidden": "not_a_field",
    "int_type": "not_whole",
    "int_parsing": "not_whole",
    "int_from_float": "not_whole",
    "string_type": "not_text",
    "list_type": "not_a_list",
    "dict_type": "not_fields",
    "model_type": "not_fields",
    "model_attributes_type": "not_fields",
    "too_short": "too_few",
    "greater_than_equal": "too_small",
}


def invalid_field(error: Mapping[str, Any]) -> tuple[str, dict[str, object]]:
    """A pydantic error (one of ``ValidationError.errors()``) as a problem of :data:`PROBLEMS`
    and its values: what was written, and the limit it missed."""
    reason = _PYDANTIC_PROBLEMS.get(str(error["type"]), "bad_value")
    context = error.get("ctx") or {}
    values: dict[str, object] = {}
    if reason not in ("required", "not_a_field"):
        values["value"] = written(error.get("input"))
    if reason == "too_few":
        values["count"] = int(context.get("min_length", 0))
    if reason == "too_small":
        values["limit"] = context.get("ge")
    return reason, values


def written(value: object) -> str:
    """A value as a record writes it (JSON), at most 40 characters: what a problem quotes.

    >>> written("Anna"), written(True), written(None), written(1.5)
    ('"Anna"', 'true', 'null', '1.5')
    """
    try:
        text = json.dumps(value, ensure_ascii=False, default=str)
    except (ValueError, TypeError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"


def _cards(values: list[str], source: str, field: str) -> list[Card]:
    cards = []
    for i, text in enumerate(values):
        try:
            cards.append(Card.parse(str(text)))
        except NotationError:
            raise RecordError(source, f"{field}[{i}]", "not_a_card", text=str(text)) from None
    return cards


def _variant(record: Record, source: str) -> Variant:
    try:
        variant = get_variant(record.variant, record.house_rules)
    except KeyError:
        raise RecordError(source, "variant", "unknown_variant", name=record.variant, known=", ".join(PRESETS)) from None
    except HouseRuleError as error:
        raise RecordError.of(source, f"house_rules.{error.field}", error.reason, error.values) from None
    n = len(record.players)
    if not variant.min_players <= n <= variant.max_players:
        raise RecordError(
            source, "players", "player_count", variant=variant.id, low=variant.min_players, high=variant.max_players, count=n
        )
    for i, name in enumerate(record.players):
        refused = name_refused(name, source, f"players[{i}]")
        if refused is not None:
            raise refused
    if len(set(record.players)) != n:
        raise RecordError(source, "players", "names_repeat")
    return variant


def name_refused(name: object, source: str, field: str) -> RecordError | None:
    """The refusal of a player's name a record gives in ``field`` (the rule of :mod:`engine.names`), or None.

    >>> str(name_refused("Anna: the best", "game.yaml", "players[0]"))
    'game.yaml: players[0]: “Anna: the best” holds a colon, which a move line uses to end the name'
    """
    problem = name_problem(name)
    if problem is None:
        return None
    return RecordError.of(source, field, f"name_{problem.reason}", problem.values)


def build_state(record: Record, source: str = "<record>") -> Round:
    """The position a record starts from (before its moves); ``RecordError`` if it does not add up."""
    variant = _variant(record, source)
    players = record.players
    totals = None
    if record.totals is not None:
        if set(record.totals) != set(players):
            raise RecordError(source, "totals", "totals_players")
        totals = [record.totals[p] for p in players]
    if record.deal is None:
        if record.table:
            raise RecordError(source, "table", "table_needs_deal")
        return Round.deal(variant, players, seed=record.seed or 0, totals=totals, round_number=record.round)
    deal = record.deal
    if set(deal.hands) != set(players):
        raise RecordError(source, "deal.hands", "hands_players")
    hands = [_cards(deal.hands[p], source, f"deal.hands.{p}") for p in players]
    pile = _cards(deal.discard, source, "deal.discard")
    stock = _cards(deal.stock, source, "deal.stock")
    table = []
    for i, entry in enumerate(record.table):
        if entry.by not in players:
            raise RecordError(source, f"table[{i}].by", "not_a_player", name=entry.by)
        table.append((players.index(entry.by), _cards(entry.cards, source, f"table[{i}].cards")))
    _check_adds_up(variant, len(players), [*hands, pile, stock, *(c for _, c in table)], source)
    try:
        return Round.from_position(
            variant,
            players,
            hands,
            stock,
            pile,
            table,
            totals,
            seed=record.seed or 0,
            round_number=record.round,
            to_move=(record.round - 1) % len(players),
        )
    except RulesError as error:
        raise RecordError(source, "table", "meld_invalid", refusal=error) from None


def _check_adds_up(variant: Variant, players: int, groups: list[list[Card]], source: str) -> None:
    counted = Counter(c.in_hand for group in groups for c in group)
    deck = Counter(make_deck(variant.decks(players), variant.joker_count))
    if counted == deck:
        return
    missing = sorted((deck - counted).elements(), key=lambda c: c.index)
    extra = sorted((counted - deck).elements(), key=lambda c: c.index)
    listed = {
        "extra": " ".join(map(str, extra)),
        "missing": " ".join(map(str, missing[:12])) + (" …" if len(missing) > 12 else ""),
    }
    reason = "deck_both" if extra and missing else "deck_extra" if extra else "deck_missing"
    raise RecordError.of(source, "deal", reason, {k: v for k, v in listed.items() if v})


def replay(record: Record, source: str = "<record>") -> dict[str, Any]:
    """Apply a record's moves; the replay output of ``docs/record.md`` as a dict."""
    state = build_state(record, source)
    try:
        state = apply_lines(state, record.moves)
    except LineRefused as refused:
        return {"ok": False, "move": refused.number, "rule": refused.error.code, "message": str(refused.error)}
    return summary(state)


def summary(state: Round) -> dict[str, Any]:
    """The ``ok`` replay output for a state."""
    over = state.round_over
    scores = {}
    for name, s, hand in zip(state.players, state.scores(), state.hands, strict=False):
        scores[name] = {
            "laid": s.laid,
            "hand": s.hand,
            "bonus": s.bonus,
            "penalty": s.penalty,
            "round": s.round if over else None,
            "total": s.total if over else None,
            "cards": len(hand),
        }
    winners = [state.players[i] for i in state.winners]
    return {
        "ok": True,
        "to_move": state.to_move_name,
        "phase": state.phase.value,
        "round_over": over,
        "ended_by": state.ended_by,
        "scores": scores,
        "game_over": bool(winners),
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
    }


def round_data(dealt: Round, seed: int, moves: Iterable[tuple[int, object]]) -> dict[str, Any]:
    """A round as a record (a plain mapping, ready for YAML, that :func:`record_from_data` reads back): the
    variant and its house rules, the players, the deal of ``dealt``, the totals before it, the ``seed`` it was
    dealt with, its number (after the first), and ``moves``, each (seat, move or its text).

    >>> from engine.variants import get_variant
    >>> dealt = Round.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=7)
    >>> data = round_data(dealt, 7, [(0, "draw")])
    >>> data["moves"], replay(record_from_data(data))["to_move"]
    (['Anna: draw'], 'Anna')
    """
    variant = dealt.variant
    names = list(dealt.players)
    data: dict[str, Any] = {"variant": variant.id}
    if variant.house_rules:
        data["house_rules"] = variant.house_rule_values()
    data["players"] = names
    data["deal"] = {
        "hands": {name: [str(c) for c in hand] for name, hand in zip(names, dealt.hands, strict=True)},
        "discard": [str(c) for c in dealt.pile],
        "stock": [str(c) for c in dealt.stock],
    }
    data["totals"] = dict(zip(names, dealt.totals, strict=True))
    data["seed"] = seed
    if dealt.round_number != 1:
        data["round"] = dealt.round_number
    data["moves"] = [f"{names[seat]}: {move}" for seat, move in moves]
    return data


def to_json(data: dict[str, Any]) -> str:
    """One line of JSON, as the commands print it."""
    return json.dumps(data, ensure_ascii=False)
