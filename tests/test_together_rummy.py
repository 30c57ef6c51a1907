"""The Rummy! call at a shared table (the house rule ``rummy_call``): a discard that fits a meld on the table
opens a call window on every phone, but only the seats the rules let call (not the discarder, not the next
player) may send ``rummy M`` or "No call"; the call lays the card off for the caller, and the next player
plays on with the pile's new top card (nobody loses a turn). A discard that fits no meld opens no window,
and with two seats no window ever opens."""

from __future__ import annotations

import random

import pytest

from engine.bots import get_bot
from engine.errors import RulesError
from engine.moves import Discard, Layoff, Move, Rummy
from engine.round import Phase, Round
from tests.test_together import Clock, play_one
from tutor.seat.game import Play
from tutor.together.calls import DISPLAY_DELAY, has_calls
from tutor.together.model import TableError, Ticket
from tutor.together.seat import SharedSeat, news, seat_actions
from tutor.together.store import SqlTableStore

RULES = {"rummy_call": True}
NAMES = ("Anna", "Bertil", "Cecilia")


def fitting_discard(position: Round) -> Discard | None:
    """A legal discard now of a card that fits a meld on the table (one a person might make, keeping the
    lay-off for later), or None."""
    if position.phase is not Phase.PLAY or position.duty is not None:
        return None
    moves = position.legal_moves()
    layoffs = {m.cards for m in moves if isinstance(m, Layoff)}
    return next((m for m in moves if isinstance(m, Discard) and (m.card,) in layoffs), None)


def play_to_a_fitting_discard(store: SqlTableStore, seats: int, seed: int) -> tuple[Ticket, list[Ticket], int]:
    """A 500 Rum table with the Rummy! call, ``seats`` people, dealt with ``seed`` and played as ``greedy``
    until a seat discards a card that fits a meld on the table; its host, the tickets and the discarder."""
    host = store.create_table("500-rum", RULES, seats)
    tickets = [store.join(host.code, name) for name in NAMES[:seats]]
    store.start(host.code, host.token, seed=seed)
    for _ in range(120):
        view = store.view(host.code, tickets[0].token)
        assert view.seen is not None and not view.seen.position.round_over
        position = view.seen.position
        seat = position.to_move
        move = fitting_discard(store.view(host.code, tickets[seat].token).seen.position)  # type: ignore[union-attr]
        if move is not None:
            store.move(host.code, tickets[seat].token, move, view.version)
            return host, tickets, seat
        assert play_one(store, host.code, tickets[seat].token)
    pytest.fail(f"deal {seed} gave no discard that fits a meld")


def test_a_fitting_discard_opens_the_window_to_the_seat_after_next_whose_call_lays_it(store_target: str) -> None:
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=2.0)
    host, tickets, discarder = play_to_a_fitting_discard(store, 3, seed=10)
    after_next, following = (discarder + 2) % 3, (discarder + 1) % 3
    views = [store.view(host.code, t.token) for t in tickets]
    assert all(v.waiting for v in views)  # every phone shows the same wait …
    assert [v.call_open for v in views] == [seat == after_next for seat in range(3)]  # … one seat may call
    assert seat_actions(views[after_next]) == ["rummy", "no_call"] and seat_actions(views[following]) == []
    said = news(views[after_next], "en")
    assert said is not None and said[1].startswith("You may call Rummy! now")
    assert news(views[following], "en") == ("info", "Waiting a moment: someone may call Rummy! on the card just discarded.")
    with pytest.raises(TableError) as caught:  # the next player waits for the window …
        store.move(host.code, tickets[following].token, Move.parse("draw"), views[following].version)
    assert caught.value.key == "wait_for_calls"
    with pytest.raises(RulesError) as refused:  # … and may not call
        store.move(host.code, tickets[following].token, Move.parse("rummy 1"), views[following].version)
    assert refused.value.code == "rummy_not_allowed"

    before = views[after_next].seen
    assert before is not None
    call = next(m for s, m in before.position.rommi_calls() if s == after_next)
    assert isinstance(call, Rummy)
    card = before.pile[-1]
    phone = SharedSeat(store, host.code, tickets[after_next].token, tickets[after_next].token)
    phone.refresh("en")
    assert phone.look("en").actions == ("rummy", "no_call")
    assert phone.play(Play("rummy", meld=call.meld), "en").kind == "info"  # pressed on the caller's phone
    seen = store.view(host.code, tickets[after_next].token)
    assert seen.version == views[0].version + 1  # the only caller answered: the call is made at once
    assert seen.seen is not None and not seen.waiting and seen.called_by is None
    position = seen.seen.position
    assert card in position.table[call.meld - 1].cards and position.pile == before.pile[:-1]
    points = before.position.variant.card_value(card)
    assert position.laid_points()[after_next] == before.position.laid_points()[after_next] + points
    assert position.hands[after_next] == before.position.hands[after_next]  # the caller does not discard
    assert position.to_move == following and position.phase is Phase.DRAW  # nobody loses a turn
    assert seen.last_moves[-1].startswith(f"{NAMES[after_next]} called Rummy! and laid off")
    assert play_one(store, host.code, tickets[following].token)  # the next player plays on


def test_no_call_closes_the_window_and_leaves_the_card_on_the_pile(store_target: str) -> None:
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=2.0)
    host, tickets, discarder = play_to_a_fitting_discard(store, 3, seed=10)
    after_next, following = (discarder + 2) % 3, (discarder + 1) % 3
    view = store.view(host.code, tickets[after_next].token)
    assert view.seen is not None
    card = view.seen.pile[-1]
    assert store.no_call(host.code, tickets[after_next].token, view.version) == view.version + 1
    seen = store.view(host.code, tickets[following].token)
    assert seen.seen is not None and not seen.waiting and seen.seen.pile[-1] == card
    assert seen.seen.to_move == following


@pytest.mark.slow
def test_a_computer_seat_calls_rummy_when_the_window_has_passed(store_target: str) -> None:
    """The seat after next is a computer's: it answers as the window opens (a lay-off for nothing pays),
    and its call is made when the window's time has passed."""
    clock = Clock()
    store = SqlTableStore(store_target, clock=clock, call_window=2.0)
    for seed in range(40):
        host = store.create_table("500-rum", RULES, 3)
        tickets = [store.join(host.code, name) for name in NAMES[:2]]
        store.add_computer(host.code, host.token, "greedy")
        store.start(host.code, host.token, seed=seed)
        for _ in range(80):
            view = store.view(host.code, tickets[0].token)
            assert view.seen is not None
            position = view.seen.position
            if position.round_over:
                break
            move = fitting_discard(position) if position.to_move == 0 else None
            if move is None:
                assert play_one(store, host.code, tickets[position.to_move].token)
                continue
            store.move(host.code, tickets[0].token, move, view.version)  # Anna's discard: the computer may call
            assert store.view(host.code, tickets[1].token).waiting
            clock.now += 2.0 + DISPLAY_DELAY
            seen = store.view(host.code, tickets[1].token)
            assert seen.seen is not None and not seen.waiting
            assert seen.last_moves[-1].startswith(f"{seen.seats[2].name} called Rummy! and laid off")
            assert seen.seen.to_move == 1  # Bertil's turn, as before the call
            return
    pytest.fail("no deal of 40 let Anna discard a card that fits a meld")


@pytest.mark.slow
def test_two_seats_never_wait_for_a_call(store_target: str) -> None:
    """With two players nobody may call: a discard that fits a meld opens no window."""
    store = SqlTableStore(store_target, clock=Clock(), call_window=2.0)
    host, tickets, _ = play_to_a_fitting_discard(store, 2, seed=10)
    views = [store.view(host.code, t.token) for t in tickets]
    assert not any(v.waiting or v.call_open for v in views)
    assert views[0].seen is not None and not has_calls(views[0].seen.position)


def test_a_discard_that_fits_no_meld_opens_no_window() -> None:
    from engine.cards import parse_cards
    from engine.variants import get_variant

    state = Round.from_position(
        get_variant("500-rum", RULES), list(NAMES),
        [parse_cards("9H 2C 3S"), parse_cards("4D 5D"), parse_cards("KC KD")], parse_cards("2D 3D"), (),
        table=[(1, parse_cards("6H 7H 8H"))],
    )  # fmt: skip
    drawn = state.apply(Move.parse("draw"))
    assert has_calls(drawn.apply(Move.parse("discard 9H")))
    assert not has_calls(drawn.apply(Move.parse("discard 2C")))
    assert get_bot("greedy").call(drawn.apply(Move.parse("discard 9H")), 2, random.Random(0)) == Move.parse("rummy 1")
