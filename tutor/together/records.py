"""A shared table's rounds told for people: the last moves as everyone saw them, and the finished rounds
as ``docs/record.md`` records (YAML documents, with the deal) that ``python -m engine replay`` reads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import yaml

from engine.moves import Move
from engine.records.game import round_data
from engine.round import Round
from tutor.i18n.style import Style
from tutor.practice.log import describe

#: How many last moves a view lists.
LAST_MOVES: Final = 6


def last_moves(dealt: Round, moves: Sequence[tuple[int, str]], language: str | Style) -> list[str]:
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


def round_record(dealt: Round, seed: int, moves: Sequence[tuple[int, str]]) -> str | None:
    """Round ``dealt.round_number`` (dealt with ``seed``, then ``moves``) as a record; None while it goes on."""
    state = dealt
    for seat, text in moves:  # the database's move column: the notation, read here
        state = state.apply(Move.parse(text), seat)
    if not state.round_over:
        return None
    record = round_data(dealt, seed, moves)
    return yaml.safe_dump(record, sort_keys=False, allow_unicode=True, default_flow_style=None)
