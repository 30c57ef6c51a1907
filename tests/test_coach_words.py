"""The coach's words a learner can reuse, and the guide's advice that stays (issue 36, items 1 and 2).

The seat game (the table session, the cheapest layer) proves that a warning or a refusal is said beside the
guide's advice and names the action pressed; the guide states each duty as the engine words it and each house
rule in the Compare page's words; every advice sentence fits the table (one opponent, a one-card pile, a
call); and over seeded positions of every preset, what each reason claims holds in that position. The
page's wiring is proved once through AppTest (and at phone size in ``tests/test_browser_guided.py``).
"""

from __future__ import annotations

import random

import pytest

from engine.bots import get_bot
from engine.cards import Card, parse_cards
from engine.moves import Discard, Move, Rommi, Take
from engine.pile_take import lifted
from engine.round import Phase, Round
from engine.variants import PRESETS, get_variant
from tests.apptest_support import open_app, practice_of, said, table_move
from tutor.compare.grid import cell_text, field_label
from tutor.i18n.languages import LANGUAGES
from tutor.i18n.strings import refusal, t
from tutor.practice.game import Game
from tutor.practice.guide import guide, now_text, rule_text
from tutor.practice.log import describe
from tutor.practice.seat import PracticeSeat
from tutor.practice.seats import Seat
from tutor.seat.coach import reason_for, suggest
from tutor.seat.coach_discards import partners
from tutor.seat.game import Play
from ui.practice import state as practice


def _guided(variant: str, seed: int, players: int = 2) -> PracticeSeat:
    names = ["You", "Bertil", "Cecilia"][:players]
    game = Game.new(get_variant(variant), [Seat(names[0]), *(Seat(n, "greedy") for n in names[1:])], seed)
    game.guided = True
    table = PracticeSeat(game)
    table.catch_up()
    return table


# --- advice that stays ----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["fi", "nl", "en"])
def test_a_wrong_press_is_said_beside_the_advice_and_names_the_action(language: str) -> None:
    table = _guided("rommi", 7, 3)
    table.play(Play("draw"), language)
    advice = table.guidance(language)
    assert advice is not None and advice.advice
    table.play(Play("layoff"), language)  # "Täydennä pöytäystä" with no card picked
    kind, text = table.message(language) or ("", "")
    assert kind == "warning"
    assert t("ui.problem.pick_cards_layoff", language) in text  # the lay-off pressed, not a meld
    assert advice.advice in text and advice.now in text  # the advice stays in view


def test_a_refused_move_is_said_beside_the_advice() -> None:
    table = _guided("rummy500-nl", 3, 2)
    table.play(Play("draw"), "nl")
    advice = table.guidance("nl")
    assert advice is not None
    hand = table.game.state.hands[0]
    table.play(Play("meld", hand=tuple(str(c) for c in hand[:3])), "nl")  # three cards that make no meld
    if table.answer is None or table.answer.kind != "error":  # pragma: no cover (the deal's hand made a meld)
        pytest.skip("the first three cards made a meld")
    kind, text = table.message("nl") or ("", "")
    assert kind == "error" and t("practice.unchanged", "nl") in text
    assert advice.advice in text  # after the refusal, the advice for the decision is still there


# --- the rules as the table plays them ------------------------------------------------------------------


def _after_take(variant: str, hand: str, pile: str, house: dict[str, object] | None = None) -> Round:
    state = Round.from_position(
        get_variant(variant, house or {}),
        ["You", "Bertil"],
        [parse_cards(hand), parse_cards("3C 5C 7D 9S JD")],
        parse_cards("8D 10C QH KC 2S"),
        parse_cards(pile),
        [],
    )
    take = next(m for m in state.legal_moves() if isinstance(m, Take) and len(lifted(state.pile, m)) == len(state.pile))
    return state.apply(take)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_the_guide_states_the_duty_as_the_engine_does(variant: str, language: str) -> None:
    """After a take of two cards, the guide's sentence is the engine's own reminder of the duty at that table:
    in femhundra one new meld holding a card from the pile (a lay-off does not pay it), never "in a meld or a
    lay-off"."""
    state = _after_take(variant, "9H 9S 2C 4D", "9D 6C")
    assert state.duty is not None
    said_now = now_text(state, 0, language)
    assert said_now == refusal(state.duty.refusal(state.variant), language)
    if variant == "femhundra" and language == "en":
        assert said_now.startswith("In femhundra you must first lay a new meld") and "lay-off" not in said_now


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_house_rule_that_is_on_is_said_as_the_compare_page_says_it(language: str) -> None:
    rules = get_variant("femhundra", {"unusable_pile_penalty": 100})
    stated = t("guide.house_rule", language, rule=field_label("unusable_pile_penalty", language),
               value=cell_text(rules, "unusable_pile_penalty", language))
    assert stated in rule_text(rules, "take", language)
    state = Round.from_position(rules, ["You", "Bertil"], [parse_cards("2C 4D 6S KH"), parse_cards("3C 5C 7D 9S JD")],
                                parse_cards("8D 10C QH KC"), parse_cards("9D"), [])
    before_draw = now_text(state, 0, language)
    assert stated in before_draw and t("guide.now.draw_only", language) not in before_draw  # the take is allowed


def test_a_penalty_paid_is_said_and_the_log_names_the_whole_pile() -> None:
    rules = get_variant("femhundra", {"unusable_pile_penalty": 100})
    state = Round.from_position(rules, ["You", "Bertil"], [parse_cards("2C 4D 6S KH"), parse_cards("3C 5C 7D 9S JD")],
                                parse_cards("8D 10C QH KC"), parse_cards("10C"), [])
    take = next(m for m in state.legal_moves() if isinstance(m, Take))
    from tutor.practice.guide import after_move

    assert t("practice.log.penalty", "sv", penalty=100) in after_move(state, 0, take, None, "sv")
    line = describe(state, 1, take, state.apply(take), "sv")
    assert "översta" not in line and "hela kasthögen" in line


def test_the_danish_guide_says_the_top_card_is_free_before_the_draw() -> None:
    state = Round.from_position(get_variant("dansk"), ["You", "Bertil"], [parse_cards("9H 9S 2C 4D"), parse_cards("3C 5C 7D 9S JD")],
                                parse_cards("8D 10C QH KC"), parse_cards("6C 9D"), [])
    assert now_text(state, 0, "da") == t("guide.now.draw_or_any_depth_top_free", "da")


def test_one_sentence_is_not_said_twice_before_a_draw() -> None:
    state = Round.from_position(get_variant("femhundra"), ["You", "Bertil"], [parse_cards("2C 4D 6S KH"), parse_cards("3C 5C 7D 9S JD")],
                                parse_cards("8D 10C QH KC"), parse_cards("9D"), [])
    said_now = guide(state, 0, set(), "sv")
    assert said_now.advice == t("guide.coach_draw", "sv")
    assert t("practice.coach.draw_no_take", "sv") not in said_now.advice


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rommi_note_names_the_discarder_and_a_computers_take_is_noted(language: str) -> None:
    assert "that player" in t("guide.rule.rommi", "en")  # the discarder may not call it back
    state = Round.from_position(get_variant("rommi"), ["You", "Bertil", "Cecilia"],
                                [parse_cards("2C 4D 6S KH"), parse_cards("3C 5C 7D 9S JD"), parse_cards("2H 4H 6S 8S 10D")],
                                parse_cards("8D 10C QH KC"), parse_cards("9D"), [])
    told = guide(state, 0, set(), language, used=["rommi", "take"])
    assert {r.topic for r in told.rules} >= {"rommi", "take"}  # the first time anyone used them


# --- sentences that fit the table -----------------------------------------------------------------------


def _positions(variant: str, players: int, count: int, seed: int = 5) -> list[Round]:
    """Seeded positions of greedy playouts where the player to move decides a turn."""
    rng = random.Random(f"{variant}/{players}/{seed}")
    found: list[Round] = []
    names = ["Anna", "Bertil", "Cecilia"][:players]
    for deal in range(40):
        state = Round.deal(get_variant(variant), names, seed=rng.randrange(10**6))
        turns = 0
        while state.phase is not Phase.OVER and turns < 40 and len(found) < count:
            seat, move = get_bot("greedy").choose(state, rng)
            if seat == state.to_move and turns % 3 == deal % 3:
                found.append(state)
            state = state.apply(move, seat)
            turns += 1
        if len(found) >= count:
            break
    return found


def _check_claims(state: Round, seat: int, move: Move, key: str, values: dict[str, object]) -> None:
    """What the reason ``key`` says of ``move`` holds in ``state``: the cards it names are there, the points
    add up, the tactic applies."""
    hand = state.hands[seat]
    value = state.variant.card_value
    card, other = values.get("card"), values.get("other")
    if isinstance(move, Discard):
        assert card == move.card
        legal = {m.card for m in state.legal_moves() if isinstance(m, Discard)}
        if key.startswith("discard_dear"):
            assert all(value(c) <= value(move.card) for c in legal), "a dearer card could be thrown"
            assert values["value"] == value(move.card)
        if key == "discard_dear_partners":
            assert set(values["partners"]) <= set(hand) and list(values["partners"]) == partners(hand, move.card)  # type: ignore[arg-type]
        if key in ("discard_dear_table", "discard_not_feed_table", "take_table"):
            fitted = other if key == "discard_not_feed_table" else card
            assert isinstance(fitted, Card)
            assert fitted.index in state.table[int(values["meld"]) - 1].shape.touching  # type: ignore[call-overload]
        if key == "discard_not_feed_pile":
            assert state.variant.pile_take == "whole_pile" and isinstance(other, Card)
            assert set(values["pile"]) <= set(state.pile) and list(values["pile"]) == partners(state.pile, other)  # type: ignore[arg-type]
        if key == "discard_lonely":
            assert not partners(hand, move.card)
        if key.startswith("discard_not_feed") or key.startswith("discard_keep"):
            assert isinstance(other, Card) and other in hand and other != move.card
        if key == "discard_not_feed_one":
            assert len(state.players) == 2 and values["player"] == state.players[1 - seat]
        if key == "discard_not_feed":
            assert len(state.players) > 2  # "the others" only with more than one opponent
    if isinstance(move, Take | Rommi):
        taken = lifted(state.pile, move)
        laid = list(values.get("cards", ()))  # type: ignore[call-overload]
        assert values["count"] == len(taken)
        assert all(c.in_hand in taken or c.in_hand in hand for c in laid)
    if key == "draw_one":
        assert len(state.pile) == 1 and values["card"] == state.pile[0]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_reason_holds_in_its_position_and_fits_the_table(variant: str, players: int) -> None:
    """Seeded playouts of every preset at two and three seats: each advice's reason names cards that are
    there and points that add up, and no sentence says "the others" to one opponent or speaks of the cards of
    a one-card pile."""
    seen: set[str] = set()
    for state in _positions(variant, players, 14):
        seat = state.to_move
        advice = suggest(state, seat)
        if advice is None:
            continue
        said = reason_for(state.view(seat).position, seat, advice.move)
        seen.add(advice.key)
        if advice.key == said.key:  # the pile-safe discard gives its own reason: checked through its values
            _check_claims(state, seat, advice.move, said.key, said.values)
            for then in said.then:  # what a take lifts besides the cards it lays: there, and its points
                rest = list(then.values["rest"])  # type: ignore[call-overload]
                assert then.values["rest_points"] == sum(state.variant.card_value(c.in_hand) for c in rest)
        text = advice.reason
        assert "coach's count" not in text
        if players == 2:
            assert "the others" not in text and "someone" not in text, text
        if len(state.pile) == 1:
            assert "no take from the pile is worth the cards" not in text, text
    assert seen, "no advice at all"


def test_a_calls_advice_says_what_it_lifts_and_what_that_costs() -> None:
    """Rommi! on Bertil's 6♠ down to the 7♠: the 6♠ and the 7♠ lay off on the 3♠ 4♠ 5♠, and the 9♥ the call
    also lifts is said with its points."""
    state = Round.from_position(
        get_variant("rommi"),
        ["Bertil", "Cecilia", "You"],
        [parse_cards("3C 6S 7D 9S JD"), parse_cards("2H 4H 8S 10D QD"), parse_cards("2C 4D KH QC")],
        parse_cards("8D 10C QH KC 3D 3H"),
        parse_cards("7S 9H"),
        [(1, parse_cards("3S 4S 5S"))],
    )
    state = state.apply(Move.parse("draw"), 0).apply(Move.parse("discard 6S"), 0)
    deepest = next(m for m in state.legal(2).moves() if isinstance(m, Rommi) and len(lifted(state.pile, m)) == 3)
    said = reason_for(state, 2, deepest)
    assert said.then and tuple(said.then[0].values["rest"]) == parse_cards("9H")  # type: ignore[call-overload]
    assert said.say("practice.coach", "en").endswith("It also puts the 9♥ in your hand: 5 points against you if the round ends soon.")


# --- the page -------------------------------------------------------------------------------------------


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_page_keeps_the_advice_after_a_wrong_press() -> None:
    at = open_app("practice", variant="rommi")
    at.radio(key=practice.MODE).set_value("guided").run()
    at.button(key="practice_start").click().run()
    assert not at.exception, at.exception
    table = practice_of(at).table
    assert isinstance(table, PracticeSeat)
    if table.game.pending().kind != "turn":  # pragma: no cover (a Rommi! window first)
        pytest.skip("the deal opens with a Rommi! window")
    table_move(at, practice.KEYS, "draw")
    guidance = table.guidance("en")
    assert guidance is not None
    table_move(at, practice.KEYS, "discard")  # no card picked
    warned = " ".join(said(at, practice.KEYS, "warning"))
    assert t("ui.problem.pick_one_card") in warned and guidance.advice in warned


def test_a_reason_that_changed_since_the_last_turn_says_what_changed() -> None:
    """The guide said to keep a card at the learner's last discard; when it now throws that card, it says
    which cards came into the hand since."""
    table = _guided("femhundra", 3, 2)
    table.play(Play("draw"), "en")
    state = table.game.state
    advice = table.guidance("en")
    assert advice is not None and isinstance(advice.move, Discard)
    hand = state.hands[0]
    then = tuple(c for c in hand if c != hand[-1])  # as if the last card had come in since
    table._kept = (advice.move.card, then)  # the guide's memory of the last advice
    table._guidance = None
    again = table.guidance("en")
    assert again is not None
    assert again.advice.endswith(t("guide.changed", "en", card=advice.move.card, new=(hand[-1],)))


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_each_house_rule_that_is_on_is_said_with_its_rule_at_every_table(variant: str) -> None:
    """Every house rule the guide says with a rule, switched on at every preset: the rule's note holds the
    Compare page's entries for it (its name and its value at that table)."""
    from tutor.practice.guide import HOUSE_RULES

    values: dict[str, object] = {
        "unusable_pile_penalty": 100, "top_card_free": True, "layoff_needs_own_meld": True,
        "rommi_call_with_hand": True, "going_out_requires_discard": True,
    }
    for topic, names in HOUSE_RULES.items():
        for name in names:
            try:
                rules = get_variant(variant, {name: values[name]})
            except ValueError:  # a house rule this preset does not take (Rommi! with your own cards: rommi only)
                continue
            if name not in rules.house_rules:
                continue  # the preset plays it already: no house rule
            for language in LANGUAGES:
                stated = t("guide.house_rule", language, rule=field_label(name, language), value=cell_text(rules, name, language))
                assert stated in rule_text(rules, topic, language), (variant, name, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_advice_that_follows_a_tactic_names_it_as_its_lesson_does(language: str) -> None:
    """Every tactic the coach argues by is one of the lesson's list items, named in the lesson's own words in
    every language, and the guide's advice that follows it says that name and the lesson's title."""
    from tutor.course.tactics import TACTICS
    from tutor.learn.curriculum import load_curriculum
    from tutor.practice.tactic_words import tactic_said

    rules = get_variant("femhundra")
    lesson = load_curriculum().lesson("tactics")
    for tactic in TACTICS:
        if tactic.reasons:
            said = tactic_said(rules, tactic, language)
            assert said and lesson.title_in(language) in said[0], tactic.id
    table = _guided("femhundra", 3, 2)
    table.play(Play("draw"), language)
    advice = table.guidance(language)
    assert advice is not None
    found = next(t for t in TACTICS if t.id == "do_not_feed")
    assert advice.advice.endswith(tactic_said(rules, found, language)[0])  # this deal's advice: keep the A♥ from Bertil
