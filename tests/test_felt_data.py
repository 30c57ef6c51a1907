"""The card table's data (:mod:`tutor.seat.felt`): only what the seat may see, every word in words, the
engine's listing for the marks (none in a question whose answer they would give away), the joker
declarations that make a meld or lay-off legal; exactly the fields its type declares, each time."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from engine.cards import parse_cards
from engine.moves import Discard, Move
from engine.round import Round
from engine.round_parts import Phase
from engine.variants import PRESETS, get_variant
from tests.felt_support import sent, shape
from tests.strategies import twin
from tutor.i18n.style import Style
from tutor.seat.felt import FeltOptions, felt_data, joker_choices, listing, naturals, seat_moves, table_words
from tutor.seat.picks import hand_options


def rommi_state() -> Round:
    """Rommi with jokers: Anna holds 5♥ 6♥ and a joker, a set of nines is on the table."""
    state = Round.from_position(
        get_variant("rommi"),
        ["Anna", "Bertil"],
        [parse_cards("5H 6H JK 9C KD"), parse_cards("2C 3D")],
        stock=parse_cards("7S 8S"),
        pile=parse_cards("KS 4D"),
    )
    return state.apply(Move.parse("draw"))


def test_only_what_the_seat_may_see() -> None:
    state = rommi_state()
    data = felt_data(state.view(1), FeltOptions(actions=("draw",)))
    assert sorted(c["t"] for c in data["hand"]) == ["2C", "3D"]  # Bertil's own hand
    assert data["others"] == [{"count": 6, "to_move": True, "label": "Anna, 6 cards, to move"}]
    assert data["stock"] == {"count": 1, "label": "stock, 1 card"}  # a count, never the cards
    text = json.dumps({k: v for k, v in data.items() if k != "naturals"})  # the 52 names a joker may take
    assert '"7S"' not in text and '"8S"' not in text  # the stock stays hidden
    assert '"5H"' not in text and '"KD"' not in text  # and so does Anna's hand


def test_words_for_screen_readers() -> None:
    data = felt_data(rommi_state().view(0), FeltOptions())
    assert data["pile"]["label"] == "discard pile, 2 cards, 4 of diamonds on top"
    names = [c["name"] for c in data["hand"]]
    assert "joker" in names and "king of diamonds" in names
    assert data["hand_label"] == "your hand, 6 cards"
    assert [c["take"] for c in data["pile"]["cards"]] == ["Take 2 cards", "Take the top card"]


def test_the_listing_says_what_a_selection_allows() -> None:
    state = rommi_state()
    found = listing(state.view(0))
    assert found["draw"] is False  # drawn already
    assert set(found["discards"]) == {"5H", "6H", "JK", "9C", "KD"}  # in rommi not the 7♠ just drawn
    assert found["melds"]["5H 6H JK"] == [["4H", "7H"]]  # the joker's only legal places


def test_no_marks_in_a_question() -> None:
    data = felt_data(rommi_state().view(0), FeltOptions(marks=False, actions=("meld",), primary=("meld",)))
    assert data["legal"] is None
    assert data["actions"] == [{"id": "meld", "primary": True}]


def test_joker_choices_come_from_the_engine() -> None:
    state = rommi_state()
    assert joker_choices(state, 0, parse_cards("5H 6H JK"), "meld") == [["4H", "7H"]]
    assert joker_choices(state, 0, parse_cards("9C KD JK"), "meld") == [[]]  # nothing makes this legal
    assert joker_choices(state, 1, parse_cards("5H 6H JK"), "meld") == [[]]  # not Bertil's turn


def test_a_joker_laid_off_gets_the_cards_that_fit() -> None:
    state = Round.from_position(
        get_variant("rommi"),
        ["Anna", "Bertil"],
        [parse_cards("JK 2C 3C 9D"), parse_cards("2D 3D")],
        stock=parse_cards("7S 8S"),
        pile=parse_cards("KS"),
        table=[(1, parse_cards("5H 6H 7H"))],
    ).apply(Move.parse("draw"))
    assert joker_choices(state, 0, parse_cards("JK"), "layoff", 1) == [["4H", "8H"]]
    data = felt_data(state.view(0), FeltOptions(actions=("layoff",)))
    assert data["legal"] is not None and data["legal"]["layoffs"]["JK"] == {"1": [["4H", "8H"]]}
    assert data["melds"][0]["cards"][0]["by"] == "Bertil" and not data["melds"][0]["cards"][0]["mine"]
    assert data["melds"][0]["title"] == "Meld 1 · run · Bertil"
    assert len(hand_options(state.hands[0])) == 5


def _positions(variant_id: str, seed: int) -> Iterator[tuple[Round, int]]:
    """A random round of ``variant_id`` at 3 players; every 7th decision, (state, a seat: the mover or,
    when one may call Rommi, the caller)."""
    rng = random.Random(seed)
    state = Round.deal(get_variant(variant_id), ["Anna", "Bertil", "Cecilia"], seed=seed)
    count = 0
    while state.phase is not Phase.OVER:
        actions = state.legal_actions()
        callers = [s for s, _ in state.rommi_calls()]
        if count % 7 == 0:
            yield state, callers[0] if callers and rng.random() < 0.5 else state.to_move
        seat, move = actions[rng.randrange(len(actions))]
        state = state.apply(move, seat)
        count += 1
    yield state, 0


@pytest.mark.parametrize("variant_id", list(PRESETS))
def test_what_the_seat_cannot_see_never_changes_its_table(variant_id: str) -> None:
    options = FeltOptions(actions=("draw", "take", "meld", "layoff", "discard", "rommi"), position="p")
    changed = 0
    for seed in (3, 4):
        for state, seat in _positions(variant_id, seed):
            other = twin(state, seat, random.Random(seed * 17 + seat))
            changed += other.hands != state.hands or other.stock != state.stock
            assert json.dumps(felt_data(state.view(seat), options)) == json.dumps(felt_data(other.view(seat), options))
            watched = felt_data(state.view(None), FeltOptions(show_hand=False))
            assert json.dumps(watched) == json.dumps(felt_data(other.view(None), FeltOptions(show_hand=False)))
    assert changed  # the twins did hide something else


@pytest.mark.parametrize("variant_id", list(PRESETS))
def test_the_marks_are_the_seats_own_legal_moves(variant_id: str) -> None:
    for state, seat in _positions(variant_id, 5):
        assert [m for _, m in state.view(seat).legal] == seat_moves(state, seat) or state.phase is Phase.OVER
        found = listing(state.view(seat))
        assert sorted(found["discards"]) == sorted(
            str(m.card.in_hand) for m in seat_moves(state, seat) if isinstance(m, Discard)
        )


def test_a_watcher_sees_every_player_as_a_count_and_no_moves() -> None:
    state = rommi_state()
    data = felt_data(state.view(None), FeltOptions(show_hand=False, interactive=False))
    assert [(o["label"], o["count"]) for o in data["others"]] == [("Anna, 6 cards, to move", 6), ("Bertil, 2 cards", 2)]
    assert data["hand"] == [] and data["legal"] is None and data["stock"]["count"] == 1
    assert listing(state.view(None))["discards"] == [] and not listing(state.view(None))["draw"]


def test_what_a_joker_may_stand_for_travels_only_with_a_joker_in_hand() -> None:
    state = rommi_state()
    assert len(felt_data(state.view(0), FeltOptions())["naturals"]) == 52  # Anna holds a joker
    assert felt_data(state.view(1), FeltOptions())["naturals"] == ()  # Bertil does not


def test_what_depends_only_on_the_language_is_made_once() -> None:
    swedish = Style("sv", four_colour=True)
    assert table_words(swedish) is table_words(Style("sv", four_colour=True))
    assert naturals("sv") is naturals("sv") and naturals("sv") != naturals("en")
    data = felt_data(rommi_state().view(0), FeltOptions(language=swedish, log_label="Vad som hände"))
    assert data["words"]["log_label"] == "Vad som hände" and table_words(swedish)["log_label"] != "Vad som hände"
    assert data["words"]["stock"] == table_words(swedish)["stock"]


@pytest.mark.parametrize("variant_id", list(PRESETS))
def test_the_data_sent_is_exactly_what_its_type_declares(variant_id: str) -> None:
    """Every field :class:`~tutor.seat.felt.FeltData` declares is sent, and nothing else, in every kind of
    position: a player's table with marks, a question's without, a watcher's, a hint shown, a message and log."""
    declared = shape()
    checked = 0
    for state, seat in _positions(variant_id, 6):
        legal = [m for _, m in state.view(seat).legal]
        options = [
            FeltOptions(actions=("draw", "take", "meld", "layoff", "discard", "rommi"), position="p", message=("info", "Hi."), log=("Anna drew.",)),
            FeltOptions(marks=False, show=(1, legal[0]) if legal else None, log_label="Moves", poll_ms=500, ready=True, top=True),
        ]
        for option in options:
            data = json.loads(json.dumps(felt_data(state.view(seat), option)))
            assert list(sent(data, declared)) == [], (variant_id, str(state.phase))
            checked += 1
        watched = json.loads(json.dumps(felt_data(state.view(None), FeltOptions(show_hand=False, interactive=False))))
        assert list(sent(watched, declared)) == []
    assert checked > 10
