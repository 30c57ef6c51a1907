"""A practice game as ``docs/record.md`` records, one per round (YAML documents), and back again.

A downloaded game opens with comment lines: what the file is, and the header (:data:`HEADER_MARK`) that
says who played at which level, so that a game resumes with the same computer players. Records ignore
comments, so a single round, downloaded alone, is read as it is by ``python -m engine replay``.
:class:`tutor.practice.game.Game` writes and reads itself through these functions.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

import yaml

from engine.errors import RecordError
from engine.moves import Move
from engine.records.game import build_state, name_refused, record_from_data, round_data
from engine.records.lines import LineRefused, apply_lines
from engine.records.safe_yaml import safe_load_all
from engine.round import Round
from engine.variants import Variant
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.practice.log import describe
from tutor.practice.rounds import RoundPlay, Step
from tutor.practice.seats import LEVELS, Seat

#: The line of a downloaded game that says who played at which level (a YAML comment: records ignore it).
HEADER_MARK: Final = "# practice: "


class PlayedGame(Protocol):
    """What a record is written from: the variant, the seats in turn order, the game's seed, the rounds
    so far and the language of the file's comment."""

    @property
    def variant(self) -> Variant: ...

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def seed(self) -> int: ...

    @property
    def rounds(self) -> Sequence[RoundPlay]: ...

    @property
    def language(self) -> str | Style: ...


@dataclass(frozen=True)
class LoadedGame:
    """A game read from records: what :class:`tutor.practice.game.Game` is built from."""

    variant: Variant
    seats: list[Seat]
    seed: int
    rounds: list[RoundPlay]


def round_record(game: PlayedGame, round_index: int = -1) -> dict[str, Any]:
    """One round as a ``docs/record.md`` record (a plain mapping, ready for YAML): the deal, the totals
    before it, its seed and number, and its moves so far."""
    round_ = game.rounds[round_index]
    return round_data(round_.states[0], round_.seed, round_.moves)


def header(game: PlayedGame) -> str:
    """The comment line that lets a downloaded game be resumed with the same computer players."""
    data = {"seed": game.seed, "seats": [[s.name, s.level] for s in game.seats]}
    return HEADER_MARK + json.dumps(data, ensure_ascii=False)


def to_yaml(game: PlayedGame, round_index: int | None = None) -> str:
    """The game as YAML: one ``docs/record.md`` record per round, as YAML documents (only round
    ``round_index`` when given, a single record that ``python -m engine replay`` reads)."""
    rounds = range(len(game.rounds)) if round_index is None else [round_index]
    documents = [
        yaml.safe_dump(round_record(game, i), sort_keys=False, allow_unicode=True, default_flow_style=None)
        for i in rounds
    ]
    intro = t("practice.record_comment", game.language).strip().splitlines()
    head = "".join(f"# {line}\n" for line in intro) + header(game) + "\n"
    return head + "---\n".join(documents)


def read_game(
    text: str, source: str = "<record>", seats: Sequence[Seat] | None = None, language: str | Style = "en"
) -> LoadedGame:
    """A game from records (one per round, YAML documents; a single record is a one-round game).

    Raises ``RecordError`` naming the field for a bad record, an illegal move, or rounds that do not
    follow each other. Without ``seats``, the header line written by :func:`to_yaml` says who is a
    computer player; with no header, every player is a person.
    """
    documents = [d for d in safe_load_all(text, source) if d is not None]
    if not documents:
        raise RecordError(source, "file", "empty")
    head = read_header(text, source)
    rounds: list[RoundPlay] = []
    variant: Variant | None = None
    players: list[str] = []
    for number, data in enumerate(documents, start=1):
        part = None if len(documents) == 1 else number
        try:
            record = record_from_data(data, source)
            state = build_state(record, source)
        except RecordError as error:
            if part is None or error.reason is None:
                raise
            raise RecordError.of(error.source, error.field, error.reason, error.values, part) from None
        if variant is None:
            variant, players = state.variant, list(record.players)
        elif state.variant != variant or list(record.players) != players:
            raise RecordError(source, "players", "rounds_differ", part=part)
        previous = rounds[-1].state if rounds else None
        if previous is not None:
            if not previous.round_over:
                raise RecordError(source, "moves", "round_not_ended", part=part)
            if list(state.totals) != [s.total for s in previous.scores()]:
                raise RecordError(source, "totals", "totals_not_carried", part=part)
        round_ = RoundPlay(record.round, record.seed or 0, [state])


        def note(before: Round, seat: int, move: Move, after: Round, round_: RoundPlay = round_) -> None:
            round_.moves.append((seat, move))
            round_.steps.append(Step(seat, move, describe(before, seat, move, after, language)))
            round_.states.append(after)

        try:
            apply_lines(state, record.moves, note)
        except LineRefused as refused:
            field = f"moves[{refused.number - 1}]"
            raise RecordError(source, field, "move_refused", part=part, line=refused.line, refusal=refused.error) from None
        rounds.append(round_)
    assert variant is not None
    if seats is None:
        levels = dict(head.get("seats", [])) if head else {}
        seats = [Seat(name, levels.get(name)) for name in players]
        if not any(s.is_person for s in seats):
            seats = [Seat(name) for name in players]
    seed = int(head.get("seed", rounds[0].seed)) if head else rounds[0].seed
    return LoadedGame(variant, list(seats), seed, rounds)


#: The largest seed a header may give (the seeds the Practice page deals with are below it).
MAX_SEED: Final = 2**63 - 1


def read_header(text: str, source: str = "<record>") -> dict[str, Any]:
    """The header of a downloaded game (seed and seats), or an empty mapping when it has none.

    Raises ``RecordError`` naming the header's field when it is there but wrong: not a JSON mapping, a
    seed that is not a whole number from 0 to :data:`MAX_SEED`, or seats that are not ``[name, level]``
    pairs with a level of :data:`~tutor.practice.seats.LEVELS` (or null for a person).

    >>> read_header('# practice: {"seed": 7, "seats": [["Anna", null], ["Bertil", "coach"]]}')
    {'seed': 7, 'seats': [['Anna', None], ['Bertil', 'coach']]}
    >>> read_header('# practice: {"seed": Infinity}', "game.yaml")
    Traceback (most recent call last):
    ...
    engine.errors.RecordError: game.yaml: # practice: seed: is a whole number from 0 up, not Infinity
    """
    for line in text.splitlines():
        if line.startswith(HEADER_MARK):
            return _checked_header(line[len(HEADER_MARK) :], source)
    return {}


def _checked_header(text: str, source: str) -> dict[str, Any]:
    field = HEADER_MARK.strip()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError(source, field, "header_not_json") from None
    if not isinstance(data, dict):
        raise RecordError(source, field, "header_not_json")
    unknown = sorted(set(data) - {"seed", "seats"})
    if unknown:
        raise RecordError(source, f"{field} {unknown[0]}", "header_unknown")
    if "seed" in data:
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            shown = json.dumps(seed)[:40] if not isinstance(seed, float) else str(seed).replace("inf", "Infinity")
            raise RecordError(source, f"{field} seed", "header_seed", value=shown)
    seats = data.get("seats", [])
    if not isinstance(seats, list):
        raise RecordError(source, f"{field} seats", "header_seats")
    for i, seat in enumerate(seats):
        where = f"{field} seats[{i}]"
        if not (isinstance(seat, list) and len(seat) == 2 and isinstance(seat[0], str)):
            raise RecordError(source, where, "header_seat")
        refused = name_refused(seat[0], source, where)
        if refused is not None:
            raise refused
        if seat[1] is not None and seat[1] not in LEVELS:
            raise RecordError(source, where, "header_level", levels=", ".join(LEVELS))
    return data
