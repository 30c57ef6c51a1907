"""Rommi calls at a shared table: the rules' order between callers, one call window shown the same on every
device, the only caller's call made at once, a call waiting for the other callers, "No call" closing the
window early, computer seats answering it, the window's length per server, and a call outside a window
refused in words."""

from __future__ import annotations

import random

import pytest

from engine.bots import get_bot
from engine.cards import parse_cards
from engine.errors import RulesError
from engine.moves import Move
from engine.round import Round
from engine.variants import get_variant
from tests.test_together import Clock, play_one
from tutor.together.calls import CALL_ENV_VAR, CALL_WINDOW, DISPLAY_DELAY, call_window, first_call
from tutor.together.model import StaleError, TableError, Ticket
from tutor.together.store import SqlTableStore


def four_at_a_discard(discarder: int) -> Round:
    """Four players; ``discarder`` has just discarded 8♥, which extends 5-6-7♥ on the table, so the two
    players after the next one may both call."""
    hands = [parse_cards(h.split()) for h in ("2C 3D 4S", "2S 3S 9D", "KC QD 4D", "KD JS 5D")]
    hands[discarder] = parse_cards(["8H", "2C", "3D"])
    state = Round.from_position(
        get_variant("rommi"),
        ["A", "B", "C", "D"],
        hands,
        parse_cards(["5C", "6C", "7C", "9S"]),
        parse_cards(["TC"]),
        [(0, parse_cards(["5H", "6H", "7H"]))],
        to_move=discarder,
    )
    return state.apply(Move.parse("draw")).apply(Move.parse("discard 8H"))


@pytest.mark.parametrize(("discarder", "winner"), [(0, 2), (2, 0), (3, 1)])
def test_the_rules_order_decides_between_callers(discarder: int, winner: int) -> None:
    state = four_at_a_discard(discarder)
    callers = [seat for seat, _ in state.rommi_calls()]
    assert len(callers) == 2
    calls = {seat: "rommi 1" for seat in reversed(callers)}  # the later seat "clicked" first
    chosen = first_call(state, calls)
    assert chosen is not None and chosen[0] == winner and chosen[2].to_move == winner
    assert first_call(state, {}) is None
    assert first_call(state, {callers[1]: "rommi 1", callers[0]: "rommi 2"})[0] == callers[1]  # type: ignore[index]


def test_a_call_window_shows_the_same_waiting_everywhere(store_target: str) -> None:
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=2.0)
    host = store.create_table("rommi", {}, 3)
    tickets = [store.join(host.code, name) for name in ("Anna", "Bertil", "Cecilia")]
    store.start(host.code, host.token, seed=4)
    anna = tickets[0]
    play_one(store, host.code, anna.token)  # draw
    while not store.view(host.code, anna.token).waiting:
        assert play_one(store, host.code, anna.token)  # melds, then the discard
    views = [store.view(host.code, t.token) for t in tickets]
    assert {v.version for v in views} == {views[0].version} and all(v.waiting for v in views)
    assert [v.call_open for v in views] == [False, False, True]  # by seat only: Cecilia may call
    with pytest.raises(TableError) as caught:
        store.move(host.code, tickets[1].token, Move.parse("draw"), views[1].version)
    assert caught.value.key == "wait_for_calls"
    with pytest.raises(RulesError):
        store.move(host.code, tickets[1].token, Move.parse("rommi 1"), views[1].version)  # the next player may not call
    clock.now += 2.5
    assert store.view(host.code, tickets[1].token).waiting  # the phones' showing it is added to the window
    clock.now += DISPLAY_DELAY
    after = store.view(host.code, tickets[1].token)
    assert not after.waiting and after.version == views[0].version + 1
    store.move(host.code, tickets[1].token, Move.parse("draw"), after.version)


def deals_with_a_call(players: int, caller: int) -> list[int]:
    """The seeds of 40 that give ``caller`` a Rommi call when every seat plays ``greedy`` and every window is let
    pass, as :func:`play_to_a_call` plays them, found by the engine alone (calls are rare: most deals give none,
    and playing a deal through the store costs a second)."""
    greedy = get_bot("greedy")
    found = []
    for seed in range(40):
        state = Round.deal(get_variant("rommi"), [f"P{i}" for i in range(players)], seed, [0] * players, 1)
        for _ in range(80):
            if state.round_over:
                break
            if any(s == caller for s, _ in state.rommi_calls()):
                found.append(seed)
                break
            state = state.apply(greedy.move(state, random.Random(0)))
    return found


def play_to_a_call(
    store: SqlTableStore, clock: Clock, names: tuple[str, ...], caller: int
) -> tuple[Ticket, list[Ticket], list[Move]]:
    """A rommi table of ``names`` played (every window let pass) until ``caller`` may call; its host, the
    seats' tickets and ``caller``'s legal calls. Fails when no deal of 40 gives one."""
    for seed in deals_with_a_call(len(names), caller):
        host = store.create_table("rommi", {}, len(names))
        tickets = [store.join(host.code, name) for name in names]
        store.start(host.code, host.token, seed=seed)
        for _ in range(80):
            view = store.view(host.code, tickets[caller].token)
            assert view.seen is not None
            position = view.seen.position
            if position.round_over:
                break
            if view.waiting:
                calls = [m for s, m in position.rommi_calls() if s == caller]
                if calls and view.call_open:
                    return host, tickets, calls
                clock.now += 2.5
                continue
            assert play_one(store, host.code, tickets[position.to_move].token)
    pytest.fail(f"no deal gave seat {caller} a Rommi call")


@pytest.mark.slow
def test_the_only_callers_call_is_made_at_once(store_target: str) -> None:
    """Three players: one seat may call; its call is its answer, the last awaited, so the window closes."""
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=2.0)
    host, tickets, calls = play_to_a_call(store, clock, ("Anna", "Bertil", "Cecilia"), 2)
    seen = store.view(host.code, tickets[0].token).version
    assert store.move(host.code, tickets[2].token, calls[0], seen) == seen + 1
    for ticket in tickets:
        after = store.view(host.code, ticket.token)
        assert not after.waiting and after.called_by == 2
        assert after.last_moves[-1].startswith("Cecilia called Rommi!")
        assert after.seen is not None and after.seen.to_move == 2


def test_a_call_waits_for_the_other_callers(store_target: str) -> None:
    """Four players: two may call. A call is kept aside (no version moves, nobody learns of it) until the
    other caller says "no call"; then it is made."""
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=2.0)
    host, tickets, calls = play_to_a_call(store, clock, ("Anna", "Bertil", "Cecilia", "David"), 3)
    views = [store.view(host.code, t.token) for t in tickets]
    (other,) = [v.seat for v in views if v.call_open and v.seat != 3]
    assert other is not None
    version = views[0].version
    assert store.move(host.code, tickets[3].token, calls[0], version) == version
    mine = store.view(host.code, tickets[3].token)
    assert mine.answered and not mine.call_open and mine.waiting
    assert [store.view(host.code, t.token).version for t in tickets] == [version] * 4
    assert not store.view(host.code, tickets[other].token).answered  # the others' waiting is unchanged
    assert store.no_call(host.code, tickets[other].token, version) == version + 1
    after = store.view(host.code, tickets[0].token)
    assert not after.waiting and after.called_by == 3 and after.last_moves[-1].startswith("David called Rommi!")


def test_no_call_closes_the_window_early(store_target: str) -> None:
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=60.0)
    host = store.create_table("rommi", {}, 3)
    tickets = [store.join(host.code, name) for name in ("Anna", "Bertil", "Cecilia")]
    store.start(host.code, host.token, seed=4)
    play_one(store, host.code, tickets[0].token)
    while not store.view(host.code, tickets[0].token).waiting:
        assert play_one(store, host.code, tickets[0].token)
    version = store.version(host.code)
    for refused in (0, 1):  # the discarder and the next player have no call to answer
        with pytest.raises(TableError) as caught:
            store.no_call(host.code, tickets[refused].token, version)
        assert caught.value.key == "no_window"
    with pytest.raises(StaleError):
        store.no_call(host.code, tickets[2].token, version - 1)
    assert store.no_call(host.code, tickets[2].token, version) == version + 1  # long before the 60 s
    after = store.view(host.code, tickets[1].token)
    assert not after.waiting and after.called_by is None and after.seen is not None
    assert after.seen.to_move == 1
    with pytest.raises(TableError) as caught:
        store.no_call(host.code, tickets[2].token, after.version)
    assert caught.value.key == "no_window"


def test_computer_seats_answer_the_window(store_target: str) -> None:
    """A computer seat that may call answers when the window opens, so a person's "no call" closes it."""
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=60.0)
    host = store.create_table("rommi", {}, 4)
    tickets = [store.join(host.code, name) for name in ("Anna", "Bertil", "Cecilia")]
    store.add_computer(host.code, host.token)
    store.start(host.code, host.token, seed=4)
    play_one(store, host.code, tickets[0].token)
    while not store.view(host.code, tickets[0].token).waiting:
        assert play_one(store, host.code, tickets[0].token)
    version = store.version(host.code)
    assert [store.view(host.code, t.token).call_open for t in tickets] == [False, False, True]
    assert store.no_call(host.code, tickets[2].token, version) > version


def test_the_call_window_can_be_set_for_a_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CALL_ENV_VAR, "8")
    assert call_window() == 8.0
    for bad in ("", "soon", "0", "600"):
        monkeypatch.setenv(CALL_ENV_VAR, bad)
        assert call_window() == CALL_WINDOW


def test_a_rommi_call_outside_a_window_is_refused_in_words(store_target: str) -> None:
    """A call with no window open is an illegal move like any other: refused with its rule code and a sentence
    (it raised "unknown message key" instead), and the table is unchanged."""
    store = SqlTableStore(store_target)
    host = store.create_table("rommi", {}, 3)
    tickets = [store.join(host.code, name) for name in ("Anna", "Bertil", "Cecilia")]
    store.start(host.code, host.token, seed=4)
    before = store.view(host.code, tickets[2].token)
    assert before.seen is not None and not before.call_open
    with pytest.raises(RulesError) as caught:
        store.move(host.code, tickets[2].token, Move.parse("rommi 1"), before.version)
    assert caught.value.code == "rommi_not_allowed"
    assert str(caught.value) == "Call Rommi right after a discard, before the next player draws."
    after = store.view(host.code, tickets[2].token)
    assert after.version == before.version and after.seen is not None
    assert (after.seen.position.hands, after.seen.pile) == (before.seen.position.hands, before.seen.pile)
