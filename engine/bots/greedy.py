"""The ``greedy`` computer player: it lays what pays now, takes from the pile when the haul is worth it,
and discards its least useful card. It looks no further than the move in hand.

>>> import random
>>> from engine.variants import get_variant
>>> state = Round.deal(get_variant("500-rum"), ["A", "B"], seed=3)
>>> GreedyBot().move(state, random.Random(0)) in state.legal_moves()
True
"""

from __future__ import annotations

import random

from engine.bots.lay_value import lay_melds
from engine.cards import JOKER, Card
from engine.melds import card_extends
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rummy, Stop, Take
from engine.round import Phase, Round
from engine.scoring import lay_points
from engine.view import PlayerView


def seen_position(state: Round | PlayerView[Round], seat: int) -> Round:
    """What ``seat`` knows of ``state``, as a state to try moves on (:attr:`PlayerView.position`)."""
    return state.position if isinstance(state, PlayerView) else state.view(seat).position


def _value(state: Round, card: Card) -> int:
    return state.variant.card_value(card)


#: How much of a card's value left in hand a bot expects to lose (it may still be laid later).
HAND_RISK = 0.5


def _potential(state: Round, hand: tuple[Card, ...]) -> float:
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

    def choose(self, state: Round, rng: random.Random) -> tuple[int, Move]:
        """The greedy action for the player to move, or a Rommi call whose haul is worth it (each seat
        judged from its own view)."""
        calls: list[tuple[float, int, Move]] = []
        if state.rommi_from is not None:
            for seat in range(len(state.players)):
                if seat != state.to_move:
                    seen = state.view(seat).position
                    calls.extend((gain, seat, m) for gain, m in self._call_gains(seen, seat) if gain > 0)
        if calls:
            best = max(calls, key=lambda a: a[0])
            return best[1], best[2]
        return state.to_move, self.move(state, rng)

    def move(self, state: Round | PlayerView[Round], rng: random.Random) -> Move:
        """The greedy move of the player to move (no Rommi call)."""
        return self.move_from(seen_position(state, state.to_move))

    def move_from(self, seen: Round) -> Move:
        """The greedy move of the player to move in ``seen``: their view's position, or any state that agrees
        with it on what they may see (a world dealt from their view). Greedy reads only the mover's own hand
        and the cards face up, so this is the move :meth:`move` makes, without building the view again."""
        moves = seen.legal(seen.to_move).moves()
        if seen.phase is Phase.DRAW:
            return self._draw(seen, list(moves))
        return self._play(seen, list(moves))

    def call(self, state: Round | PlayerView[Round], seat: int, rng: random.Random) -> Move | None:
        """The call of ``seat`` whose haul is worth most, if any is worth making."""
        calls = self._call_gains(seen_position(state, seat), seat)
        best = max(calls, key=lambda g: g[0], default=None)
        return best[1] if best is not None and best[0] > 0 else None

    def _call_gains(self, seen: Round, seat: int) -> list[tuple[float, Move]]:
        """Each Rommi call of ``seat`` with what its haul is worth."""
        return [(self._take_gain(seen, m, seat), m) for m in seen.legal(seat).moves()]

    def _take_gain(self, state: Round, move: Move, seat: int) -> float:
        """What a take (or call) is worth against drawing: how much better the hand stands after it (a
        Rummy! call: the points it lays, since the hand does not change)."""
        after = state.apply(move, seat)
        if isinstance(move, Rummy):
            return float(after.laid_points()[seat] - state.laid_points()[seat])
        penalty = after.penalties[seat] - state.penalties[seat]
        return _potential(state, after.hands[seat]) - _potential(state, state.hands[seat]) - penalty

    def _draw(self, state: Round, moves: list[Move]) -> Move:
        takes = [m for m in moves if isinstance(m, Take)]
        gains = [(self._take_gain(state, m, state.to_move), m) for m in takes]
        best = max(gains, key=lambda g: g[0], default=None)
        if best is not None and best[0] > 0:
            return best[1]
        for move in moves:
            if isinstance(move, (Draw, Stop)):
                return move
        return moves[0]

    def _play(self, state: Round, moves: list[Move]) -> Move:
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
    def _lay_score(state: Round, move: Meld | Layoff) -> int:
        """Points laid, less a little for each joker spent (a joker can fill a bigger meld later)."""
        return lay_points(state, move) - 5 * sum(1 for c in move.cards if c.is_joker)

    @staticmethod
    def _discard_priority(state: Round, card: Card) -> float:
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
