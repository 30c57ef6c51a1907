"""A shared table's rounds told for people: the last moves as everyone saw them, and the finished rounds
as ``RECORD.md`` records (YAML documents, with the deal) that ``python -m engine replay`` reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import yaml

from engine.moves import Move
from engine.state import GameState
from engine.variants import Variant
from tutor.practice.log import describe

#: How many last moves a view lists.
LAST_MOVES: Final = 6


def last_moves(dealt: GameState, moves: Sequence[tuple[int, str]], language: str) -> list[str]:
    """The last :data:`LAST_MOVES` of ``moves`` (seat, move text) made from ``dealt``, one sentence each in
    ``language`` (a card drawn from the stock unnamed), oldest first."""
    state = dealt
    lines = []
    for index, (seat, text) in enumerate(moves):
        move = Move.parse(text)
        after = state.apply(move, seat)
        if index >= len(moves) - LAST_MOVES:
            lines.append(describe(state, seat, move, after, language))
        state = after
    return lines


def round_record(
    variant: Variant, house_rules: dict[str, Any], dealt: GameState, seed: int, moves: Sequence[tuple[int, str]]
) -> str | None:
    """Round ``dealt.round_number`` (dealt with ``seed``, then ``moves``) as a record; None while it goes on."""
    state = dealt
    for seat, move in moves:
        state = state.apply(move, seat)
    if not state.round_over:
        return None
    names = list(dealt.players)
    record: dict[str, Any] = {"variant": variant.id}
    if variant.house_rules:
        record["house_rules"] = house_rules
    record["players"] = names
    record["deal"] = {
        "hands": {n: [str(c) for c in h] for n, h in zip(names, dealt.hands, strict=True)},
        "discard": [str(c) for c in dealt.pile],
        "stock": [str(c) for c in dealt.stock],
    }
    record["totals"] = dict(zip(names, dealt.totals, strict=True))
    record["seed"] = seed
    record["round"] = dealt.round_number
    record["moves"] = [f"{names[s]}: {m}" for s, m in moves]
    return yaml.safe_dump(record, sort_keys=False, allow_unicode=True, default_flow_style=None)
