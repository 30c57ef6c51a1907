"""The seat game (:mod:`tutor.seat.game`), tested without Streamlit: a lesson task, a Practice game
and a seat at a shared table each answer a move made on the table with one :class:`Answer` type, leave the
position exactly as it was when they refuse, and say what the seat may do now."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.cards import parse_cards
from engine.moves import Discard, Layoff, Move
from engine.round import Phase, Round
from engine.variants import PRESETS, get_variant
from tutor.learn.curriculum import load_curriculum
from tutor.learn.flow import ScenarioRun
from tutor.learn.seat import LessonSeat
from tutor.practice.game import Game
from tutor.practice.log import describe
from tutor.practice.rounds import RoundPlay
from tutor.practice.seat import PracticeSeat
from tutor.practice.seats import Seat
from tutor.seat.coach import suggest
from tutor.seat.felt import FeltOptions, felt_data
from tutor.seat.game import Answer, Play, SeatGame
from tutor.seat.picks import SelectionProblem, action_for, picked_move, picks_for
from tutor.together.seat import SharedSeat, seat_actions
from tutor.together.store import SqlTableStore


def _sessions(tmp_path: Path) -> list[SeatGame]:
    """One of each kind, typed as the protocol: mypy checks that each implements it."""
    store = SqlTableStore(tmp_path / "t.db")
    host = store.create_table("rommi", {}, 3)
    anna = store.join(host.code, "Anna")
    for name in ("Bertil", "Cecilia"):
        store.join(host.code, name)
    store.start(host.code, host.token, seed=4)
    run = ScenarioRun(load_curriculum().scenarios["femhundra-take-whole-pile"])
    game = Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=3)
    return [LessonSeat(run), PracticeSeat(game), SharedSeat(store, host.code, anna.token, anna.token)]


def test_every_game_answers_with_one_answer_type(tmp_path: Path) -> None:
    for table in _sessions(tmp_path):
        look = table.look("en")
        assert look.actions and look.key and look.seen.hand
        refused = table.play(Play("discard", hand=(str(look.seen.hand[0]),)), "en")  # before drawing: refused
        assert isinstance(refused, Answer) and refused.kind == "error" and refused.code == "wrong_phase", table
        after = table.look("en")
        assert after.seen.hand == look.seen.hand and after.seen.pile == look.seen.pile  # nothing changed
        assert isinstance(table.play(Play("meld"), "en"), Answer)  # no cards picked: says what to pick


def test_a_refused_discard_leaves_nothing_picked_and_a_refused_meld_keeps_its_picks(tmp_path: Path) -> None:
    """After a refused discard its card stayed picked, and the next card picked joined it: "pick exactly one
    card". The table starts from no picks when the look's key changes."""
    for table in _sessions(tmp_path)[:2]:  # a lesson task, a Practice game
        look = table.look("en")
        table.play(Play("meld", hand=(str(look.seen.hand[0]),)), "en")  # refused: not a meld
        assert table.look("en").key == look.key  # the pick stays: a card may be added to it
        table.play(Play("discard", hand=(str(look.seen.hand[0]),)), "en")  # before drawing: refused
        assert table.look("en").key != look.key and table.look("en").seen.hand == look.seen.hand


def test_a_layoff_goes_on_the_only_meld_and_asks_which_of_two() -> None:
    one = Round.from_position(
        get_variant("dansk"), ["Anna", "Bertil"], [parse_cards("9H 2C"), parse_cards("3S")],
        stock=parse_cards("4D"), pile=parse_cards("KD"), table=[(1, parse_cards("6H 7H 8H"))],
    )  # fmt: skip
    assert Play("layoff", hand=("9H",)).move(one) == Layoff(parse_cards("9H"), 1)
    assert Play("layoff", hand=("9H",), meld=1).move(one) == Layoff(parse_cards("9H"), 1)
    two = Round.from_position(
        get_variant("dansk"), ["Anna", "Bertil"], [parse_cards("9H 2C"), parse_cards("3S")],
        stock=parse_cards("4D"), pile=parse_cards("KD"),
        table=[(1, parse_cards("6H 7H 8H")), (1, parse_cards("5C 5D 5S"))],
    )  # fmt: skip
    with pytest.raises(SelectionProblem):
        Play("layoff", hand=("9H",)).move(two)
    with pytest.raises(SelectionProblem):
        Play.from_payload({"action": "shuffle"})
    assert Play.from_payload({"action": "take", "pile": "KD", "hand": [], "meld": None}) == Play("take", pile="KD")


def test_a_lesson_task_says_a_refusal_changed_nothing_and_accepts_the_move_asked() -> None:
    run = ScenarioRun(load_curriculum().scenarios["femhundra-take-whole-pile"])
    table = LessonSeat(run)
    assert table.look("en").top
    answer = table.play(Play("draw"), "en")  # legal, but not what the task asks
    assert answer.kind == "warning" and run.state is run.states[0]
    refused = table.play(Play("take", pile=str(run.state.pile[-1])), "en")
    assert refused.kind == "error" and run.state is run.states[0]
    message = table.look("en").message
    assert message is not None and "Nothing was played: the cards are as they were. Try again." in message[1]
    assert message[1].endswith("That cost a star: ★☆☆")  # the draw not asked for cost one, this refusal another
    assert table.play(Play("take_all"), "en").kind == "success"
    assert len(run.states) == 2 and not table.look("en").top


def test_practice_plays_the_computers_after_the_learner_and_reviews_hints_and_undo() -> None:
    game = Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=3)
    table = PracticeSeat(game)
    drawn = table.play(Play("draw"), "en")
    assert drawn.kind == "info" and drawn.message.startswith("You drew the ")
    hint = table.hint("en")
    assert hint is not None and table.advice is not None and hint.message.endswith(table.advice.reason)
    discard = next(m for _, m in game.state.legal(0) if isinstance(m, Discard))
    assert table.play(Play("discard", hand=(str(discard.card),)), "en").kind == "info"  # type: ignore[attr-defined]
    assert game.state.to_move == 0 or game.state.round_over  # Bertil has played his turn already
    assert table.advice is None and any(step.seat == 1 for step in game.current.steps)
    assert table.look("en").log  # what Bertil did, beside the cards
    assert table.can_undo()
    undone = table.undo("en")
    assert undone is not None and len(game.current.moves) == 1 and game.state.phase is Phase.PLAY


def test_a_new_round_of_practice_opens_at_the_pages_top_when_the_learner_starts_it() -> None:
    """"Next round" is pressed at the foot of the round's summary: a round the learner starts opens at the
    page's top (one a computer started brings its moves into view instead, beside the table)."""
    game = Game.new(get_variant("dansk"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=5)
    table = PracticeSeat(game)
    opened = []
    for _ in range(3):
        table.catch_up()
        opened.append((bool(game.current.steps), table.look("en").top))
        while not game.state.round_over:
            advice = suggest(game.state, 0, "greedy")
            assert advice is not None
            game.play(advice.move, 0)
            game.advance()
        assert table.next_round("en") is None
    assert opened == [(False, True), (True, False), (False, True)]  # the two players start by turns


def test_practice_stepwise_leaves_the_computers_turn_to_the_learner() -> None:
    game = Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=3)
    table = PracticeSeat(game, stepwise=lambda: True)
    table.play(Play("draw"), "en")
    discard = next(m for _, m in game.state.legal(0) if isinstance(m, Discard))
    table.play(Play("discard", hand=(str(discard.card),)), "en")
    assert game.pending().kind == "computer" and not table.look("en").actions
    table.next_computer()
    assert len(game.current.moves) == 3


def test_practice_offers_a_rommi_call_in_its_window() -> None:
    state = Round.from_position(
        get_variant("rommi"), ["Anna", "Bertil", "Cecilia"],
        hands=[parse_cards("9H 2C 3D KS"), parse_cards("KD QD 4C 5S"), parse_cards("10H JH 5D 4D")],
        stock=parse_cards("2S 3S 4S 8C 9C"), pile=parse_cards("7C"), table=[(0, parse_cards("6H 7H 8H"))],
    )  # fmt: skip
    after = state.apply(Move.parse("draw")).apply(Move.parse("discard 9H"))
    round_ = RoundPlay(1, 0, [state, state.apply(Move.parse("draw")), after], [(0, Move.parse("draw")), (0, Move.parse("discard 9H"))])
    table = PracticeSeat(Game(state.variant, [Seat("Anna", "greedy"), Seat("Bertil", "greedy"), Seat("Cecilia")], 0, [round_]))
    look = table.look("en")
    assert table.rommi_window() and look.actions == ("rommi", "no_call")  # both answers side by side
    assert look.message is not None and "you may call Rommi!" in look.message[1]  # said beside them
    table.play(Play("no_call"), "en")
    assert not table.rommi_window() and table.game.state.to_move != 0


def _rummy_round(names: list[str], seats: list[Seat]) -> PracticeSeat:
    """A Practice game of 500 Rum with the Rummy! call: Anna has just discarded the 9♥, which fits the
    6-7-8♥ on the table."""
    hands = [parse_cards("9H 2C 3D KS"), parse_cards("KD QD 4C 5S"), parse_cards("10C JC 5D 4D")][: len(names)]
    state = Round.from_position(
        get_variant("500-rum", {"rummy_call": True}), names, hands=hands,
        stock=parse_cards("2S 3S 4S 8C 9C"), pile=parse_cards("7C"), table=[(0, parse_cards("6H 7H 8H"))],
    )  # fmt: skip
    drawn = state.apply(Move.parse("draw"))
    after = drawn.apply(Move.parse("discard 9H"))
    round_ = RoundPlay(1, 0, [state, drawn, after], [(0, Move.parse("draw")), (0, Move.parse("discard 9H"))])
    return PracticeSeat(Game(state.variant, seats, 0, [round_]))


def test_practice_offers_the_rummy_call_to_the_player_after_next_who_loses_no_turn() -> None:
    """Three players: Cecilia (the learner) may call Rummy! on Anna's 9♥; the call lays it off for her and
    Bertil, the next player, plays on."""
    table = _rummy_round(["Anna", "Bertil", "Cecilia"], [Seat("Anna", "greedy"), Seat("Bertil", "greedy"), Seat("Cecilia")])
    look = table.look("en")
    assert table.rommi_window() and look.actions == ("rummy", "no_call")
    assert look.message is not None and "fits a meld on the table: you may call Rummy!" in look.message[1]
    advice = table.hint("en")  # the coach calls it: points for nothing
    assert advice is not None and "Call Rummy! and lay off the 9♥ on meld 1: 9 points for you" in advice.message
    before = table.game.state
    answer = table.play(Play("rummy"), "en")  # one meld: no need to pick it
    assert answer.kind == "info", answer
    called = table.game.current.states[3]
    assert [str(c) for c in called.table[0].cards] == ["6H", "7H", "8H", "9H"] and called.pile == before.pile[:-1]
    assert called.laid_points()[2] == 9 and called.hands[2] == before.hands[2]
    assert called.to_move == 1 and called.phase is Phase.DRAW  # Bertil's turn, as if nothing had happened
    said = describe(table.game.current.states[2], 2, Move.parse("rummy 1"), called, "en")
    assert said == "Cecilia called Rummy! and laid off 9♥ on meld 1 (9 points)."


def test_practice_with_two_players_never_offers_the_rummy_call() -> None:
    table = _rummy_round(["Anna", "Bertil"], [Seat("Anna", "greedy"), Seat("Bertil")])
    assert not table.rommi_window()
    assert table.game.pending().kind == "turn" and table.game.pending().seat == 1
    assert "rummy" not in table.look("en").actions


def test_a_seat_at_a_shared_table_sees_its_own_moves_and_news(tmp_path: Path) -> None:
    store = SqlTableStore(tmp_path / "t.db")
    host = store.create_table("femhundra", {}, 2)
    anna, bertil = store.join(host.code, "Anna"), store.join(host.code, "Bertil")
    store.start(host.code, host.token, seed=1)
    mine = SharedSeat(store, host.code, anna.token, anna.token)
    theirs = SharedSeat(store, host.code, bertil.token, bertil.token)
    watcher = SharedSeat(store, host.code, None, "")
    view = mine.refresh("en")
    assert view.seen is not None and view.seen.to_move == 0
    assert seat_actions(view) == ["draw", "take_all"]  # the start of a turn only
    assert seat_actions(theirs.refresh("en")) == [] and seat_actions(watcher.refresh("en")) == []
    assert not watcher.look("en").show_hand and watcher.look("en").seen.hand == ()
    refused = theirs.play(Play("draw"), "en")
    assert refused.kind == "error" and refused.code == "not_your_turn"
    assert theirs.look("en").message == ("error", refused.message)  # said once …
    assert theirs.look("en").message is None  # … then the table's own news (none now)
    assert mine.play(Play("draw"), "en").message == ""
    assert store.view(host.code, anna.token).version == view.version + 1
    stale = mine.play(Play("draw"), "en")  # the table moved on since this device looked
    assert stale.kind == "error" and stale.code == "stale"
    mine.refresh("en")
    assert seat_actions(mine.view) == ["meld", "discard"]  # type: ignore[arg-type]
    assert theirs.refresh("en").last_moves and theirs.look("en").log == theirs.view.last_moves  # type: ignore[union-attr]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_show_me_picks_make_exactly_the_move_shown(preset: str) -> None:
    """"Show me" picks a hint's move on the table: for every legal move of positions along random rounds of
    each variant (three players, jokers and Rommi calls included), the picks it makes build that move back."""
    rng = random.Random(preset)
    checked = 0
    for seed in range(3):
        state = Round.deal(get_variant(preset), ["Anna", "Bertil", "Cecilia"], seed=seed)
        for _ in range(60):
            if state.round_over:
                break
            actions = list(state.legal())
            for seat, move in actions:
                view = state.view(seat)
                picks = picks_for(move, view.hand, view.pile)
                built = picked_move(
                    action_for(move), picked=picks["hand"], pile_pick=picks["pile"], pile=view.pile, meld=picks["meld"],
                    declarations=picks["jokers"],
                )  # fmt: skip
                assert built == move and str(built) == str(move), (preset, str(move), picks)
                checked += 1
            seat, move = rng.choice(actions)
            state = state.apply(move, seat)
    assert checked > 100


def test_a_practice_hint_shows_its_move_on_the_table_once() -> None:
    table = PracticeSeat(Game.new(get_variant("femhundra"), [Seat("Anna"), Seat("Bertil", "greedy")], seed=3))
    assert table.look("en").show is None
    table.hint("en")
    assert table.advice is not None
    shown = table.look("en").show
    assert shown is not None and shown[1] == table.advice.move
    data = felt_data(table.look("en").seen, FeltOptions(show=shown))
    assert data["show"]["id"] == shown[0]
    table.hint("en")
    again = table.look("en").show
    assert again is not None and again[0] != shown[0]  # a new hint picks again, even the same move
    table.play(Play.from_payload({"action": "draw"}), "en")
    assert table.look("en").show is None  # played: nothing left to show
