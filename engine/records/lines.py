"""Record move lines, ``"PLAYER: MOVE"``: read one, apply one, apply many. The one home of how a line is
split (at its first colon) and applied: the replay, the scenarios, the lessons, the comparisons, the
practice records and the tests all come here.

>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1)
>>> apply_lines(state, ["Anna: draw"]).phase.value
'play'
>>> apply_lines(state, ["Anna: draw", "Bertil: draw"])
Traceback (most recent call last):
...
engine.records.lines.LineRefused: move 2, “Bertil: draw”: It is Anna's turn, not Bertil's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.errors import NotationError, RulesError
from engine.moves import Move
from engine.round import Round

#: Called for each line applied: (state before, seat, move, state after).
OnMove = Callable[[Round, int, Move, Round], None]


class LineRefused(ValueError):
    """A move line that was refused: ``number`` counts from 1, ``error`` is the refusal (a
    :class:`~engine.errors.NotationError` when the line does not read as a move of this game; its ``code`` is
    then ``unreadable_move``), ``state`` the position before the line (the lines before it stand)."""

    def __init__(self, number: int, line: str, error: RulesError | NotationError, state: Round) -> None:
        super().__init__(f"move {number}, “{line}”: {error}")
        self.number = number
        self.line = line
        self.error = error
        self.state = state


def split_line(line: str) -> tuple[str | None, str]:
    """``"PLAYER: MOVE"`` as (player name, move text), split at the first colon; the name is None when the
    line has no colon.

    >>> split_line("Anna: meld QS QH QD"), split_line("draw")
    (('Anna', 'meld QS QH QD'), (None, 'draw'))
    """
    name, colon, text = str(line).partition(":")
    return (name.strip(), text.strip()) if colon else (None, name.strip())


def move_line(name: str, move: Move) -> str:
    """The record line of ``move`` by the player ``name`` (the inverse of :func:`parse_line`).

    >>> from engine.moves import TAKE_ALL
    >>> move_line("Anna", TAKE_ALL)
    'Anna: take all'
    """
    return f"{name}: {move}"


def parse_line(line: str, state: Round) -> tuple[int, Move]:
    """Split ``"PLAYER: MOVE"`` into a seat and a move: the edge where a record's player name becomes a seat and
    its text a move. :class:`~engine.errors.NotationError` if it does not read (no colon, a name that is no
    player of ``state``, a move that does not parse).

    >>> from engine.round import Round
    >>> from engine.variants import get_variant
    >>> state = Round.deal(get_variant("femhundra"), ["Anna", "Bertil"], seed=1)
    >>> parse_line("Bertil: take 1", state)
    (1, Move.parse('take 1'))
    >>> parse_line("Cecilia: draw", state)
    Traceback (most recent call last):
    ...
    engine.errors.NotationError: “Cecilia” is not a player in this game.
    """
    name, text = split_line(line)
    if name is None:
        raise NotationError("move.line_unreadable", text=str(line))
    if name not in state.players:
        raise NotationError("move.unknown_player", player=name)
    return state.players.index(name), Move.parse(text)


def apply_line(state: Round, line: str) -> Round:
    """The state after the move line ``line``; ``NotationError`` if it does not read, ``RulesError`` (state
    unchanged) if it is refused."""
    seat, move = parse_line(line, state)
    return state.apply(move, seat)


def apply_lines(state: Round, lines: Iterable[str], on_move: OnMove | None = None) -> Round:
    """The state after every line, in order (``on_move`` sees each one applied); :class:`LineRefused`
    names the first line refused."""
    for number, line in enumerate(lines, start=1):
        try:
            seat, move = parse_line(line, state)
            after = state.apply(move, seat)
        except (NotationError, RulesError) as error:
            raise LineRefused(number, str(line), error, state) from None
        if on_move is not None:
            on_move(state, seat, move, after)
        state = after
    return state
