"""The card table's data (:mod:`tutor.table_data`): only what the seat may see, every word in words, the
engine's listing for the marks (none in a question whose answer they would give away), the joker
declarations that make a meld or lay-off legal."""

from __future__ import annotations

import json

from engine.cards import parse_cards
from engine.state import GameState
from engine.variants import get_variant
from tutor.move_text import hand_options
from tutor.table_data import TableOptions, joker_choices, listing, table_data


def rommi_state() -> GameState:
    """Rommi with jokers: Anna holds 5♥ 6♥ and a joker, a set of nines is on the table."""
    state = GameState.from_position(
        get_variant("rommi"),
        ["Anna", "Bertil"],
        [parse_cards("5H 6H JK 9C KD"), parse_cards("2C 3D")],
        stock=parse_cards("7S 8S"),
        pile=parse_cards("KS 4D"),
    )
    return state.apply("draw")


def test_only_what_the_seat_may_see() -> None:
    state = rommi_state()
    data = table_data(state, 1, TableOptions(actions=("draw",)))
    assert sorted(c["t"] for c in data["hand"]) == ["2C", "3D"]  # Bertil's own hand
    assert data["others"] == [{"name": "Anna", "count": 6, "to_move": True, "label": "Anna, 6 cards, to move"}]
    assert data["stock"] == {"count": 1, "label": "stock, 1 card"}  # a count, never the cards
    text = json.dumps({k: v for k, v in data.items() if k != "naturals"})  # the 52 names a joker may take
    assert '"7S"' not in text and '"8S"' not in text  # the stock stays hidden
    assert '"5H"' not in text and '"KD"' not in text  # and so does Anna's hand


def test_words_for_screen_readers() -> None:
    data = table_data(rommi_state(), 0, TableOptions())
    assert data["pile"]["label"] == "discard pile, 2 cards, 4 of diamonds on top"
    names = [c["name"] for c in data["hand"]]
    assert "joker" in names and "king of diamonds" in names
    assert data["hand_label"] == "your hand, 6 cards"
    assert [c["take"] for c in data["pile"]["cards"]] == ["Take 2 cards", "Take the top card"]


def test_the_listing_says_what_a_selection_allows() -> None:
    state = rommi_state()
    found = listing(state, 0)
    assert found["draw"] is False  # drawn already
    assert set(found["discards"]) == {"5H", "6H", "JK", "9C", "KD"}  # in rommi not the 7♠ just drawn
    assert found["melds"]["5H 6H JK"] == [["4H", "7H"]]  # the joker's only legal places


def test_no_marks_in_a_question() -> None:
    data = table_data(rommi_state(), 0, TableOptions(marks=False, actions=("meld",), primary=("meld",)))
    assert data["legal"] is None
    assert data["actions"] == [{"id": "meld", "primary": True}]


def test_joker_choices_come_from_the_engine() -> None:
    state = rommi_state()
    assert joker_choices(state, 0, parse_cards("5H 6H JK"), "meld") == [["4H", "7H"]]
    assert joker_choices(state, 0, parse_cards("9C KD JK"), "meld") == [[]]  # nothing makes this legal
    assert joker_choices(state, 1, parse_cards("5H 6H JK"), "meld") == [[]]  # not Bertil's turn


def test_a_joker_laid_off_gets_the_cards_that_fit() -> None:
    state = GameState.from_position(
        get_variant("rommi"),
        ["Anna", "Bertil"],
        [parse_cards("JK 2C 3C 9D"), parse_cards("2D 3D")],
        stock=parse_cards("7S 8S"),
        pile=parse_cards("KS"),
        table=[(1, parse_cards("5H 6H 7H"))],
    ).apply("draw")
    assert joker_choices(state, 0, parse_cards("JK"), "layoff", 1) == [["4H", "8H"]]
    data = table_data(state, 0, TableOptions(actions=("layoff",)))
    assert data["legal"]["layoffs"]["JK"] == {"1": [["4H", "8H"]]}
    assert data["melds"][0]["cards"][0]["by"] == "Bertil" and not data["melds"][0]["cards"][0]["mine"]
    assert data["melds"][0]["title"] == "Meld 1 · run · Bertil"
    assert len(hand_options(state.hands[0])) == 5
