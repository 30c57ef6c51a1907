"""The Compare page: the rules table generated from the Variant model, the situations judged by every
preset, the builder, the charts, the statistics file and the cheat sheet; and the page through AppTest."""

from __future__ import annotations

import doctest
import json
import re
from html import escape
from pathlib import Path

import pytest
import yaml
from streamlit.testing.v1 import AppTest

import tutor.compare.situations
import tutor.compare.stats
import ui.compare.page
from engine.bots.simulate import simulate
from engine.errors import RecordError
from engine.moves import Move
from engine.variants import PRESETS, HouseRules, Variant, get_variant
from tests.apptest_support import open_app, open_house_rules
from tutor.charts.scores import card_value_labels, card_values
from tutor.compare.charts import (
    decisions_figure,
    ended_by_figure,
    mean_score_figure,
    situation_scores_figure,
    takes_figure,
)
from tutor.compare.grid import (
    IDENTITY_FIELDS,
    NAMED_BY_HEADS,
    cell_text,
    cheat_sheet_html,
    cheat_sheet_name,
    compare_grid,
    differences,
    main,
    rules_table,
    variant_fields,
)
from tutor.compare.situations import (
    SITUATIONS_DIR,
    BuilderError,
    Comparison,
    build_situation,
    builder_rulings,
    compare_situation,
    load_situation,
    load_situations,
    rule_words,
    stock_top,
)
from tutor.compare.stats import ENDINGS, STATS_PATH, entries_for, generate, load_stats, stats_text, variant_entry
from tutor.i18n.strings import catalogue, t, variant_name
from ui.compare.page import line_words, rules_table_html, rulings_rows, second_move
from ui.shared import session

SITUATIONS = load_situations()
BY_ID = {s.id: s for s in SITUATIONS}
NAMES = {vid: v.name for vid, v in PRESETS.items()}
HOUSE_RULED = get_variant("femhundra", {"jokers": True, "going_out_bonus": 50, "target": 1000, "unusable_pile_penalty": 100})


def compared(situation_id: str) -> Comparison:
    return compare_situation(BY_ID[situation_id])


def verdicts(situation_id: str, move: int = 0) -> dict[str, str]:
    """Preset → ``legal`` or the rule code, for judged move ``move`` of a situation."""
    comparison = compared(situation_id)
    return {o.preset: o.ruling.verdict for o in comparison.outcomes[move]}


@pytest.mark.apptest
def test_doctests() -> None:
    """The page's module, outside pytest's doctest collection (``testpaths``): the tutor's modules this
    file tests have theirs run there, once."""
    result = doctest.testmod(ui.compare.page)
    assert result.failed == 0 and result.attempted > 0


# --- the table, generated from the model ----------------------------------------------------------


def test_every_variant_field_is_a_row_of_the_table() -> None:
    fields = list(Variant.model_fields)
    assert fields == variant_fields()
    table = compare_grid()
    assert [row.field for row in table.rows] == fields  # a field missing from the table fails here
    assert table.columns == tuple(PRESETS)
    for row in table.rows:
        assert len(row.cells) == len(PRESETS) and all(cell.text for cell in row.cells), row.field


def test_every_field_has_a_label_and_every_rule_an_explanation() -> None:
    strings = catalogue("en")
    for field in Variant.model_fields:
        assert f"compare.labels.{field}" in strings, f"no label for {field}: add compare.labels.{field}"
        if field not in IDENTITY_FIELDS:  # house rules can make any rule differ, so every rule has a sentence
            assert f"compare.why.{field}" in strings, f"no explanation for {field}: add compare.why.{field}"
    unknown = {key.split(".")[2] for key in strings if key.startswith(("compare.labels.", "compare.why.", "compare.values."))}
    rules = set(Variant.model_fields) | set(HouseRules.model_fields)  # stock_out: a house rule said in other fields
    assert unknown <= rules, unknown - rules


def test_every_row_that_differs_is_explained() -> None:
    for table in (compare_grid(), compare_grid(HOUSE_RULED)):
        for row in table.rows:
            assert row.differs == (not row.identity and len(set(row.texts())) > 1), row.field
            assert (row.why is not None) == row.differs, row.field
    names = {row.field for row in differences(compare_grid())}
    assert {"pile_take", "duty", "scale", "ace_low_value", "discard_restriction", "empty_stock", "rommi_call", "target_compare"} <= names
    assert not {"joker_value", "target", "cards_dealt", *IDENTITY_FIELDS} & names


def test_cells_read_for_people() -> None:
    table = compare_grid()
    femhundra, dansk, rommi, nl, rum = (table.column(v) for v in PRESETS)
    assert "5/10/15" in femhundra["scale"].text
    assert femhundra["pile_take"].text == "whole pile only"
    assert femhundra["target_compare"].text == "pass it: > 500" and dansk["target_compare"].text == "reach it: ≥ 500"
    assert dansk["ace_low_value"].text == "1 point" and femhundra["ace_low_value"].text == "15, like every ace"
    assert dansk["two_decks_from"].text == "never: one deck of 52" and rum["two_decks_from"].text == "from 5 players"
    assert rommi["discard_restriction"].text == "not a card drawn or taken this turn"
    assert nl["empty_stock"].text.startswith("the pile") and nl["reshuffle_limit"].text.startswith("at most 2")
    assert femhundra["unusable_pile_penalty"].text == "illegal"
    assert table.sources == tuple(v.source for v in PRESETS.values())


def test_house_rules_show_in_the_chosen_column_at_once() -> None:
    table = compare_grid(HOUSE_RULED)
    mine = table.column("femhundra")
    changed = {field for field, cell in mine.items() if cell.changed}
    assert changed == {"jokers", "going_out_bonus", "target", "unusable_pile_penalty", "house_rules"}
    assert mine["going_out_bonus"].text == "+50 points"
    assert mine["unusable_pile_penalty"].text == "allowed, costs 100 points"
    assert mine["target_compare"].text == "pass it: > 1000"  # follows the target
    assert not any(cell.changed for vid in table.columns[1:] for cell in table.column(vid).values())
    assert table.chosen == "femhundra" and table.house_rules == HOUSE_RULED.house_rules
    html = rules_table_html(HOUSE_RULED)
    assert html.count('class="r5-changed"') == 5 and "femhundra ✎" in html
    assert rules_table_html(PRESETS["dansk"]).count('class="r5-changed"') == 0


def test_the_shown_table_starts_with_the_rules_not_the_presets_ids() -> None:
    html = rules_table_html(PRESETS["rommi"], "fi")
    fields = re.findall(r'data-field="(\w+)"', html)
    assert fields[0] == "source" and "id" not in fields and "name" not in fields
    assert set(fields) == set(variant_fields()) - set(NAMED_BY_HEADS)  # every rule still has its row
    assert ">rummy500-nl<" not in html and ">500-rum<" not in html  # the engine's ids are not shown
    assert all(f"<th>{variant_name(v, 'fi')}</th>" in html for v in PRESETS.values())  # the heads name them


SWEDISH = get_variant(
    "femhundra", {"cards_dealt": 6, "cards_dealt_two_players": 6, "ace_high_value": 25, "ace_low_value": 5}
)


def test_the_swedish_deal_and_ace_read_for_people() -> None:
    table = compare_grid(SWEDISH)
    mine, dansk = table.column("femhundra"), table.column("dansk")
    changed = {field for field, cell in mine.items() if cell.changed}
    assert changed == {"cards_dealt", "cards_dealt_two_players", "ace_high_value", "ace_low_value", "house_rules"}
    assert (mine["cards_dealt"].text, mine["cards_dealt_two_players"].text) == ("6 cards", "6 cards")
    assert (mine["ace_high_value"].text, mine["ace_low_value"].text) == ("25 points", "5 points")
    assert (dansk["ace_high_value"].text, dansk["ace_low_value"].text) == ("15 points", "1 point")
    assert "5/10/15" in mine["scale"].text  # the scale is the same; the ace has rows of its own
    for field in ("cards_dealt", "ace_high_value", "ace_low_value"):
        row = table.row(field)
        assert row.differs and row.why and ("Swedish" in row.why), field
    # "15, like every ace" holds only while a high ace is worth 15 too
    assert cell_text(get_variant("femhundra", {"ace_high_value": 25}), "ace_low_value") == "15 points"
    assert not compare_grid().row("ace_high_value").differs  # every book: 15
    html = cheat_sheet_html(SWEDISH)
    assert "An ace high (Q-K-A) or in hand: 25 points (the book: 15 points)" in html
    assert "Low ace of a run (A-2-3): 5 points (the book: 15, like every ace)" in html
    assert "Cards dealt (3 or more players): 6 cards (the book: 7 cards)" in html
    assert card_values(SWEDISH)[0] == 5 and card_values(SWEDISH)[13] == 25
    assert "<td>25</td>" in html


def test_every_house_rule_has_a_readable_value() -> None:
    for field in HouseRules.model_fields:
        for preset in PRESETS.values():
            assert cell_text(preset, field)


# --- the cheat sheet --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [*PRESETS.values(), HOUSE_RULED], ids=lambda v: f"{v.id}{'+' if v.house_rules else ''}")
def test_the_cheat_sheet_holds_every_rule_of_the_chosen_variant(variant: Variant) -> None:
    html = cheat_sheet_html(variant)
    table = rules_table([variant])
    for row in table.rows:  # every rule of the model, generated from the same table
        if row.field in NAMED_BY_HEADS:  # the title names the variant; its id is notation
            assert f"<th>{escape(row.label)}</th>" not in html, row.field
            continue
        assert f"<th>{escape(row.label)}</th>" in html, row.field
        assert escape(row.cells[0].text) in html, (row.field, row.cells[0].text)
    assert "<h1>" in html and escape(variant_name(variant)) in html.split("</h1>")[0]
    assert escape(variant.source) in html and "@media print" in html and "@page" in html
    for label, value in zip(card_value_labels(), card_values(variant), strict=True):
        if value is not None:
            assert f"<th>{escape(label)}</th>" in html and f"<td>{value}</td>" in html
    if variant.house_rules:
        assert html.count('class="changed"') == len(variant.house_rules) + 1  # and the house_rules row
        assert "Going-out bonus: +50 points (the book: none)" in html
    else:
        assert "we play the preset as written" in html


def test_the_cheat_sheet_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--sheet", "dansk"]) == 0
    assert capsys.readouterr().out == cheat_sheet_html(PRESETS["dansk"])
    assert main(["--sheet", "canasta"]) == 2
    assert cheat_sheet_name(PRESETS["rommi"]) == "rommi-cheat-sheet.html"


# --- one situation, five rulings ---------------------------------------------------------------------


def test_the_situations_asked_for_are_there() -> None:
    assert set(BY_ID) >= {
        "anna-bertil", "top-card", "dig-deep", "ace-two-three", "discard-taken", "empty-stock", "joker-full-set",
        "rommi-call", "exactly-500",
    }
    # a situation for each house rule of published tables (but jokers_per_deck: a third joker changes no ruling)
    about = {field for s in SITUATIONS for field in s.rule}
    assert about == {"top_card_free", "stock_out", "joker_value", "no_meld_first_turn", "rummy_call", "rommi_call_with_hand"}


@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.id)
def test_each_situation_gives_the_expected_verdict_per_variant(situation: tutor.compare.situations.Situation) -> None:
    comparison = compare_situation(situation)
    assert comparison.presets == tuple(situation.presets)
    for judged, outcomes in zip(situation.judge, comparison.outcomes, strict=True):
        assert judged.expect, f"{situation.id}: say what each preset rules on {judged.move}"
        got = {o.preset: o.ruling.verdict for o in outcomes if not o.with_rule}
        assert {p: got[p] for p in judged.expect} == judged.expect, judged.move
        ruled = {o.preset: o.ruling.verdict for o in outcomes if o.with_rule}
        assert set(ruled) == set(situation.rule_presets) == set(judged.expect_with_rule), judged.move  # every preset that takes it
        assert ruled == judged.expect_with_rule, judged.move
        for outcome in outcomes:
            assert outcome.ruling.legal == (outcome.ruling.code is None)
            assert outcome.ruling.reason  # the engine's sentence (or "allowed")
            assert all(r.legal for r in outcome.then[:-1])


def test_a_situation_about_a_house_rule_is_judged_without_and_with_it() -> None:
    """Every preset judges the Rummy! call without the rule (nobody may call) and, all but 500 rommi (whose own
    call is the rule), with it: Anna, after the next player, may; Cecilia, next, may not."""
    comparison = compared("rummy-call")
    assert comparison.outcome(0, "500-rum").ruling.code == "rummy_not_allowed"
    assert comparison.outcome(0, "500-rum", with_rule=True).ruling.legal
    assert comparison.outcome(0, "500-rum", with_rule=True).name == "500 Rum, house rule: “Rummy!”: lay a discard off out of turn"
    assert "rommi" not in {o.preset for o in comparison.outcomes[0] if o.with_rule}
    joker = compared("joker-value").outcomes[0]
    assert {o.score_of("You") for o in joker if o.preset == "500-rum"} == {-15 - 7, -25 - 7}  # the joker left in hand


def test_anna_scores_20_with_nordic_values_and_23_at_face_value() -> None:
    outcomes = compared("anna-bertil").outcomes[0]
    assert {o.preset: o.score_of("Anna") for o in outcomes} == {
        "femhundra": 30 + 15 - 25, "dansk": 30 + 18 - 25, "rommi": 20, "rummy500-nl": 23, "500-rum": 23,
    }
    assert {o.preset: o.score_of("Bertil") for o in outcomes} == {
        "femhundra": 10 + 5 + 5, "dansk": 10 + 8 + 9, "rommi": 20, "rummy500-nl": 27, "500-rum": 27,
    }
    assert all(o.status.ended_by == "went_out" for o in outcomes)
    assert verdicts("anna-bertil", 1) == {
        "femhundra": "legal", "dansk": "legal", "rommi": "cannot_discard_drawn_card", "rummy500-nl": "legal", "500-rum": "legal",
    }


def test_taking_only_the_top_card() -> None:
    top = verdicts("top-card")
    assert top["femhundra"] == "take_not_allowed" and top["dansk"] == "legal"
    assert top["500-rum"] == "taken_card_unusable"  # the top card carries the duty there, and the K♦ fits nothing
    whole = verdicts("top-card", 1)
    assert whole["femhundra"] == "legal" and {whole[p] for p in PRESETS if p != "femhundra"} == {"taken_card_unusable"}
    reason = compared("top-card").outcome(0, "femhundra").ruling.reason
    assert reason == "In femhundra you take the whole pile, never just the top card."


def test_digging_deep() -> None:
    dig = compared("dig-deep").outcomes[0]
    assert [o.ruling.verdict for o in dig] == ["take_not_allowed", "legal", "legal", "legal", "legal"]
    assert all(r.legal for o in dig[1:] for r in o.then)  # meld the sevens, discard the J♠


def test_an_ace_two_three_run_is_worth_25_or_6() -> None:
    outcomes = compared("ace-two-three").outcomes[0]
    scores = {o.preset: o.score_of("You") for o in outcomes}
    assert scores == {"femhundra": 15 + 5 + 5, "dansk": 1 + 2 + 3, "rommi": 25, "rummy500-nl": 6, "500-rum": 6}
    assert {o.preset: o.score_of("Bertil") for o in outcomes}["dansk"] == -(10 + 9 + 5)


def test_discarding_the_card_just_taken_is_illegal_in_rommi_and_rummy500_nl_only() -> None:
    got = verdicts("discard-taken")
    assert {p for p, v in got.items() if v != "legal"} == {"rommi", "rummy500-nl"}
    assert set(got.values()) == {"legal", "cannot_discard_drawn_card"}
    assert set(verdicts("discard-taken", 1).values()) == {"legal"}


def test_an_empty_stock() -> None:
    comparison = compared("empty-stock")
    assert comparison.starts["dansk"].over and comparison.starts["dansk"].ended_by == "stock_out"
    assert comparison.starts["rummy500-nl"].reshuffles == 1
    assert verdicts("empty-stock", 0) == {
        "femhundra": "stock_empty", "dansk": "wrong_phase", "rommi": "stock_empty", "rummy500-nl": "legal", "500-rum": "stock_empty",
    }
    stop = comparison.outcomes[1]
    assert [o.ruling.verdict for o in stop] == ["legal", "wrong_phase", "legal", "wrong_phase", "legal"]
    assert stop[0].score_of("You") == -(5 + 5 + 5 + 10) and stop[4].score_of("You") == -(7 + 7 + 2 + 10)


def test_a_joker_in_a_full_set_with_jokers_on_for_all() -> None:
    assert BY_ID["joker-full-set"].house_rules == {"jokers": True}
    assert set(verdicts("joker-full-set", 0).values()) == {"layoff_does_not_fit"}
    assert set(verdicts("joker-full-set", 1).values()) == {"joker_needs_declaration"}
    out = compared("joker-full-set").outcomes[2]
    assert {o.preset: o.score_of("You") for o in out} == {"femhundra": 20, "dansk": 24, "rommi": 20, "rummy500-nl": 24, "500-rum": 24}


def test_a_rommi_call() -> None:
    call = compared("rommi-call").outcomes[0]
    assert [o.ruling.verdict for o in call] == ["rommi_not_allowed"] * 2 + ["legal"] + ["rommi_not_allowed"] * 2
    rommi = call[2]
    assert [r.legal for r in rommi.then] == [True, True] and rommi.score_of("Cecilia") == 5
    assert "has no Rommi call" in call[0].ruling.reason


def test_exactly_500_wins_everywhere_but_in_femhundra() -> None:
    outcomes = compared("exactly-500").outcomes[0]
    totals = {o.preset: next(s.total for s in o.status.scores if s.player == "Anna") for o in outcomes}
    assert totals == {"femhundra": 500, "dansk": 503, "rommi": 500, "rummy500-nl": 503, "500-rum": 503}
    assert {o.preset: o.status.winners for o in outcomes} == {
        "femhundra": (), "dansk": ("Anna",), "rommi": ("Anna",), "rummy500-nl": ("Anna",), "500-rum": ("Anna",),
    }


def test_a_situation_file_that_claims_a_wrong_verdict_is_refused(tmp_path: Path) -> None:
    data = yaml.safe_load((SITUATIONS_DIR / "02-top-card.yaml").read_text(encoding="utf-8"))
    data["judge"][0]["expect"]["femhundra"] = "legal"
    path = tmp_path / "wrong.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RecordError) as error:
        load_situation(path)
    assert error.value.field == "judge[0].expect.femhundra" and "take_not_allowed" in error.value.problem
    data["judge"][0]["expect"] = {"canasta": "legal"}
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RecordError, match="unknown preset"):
        load_situation(path)


def test_a_position_must_hold_under_every_preset(tmp_path: Path) -> None:
    data = yaml.safe_load((SITUATIONS_DIR / "07-joker-full-set.yaml").read_text(encoding="utf-8"))
    del data["house_rules"]  # a joker in hand, but no jokers in four of the decks
    path = tmp_path / "jokers.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RecordError) as error:
        load_situation(path)
    assert error.value.field == "position (femhundra)"
    data["presets"] = ["rommi"]  # … unless the situation names the presets it applies to
    data["judge"] = [{"move": j["move"], "expect": {"rommi": j["expect"]["rommi"]}} for j in data["judge"]]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    assert compare_situation(load_situation(path)).presets == ("rommi",)


def test_the_rulings_table_rows() -> None:
    rows = rulings_rows(compared("dig-deep").outcomes[0])
    assert [r["Ruling"] for r in rows][:2] == ["✗ In femhundra you take the whole pile, never only part of it.", "✓ Legal"]
    assert "Rule code" not in rows[0] and rows[1]["Then"] == "✓ Melding 7♠ 7♥ 7♣ · ✓ Discarding the J♠"
    assert rows[0]["Move"] == "You: Taking 4 from the pile"  # in words, not the notation
    assert "Round scores" not in rows[0]  # no round ended
    scores = rulings_rows(compared("anna-bertil").outcomes[0])
    assert scores[0]["Round scores"] == "Anna +20 · Bertil +20" and "Then" not in scores[0]
    won = rulings_rows(compared("exactly-500").outcomes[0])
    assert won[0]["Round scores"].endswith("nobody has won yet") and won[1]["Round scores"].endswith("Anna wins the game")


# --- the builder --------------------------------------------------------------------------------------


def test_the_builder_judges_a_position_the_learner_set_up() -> None:
    rulings = builder_rulings(["7S", "7H", "3C", "9D"], ["4D", "7C", "KD"], [], [Move.parse("take 2"), Move.parse("meld 7S 7H 7C")])
    assert list(rulings) == list(PRESETS)
    assert rulings["femhundra"].ruling.code == "take_not_allowed" and rulings["dansk"].ruling.legal
    assert all(rulings[p].then[0].legal for p in PRESETS if p != "femhundra")
    top = builder_rulings(["7S", "7H", "3C"], ["4D", "7C", "KD"], [], Move.parse("take 1"))
    assert {p: o.ruling.verdict for p, o in top.items()} == {
        "femhundra": "take_not_allowed", "dansk": "legal", "rommi": "legal", "rummy500-nl": "legal", "500-rum": "taken_card_unusable",
    }


def test_the_builder_deals_the_same_stock_for_every_preset_and_ends_rounds() -> None:
    situation = build_situation(["AH", "2H", "3H"], ["KS"], [], [Move.parse("draw")])
    top = stock_top(situation)
    assert top is not None
    for preset in PRESETS:
        assert tutor.compare.situations.start_state(situation, preset).stock[0] is top
    out = builder_rulings(["AH", "2H", "3H", "9C"], ["KS"], [["5D", "6D", "7D"]], [Move.parse("draw"), Move.parse("meld AH 2H 3H")])
    assert all(o.then[0].legal for o in out.values())
    layoff = builder_rulings(["8D"], ["KS"], [["5D", "6D", "7D"]], [Move.parse("take 1"), Move.parse("layoff 8D on 1")])
    assert layoff["500-rum"].ruling.code == "taken_card_unusable" and layoff["dansk"].then[0].legal


def test_the_builder_explains_cards_that_make_no_position() -> None:
    with pytest.raises(BuilderError, match="7S appear more than once"):
        build_situation(["7S", "7H"], ["7S"], [], Move.parse("draw"))
    with pytest.raises(BuilderError, match="only two jokers"):
        build_situation(["JK", "JK"], ["JK"], [], Move.parse("draw"))
    with pytest.raises(BuilderError, match="meld on the table is not valid"):
        build_situation(["7S"], ["4D"], [["2C", "9H", "KD"]], Move.parse("draw"))
    joker = build_situation(["JK", "7S", "7H"], ["4D"], [], [Move.parse("draw"), Move.parse("meld 7S 7H JK=7C")])
    assert joker.house_rules == {"jokers": True}
    assert all(o.then[0].legal for o in compare_situation(joker).outcomes[0])
    assert second_move("layoff", ["8D"]) == Move.parse("layoff 8D on 1") and second_move("meld", []) is None


# --- charts and statistics ------------------------------------------------------------------------------


def test_the_same_round_scored_by_each_variant() -> None:
    figure = situation_scores_figure(compared("anna-bertil").outcomes[0], "Bertil: layoff 8H 9H on 2")
    assert [trace.name for trace in figure.data] == ["Anna", "Bertil"]
    assert list(figure.data[0].x) == [NAMES[p] for p in PRESETS] and list(figure.data[0].y) == [20, 23, 20, 23, 23]
    partial = situation_scores_figure(compared("rommi-call").outcomes[0], "Cecilia: rommi 1")
    assert list(partial.data[0].x) == ["500 rommi"] and len(partial.data) == 3


def test_the_statistics_file_holds_every_preset_and_table_size() -> None:
    data = load_stats()
    assert (data["bot"], data["seed"], data["rounds"], tuple(data["players"])) == (
        tutor.compare.stats.BOT, tutor.compare.stats.SEED, tutor.compare.stats.ROUNDS, tutor.compare.stats.PLAYERS,
    )
    assert data["rounds"] >= 200
    for players in data["players"]:
        entries = entries_for(data, players)
        assert [e["variant"] for e in entries] == list(PRESETS)
        for entry in entries:
            assert sum(entry["ended_by"].values()) == entry["rounds"] == data["rounds"]
            assert set(entry["ended_by"]) == set(ENDINGS)
            assert 0 <= entry["paid_share"] <= 100 and entry["decisions_per_round"] > 0
        figures = [decisions_figure(entries), ended_by_figure(entries), mean_score_figure(entries), takes_figure(entries)]
        assert [len(f.data) for f in figures] == [1, len(ENDINGS), 1, 1]
        assert all(list(f.data[0].x) == [NAMES[p] for p in PRESETS] for f in figures)
    rommi = next(e for e in entries_for(data, 4) if e["variant"] == "rommi")
    assert rommi["rommi_calls"] > 0  # with four players, Rommi calls happen
    assert all(e["rommi_calls"] == 0 for e in data["entries"] if e["variant"] != "rommi")


@pytest.mark.slow
def test_the_statistics_file_regenerates_identically() -> None:
    data = load_stats()
    committed = next(e for e in data["entries"] if e["variant"] == "500-rum" and e["players"] == 2)
    assert variant_entry("500-rum", 2, data["rounds"], data["seed"], data["bot"]) == committed
    assert STATS_PATH.read_text(encoding="utf-8") == stats_text(data)


def test_the_stats_command_is_seeded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "stats.json"
    assert main(["--stats", "--rounds", "2", "--seed", "7", "--out", str(out)]) == 0
    assert "wrote" in capsys.readouterr().out
    text = out.read_text(encoding="utf-8")
    assert text == stats_text(generate(rounds=2, seed=7))
    assert len(json.loads(text)["entries"]) == len(PRESETS) * len(tutor.compare.stats.PLAYERS)
    assert main([]) == 2


def test_counting_takes_leaves_the_record_fields_alone() -> None:
    plain = simulate("rommi", 3, 4, 9, ["greedy"])
    counted = simulate("rommi", 3, 4, 9, ["greedy"], count_takes=True)
    takes = counted.pop("takes")
    plain.pop("seconds"), counted.pop("seconds")
    assert plain == counted
    assert set(takes) == {"takes", "rommi_calls", "cards_taken", "paid", "net_points"}
    assert takes["paid"] <= takes["takes"] + takes["rommi_calls"] <= takes["cards_taken"]


# --- the page, through AppTest -------------------------------------------------------------------------


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv("RUMMY500_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    return open_app("compare")


def _html(at: AppTest) -> str:
    return "\n".join(str(getattr(e.proto, "body", "")) for e in at.get("html"))


@pytest.mark.apptest
def test_the_page_opens_with_the_table_the_situations_and_the_sheet(page: AppTest) -> None:
    at = page
    assert at.title[0].value == "Compare the variants"
    html = _html(at)
    assert 'data-field="pile_take"' in html and "whole pile only" in html
    assert all(f'data-field="{field}"' in html for field in Variant.model_fields if field not in NAMED_BY_HEADS)
    markdown = "\n".join(str(m.value) for m in at.markdown)
    assert "**Taking from the discard pile**: femhundra lets you take only the whole discard pile" in markdown
    assert all(v.source in markdown for v in PRESETS.values())
    assert at.selectbox(key="compare_situation").value == SITUATIONS[0].id
    buttons = at.get("download_button")
    assert buttons and "cheat sheet" in str(buttons[0].proto.label)
    assert len(at.dataframe) == 1  # the statistics table
    open_house_rules(at).selectbox(key="app_hr_femhundra_going_out_bonus").set_value(50).run()
    assert not at.exception
    html = _html(at)
    assert "+50 points ✎" in html and "femhundra ✎" in html
    assert any("Your house rules change femhundra: Going-out bonus: +50 points." in str(i.value) for i in at.info)
    at.selectbox(key="app_hr_femhundra_ace_high_value").set_value(25)
    at.selectbox(key="app_hr_femhundra_ace_low_value").set_value(5)
    at.selectbox(key="app_hr_femhundra_cards_dealt").set_value(6).run()
    assert not at.exception
    html = _html(at)
    assert "25 points ✎" in html and "5 points ✎" in html and "6 cards ✎" in html
    traces = [trace for chart in at.get("plotly_chart") for trace in json.loads(chart.proto.spec)["data"]]
    mine = [trace for trace in traces if trace.get("name") == "femhundra ✎"]
    assert len(mine) == 1 and mine[0]["y"][0] == 5 and mine[0]["y"][13] == 25  # the card values chart: our aces


@pytest.mark.apptest
@pytest.mark.parametrize("situation", SITUATIONS, ids=lambda s: s.id)
def test_the_page_shows_each_situations_verdict_per_variant(page: AppTest, situation: tutor.compare.situations.Situation) -> None:
    at = page
    at.selectbox(key="compare_situation").set_value(situation.id).run()
    assert not at.exception, at.exception
    table = at.table[0].value
    assert len(table) == len(situation.judge) * (len(situation.presets) + len(situation.rule_presets))
    if situation.rule:  # the page says the variants judge twice, naming the rule
        assert any(rule_words(situation.rule) in str(info.value) for info in at.info)
    for judged in situation.judge:
        named = {(p, NAMES[p]) for p in judged.expect} | {
            (p, t("compare.situation.with_rule", variant=NAMES[p], rule=rule_words(situation.rule))) for p in judged.expect_with_rule
        }
        for preset, name in named:
            ruled = name != NAMES[preset]
            expected = (judged.expect_with_rule if ruled else judged.expect)[preset]
            row = table[(table["Move"] == line_words(judged.move)) & (table["Variant"] == name)]
            assert len(row) == 1, (judged.move, preset)
            if expected == "legal":
                assert row["Ruling"].iloc[0] == "✓ Legal", (judged.move, preset)
            else:
                ruling = row["Ruling"].iloc[0]
                assert ruling.startswith("✗ ") and expected not in ruling, (judged.move, preset)  # words, no code
    if situation.id == "anna-bertil":
        scores = list(table["Round scores"][:5])
        assert scores[0] == "Anna +20 · Bertil +20" and scores[1] == "Anna +23 · Bertil +27"


@pytest.mark.apptest
def test_the_builder_on_the_page(page: AppTest) -> None:
    at = page
    rulings = list(at.table[1].value["Ruling"])
    assert rulings[0].startswith("✗ In femhundra") and rulings[1] == "✓ Legal"
    at.multiselect(key="compare_b_pile").set_value(["4D", "7C", "KD"])
    at.selectbox(key="compare_b_first").set_value("take_1")  # the option id of "take 1 (down to the KD)"
    at.selectbox(key="compare_b_then").set_value("none").run()
    assert not at.exception, at.exception
    assert "Rule code" not in at.table[1].value.columns  # the ruling says the rule in words
    verdict = dict(zip(at.table[1].value["Variant"], at.table[1].value["Ruling"], strict=True))
    assert verdict["500 Rum"].startswith("✗ ") and verdict["Danish 500"].startswith("✓")
    at.multiselect(key="compare_b_hand").set_value(["7S", "7H", "KD"]).run()
    assert any("appear more than once" in str(w.value) for w in at.warning)
    assert session.STATE in at.session_state
