"""The searching computer player (``search``, :mod:`engine.bots.search`): every move it chooses is one the
rules allow, in every preset at two and three seats, it sees only its own seat's view, and under one seed it
chooses the same moves every time. How strong and how fast it is belongs to ``benchmarks/bench_coach.py``."""

from __future__ import annotations

import random

import pytest

from engine.bots import BOTS, GreedyBot, SearchBot, SearchBudget, get_bot
from engine.moves import Move
from engine.round import Phase, Round
from engine.variants import PRESETS, get_variant

#: A small search, so a round takes a fraction of a second.
SMALL = SearchBudget(playouts=6, candidates=3)


def played(variant: str, players: int, seed: int, budget: SearchBudget = SMALL) -> list[tuple[int, Move]]:
    """A seeded round with ``search`` in seat 0 and ``greedy`` elsewhere; every action, each checked legal
    before it is applied."""
    bots = [SearchBot(budget)] + [GreedyBot() for _ in range(players - 1)]
    state = Round.deal(get_variant(variant), [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    actions: list[tuple[int, Move]] = []
    for _ in range(3000):
        if state.phase is Phase.OVER:
            break
        decider = (
            next((s for s, _ in state.rommi_calls()), state.to_move) if state.rommi_from is not None else state.to_move
        )
        seat, move = bots[decider].choose(state, rng)
        assert (seat, move) in state.legal(), (variant, players, seed, seat, str(move))
        actions.append((seat, move))
        state = state.apply(move, seat)
    assert state.phase is Phase.OVER
    return actions


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(PRESETS))
@pytest.mark.parametrize("players", [2, 3])
def test_every_move_the_search_chooses_is_legal(variant: str, players: int) -> None:
    for seed in (1, 2):
        played(variant, players, seed)


def test_the_same_seed_gives_the_same_round() -> None:
    first = [(seat, str(move)) for seat, move in played("rommi", 3, 5)]
    again = [(seat, str(move)) for seat, move in played("rommi", 3, 5)]
    assert first == again


def test_it_chooses_from_its_own_view_only() -> None:
    """Two deals that differ only in the cards seat 0 cannot see get the same first move from it."""
    state = Round.deal(get_variant("500-rum"), ["A", "B", "C"], seed=4)
    other = state.view(0).world(random.Random(9))
    bot = SearchBot(SMALL)
    assert str(bot.move(state, random.Random(3))) == str(bot.move(other, random.Random(3)))


def test_it_is_registered_by_name() -> None:
    assert "search" in BOTS and get_bot("search").name == "search"
