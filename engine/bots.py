"""Computer players. Each picks one (player, move) from :meth:`GameState.legal_actions`.

``random`` picks uniformly. ``greedy`` lays what pays, takes from the pile when it can pay the duty and
the haul is worth it, and discards its least useful card.

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
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Stop, Take
from engine.state import GameState, Phase


class Bot(Protocol):
    """A computer player: chooses a legal (player, move) in a state."""

    name: str

    def choose(self, state: GameState, rng: random.Random) -> tuple[int, Move]:
        """A legal action for ``state``, using ``rng`` for any chance."""
        ...


class RandomBot:
    """A uniformly random legal action at every decision (Rommi calls included)."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> tuple[int, Move]:
        """A uniformly random legal action."""
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


def _value(state: GameState, card: Card) -> int:
    return state.variant.card_value(card)


def _laid_value(state: GameState, cards: tuple[Card, ...]) -> int:
    """Points a group of cards scores on the table (low aces of runs counted low)."""
    value = state.variant.card_value
    low = any(c.rank == 2 for c in cards) and not any(c.rank == 13 for c in cards)
    return sum(value(c, low_ace=low and c.rank == 1 and len({x.suit for x in cards}) == 1) for c in cards)


class GreedyBot:
    """Lays what pays now, takes from the pile when the haul is worth it, discards its least useful card."""

    name = "greedy"

    def choose(self, state: GameState, rng: random.Random) -> tuple[int, Move]:
        """The greedy action for the player to move (or a paying Rommi call)."""
        calls = state.rommi_calls()
        if calls:
            return max(calls, key=lambda a: a[1].count if isinstance(a[1], Rommi) else 0)  # the biggest haul
        moves = state.legal_moves()
        if state.phase is Phase.DRAW:
            return state.to_move, self._draw(state, moves)
        return state.to_move, self._play(state, moves)

    def _draw(self, state: GameState, moves: list[Move]) -> Move:
        takes = [m for m in moves if isinstance(m, Take)]
        best: Move | None = None
        best_gain = 0
        hand = state.hands[state.to_move]
        for move in takes:
            n = len(state.pile) if move.count is None else move.count
            taken = state.pile[-n:]
            after = state.apply(move)
            gain = self._meldable_value(after) - self._meldable_value_of(state, hand)
            gain -= sum(_value(state, c) for c in taken) // 3  # cards that may end in hand cost later
            if after.penalties[state.to_move] > state.penalties[state.to_move]:
                gain -= after.penalties[state.to_move] - state.penalties[state.to_move]
            if gain > best_gain:
                best, best_gain = move, gain
        if best is not None:
            return best
        for move in moves:
            if isinstance(move, Draw):
                return move
        return next((m for m in moves if isinstance(m, Stop)), moves[0])

    @staticmethod
    def _meldable_value_of(state: GameState, hand: tuple[Card, ...]) -> int:
        from engine.melds import hand_melds

        best = 0
        for meld in hand_melds(hand):
            best = max(best, _laid_value(state, meld.cards))
        return best

    def _meldable_value(self, state: GameState) -> int:
        return self._meldable_value_of(state, state.hands[state.to_move])

    def _play(self, state: GameState, moves: list[Move]) -> Move:
        laying = [m for m in moves if isinstance(m, (Meld, Layoff))]
        if laying:
            # Prefer the move that scores most; keep jokers for where they pay most.
            def score(m: Meld | Layoff) -> tuple[int, int]:
                jokers = sum(1 for c in m.cards if c.is_joker)
                return (_laid_value(state, m.cards) - 10 * jokers, len(m.cards))

            best = max(laying, key=lambda m: score(m))  # type: ignore[arg-type]
            if state.duty is not None or score(best)[0] > 0:  # type: ignore[arg-type]
                return best
        discards = [m for m in moves if isinstance(m, Discard)]
        if discards:
            return max(discards, key=lambda m: self._discard_priority(state, m.card))
        return laying[0] if laying else moves[0]

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
        from engine.melds import card_extends

        if any(card_extends(card, m.shape, (card,)) for m in state.table):
            priority -= 12  # it would feed anyone's lay-off: keep it and lay it off yourself
        return priority


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def get_bot(name: str) -> Bot:
    """A computer player by name: ``random`` or ``greedy``; ``KeyError`` for another name."""
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None


def play_round(state: GameState, bots: list[Bot], rng: random.Random, max_decisions: int = 5000) -> tuple[GameState, int]:
    """Play ``state`` to the end of its round; each seat uses its bot. Returns the last state and the decision count.

    A Rommi call is chosen by the seat that calls (the bot of the player to move decides first;
    other bots may call instead when they hold a call).
    """
    decisions = 0
    while state.phase is not Phase.OVER:
        if decisions >= max_decisions:
            raise RuntimeError(f"round did not end within {max_decisions} decisions")
        seat, move = bots[_decider(state, bots)].choose(state, rng)
        state = state.apply(move, seat)
        decisions += 1
    return state, decisions


def _decider(state: GameState, bots: list[Bot]) -> int:
    if state.rommi_from is not None:
        for seat, _ in state.rommi_calls():
            return seat
    return state.to_move
