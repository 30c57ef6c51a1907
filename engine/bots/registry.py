"""The computer players and their registry. Each picks one (player, move) from :meth:`Round.legal_actions`.

``random`` picks uniformly. ``greedy`` lays what pays, takes from the pile when it can pay the duty and
the haul is worth it, and discards its least useful card. ``coach`` (:mod:`engine.bots.coach`) looks
further: it weighs kept cards by their chances, draws against takes, and what a discard gives the next player.
``sharp`` is the coach with the weights that win most against ``greedy`` (:data:`engine.bots.coach.SHARP_WEIGHTS`);
``search`` plays the coach's best few moves out in sampled worlds (:mod:`engine.bots.search`).

>>> from engine.variants import get_variant
>>> from engine.round import Round
>>> state = Round.deal(get_variant("500-rum"), ["A", "B"], seed=3)
>>> player, move = get_bot("greedy").choose(state, random.Random(0))
>>> player, str(move) in {str(m) for m in state.legal_moves()}
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.bots.coach import SHARP_WEIGHTS, CoachBot
from engine.bots.greedy import GreedyBot
from engine.bots.search import SearchBot
from engine.moves import Move
from engine.round import Phase, Round
from engine.view import PlayerView


class Bot(Protocol):
    """A computer player: chooses a legal (player, move) in a state.

    Every method reads only the view of the seat it decides for (:class:`engine.view.PlayerView`): given a
    whole state, it takes that seat's view of it first.
    """

    name: str

    def choose(self, state: Round, rng: random.Random) -> tuple[int, Move]:
        """A legal action for ``state``, using ``rng`` for any chance."""
        ...

    def call(self, state: Round | PlayerView[Round], seat: int, rng: random.Random) -> Move | None:
        """The Rommi call ``seat`` makes now (when the window is open), or None."""
        ...

    def move(self, state: Round | PlayerView[Round], rng: random.Random) -> Move:
        """The move of the player to move (no Rommi call)."""
        ...


class RandomBot:
    """A uniformly random legal action at every decision (Rommi calls included)."""

    name = "random"

    def choose(self, state: Round, rng: random.Random) -> tuple[int, Move]:
        """A uniformly random legal action: the same pick as from ``legal_actions()``, each seat's part of
        it read from that seat's view."""
        actions = list(state.view(state.to_move).legal)
        if state.rommi_from is not None:
            for seat in range(len(state.players)):
                if seat != state.to_move:
                    actions.extend(state.view(seat).legal)
        return actions[rng.randrange(len(actions))]

    def call(self, state: Round | PlayerView[Round], seat: int, rng: random.Random) -> Move | None:
        """A random call of ``seat``, or (as likely as any one call) none."""
        view = state if isinstance(state, PlayerView) else state.view(seat)
        mine = view.legal.moves()
        if not mine:
            return None
        pick = rng.randrange(len(mine) + 1)
        return mine[pick] if pick < len(mine) else None

    def move(self, state: Round | PlayerView[Round], rng: random.Random) -> Move:
        """A uniformly random legal move of the player to move."""
        view = state if isinstance(state, PlayerView) else state.view(state.to_move)
        moves = view.legal.moves()
        return moves[rng.randrange(len(moves))]


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "coach": CoachBot,
    "sharp": lambda: CoachBot(SHARP_WEIGHTS, name="sharp"),
    "search": SearchBot,
}


def get_bot(name: str) -> Bot:
    """A computer player by name: ``random``, ``greedy``, ``coach``, ``sharp`` or ``search``; ``KeyError`` for another name."""
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None


#: Called after every applied move with (state before, seat, move, state after).
MoveObserver = Callable[[Round, int, Move, Round], None]


def play_round(
    state: Round,
    bots: list[Bot],
    rng: random.Random,
    max_decisions: int = 5000,
    on_move: MoveObserver | None = None,
) -> tuple[Round, int]:
    """Play ``state`` to the end of its round; each seat uses its bot. Returns the last state and the decision count.

    While a Rommi call is open, the bot of the first seat holding a call decides (it may call, or leave
    the turn to the player to move); otherwise the player to move's bot. ``on_move``, if given, sees every
    move applied.
    """
    decisions = 0
    while state.phase is not Phase.OVER:
        if decisions >= max_decisions:
            raise RuntimeError(f"round did not end within {max_decisions} decisions")
        seat, move = bots[_decider(state, bots)].choose(state, rng)
        after = state.apply(move, seat)
        if on_move is not None:
            on_move(state, seat, move, after)
        state = after
        decisions += 1
    return state, decisions


def _decider(state: Round, bots: list[Bot]) -> int:
    if state.rommi_from is not None:
        for seat, _ in state.rommi_calls():
            return seat
    return state.to_move
