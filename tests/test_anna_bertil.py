"""The worked example of docs/rules.md (seed 000) in all five presets.

Anna melds Q Q Q (3 × 10 = 30). Bertil lays off the fourth queen (10, to Bertil). Anna melds 5-6-7 of
hearts (Nordic values 15, face values 18). Bertil goes out; Anna still holds an ace and a king (15 + 10 = 25).
Anna's round: 30 + 15 − 25 = 20 (femhundra, rommi); 30 + 18 − 25 = 23 (dansk, rummy500-nl, 500-rum).

Under the Swedish house rule "ace high = 25, low = 5" Anna's ace in hand counts high (our ruling), 25:
30 + 15 − 35 = 10 and 30 + 18 − 35 = 13.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Move, Phase, Round, get_variant, parse_cards
from engine.records.game import Record, load_record, replay

RECORDS = Path(__file__).parent / "records"

QUEENS = 3 * 10
HEARTS_NORDIC = 3 * 5  # 5H 6H 7H
HEARTS_FACE = 5 + 6 + 7
ACE_AND_KING = 15 + 10  # the AS and the KC left in Anna's hand

# preset: (Anna laid, Anna round, Bertil laid) — Bertil lays the QC, then goes out with 8H 9H
EXPECTED = {
    "femhundra": (QUEENS + HEARTS_NORDIC, 20, 10 + 5 + 5),
    "rommi": (QUEENS + HEARTS_NORDIC, 20, 10 + 5 + 5),
    "dansk": (QUEENS + HEARTS_FACE, 23, 10 + 8 + 9),
    "rummy500-nl": (QUEENS + HEARTS_FACE, 23, 10 + 8 + 9),
    "500-rum": (QUEENS + HEARTS_FACE, 23, 10 + 8 + 9),
}

MOVES = (
    "Anna: draw",  # the QD
    "Anna: meld QS QH QD",
    "Anna: discard 9D",
    "Bertil: draw",  # the 8H
    "Bertil: layoff QC on 1",
    "Bertil: discard 9S",
    "Anna: draw",  # the 7H
    "Anna: meld 5H 6H 7H",
    "Anna: discard 9C",
    "Bertil: draw",  # the 9H
    "Bertil: layoff 8H 9H on 2",  # Bertil's hand is empty: he is out
)


def test_the_example_rounds_add_up() -> None:
    assert QUEENS + HEARTS_NORDIC - ACE_AND_KING == 20
    assert QUEENS + HEARTS_FACE - ACE_AND_KING == 23


@pytest.mark.parametrize("preset", sorted(EXPECTED))
def test_record(preset: str) -> None:
    path = RECORDS / f"anna_bertil_{preset}.yaml"
    record = load_record(path)
    assert record.variant == preset
    assert record.moves == list(MOVES)
    result = replay(record, str(path))
    anna_laid, anna_round, bertil_laid = EXPECTED[preset]
    assert result["ok"] is True
    assert (result["phase"], result["round_over"], result["ended_by"]) == ("over", True, "went_out")
    assert result["scores"] == {
        "Anna": {"laid": anna_laid, "hand": ACE_AND_KING, "bonus": 0, "penalty": 0,
                 "round": anna_round, "total": anna_round, "cards": 2},
        "Bertil": {"laid": bertil_laid, "hand": 0, "bonus": 0, "penalty": 0, "round": bertil_laid, "total": bertil_laid,
                   "cards": 0},
    }
    assert (result["game_over"], result["winner"]) == (False, None)


@pytest.mark.parametrize("preset", sorted(EXPECTED))
def test_game_state_api(preset: str) -> None:
    state = Round.from_position(
        get_variant(preset),
        ["Anna", "Bertil"],
        hands=[parse_cards("QS QH 5H 6H AS KC 9D 9C"), parse_cards("QC 9S")],
        stock=parse_cards("QD 8H 7H 9H 2S"),
        pile=parse_cards("3C"),
    )
    for line in MOVES[:5]:
        name, _, move = line.partition(": ")
        state = state.apply(Move.parse(move), state.player_index(name))
    # The fourth queen sits in Anna's meld but scores for Bertil, who laid it.
    assert [str(c) for c in state.table[0].cards] == ["QS", "QH", "QD", "QC"]
    assert [state.players[seat] for seat in state.table[0].layers] == ["Anna", "Anna", "Anna", "Bertil"]
    assert [s.laid for s in state.scores()] == [QUEENS, 10]
    for line in MOVES[5:]:
        name, _, move = line.partition(": ")
        state = state.apply(Move.parse(move), state.player_index(name))

    anna_laid, anna_round, bertil_laid = EXPECTED[preset]
    assert (state.phase, state.ended_by, state.went_out) == (Phase.OVER, "went_out", state.player_index("Bertil"))
    anna, bertil = state.scores()
    assert (anna.laid, anna.hand, anna.round, anna.total) == (anna_laid, ACE_AND_KING, anna_round, anna_round)
    assert (bertil.laid, bertil.hand, bertil.round) == (bertil_laid, 0, bertil_laid)
    assert state.winners == []


SWEDISH_ACE = {"ace_high_value": 25, "ace_low_value": 5}
ACE_25_AND_KING = 25 + 10


@pytest.mark.parametrize("preset", sorted(EXPECTED))
def test_the_example_with_the_ace_worth_25(preset: str) -> None:
    """The same round with the ace at 25 (high or in hand) and 5 (low in a run): only Anna's ace changes."""
    path = RECORDS / f"anna_bertil_{preset}.yaml"
    record = Record.model_validate({**load_record(path).model_dump(), "house_rules": SWEDISH_ACE})
    result = replay(record, str(path))
    anna_laid, _, bertil_laid = EXPECTED[preset]
    assert result["ok"] is True and result["ended_by"] == "went_out"
    assert result["scores"]["Anna"] == {
        "laid": anna_laid, "hand": ACE_25_AND_KING, "bonus": 0, "penalty": 0,
        "round": anna_laid - ACE_25_AND_KING, "total": anna_laid - ACE_25_AND_KING, "cards": 2,
    }
    assert result["scores"]["Anna"]["round"] == (10 if preset in ("femhundra", "rommi") else 13)
    assert result["scores"]["Bertil"]["laid"] == bertil_laid  # no ace among Bertil's cards
