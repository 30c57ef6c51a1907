"""The per-player view and the lazy listing (issue 9).

- A seat's view hides what the seat cannot see: two positions that differ only in the other hands, the
  order of the stock and the seed give the same view, and the same answers from that seat's bots, hint
  and review.
- The listing of :meth:`Round.legal` keeps python-chess's protocol: iteration, ``len``, ``bool`` and
  ``in`` agree with each other and with apply, over random playouts of every preset and 2–8 players.
- Applying a move the listing handed out (the fast path, which skips the checks the listing made) gives
  the same state as applying the same move written anew (the checked path).
"""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.bots import get_bot
from engine.errors import RulesError
from engine.listing import memo_of
from engine.moves import Move
from engine.round import Phase, Round
from engine.round_state import FIELDS
from engine.variants import PRESETS, get_variant
from engine.view import PlayerView
from tests.strategies import action_key, candidate_actions, deal, snapshot, twin
from tutor.seat.coach import review, suggest


def _decisions(state: Round, rng: random.Random, every: int) -> Iterator[tuple[Round, int]]:
    """Play ``state`` out at random; every ``every``-th decision, (state, the seat that decides)."""
    count = 0
    while state.phase is not Phase.OVER:
        actions = state.legal_actions()
        callers = [s for s, _ in state.rommi_calls()]
        if count % every == 0:
            yield state, callers[0] if callers and rng.random() < 0.5 else state.to_move
        seat, move = actions[rng.randrange(len(actions))]
        state = state.apply(move, seat)
        count += 1


def _public(view: PlayerView[Round]) -> dict[str, Any]:
    """The view's fields, its position as the public slots of that state."""
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "position"}
    fields["position"] = snapshot(view.position)
    fields["legal"] = tuple(view.legal)
    return fields


def test_a_view_shows_only_what_its_seat_may_see() -> None:
    state = Round.deal(get_variant("rommi"), ["Anna", "Bertil", "Cecilia"], seed=5)
    view = state.view(1)
    assert view.hand == state.hands[1] and view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.stock_size == len(state.stock) and view.pile == state.pile and view.table == state.table
    assert view.position.seed == 0 and view.position.hands[1] == state.hands[1]
    assert view.position.hands[0] != state.hands[0]  # the others' hands are a fixed guess, not the real ones
    assert not hasattr(view, "seed") and not hasattr(view, "stock") and not hasattr(view, "hands")
    assert tuple(view.legal) == tuple(state.legal(1))
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 2  # type: ignore[misc]


@pytest.mark.parametrize("variant_id", list(PRESETS))
@pytest.mark.slow
def test_what_a_seat_cannot_see_changes_nothing_it_is_told(variant_id: str) -> None:
    players = 3 if variant_id != "rommi" else 4
    for seed in (1, 2):
        rng = random.Random(seed)
        state = deal(variant_id, {}, players, seed)
        for position, seat in _decisions(state, rng, every=9):
            other = twin(position, seat, random.Random(seed * 31 + seat))
            assert other.hands != position.hands or other.stock != position.stock or len(other.stock) < 2
            assert _public(position.view(seat)) == _public(other.view(seat))
            for level in ("random", "greedy", "coach"):
                bot = get_bot(level)
                if seat == position.to_move:
                    assert bot.move(position, random.Random(3)) == bot.move(other, random.Random(3)), level
                else:
                    assert bot.call(position, seat, random.Random(3)) == bot.call(other, seat, random.Random(3)), level
            assert suggest(position, seat) == suggest(other, seat)
            if seat == position.to_move:
                for _, move in position.legal(seat)[:4]:
                    assert review(position, move, seat) == review(other, move, seat)


def _playout_cases() -> Iterator[tuple[str, int]]:
    for vid, variant in PRESETS.items():
        for n in range(variant.min_players, min(variant.max_players, 8) + 1):
            yield vid, n


@pytest.mark.parametrize(("variant_id", "players"), list(_playout_cases()))
def test_the_lazy_listing_agrees_with_apply(variant_id: str, players: int) -> None:
    rng = random.Random(players * 101 + len(variant_id))
    state = deal(variant_id, {}, players, seed=players)
    while state.phase is not Phase.OVER:
        fresh = state.with_hidden(state.hands, state.stock)  # the same position, nothing listed yet
        listing = state.legal()
        listed = list(listing)
        assert listed == state.legal_actions() and len(listing) == len(listed) and bool(listing) == bool(listed)
        assert listed == [listing[i] for i in range(len(listing))]
        for seat in range(players):
            assert list(state.legal(seat)) == [a for a in listed if a[0] == seat]
        for seat, move in listed:
            assert (seat, move) in fresh.legal() and move in fresh.legal(seat)
            fast = state.apply(move, seat)  # the very object the listing handed out: the fast path
            checked = fresh.apply(Move.parse(str(move)), seat)
            assert snapshot(fast) == snapshot(checked), (seat, str(move))
        keys = {action_key(state, s, m) for s, m in listed}
        for seat, move in candidate_actions(state, rng):
            legal = action_key(state, seat, move) in keys  # take all and take N (the whole pile) are one move
            assert ((seat, move) in fresh.legal()) == legal, (seat, str(move))
            if not legal:
                with pytest.raises(RulesError):
                    state.apply(move, seat)
        seat, move = listed[rng.randrange(len(listed))]
        state = state.apply(move, seat)
    assert not state.legal() and len(state.legal()) == 0


def test_every_new_state_starts_unlisted_and_keeps_its_own_listing() -> None:
    state = Round.deal(get_variant("rommi"), ["A", "B", "C"], seed=4)
    assert state.memo is None and len(snapshot(state)) == len(FIELDS)
    moves = state.legal_moves()
    assert state.memo is not None and memo_of(state) is memo_of(state)
    after = state.apply(moves[0])
    assert after.memo is None and state.replace(to_move=1).memo is None
    assert pickle.loads(pickle.dumps(state)).memo is None
    assert state.with_hidden(state.hands, state.stock, seed=state.seed + 1).memo is None
