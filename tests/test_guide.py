"""Guided hands: what the guide says before a decision holds at the learner's table, each rule that comes up is
explained once with the lesson that teaches it, the guide agrees when the learner follows the coach, the
prepared deals still show the rules they list, and a guided hand plays to its end on the Practice page of
every variant."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from engine.moves import Move, Rommi
from engine.round import Round
from engine.variants import PRESETS, get_variant
from tests.apptest_support import open_app, play_through_widgets, practice_of, said
from tests.language_support import shown_texts
from tutor.course.tactics import TACTICS
from tutor.i18n.languages import LANGUAGES
from tutor.i18n.strings import t
from tutor.practice.deals import possible_topics, prepared_deals, shown_topics
from tutor.practice.game import Game
from tutor.practice.guide import TOPICS, after_move, guide, now_text, rule_text, topics_now
from tutor.practice.seat import PracticeSeat
from tutor.practice.seats import computer_seats
from ui.practice import state as practice


def _state(variant: str, hand: str, pile: str, table: tuple[tuple[int, str], ...] = (), draw: bool = False) -> Round:
    state = Round.from_position(
        get_variant(variant),
        ["You", "Bertil", "Cecilia"],
        [parse_cards(hand), parse_cards("3C 5C 7D 9S JD"), parse_cards("2H 4H 6S 8S 10D")],
        parse_cards("8D 10C QH KC"),
        parse_cards(pile),
        [(layer, parse_cards(cards)) for layer, cards in table],
    )
    return state.apply(Move.parse("draw")) if draw else state


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_rule_is_said_for_the_table_in_every_language(variant: str, language: str) -> None:
    rules = get_variant(variant)
    for topic in possible_topics(rules, 3):
        text = rule_text(rules, topic, language)
        assert text and "{" not in text and "guide." not in text, (topic, text)


def test_what_the_rules_allow_now_follows_the_table() -> None:
    """femhundra takes the whole pile, rommi digs; a pile nobody can use leaves only the draw."""
    usable = ("9H 9S 2C 4D", "9D")
    assert "whole discard pile" in now_text(_state("femhundra", *usable), 0)
    assert "any card of the pile" in now_text(_state("rommi", *usable), 0)
    assert now_text(_state("femhundra", "2C 4D 6S KH", "9D"), 0).startswith("Draw from the stock: no card")


def test_a_rule_is_explained_the_first_time_it_comes_up_with_its_lesson() -> None:
    state = _state("dansk", "9H 9S 2C 4D", "9D")
    first = guide(state, 0, set())
    assert [r.topic for r in first.rules] == ["take"] and first.rules[0].lesson == "digging"
    assert first.rules[0].lesson_title and first.move is not None
    again = guide(state, 0, {"take"})
    assert again.rules == ()  # explained once a round


def test_the_guide_agrees_when_the_learner_follows_the_coach() -> None:
    state = _state("500-rum", "KS 2C 3H 5D", "4S", ((1, "10S JS QS"),), draw=True)
    said_before = guide(state, 0, set())
    assert said_before.move is not None
    assert after_move(state, 0, said_before.move, said_before.move).startswith("The coach agrees")
    assert str(said_before.move) == "layoff KS on 1"
    other = next(m for m in state.legal_moves() if str(m) == "discard KS")
    assert after_move(state, 0, other, said_before.move) == "Laying off K♠ on meld 1 would have scored 10 and saved you 10 in hand."


def test_topics_of_a_decision() -> None:
    state = _state("rommi", "9H 10H 2C 4D", "JH", ((1, "6H 7H 8H"),))
    assert topics_now(state, 0) == ["take"]
    assert "layoff" in topics_now(state.apply(Move.parse("draw")), 0)


@pytest.mark.parametrize(("variant", "players"), [(v, n) for v in sorted(PRESETS) for n in (2, 3)])
@pytest.mark.slow
def test_the_first_prepared_deal_still_shows_its_rules(variant: str, players: int) -> None:
    """The deal the form offers first shows what it promises (run ``python -m tutor.practice.deals`` after a
    change to the coach or the engine)."""
    deals = prepared_deals(variant, players)
    assert deals, f"no prepared deal for {variant} at {players}"
    first = deals[0]
    assert set(first.shows) <= shown_topics(get_variant(variant), players, first.deal), first
    assert set(first.shows) <= set(TOPICS)


def _play_guided(at: AppTest) -> tuple[PracticeSeat, list[str]]:
    """Play the learner's decisions of a guided hand by the coach's advice until the round ends; the page's
    texts at each decision."""
    table = practice_of(at).table
    assert isinstance(table, PracticeSeat) and table.game.guided
    game = table.game
    pages: list[str] = []
    for _ in range(300):
        pending = game.pending()
        if pending.kind in ("round_over", "game_over"):
            return table, pages
        pages.append(" ".join(shown_texts(at)).replace("\\", ""))  # Markdown escapes
        guidance = table.guidance("en")
        assert guidance is not None
        if guidance.move is None:
            from tests.apptest_support import table_move

            table_move(at, practice.KEYS, "no_call")
        else:
            state = game.state
            seat = pending.seat if pending.seat is not None else state.to_move
            play_through_widgets(at, practice.KEYS, guidance.move, state.hands[seat], state.pile)
        assert not at.exception, at.exception
    raise AssertionError("the guided hand did not end")  # pragma: no cover


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("variant", sorted(PRESETS))
@pytest.mark.slow
def test_a_guided_hand_plays_to_its_end_and_explains_each_rule_that_came_up(variant: str) -> None:
    players = 3 if get_variant(variant).rommi_call else 2
    deal = prepared_deals(variant, players)[0].deal
    at = open_app("practice", variant=variant)
    at.radio(key=practice.MODE).set_value("guided").run()
    at.selectbox(key=practice.COMPUTERS).set_value(players - 1).run()
    at.selectbox(key=practice.PREPARED).set_value(deal).run()
    assert at.number_input(key=practice.SEED).value == deal
    at.button(key="practice_start").click().run()
    assert not at.exception, at.exception
    table, pages = _play_guided(at)
    shown = " ".join(pages)
    rules = get_variant(variant)
    assert set(table.topics) & set(TOPICS), "no rule came up"
    for topic in table.topics:
        if topic in TOPICS:
            assert rule_text(rules, topic) in shown, f"{topic} was not explained"
        else:  # a tactic the coach's advice applied: its lesson is linked
            assert any(topic == tactic.id for tactic in TACTICS), topic
            assert t("guide.tactic") in shown, f"the tactic {topic} was not linked"
    assert "The coach's advice:" in shown
    assert any("The guide: The coach agrees" in s for s in said(at, practice.KEYS, "info")) or "The guide:" in shown


def test_a_guided_game_keeps_its_guidance_when_its_table_is_made_again() -> None:
    game = Game.new(get_variant("rommi"), computer_seats("You", 2, "greedy"), 14)
    game.guided = True
    game.advance()
    assert PracticeSeat(game).guidance("en") is not None
    assert not isinstance(game.state.legal_moves()[0], Rommi)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rummy_window_is_guided_with_its_rule_and_the_coachs_call(language: str) -> None:
    """Under the house rule ``rummy_call``, Cecilia's window on Anna's 9♥ (it fits the 6-7-8♥): the guide says
    the call is open, explains the rule once, and the coach advises the call."""
    state = Round.from_position(
        get_variant("500-rum", {"rummy_call": True}), ["Anna", "Bertil", "Cecilia"],
        [parse_cards("9H 2C 3D KS"), parse_cards("KD QD 4C 5S"), parse_cards("10C JC 5D 4D")],
        parse_cards("2S 3S 4S 8C 9C"), parse_cards("7C"), [(0, parse_cards("6H 7H 8H"))],
    ).apply(Move.parse("draw")).apply(Move.parse("discard 9H"))  # fmt: skip
    assert topics_now(state, 2) == ["rummy"] and "rummy" in possible_topics(state.variant, 3)
    assert "rummy" not in possible_topics(state.variant, 2)
    said = guide(state, 2, set(), language)
    assert said.move == Move.parse("rummy 1") and [r.topic for r in said.rules] == ["rummy"]
    assert "Rummy!" in said.now and "Rummy!" in said.advice and "Rummy!" in said.rules[0].text
    assert t("guide.now.rummy", language, card=state.pile[-1]) == said.now
