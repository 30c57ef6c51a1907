"""The coach's words on a move just played say what decided in the game's terms (issue 36, item 2): the cards
laid and left in hand, the cards' points, what the others make of a discard, and the tactic of "Playing well"
it follows; never "the coach's count". Proved at the tutor level (:mod:`tutor.seat.coach`'s verdict and
:mod:`tutor.practice.better`), over seeded positions of every preset, at two and three seats."""

from __future__ import annotations

import random

import pytest
import yaml

from engine.bots.coach import CoachWeights, Outlook, split_hand
from engine.cards import Card, parse_cards
from engine.moves import DRAW, Discard, Layoff, Meld, Move, Stop, Take
from engine.pile_take import lifted
from engine.round import Round
from engine.scoring import lay_points
from engine.variants import PRESETS, get_variant
from tests.test_coach_words import _positions
from tutor.course.tactics import tactic_of
from tutor.i18n.catalogue import ENGLISH_FILE
from tutor.i18n.languages import LANGUAGES
from tutor.i18n.strings import t
from tutor.practice.better import better_move, said_with_tactic
from tutor.practice.guide import after_move
from tutor.practice.tactic_words import tactic_said
from tutor.seat.coach import REVIEW_MARGIN, Verdict, better_reason, judge
from tutor.seat.coach_discards import partners


def _texts(node: object) -> list[str]:
    if isinstance(node, dict):
        return [text for value in node.values() for text in _texts(value)]
    return [node] if isinstance(node, str) else []


def test_no_sentence_argues_by_the_coachs_count() -> None:
    english = _texts(yaml.safe_load(ENGLISH_FILE.read_text(encoding="utf-8")))
    assert not [text for text in english if "coach's count" in text or "by its count" in text]


def _hand_after(state: Round, seat: int, move: Move) -> list[Card]:
    rest = list(state.hands[seat])
    gone = [move.card] if isinstance(move, Discard) else list(move.cards) if isinstance(move, Meld | Layoff) else []
    for card in gone:
        rest.remove(card.in_hand)
    return rest


def _check_review(state: Round, seat: int, move: Move, verdict: Verdict) -> None:
    """What the review's reason says holds in ``state``: the cards it names are there, the points add up."""
    assert verdict.reason is not None and verdict.best is not None
    key, values, best = verdict.reason.key, verdict.reason.values, verdict.best
    value = state.variant.card_value

    def weight(cards: object) -> int:
        return sum(value(c.in_hand) for c in cards)  # type: ignore[attr-defined]

    if key in ("meld", "layoff"):
        assert isinstance(best, Meld | Layoff) and values["cards"] == tuple(best.cards)
        assert values["points"] == lay_points(state, best)
    if key == "lay_other":  # what the turn can lay after each: the move's points, then what the rest makes
        for played, points, left in ((best, "points", "left"), (move, "mine_points", "mine_left")):
            rest = _hand_after(state, seat, played)
            more, kept = split_hand(Outlook(state, seat, CoachWeights()), rest) if isinstance(played, Meld | Layoff) else (0, rest)
            laid = lay_points(state, played) if isinstance(played, Meld | Layoff) else 0
            assert values[points] == laid + more and values[left] == weight(kept)
    if key == "take_other":
        assert isinstance(best, Take) and isinstance(move, Take)
        assert values["cards"] == tuple(lifted(state.pile, best)) and values["weight"] == weight(values["cards"])
        assert values["mine_weight"] == weight(lifted(state.pile, move))
    if key == "take_stop":
        assert isinstance(best, Take) and isinstance(move, Stop) and values["weight"] == weight(state.hands[seat])
    if key == "stop":
        assert isinstance(best, Stop) and isinstance(move, Take) and values["cards"] == tuple(lifted(state.pile, move))
    if key in ("draw", "draw_one"):
        assert isinstance(move, Take) and values["weight"] == weight(lifted(state.pile, move))
    if key.startswith("discard_"):
        assert isinstance(move, Discard) and isinstance(best, Discard)
        assert values["card"] == move.card and values["better"] == best.card
        if "value" in values:
            assert values["value"] == value(move.card) and values["better_value"] == value(best.card)
        if key == "discard_partners":
            assert list(values["partners"]) == partners(state.hands[seat], move.card)  # type: ignore[call-overload]
        if key == "discard_fits":
            assert move.card.index in state.table[int(values["meld"]) - 1].shape.touching  # type: ignore[call-overload]
        if key in ("discard_fed", "discard_fed_one"):
            assert values["fed"] > values["better_fed"]  # type: ignore[operator]
        if key.endswith("_one"):
            assert len(state.players) == 2 and values["player"] == state.players[1 - seat]
        if key in ("discard_feeds", "discard_fed"):
            assert len(state.players) > 2  # "the others" only with more than one opponent


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_review_holds_in_its_position_and_names_its_tactic(variant: str, players: int) -> None:
    """Seeded positions of every preset, a few moves other than the coach's in each: the review of each names
    cards that are there and points that add up; a sentence that follows a tactic names it as the lesson
    does; and after a move nearly as good as the coach's, the guide says so with the same reason."""
    rules = get_variant(variant)
    seen: set[str] = set()
    for state in _positions(variant, players, 8):
        seat = state.to_move
        moves = list(state.legal_moves())
        for move in random.Random(len(state.stock)).sample(moves, min(3, len(moves))):
            verdict = judge(state, move, seat, explain_any=True)
            if verdict.reason is None or verdict.best is None or round(verdict.cost) < 1:
                continue  # as good as the coach's: no reason is said
            seen.add(verdict.reason.key)
            _check_review(state, seat, move, verdict)
            said = said_with_tactic(verdict.reason, rules)
            tactic = tactic_of(verdict.reason.key)
            if tactic is not None:
                assert said.endswith(tactic_said(rules, tactic)[0])
            assert "count" not in said, said
            if verdict.cost >= REVIEW_MARGIN:
                assert better_move(state, move, seat)[1] == said
            else:
                assert after_move(state, seat, move, verdict.best) == f"{t('guide.close')} {said}"
    assert seen, "no review at all"


def test_a_review_of_two_lays_names_the_points_the_turn_lays_and_leaves() -> None:
    """Melding the four nines lays 36 points but leaves the 7♠ 8♠; melding 7♠ 8♠ 9♠ first lays 24, and the
    9♥ 9♦ 9♣ still make a set: the review says what the turn can lay after each, in every language."""
    state = Round.from_position(
        get_variant("500-rum"), ["You", "Bertil"],
        [parse_cards("7S 8S 9S 9H 9D 9C 2C 4D"), parse_cards("3C 5C 8D 10S JD")],
        parse_cards("8C 10C QH KC 2S 3S"), parse_cards("6C"), [],
    ).apply(DRAW)
    nines = Meld(tuple(parse_cards("9S 9H 9D 9C")))
    verdict = judge(state, nines, 0, explain_any=True)
    assert verdict.reason is not None and verdict.reason.key == "lay_other", verdict
    assert verdict.best == Meld(tuple(parse_cards("7S 8S 9S")))
    values = verdict.reason.values
    assert (values["points"], values["mine_points"]) == (24 + 27, 36)
    (drawn,) = [state.variant.card_value(c) for c in state.hands[0] if c not in parse_cards("7S 8S 9S 9H 9D 9C 2C 4D")]
    assert (values["left"], values["mine_left"]) == (2 + 4 + drawn, 7 + 8 + 2 + 4 + drawn)
    for language in LANGUAGES:
        text = verdict.reason.say("practice.review", language)
        assert "51" in text and "36" in text, text


def test_a_take_against_stopping_speaks_of_the_hand_not_of_the_stock() -> None:
    """The stock is empty: a take from the pile that lays nothing, against stopping, is argued by the points
    the round ends with in hand, never by "a card from the stock"."""
    state = Round.from_position(
        get_variant("500-rum", {"top_card_free": True}), ["You", "Bertil"],
        [parse_cards("7S 2C 3D KD"), parse_cards("3C 5C 8D 10S JD")], [], parse_cards("KC 8H"), [],
    )
    take = next(m for m in state.legal_moves() if isinstance(m, Take))
    stop = next(m for m in state.legal_moves() if isinstance(m, Stop))
    reason = better_reason(state, 0, stop, take)
    assert reason.key == "take_stop" and reason.values["weight"] == sum(state.variant.card_value(c) for c in state.hands[0])
    assert "card from the stock" not in reason.say("practice.review", "en")
    for language in LANGUAGES:
        assert str(reason.values["weight"]) in reason.say("practice.review", language)
