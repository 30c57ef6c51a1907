"""Computer players. Each picks one (player, move) from :meth:`GameState.legal_actions`.

``random`` picks uniformly. ``greedy`` lays what pays, takes from the pile when it can pay the duty and
the haul is worth it, and discards its least useful card. ``coach`` (:mod:`engine.coachbot`) looks
further: it weighs kept cards by their chances, draws against takes, and what a discard gives the next player.

>>> from engine.variants import get_variant
>>> from engine.state import GameState
>>> state = GameState.deal(get_variant("500-rum"), ["A", "B"], seed=3)
>>> player, move = get_bot("greedy").choose(state, random.Random(0))
>>> player, str(move) in {str(m) for m in state.legal_moves()}
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from engine.cards import JOKER, Card
from engine.coachbot import CoachBot, laid_value, lay_melds
from engine.melds import card_extends
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Stop, Take
from engine.state import GameState, Phase


class Bot(Protocol):
    """A computer player: chooses a legal (player, move) in a state."""

    name: str

    def choose(self, state: GameState, rng: random.Random) -> tuple[int, Move]:
        """A legal action for ``state``, using ``rng`` for any chance."""
        ...

    def call(self, state: GameState, seat: int, rng: random.Random) -> Move | None:
        """The Rommi call ``seat`` makes now (when the window is open), or None."""
        ...

    def move(self, state: GameState, rng: random.Random) -> Move:
        """The move of the player to move (no Rommi call)."""
        ...


class RandomBot:
    """A uniformly random legal action at every decision (Rommi calls included)."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> tuple[int, Move]:
        """A uniformly random legal action (the same pick as from ``legal_actions()``, without building it)."""
        moves = state.legal_moves()
        calls = state.rommi_calls()
        i = rng.randrange(len(moves) + len(calls))
        return (state.to_move, moves[i]) if i < len(moves) else calls[i - len(moves)]

    def call(self, state: GameState, seat: int, rng: random.Random) -> Move | None:
        """A random call of ``seat``, as often as a uniform pick among every legal action would call."""
        actions = state.legal_actions()
        mine = [m for s, m in actions if s == seat and isinstance(m, Rommi)]
        if not mine or rng.randrange(len(actions)) >= len(mine):
            return None
        return mine[rng.randrange(len(mine))]

    def move(self, state: GameState, rng: random.Random) -> Move:
        """A uniformly random legal move of the player to move."""
        moves = state.legal_moves()
        return moves[rng.randrange(len(moves))]


def _value(state: GameState, card: Card) -> int:
    return state.variant.card_value(card)


def _laid_value(state: GameState, cards: tuple[Card, ...]) -> int:
    """Points a group of cards scores on the table (low aces of runs counted low)."""
    return laid_value(state.variant, cards)


#: How much of a card's value left in hand a bot expects to lose (it may still be laid later).
HAND_RISK = 0.5


def _potential(state: GameState, hand: tuple[Card, ...]) -> float:
    """A quick worth of a hand: the points its melds and single lay-offs would lay now, greedily,
    less a share of the cards that would stay in it."""
    laid, rest = lay_melds(state.variant, hand)
    kept = 0
    for card in rest:
        if not card.is_joker and any(card_extends(card, m.shape, (card,)) for m in state.table):
            laid += _value(state, card)
        else:
            kept += _value(state, card)
    return laid - HAND_RISK * kept


class GreedyBot:
    """Lays what pays now, takes from the pile when the haul is worth it, discards its least useful card."""

    name = "greedy"

    def choose(self, state: GameState, rng: random.Random) -> tuple[int, Move]:
        """The greedy action for the player to move, or a Rommi call whose haul is worth it."""
        calls = [(seat, move) for seat, move in state.rommi_calls() if self._take_gain(state, move, seat) > 0]
        if calls:
            return max(calls, key=lambda a: self._take_gain(state, a[1], a[0]))
        return state.to_move, self.move(state, rng)

    def move(self, state: GameState, rng: random.Random) -> Move:
        """The greedy move of the player to move (no Rommi call)."""
        moves = state.legal_moves()
        if state.phase is Phase.DRAW:
            return self._draw(state, moves)
        return self._play(state, moves)

    def call(self, state: GameState, seat: int, rng: random.Random) -> Move | None:
        """The call of ``seat`` whose haul is worth most, if any is worth making."""
        calls = [(self._take_gain(state, m, s), m) for s, m in state.rommi_calls() if s == seat]
        best = max(calls, key=lambda g: g[0], default=None)
        return best[1] if best is not None and best[0] > 0 else None

    def _take_gain(self, state: GameState, move: Move, seat: int) -> float:
        """What a take (or call) is worth against drawing: how much better the hand stands after it."""
        after = state.apply(move, seat)
        penalty = after.penalties[seat] - state.penalties[seat]
        return _potential(state, after.hands[seat]) - _potential(state, state.hands[seat]) - penalty

    def _draw(self, state: GameState, moves: list[Move]) -> Move:
        takes = [m for m in moves if isinstance(m, Take)]
        gains = [(self._take_gain(state, m, state.to_move), m) for m in takes]
        best = max(gains, key=lambda g: g[0], default=None)
        if best is not None and best[0] > 0:
            return best[1]
        for move in moves:
            if isinstance(move, (Draw, Stop)):
                return move
        return moves[0]

    def _play(self, state: GameState, moves: list[Move]) -> Move:
        laying: list[Meld | Layoff] = [m for m in moves if isinstance(m, (Meld, Layoff))]
        discards = [m for m in moves if isinstance(m, Discard)]
        if laying:
            best = max(laying, key=lambda m: (self._lay_score(state, m), len(m.cards)))
            if state.duty is not None or not discards or self._lay_score(state, best) > 0:
                return best
        if discards:
            return max(discards, key=lambda m: self._discard_priority(state, m.card))
        return moves[0]

    @staticmethod
    def _lay_score(state: GameState, move: Meld | Layoff) -> int:
        """Points laid, less a little for each joker spent (a joker can fill a bigger meld later)."""
        return _laid_value(state, move.cards) - 5 * sum(1 for c in move.cards if c.is_joker)

    @staticmethod
    def _discard_priority(state: GameState, card: Card) -> float:
        """Higher is a better discard: valuable, lonely, and of no use to the next player."""
        if card is JOKER:
            return -100.0
        hand = state.hands[state.to_move]
        priority = float(_value(state, card))
        for other in hand:
            if other is card or other.is_joker:
                continue
            if other.rank == card.rank:
                priority -= 8
            elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
                priority -= 6 if abs(other.rank - card.rank) == 1 else 3
        if any(card_extends(card, m.shape, (card,)) for m in state.table):
            priority -= 12  # it would feed anyone's lay-off: keep it and lay it off yourself
        return priority


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "coach": CoachBot}


def get_bot(name: str) -> Bot:
    """A computer player by name: ``random``, ``greedy`` or ``coach``; ``KeyError`` for another name."""
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None


#: Called after every applied move with (state before, seat, move, state after).
MoveObserver = Callable[[GameState, int, Move, GameState], None]


def play_round(
    state: GameState,
    bots: list[Bot],
    rng: random.Random,
    max_decisions: int = 5000,
    on_move: MoveObserver | None = None,
) -> tuple[GameState, int]:
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


def _decider(state: GameState, bots: list[Bot]) -> int:
    if state.rommi_from is not None:
        for seat, _ in state.rommi_calls():
            return seat
    return state.to_move
