"""`python -m engine replay FILE`, as docs/record.md describes it: exit 0 with the summary, exit 1 naming the
first illegal move and its rule code, exit 2 with one line on stderr for a bad file.

The command's ``main`` runs in this process (a new Python for each record took 50 s of every run); that the
command itself, started as ``python -m engine``, answers exactly as its ``main`` does is checked once, in
``test_the_command_answers_as_its_main_does``.

Records either live in tests/records or are written here into tmp_path; every dealt record holds the
whole deck (see ``full_deck_record``).
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine import Round, get_variant
from engine.__main__ import main
from engine.errors import RULE_CODES

ROOT = Path(__file__).parent.parent
RECORDS = Path(__file__).parent / "records"

# The fields docs/record.md gives the answers (more may be added, none may go).
OK_FIELDS = {"ok", "to_move", "phase", "round_over", "ended_by", "scores", "game_over", "winner", "winners"}
SCORE_FIELDS = {"laid", "hand", "bonus", "penalty", "round", "total", "cards"}
ILLEGAL_FIELDS = {"ok", "move", "rule", "message"}

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def deck(decks: int = 1, jokers: bool | int = False) -> list[str]:
    """Every card of the deck, written as in a record (kept independent of the engine's own deck); ``jokers``:
    True for two a deck, or how many."""
    one = [rank + suit for suit in "SHDC" for rank in RANKS] + ["JK"] * (2 if jokers is True else int(jokers))
    return one * decks


def full_deck_record(
    variant: str,
    hands: dict[str, str],
    moves: list[str],
    *,
    discard: str = "",
    stock_top: str = "",
    table: tuple[tuple[str, str], ...] = (),
    decks: int = 1,
    jokers: bool | int = False,
    **fields: Any,
) -> dict[str, Any]:
    """A record whose stock is ``stock_top`` followed by every card not placed elsewhere."""
    placed = [*" ".join(hands.values()).split(), *discard.split(), *stock_top.split()]
    placed += [c for _, cards in table for c in cards.split()]
    rest = deck(decks, jokers)
    for card in placed:
        rest.remove(card)
    record: dict[str, Any] = {
        "variant": variant,
        "players": list(hands),
        "deal": {
            "hands": {name: cards.split() for name, cards in hands.items()},
            "discard": discard.split(),
            "stock": stock_top.split() + rest,
        },
        "moves": moves,
        **fields,
    }
    if table:
        record["table"] = [{"by": by, "cards": cards.split()} for by, cards in table]
    return record


def command(path: Path | str) -> list[str]:
    """The command line that replays ``path``."""
    return [sys.executable, "-m", "engine", "replay", str(path)]


def run(path: Path | str) -> subprocess.CompletedProcess[str]:
    """``python -m engine replay PATH``, answered by the command's ``main`` in this process: exit code, stdout
    and stderr as the command gives them."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["replay", str(path)])
        except SystemExit as exit_:  # argparse's own exits
            code = exit_.code if isinstance(exit_.code, int) else 2
    return subprocess.CompletedProcess(command(path), code, out.getvalue(), err.getvalue())


def test_the_command_answers_as_its_main_does() -> None:
    """The command itself, in a new Python: a legal record, an illegal move and a bad file answer exactly as
    :func:`run` says (the rest of this file asks ``main``)."""
    codes = []
    for name in ("anna_bertil_femhundra.yaml", "illegal_take_top_femhundra.yaml", "hostile/not_a_mapping.yaml"):
        started = subprocess.run(command(RECORDS / name), cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
        in_process = run(RECORDS / name)
        assert (started.returncode, started.stdout, started.stderr) == (in_process.returncode, in_process.stdout, in_process.stderr)
        codes.append(started.returncode)
    assert codes == [0, 1, 2]


def replay_ok(path: Path | str) -> dict[str, Any]:
    """Replay a record that must be legal; check the answer's shape; return it."""
    done = run(path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1  # one JSON object
    result: dict[str, Any] = json.loads(lines[0])
    assert result.keys() >= OK_FIELDS
    assert result["ok"] is True
    assert result["phase"] in {"draw", "play", "over"}
    assert result["round_over"] is (result["phase"] == "over")
    assert result["ended_by"] in {"went_out", "stock_out", "reshuffle_limit", None}
    assert result["to_move"] in result["scores"]
    for figures in result["scores"].values():
        assert figures.keys() == SCORE_FIELDS
        if not result["round_over"]:
            assert figures["round"] is None and figures["total"] is None
    return result


def replay_illegal(path: Path | str) -> dict[str, Any]:
    """Replay a record with an illegal move; check the answer's shape; return it."""
    done = run(path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1
    result: dict[str, Any] = json.loads(lines[0])
    assert result.keys() == ILLEGAL_FIELDS
    assert result["ok"] is False
    assert isinstance(result["message"], str) and result["message"].strip()
    return result


def write(tmp_path: Path, record: dict[str, Any] | str, name: str = "record.yaml") -> Path:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else yaml.safe_dump(record, sort_keys=False), encoding="utf-8")
    return path


# --- exit 0: legal games ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "anna_laid", "anna_round"),
    [("femhundra", 45, 20), ("rommi", 45, 20), ("dansk", 48, 23), ("rummy500-nl", 48, 23), ("500-rum", 48, 23)],
)
def test_anna_bertil_records(preset: str, anna_laid: int, anna_round: int) -> None:
    result = replay_ok(RECORDS / f"anna_bertil_{preset}.yaml")
    assert (result["phase"], result["round_over"], result["ended_by"]) == ("over", True, "went_out")
    ace_and_king = 15 + 10
    assert result["scores"]["Anna"] == {
        "laid": anna_laid, "hand": ace_and_king, "bonus": 0, "penalty": 0, "round": anna_round, "total": anna_round,
        "cards": 2,
    }
    assert (result["game_over"], result["winner"]) == (False, None)


def test_rommi_call_record() -> None:
    result = replay_ok(RECORDS / "rommi_call.yaml")
    # Cecilia called Rommi!, laid the 8H and discarded: Bertil lost his turn, Anna moves.
    assert (result["to_move"], result["phase"], result["round_over"], result["ended_by"]) == ("Anna", "draw", False, None)
    assert result["scores"]["Cecilia"]["laid"] == 5  # the 8H, Nordic values
    assert result["scores"]["Bertil"]["laid"] == 5 + 5 + 5  # his run 5H 6H 7H from `table`
    assert (result["game_over"], result["winner"]) == (False, None)


def test_reshuffle_limit_record() -> None:
    result = replay_ok(RECORDS / "reshuffle_limit_rummy500-nl.yaml")
    assert (result["phase"], result["round_over"], result["ended_by"]) == ("over", True, "reshuffle_limit")
    for figures in result["scores"].values():
        assert figures["laid"] == 0
        assert figures["round"] == figures["total"] == -figures["hand"]


def test_json_record_ends_the_game() -> None:
    result = replay_ok(RECORDS / "game_end_500-rum.json")
    # Anna had 480 and goes out with three queens (+30): 510 reaches 500. Bertil keeps the KC (−10).
    assert result["scores"]["Anna"] == {"laid": 30, "hand": 0, "bonus": 0, "penalty": 0, "round": 30, "total": 510, "cards": 0}
    assert result["scores"]["Bertil"] == {"laid": 0, "hand": 10, "bonus": 0, "penalty": 0, "round": -10, "total": 290, "cards": 1}
    assert (result["ended_by"], result["game_over"], result["winner"]) == ("went_out", True, "Anna")


def test_mid_round_record_gives_running_figures(tmp_path: Path) -> None:
    record = full_deck_record("dansk", {"Anna": "QS QH QD 9S", "Bertil": "KC"}, ["Anna: draw", "Anna: meld QS QH QD"],
                              discard="3C", stock_top="4D")
    result = replay_ok(write(tmp_path, record))
    assert (result["to_move"], result["phase"], result["round_over"], result["ended_by"]) == ("Anna", "play", False, None)
    assert result["scores"]["Anna"] == {"laid": 30, "hand": 9 + 4, "bonus": 0, "penalty": 0, "round": None, "total": None, "cards": 2}
    assert (result["game_over"], result["winner"]) == (False, None)


SPADES_AND_HEARTS = " ".join(deck()[:26])  # AS … KS, AH … KH
DIAMONDS_AND_CLUBS_BUT_KC = " ".join(deck()[26:51])  # AD … KD, AC … QC


@pytest.mark.parametrize(
    ("variant", "hands", "discard", "stock_top", "moves", "ended_by"),
    [
        # dansk: Anna draws the last card (the KC) and finishes her turn; then the round ends.
        ("dansk", {"Anna": SPADES_AND_HEARTS, "Bertil": DIAMONDS_AND_CLUBS_BUT_KC.replace(" QC", "")}, "QC", "KC",
         ["Anna: draw", "Anna: discard AS"], "stock_out"),
        # femhundra: the stock is empty and Anna does not take from the pile.
        ("femhundra", {"Anna": SPADES_AND_HEARTS, "Bertil": DIAMONDS_AND_CLUBS_BUT_KC}, "KC", "",
         ["Anna: stop"], "stock_out"),
        # 500-rum: Anna lays out her last cards, no discard needed.
        ("500-rum", {"Anna": "QS QH", "Bertil": "KC"}, "3C", "QD", ["Anna: draw", "Anna: meld QS QH QD"], "went_out"),
    ],
)
def test_round_endings(
    tmp_path: Path, variant: str, hands: dict[str, str], discard: str, stock_top: str, moves: list[str], ended_by: str
) -> None:
    record = full_deck_record(variant, hands, moves, discard=discard, stock_top=stock_top)
    result = replay_ok(write(tmp_path, record))
    assert (result["phase"], result["round_over"], result["ended_by"]) == ("over", True, ended_by)


def test_record_without_a_deal_is_dealt_from_the_seed(tmp_path: Path) -> None:
    path = write(tmp_path, {"variant": "dansk", "players": ["Anna", "Bertil"], "seed": 7})
    result = replay_ok(path)
    assert (result["to_move"], result["phase"], result["round_over"]) == ("Anna", "draw", False)
    assert [s["hand"] > 0 for s in result["scores"].values()] == [True, True]
    assert replay_ok(path) == result  # the same seed deals the same cards


def test_swedish_ace_record() -> None:
    """``house_rules: {ace_high_value: 25, ace_low_value: 5}``: the low ace of A-2-3 is 5, the high ace of
    Q-K-A 25, and the ace left in Bertil's hand counts high, 25."""
    result = replay_ok(RECORDS / "swedish_ace_dansk.yaml")
    assert (result["phase"], result["ended_by"], result["to_move"]) == ("over", "went_out", "Anna")
    assert result["scores"] == {
        "Anna": {"laid": (5 + 2 + 3) + (10 + 10 + 25), "hand": 0, "bonus": 0, "penalty": 0, "round": 55, "total": 55, "cards": 0},
        "Bertil": {"laid": 7 * 3, "hand": 25 + 4, "bonus": 0, "penalty": 0, "round": -8, "total": -8, "cards": 2},
    }


@pytest.mark.parametrize(("variant", "players", "house"), [
    ("femhundra", 5, {"cards_dealt": 6, "ace_high_value": 25, "ace_low_value": 5}),  # two decks
    ("dansk", 7, {"cards_dealt": 6}),
    ("rommi", 3, {"cards_dealt": 6, "ace_high_value": 25}),
    ("500-rum", 2, {"cards_dealt_two_players": 6, "ace_low_value": 5}),
])
def test_a_record_without_a_deal_deals_six_cards(
    tmp_path: Path, variant: str, players: int, house: dict[str, Any]
) -> None:
    """A seeded record with the six-card deal: the engine deals 6 to each; after Anna draws, the answer's
    minus points are those of the six cards dealt (and Anna's seventh card)."""
    names = ["Anna", "Bertil", "Cecilia", "David", "Erik", "Frida", "Gustav"][:players]
    state = Round.deal(get_variant(variant, house), names, seed=5)
    assert [len(h) for h in state.hands] == [6] * players
    record = {"variant": variant, "house_rules": house, "players": names, "seed": 5, "moves": ["Anna: draw"]}
    result = replay_ok(write(tmp_path, record))
    value = state.variant.card_value
    hands = [*state.hands]
    hands[0] = (*hands[0], state.stock[0])
    assert [figures["hand"] for figures in result["scores"].values()] == [sum(map(value, h)) for h in hands]
    assert (result["to_move"], result["phase"]) == ("Anna", "play")


# --- exit 1: one record per rule code -----------------------------------------------------------------

AB = ("Anna", "Bertil")


def two(anna: str, bertil: str = "KC 2D") -> dict[str, str]:
    return {"Anna": anna, "Bertil": bertil}


FIVE = {"Anna": "5H 5H 5S 5D 5C 9C", "Bertil": "KC", "Cecilia": "KD", "David": "KH", "Erik": "KS"}  # two decks

# rule code: (record, the number of the illegal move)
ILLEGAL: dict[str, tuple[dict[str, Any], int]] = {
    "unreadable_move": (full_deck_record("femhundra", two("QS QH 9S"), ["Anna: draw", "Anna: juggle QS"],
                                         discard="3C", stock_top="QD"), 2),
    "not_your_turn": (full_deck_record("femhundra", two("QS QH 9S"), ["Bertil: draw"], discard="3C"), 1),
    "wrong_phase": (full_deck_record("femhundra", two("QS QH 9S"), ["Anna: draw", "Anna: draw"], discard="3C"), 2),
    "card_not_held": (full_deck_record("femhundra", two("QS QH 9S"), ["Anna: draw", "Anna: discard 2S"],
                                       discard="3C", stock_top="QD"), 2),
    "not_a_meld": (full_deck_record("femhundra", two("QS QH 9S"), ["Anna: draw", "Anna: meld QS QH 9S"],
                                    discard="3C", stock_top="QD"), 2),
    "ace_around_corner": (full_deck_record("dansk", two("KH AH 2H 9S"), ["Anna: draw", "Anna: meld KH AH 2H"],
                                           discard="3C", stock_top="QD"), 2),
    "set_suits_repeat": (full_deck_record("femhundra", FIVE, ["Anna: draw", "Anna: meld 5H 5H 5S"],
                                          discard="3C", stock_top="QD", decks=2), 2),
    "set_too_large": (full_deck_record("500-rum", FIVE, ["Anna: draw", "Anna: meld 5H 5H 5S 5D 5C"],
                                       discard="3C", stock_top="QD", decks=2), 2),
    "joker_needs_declaration": (full_deck_record("rommi", two("5H 6H JK 9C"), ["Anna: draw", "Anna: meld 5H 6H JK"],
                                                 discard="3C", stock_top="QD", jokers=True), 2),
    "no_such_meld": (full_deck_record("dansk", two("8D 9S"), ["Anna: draw", "Anna: layoff 8D on 2"],
                                      discard="3C", stock_top="QD", table=(("Bertil", "5D 6D 7D"),)), 2),
    "layoff_does_not_fit": (full_deck_record("dansk", two("8D 9S"), ["Anna: draw", "Anna: layoff 9S on 1"],
                                             discard="3C", stock_top="QD", table=(("Bertil", "5D 6D 7D"),)), 2),
    "layoff_before_own_meld": (full_deck_record("dansk", two("8D 9S"), ["Anna: draw", "Anna: layoff 8D on 1"],
                                                discard="3C", stock_top="QD", table=(("Bertil", "5D 6D 7D"),),
                                                house_rules={"layoff_needs_own_meld": True}), 2),
    "take_not_allowed": (full_deck_record("femhundra", two("9D 9C 3S"), ["Anna: take 1"], discard="3C 9H"), 1),
    # every card is in a hand or on the pile: the stock is empty
    "stock_empty": (full_deck_record("femhundra", two(SPADES_AND_HEARTS, DIAMONDS_AND_CLUBS_BUT_KC), ["Anna: draw"],
                                     discard="KC"), 1),
    "taken_card_unusable": (full_deck_record("dansk", two("9S 9C KH KD"), ["Anna: take 2"], discard="3C 7H"), 1),
    "taken_card_not_used": (full_deck_record("dansk", two("5H 6H 9S"), ["Anna: take 2", "Anna: discard 9S"],
                                             discard="7H 2S"), 2),
    "cannot_discard_drawn_card": (full_deck_record("rommi", two("KS 9H"), ["Anna: draw", "Anna: discard 2C"],
                                                   discard="3C", stock_top="2C", jokers=True), 2),
    "must_keep_card_to_discard": (full_deck_record("femhundra", two("QS QH"), ["Anna: draw", "Anna: meld QS QH QD"],
                                                   discard="3C", stock_top="QD",
                                                   house_rules={"going_out_requires_discard": True}), 2),
    "rommi_not_allowed": (full_deck_record("dansk", {"Anna": "8H 9S", "Bertil": "2D", "Cecilia": "JC"},
                                           ["Anna: draw", "Anna: discard 8H", "Cecilia: rommi 1"],
                                           discard="3C", stock_top="QD", table=(("Bertil", "5H 6H 7H"),)), 3),
    # the Rummy! call without the house rule
    "rummy_not_allowed": (full_deck_record("dansk", {"Anna": "8H 9S", "Bertil": "2D", "Cecilia": "JC"},
                                           ["Anna: draw", "Anna: discard 8H", "Cecilia: rummy 1"],
                                           discard="3C", stock_top="QD", table=(("Bertil", "5H 6H 7H"),)), 3),
    "first_turn_no_meld": (full_deck_record("dansk", two("QS QH QD 9S"), ["Anna: draw", "Anna: meld QS QH QD"],
                                            discard="3C", stock_top="4D", house_rules={"no_meld_first_turn": True}), 2),
}


def test_every_rule_code_has_a_record() -> None:
    assert set(ILLEGAL) == set(RULE_CODES)


@pytest.mark.parametrize("code", sorted(ILLEGAL))
def test_illegal_move(tmp_path: Path, code: str) -> None:
    record, number = ILLEGAL[code]
    result = replay_illegal(write(tmp_path, record))
    assert (result["move"], result["rule"]) == (number, code)


def test_illegal_move_record_file() -> None:
    result = replay_illegal(RECORDS / "illegal_take_top_femhundra.yaml")
    assert (result["move"], result["rule"]) == (3, "take_not_allowed")


def test_first_illegal_move_is_reported(tmp_path: Path) -> None:
    # Move 2 is illegal; move 3 would be too (Bertil out of turn), but nothing after move 2 is applied.
    record = full_deck_record("femhundra", two("QS QH 9S"), ["Anna: draw", "Anna: draw", "Bertil: draw"], discard="3C")
    result = replay_illegal(write(tmp_path, record))
    assert (result["move"], result["rule"]) == (2, "wrong_phase")


# --- exit 2: bad files ------------------------------------------------------------------------------------

GOOD = full_deck_record("dansk", two("QS QH QD 9S"), ["Anna: draw"], discard="3C")


def changed(**fields: Any) -> dict[str, Any]:
    """The good record with fields replaced (a value of None removes the field)."""
    record = {**GOOD, **fields}
    return {k: v for k, v in record.items() if v is not None}


def with_hands(**hands: list[str]) -> dict[str, Any]:
    return changed(deal={**GOOD["deal"], "hands": {**GOOD["deal"]["hands"], **hands}})


BAD: dict[str, tuple[str | dict[str, Any], str]] = {
    # case: (file text or record, the field the error names)
    "empty": ("", "file"),
    "blank": ("  \n\n", "file"),
    "not YAML": ("variant: [dansk\nplayers: Anna\n", "file"),
    "broken JSON": ('{"variant": "dansk", "players": ["Anna", ', "file"),
    "a list, not a mapping": ("- dansk\n- Anna\n", "file"),
    "a string, not a mapping": ("just some words\n", "file"),
    "missing variant": (changed(variant=None), "variant"),
    "missing players": (changed(players=None), "players"),
    "unknown field": (changed(colour="red"), "colour"),
    "unknown variant": (changed(variant="canasta"), "variant"),
    "too many players": (changed(variant="dansk", players=[*AB, "C", "D", "E", "F", "G", "H"]), "players"),
    "card that does not parse": (with_hands(Anna=["QS", "QH", "QX", "9S"]), "deal.hands.Anna"),
    "a missing card": (changed(deal={**GOOD["deal"], "stock": GOOD["deal"]["stock"][1:]}), "deal"),
    "a card twice": (with_hands(Bertil=["KC", "2D", "QS"]), "deal"),
    "a joker without jokers": (with_hands(Bertil=["KC", "2D", "JK"]), "deal"),
    "unknown house rule": (changed(house_rules={"colour": "red"}), "house_rules.colour"),
    "bad house rule value": (changed(house_rules={"target": 600}), "house_rules.target"),
    "a deal of 8 cards": (changed(house_rules={"cards_dealt": 8}), "house_rules.cards_dealt"),
    "an ace worth 20": (changed(house_rules={"ace_high_value": 20}), "house_rules.ace_high_value"),
    "four jokers a deck": (changed(house_rules={"jokers": True, "jokers_per_deck": 4}), "house_rules.jokers_per_deck"),
    "three jokers without jokers": (changed(house_rules={"jokers_per_deck": 3}), "house_rules.jokers_per_deck"),
    "a joker worth 30": (changed(house_rules={"joker_value": 30}), "house_rules.joker_value"),
    "an empty stock that waits": (changed(house_rules={"stock_out": "wait"}), "house_rules.stock_out"),
    "the first turn as yes": (changed(house_rules={"no_meld_first_turn": "yes"}), "house_rules.no_meld_first_turn"),
    "a free top card as 1": (changed(house_rules={"top_card_free": 1}), "house_rules.top_card_free"),
    "Rummy! at a rommi table": (changed(variant="rommi", house_rules={"rummy_call": True}), "house_rules.rummy_call"),
    "Rommi! with the hand at a Danish table": (changed(house_rules={"rommi_call_with_hand": True}),
                                               "house_rules.rommi_call_with_hand"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_file(tmp_path: Path, case: str) -> None:
    content, field = BAD[case]
    check_bad_file(run(write(tmp_path, content)), tmp_path / "record.yaml", field)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "no_such_record.yaml"
    check_bad_file(run(path), path, "file")


def test_unreadable_file(tmp_path: Path) -> None:
    path = tmp_path / "record.yaml"
    path.write_bytes(b"variant: \xff\xfe dansk\n")  # not UTF-8
    check_bad_file(run(path), path, "file")
    check_bad_file(run(tmp_path), tmp_path, "file")  # a folder, not a file


def check_bad_file(done: subprocess.CompletedProcess[str], path: Path, field: str) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr  # one line, no traceback
    assert "Traceback" not in done.stderr
    assert lines[0].startswith(f"{path}: {field}"), lines[0]  # "FILE: FIELD: what is wrong"


# --- the house rules of issue 37, through the command -------------------------------------------------

THREE = {"Anna": "9H 9S KS", "Bertil": "2D 3D", "Cecilia": "JC KC"}


def test_rummy_call_record(tmp_path: Path) -> None:
    # Anna discards the 9H, which fits Bertil's run: Cecilia calls Rummy! and lays it off; Bertil plays on.
    record = full_deck_record("500-rum", THREE, ["Anna: draw", "Anna: discard 9H", "Cecilia: rummy 1", "Bertil: draw"],
                              discard="3C", stock_top="4D", table=(("Bertil", "6H 7H 8H"),),
                              house_rules={"rummy_call": True})
    result = replay_ok(write(tmp_path, record))
    assert (result["to_move"], result["phase"]) == ("Bertil", "play")  # nobody lost a turn
    assert result["scores"]["Cecilia"]["laid"] == 9  # the 9H scores for the caller
    assert result["scores"]["Cecilia"]["cards"] == 2  # and never went through her hand


def test_a_second_rummy_call_finds_no_card(tmp_path: Path) -> None:
    record = full_deck_record(
        "500-rum", {**THREE, "David": "QC"}, ["Anna: draw", "Anna: discard 9H", "Cecilia: rummy 1", "David: rummy 1"],
        discard="3C", stock_top="4D", table=(("Bertil", "5H 6H 7H 8H"),), house_rules={"rummy_call": True},
    )
    result = replay_illegal(write(tmp_path, record))
    assert (result["move"], result["rule"]) == (4, "rummy_not_allowed")


def test_top_card_free_record(tmp_path: Path) -> None:
    # In 500 Rum the top card alone must be used at once; with top_card_free the 7C, which fits nothing, is kept.
    moves = ["Anna: take 1", "Anna: discard 9S"]
    plain = full_deck_record("500-rum", two("QS QH 9S"), moves, discard="3C 7C")
    assert replay_illegal(write(tmp_path, plain))["rule"] == "taken_card_unusable"
    free = full_deck_record("500-rum", two("QS QH 9S"), moves, discard="3C 7C", house_rules={"top_card_free": True})
    assert replay_ok(write(tmp_path, free))["to_move"] == "Bertil"


def test_stock_out_records(tmp_path: Path) -> None:
    # femhundra plays `stop` with an empty stock; with stock_out: end the round ends by itself after the last draw.
    hands = {"Anna": SPADES_AND_HEARTS, "Bertil": DIAMONDS_AND_CLUBS_BUT_KC.replace(" QC", "")}
    record = full_deck_record("femhundra", hands, ["Anna: draw", "Anna: discard AS"], discard="QC", stock_top="KC",
                              house_rules={"stock_out": "end"})
    result = replay_ok(write(tmp_path, record))
    assert (result["round_over"], result["ended_by"]) == (True, "stock_out")
    stop = full_deck_record("femhundra", hands, ["Anna: draw", "Anna: discard AS", "Bertil: stop"], discard="QC",
                            stock_top="KC", house_rules={"stock_out": "end"})
    assert replay_illegal(write(tmp_path, stop))["rule"] == "wrong_phase"
    # with stock_out: reshuffle the pile but its top card becomes the stock, and Bertil draws
    reshuffled = full_deck_record("femhundra", hands, ["Anna: draw", "Anna: discard AS", "Bertil: draw"],
                                  discard="QC", stock_top="KC", house_rules={"stock_out": "reshuffle"})
    assert replay_ok(write(tmp_path, reshuffled))["to_move"] == "Bertil"


def test_jokers_per_deck_and_joker_value_records(tmp_path: Path) -> None:
    # Three jokers a deck: 55 cards, each joker worth 25 in hand.
    house = {"jokers_per_deck": 3, "joker_value": 25}
    record = full_deck_record("rommi", two("JK JK JK 9C"), ["Anna: draw"], discard="3C", stock_top="QD",
                              jokers=3, house_rules=house)
    result = replay_ok(write(tmp_path, record))
    assert result["scores"]["Anna"]["hand"] == 3 * 25 + 5 + 10
    short = full_deck_record("rommi", two("JK JK 9C"), ["Anna: draw"], discard="3C", stock_top="QD", jokers=True,
                             house_rules=house)  # a deck of two jokers
    assert run(write(tmp_path, short)).returncode == 2  # a joker of the 55 is missing: the deal does not add up


def test_no_meld_first_turn_record(tmp_path: Path) -> None:
    # Anna may not meld in her first turn; after it, she may.
    moves = ["Anna: draw", "Anna: discard 9S", "Bertil: draw", "Bertil: discard 2D", "Anna: draw",
             "Anna: meld QS QH QD"]
    record = full_deck_record("dansk", two("QS QH QD 9S"), moves, discard="3C", stock_top="4D 5D 6D",
                              house_rules={"no_meld_first_turn": True})
    assert replay_ok(write(tmp_path, record))["scores"]["Anna"]["laid"] == 30


def test_rommi_call_on_the_callers_hand_needs_the_house_rule(tmp_path: Path) -> None:
    # Anna discards the JH: it fits no meld on the table and none with the pile; Cecilia holds JC JD.
    hands = {"Anna": "KS JH", "Bertil": "2D 3D", "Cecilia": "JC JD 4S"}
    moves = ["Anna: draw", "Anna: discard JH", "Cecilia: rommi 1", "Cecilia: meld JC JD JH"]
    record = full_deck_record("rommi", hands, moves, discard="9S", stock_top="QD", jokers=True)
    assert replay_illegal(write(tmp_path, record)) | {"message": ""} == {
        "ok": False, "move": 3, "rule": "rommi_not_allowed", "message": ""
    }
    record["house_rules"] = {"rommi_call_with_hand": True}
    assert replay_ok(write(tmp_path, record))["to_move"] == "Cecilia"
