"""The ``search`` computer player: the coach's candidates, each tried in whole rounds played out.

At a decision that matters (draw or take, and which card to discard) it asks the coach
(:class:`engine.bots.coach.CoachBot`) for its best few moves, then plays each one out to the end of the
round in worlds sampled from its own seat's view (:meth:`engine.view.PlayerView.world`: the cards it cannot
see dealt again at random), every seat played by ``greedy`` after the move. A playout is scored by how the
round ends for the seat: its round score less the best of the others', and ``win_weight`` for a round won.
It keeps the coach's first choice unless another candidate beats it in the same worlds by more than
``confidence`` standard errors of their paired differences (a few dozen playouts are noisy).
This is information-set Monte Carlo with a flat tree (determinized playouts, "perfect information Monte
Carlo"): every candidate is tried in the same worlds, with the same chance after the move, so the
difference between two candidates is the move's and not the deal's.

What the coach does well without looking it keeps: a lay that scores is made at once (the coach's own
first choice among lays), and a Rommi call is the coach's. The search is bounded by a number of playouts,
and optionally by a deadline (wall-clock milliseconds); with no deadline it is deterministic for a given
``rng`` (tests and benchmarks), with one it stops early on a slow machine (the guide waits for it).

>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.deal(get_variant("500-rum"), ["A", "B"], seed=3)
>>> seat, move = SearchBot(SearchBudget(playouts=8)).choose(state, random.Random(0))
>>> seat, move in state.legal_moves()
(0, True)
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass

from engine.bots.coach import CoachBot
from engine.bots.greedy import GreedyBot, seen_position
from engine.moves import Layoff, Meld, Move
from engine.rommi import callers
from engine.round import Phase, Round
from engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class SearchBudget:
    """How much the search may look: ``playouts`` rounds played out per decision (over all candidates),
    ``candidates`` of the coach's best moves tried, ``deadline_ms`` of wall-clock time (None: no deadline,
    so the choice depends only on the seed), ``win_weight``: the worth of winning a round, in points of
    score difference, and ``confidence``: how sure a playout edge over the coach's choice must be."""

    playouts: int = 32
    candidates: int = 4
    deadline_ms: float | None = None
    win_weight: float = 60.0
    max_decisions: int = 600  # a playout longer than this is scored where it stands
    confidence: float = 1.0  # standard errors by which a candidate must beat the coach's first choice


_GREEDY = GreedyBot()


def playout(state: Round, rng: random.Random, max_decisions: int) -> Round:
    """``state`` played on by ``greedy`` at every seat (its Rommi calls included) to the end of the round, or
    for ``max_decisions`` decisions."""
    for _ in range(max_decisions):
        if state.phase is Phase.OVER:
            break
        if state.rommi_from is None:  # no call to weigh: a world already, so greedy decides from it directly
            seat, move = state.to_move, _GREEDY.move_from(state)
        else:
            seat, move = _GREEDY.choose(state, rng)
        state = state.apply(move, seat)
    return state


def outcome(final: Round, seat: int, win_weight: float) -> float:
    """How well a played-out round ended for ``seat``: its round score less the best of the others', plus
    ``win_weight`` for a round won (half of it for a shared win)."""
    scores = [s.round for s in final.scores()]
    mine = scores[seat]
    best_other = max(s for i, s in enumerate(scores) if i != seat)
    won = 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
    return mine - best_other + win_weight * won


class SearchBot:
    """The coach's best few moves at each draw and discard, each played out in sampled worlds; the best kept."""

    name = "search"

    def __init__(self, budget: SearchBudget | None = None, coach: CoachBot | None = None) -> None:
        self.budget = budget or SearchBudget()
        self.coach = coach or CoachBot()

    # --- the Bot protocol ---

    def choose(self, state: Round, rng: random.Random) -> tuple[int, Move]:
        """A Rommi call the coach would make (the nearest caller first), else the searched move of the player
        to move."""
        for seat in callers(state):
            call = self.call(state, seat, rng)
            if call is not None:
                return seat, call
        return state.to_move, self.move(state, rng)

    def call(self, state: Round | PlayerView[Round], seat: int, rng: random.Random) -> Move | None:
        """The Rommi call ``seat`` should make now, or None: the coach's."""
        return self.coach.call(state, seat, rng)

    def move(self, state: Round | PlayerView[Round], rng: random.Random) -> Move:
        """The move of the player to move: the coach's lay when it scores, else the best candidate played out."""
        return self.searched(state, rng)[0][0]

    # --- the search ---

    def searched(self, state: Round | PlayerView[Round], rng: random.Random) -> list[tuple[Move, float]]:
        """The candidates tried for the player to move, each with its mean playout outcome, best first (one
        move with no figure when nothing was searched)."""
        seen = seen_position(state, state.to_move)
        seat = seen.to_move
        ranked = self.coach.ranked(seen, rng)
        if len(ranked) == 1 or isinstance(ranked[0][0], Meld | Layoff):
            return [(ranked[0][0], 0.0)]
        candidates = [move for move, _ in ranked if not isinstance(move, Meld | Layoff)][: self.budget.candidates]
        if len(candidates) == 1:
            return [(candidates[0], 0.0)]
        return self._play_out(seen, seat, candidates, random.Random(rng.getrandbits(64)))

    def _play_out(self, seen: Round, seat: int, candidates: list[Move], rng: random.Random) -> list[tuple[Move, float]]:
        """Each candidate played out in the same sampled worlds, with the same chance after it; their means,
        best first. The coach's first choice stays first unless another candidate beats it in those worlds
        by more than ``budget.confidence`` standard errors of their paired differences (the playouts are
        few, and a noisy win over the coach's judgement is no win)."""
        budget = self.budget
        view = seen.view(seat)
        results: list[list[float]] = [[] for _ in candidates]
        worlds = max(2, budget.playouts // len(candidates))
        deadline = None if budget.deadline_ms is None else time.perf_counter() + budget.deadline_ms / 1000
        for _ in range(worlds):
            world = view.world(rng)
            chance = rng.getrandbits(64)
            for i, move in enumerate(candidates):
                final = playout(world.apply(move, seat), random.Random(chance), budget.max_decisions)
                results[i].append(outcome(final, seat, budget.win_weight))
            if deadline is not None and time.perf_counter() > deadline and len(results[0]) >= 2:
                break
        means = [statistics.fmean(r) for r in results]
        edges = [self._edge(results[0], r) for r in results]
        # the coach's first unless a candidate's edge over it is sure enough; ties keep the coach's order
        order = sorted(range(len(candidates)), key=lambda i: (-edges[i], i))
        return [(candidates[i], means[i]) for i in order]

    def _edge(self, first: list[float], other: list[float]) -> float:
        """How much ``other`` beats the coach's first choice in the same worlds: the mean paired difference when
        it exceeds ``budget.confidence`` standard errors, else 0 (no sure edge)."""
        diffs = [b - a for a, b in zip(first, other, strict=True)]
        mean = statistics.fmean(diffs)
        spread = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
        return mean if mean > self.budget.confidence * spread else 0.0
