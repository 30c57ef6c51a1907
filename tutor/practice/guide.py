"""A guided hand: before each of the learner's decisions, what the rules allow now and what the coach would
play and why; the first time a rule comes up in the round, the rule itself and the lesson that teaches it;
after the move, whether the coach agrees and, if not, why its move is better in the game's terms.

Everything is said from the engine's own listing of the legal moves and the coach's judgement
(:mod:`tutor.seat.coach`), in the words of the catalogue (``guide.*``). A topic is a rule a round can show:

- ``take``: a take from the pile and what it obliges you to do (the variant's own pile rule);
- ``layoff``: laying off on any meld on the table;
- ``discard_restriction``: a card you may not throw away this turn;
- ``rommi``: a Rommi! window;
- ``rummy``: a Rummy! window (the house rule ``rummy_call``);
- ``going_out``: a move that would empty your hand;
- ``empty_stock``: the stock is empty.

>>> from engine.variants import get_variant
>>> from tutor.practice.game import Game
>>> from tutor.practice.seats import computer_seats
>>> game = Game.new(get_variant("rommi"), computer_seats("You", 2, "greedy"), 3)
>>> _ = game.advance()
>>> guidance = guide(game.state, 0, set())
>>> guidance.now.startswith("Draw from the stock") and bool(guidance.advice)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass
from typing import Final

from engine.cards import Card
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Rummy, Take
from engine.round import Phase, Round
from engine.variants import Variant
from tutor.compare.grid import cell_text, field_label
from tutor.course import track_for
from tutor.course.tactics import LESSON as TACTICS_LESSON
from tutor.course.tactics import tactic_of
from tutor.i18n.strings import refusal, t
from tutor.i18n.style import Style
from tutor.learn.curriculum import load_curriculum
from tutor.practice.better import said_with_tactic
from tutor.practice.seats import COACH_LEVEL
from tutor.practice.tactic_words import tactic_said
from tutor.seat.coach import describe_move, judge, suggest

#: The rules a guided round explains the first time they come up, in the order a round meets them.
TOPICS: Final = ("take", "layoff", "discard_restriction", "rommi", "rummy", "going_out", "empty_stock")
#: The lesson that teaches each topic (the pile rule's lesson is the variant's own: see :func:`lesson_for`).
_LESSONS: Final = {
    "take": ("taking-the-pile-femhundra", "digging", "taking-from-the-top-rommi", "using-the-card"),
    "layoff": ("laying-off",),
    "discard_restriction": ("discard-restrictions",),
    "rommi": ("rommi-call-lesson",),
    "rummy": ("rummy-call-lesson",),  # the course's lesson on the house rule, once a track holds it
    "going_out": ("going-out",),
    "empty_stock": ("empty-stock",),
}


#: The house rules that change a topic's rule, said with it when they are on at the learner's table.
HOUSE_RULES: Final = {
    "take": ("unusable_pile_penalty", "top_card_free"),
    "layoff": ("layoff_needs_own_meld",),
    "rommi": ("rommi_call_with_hand",),
    "going_out": ("going_out_requires_discard",),
}


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule met for the first time: its topic, what it says at this table, and the lesson that teaches it
    (its id and title; None when the learner's track has no such lesson)."""

    topic: str
    text: str
    lesson: str | None
    lesson_title: str | None


@dataclass(frozen=True, slots=True)
class Guidance:
    """What the guide says before a decision: what the rules allow ``now``, the coach's ``move`` and the
    sentence on it (``advice``), and the ``rules`` met here for the first time in the round."""

    now: str
    move: Move | None
    advice: str
    rules: tuple[Rule, ...]
    #: the tactic the advice applies, the first time it does this round (its id), and the lesson that
    #: teaches it (id, title)
    tactic: str | None = None
    tactic_lesson: tuple[str, str] | None = None
    #: the card the advice says to keep rather than throw (a discard's "rather than the K♠"), or None
    kept: Card | None = None

    @property
    def met(self) -> set[str]:
        """The topics and the tactic said here for the first time this round (the caller keeps them)."""
        return {rule.topic for rule in self.rules} | ({self.tactic} if self.tactic else set())


def lesson_for(variant: Variant, topic: str, language: str | Style = "en") -> tuple[str | None, str | None]:
    """The lesson of the learner's track that teaches ``topic`` (id, title), or (None, None)."""
    return _first_lesson(variant, _LESSONS[topic], language)


def _first_lesson(variant: Variant, lesson_ids: tuple[str, ...], language: str | Style) -> tuple[str | None, str | None]:
    """The first of ``lesson_ids`` in the learner's track (id, title), or (None, None)."""
    track = track_for(variant, load_curriculum())
    for lesson_id in lesson_ids:
        for entry in track.lessons:
            if entry.lesson.id == lesson_id:
                return lesson_id, entry.lesson.title_in(language)
    return None, None


def topics_now(state: Round, seat: int) -> list[str]:
    """The topics this decision of ``seat`` shows (in :data:`TOPICS` order)."""
    found = []
    legal = state.legal(seat).moves() if seat != state.to_move else state.legal_moves()
    moves = list(legal)
    if seat != state.to_move:
        if any(isinstance(m, Rummy) for m in moves):
            return ["rummy"]
        return ["rommi"] if any(isinstance(m, Rommi) for m in moves) else []
    if state.phase is Phase.DRAW and any(isinstance(m, Take) for m in moves):
        found.append("take")
    if any(isinstance(m, Layoff) for m in moves):
        found.append("layoff")
    if state.phase is Phase.PLAY and _restricted(state, seat):
        found.append("discard_restriction")
    hand = len(state.hands[seat])
    if any(isinstance(m, Meld | Layoff | Discard) and _cards(m) == hand for m in moves):
        found.append("going_out")
    if state.phase is Phase.DRAW and not state.stock:
        found.append("empty_stock")
    return found


def _cards(move: Move) -> int:
    return 1 if isinstance(move, Discard) else len(move.cards) if isinstance(move, Meld | Layoff) else 0


def _restricted(state: Round, seat: int) -> bool:
    """Whether a card in ``seat``'s hand may not be discarded now because of the variant's restriction."""
    if state.variant.discard_restriction == "none" or state.duty is not None:
        return False
    allowed = {m.card for m in state.legal_moves() if isinstance(m, Discard)}
    return any(card not in allowed for card in state.hands[seat])


def house_rules_said(variant: Variant, topic: str, language: str | Style = "en") -> list[str]:
    """The house rules on at ``variant``'s table that change ``topic``'s rule, each in the Compare page's and the
    cheat sheet's words (one catalogue entry for its name, one for its value).

    >>> from engine.variants import get_variant
    >>> house_rules_said(get_variant("femhundra", {"unusable_pile_penalty": 100}), "take")
    ['House rule: A take you cannot use: allowed, costs 100 points.']
    """
    on = variant.house_rules
    return [
        t("guide.house_rule", language, rule=field_label(name, language), value=cell_text(variant, name, language))
        for name in HOUSE_RULES.get(topic, ())
        if name in on
    ]


def rule_text(variant: Variant, topic: str, language: str | Style = "en") -> str:
    """What ``topic``'s rule says at ``variant``'s table, in one or two sentences, with the house rules on at
    the table that change it."""
    return " ".join([_rule_text(variant, topic, language), *house_rules_said(variant, topic, language)])


def _rule_text(variant: Variant, topic: str, language: str | Style) -> str:
    if topic == "take" and variant.pile_take == "top_only" and not variant.duty_on_top_card:
        return t("guide.rule.take.top_only_free", language)
    if topic == "take":
        text = t(f"guide.rule.take.{variant.pile_take}", language)
        if variant.pile_take == "any_depth":
            text += " " + t(f"guide.rule.take.pays_{'layoff' if variant.duty_paid_by_layoff else 'meld'}", language)
            if not variant.duty_on_top_card:
                text += " " + t("guide.rule.take.top_free", language)
        return text
    if topic == "layoff":
        own = " " + t("guide.rule.layoff_own_meld", language) if variant.layoff_needs_own_meld else ""
        return t("guide.rule.layoff", language) + own
    if topic == "discard_restriction":
        return t(f"guide.rule.discard.{variant.discard_restriction}", language)
    if topic == "going_out":
        return t(f"guide.rule.going_out.{'discard' if variant.going_out_requires_discard else 'any'}", language)
    if topic == "empty_stock":
        return t(f"guide.rule.empty_stock.{variant.empty_stock}", language, limit=variant.reshuffle_limit)
    return t(f"guide.rule.{topic}", language)


def now_text(state: Round, seat: int, language: str | Style = "en") -> str:
    """What the rules allow ``seat`` now, in one sentence."""
    variant = state.variant
    if seat != state.to_move:
        return t(f"guide.now.{'rummy' if variant.rummy_call else 'rommi'}", language, card=state.pile[-1])
    moves = state.legal_moves()
    if state.phase is Phase.DRAW:
        takes = any(isinstance(m, Take) for m in moves)
        if not state.stock:
            return t("guide.now.empty_stock_take" if takes else "guide.now.empty_stock", language)
        if not takes:
            return t("guide.now.draw_only", language)
        free = "_top_free" if variant.pile_take == "any_depth" else "_free" if variant.pile_take == "top_only" else ""
        key = f"guide.now.draw_or_{variant.pile_take}{free if not variant.duty_on_top_card else ''}"
        # A take that cannot be used is allowed at a table with the penalty: say so, as the Compare page does.
        penalty = house_rules_said(variant, "take", language)[:1] if variant.unusable_pile_penalty else []
        return " ".join([t(key, language), *penalty])
    if state.duty is not None:  # the duty as the engine words its reminder: femhundra's new meld, or the card owed
        return refusal(state.duty.refusal(variant), language)
    lays = any(isinstance(m, Meld | Layoff) for m in moves)
    return t("guide.now.play" if lays else "guide.now.discard", language)


def topics_used(moves: Iterable[Move]) -> list[str]:
    """The topics the others' ``moves`` showed at the table (a take from the pile, a Rommi! call, a lay-off),
    so that their rule is explained the first time anyone uses it."""
    found: list[str] = []
    for move in moves:
        topic = "rommi" if isinstance(move, Rommi) else "take" if isinstance(move, Take) else "layoff" if isinstance(move, Layoff) else None
        if topic is not None and topic not in found:
            found.append(topic)
    return found


def guide(state: Round, seat: int, seen: Set[str], language: str | Style = "en", used: Iterable[str] = ()) -> Guidance:
    """The guidance before ``seat``'s decision in ``state``; ``seen`` holds the topics and tactics already
    explained this round (the caller adds the new ones: :attr:`Guidance.met`); ``used``: the topics the other
    players showed since (:func:`topics_used`), explained too the first time."""
    advice = suggest(state, seat, COACH_LEVEL, language)
    variant = state.variant
    rules = []
    now = topics_now(state, seat)
    for topic in [*[u for u in used if u not in now], *now]:
        if topic not in seen:
            lesson, title = lesson_for(variant, topic, language)
            rules.append(Rule(topic, rule_text(variant, topic, language), lesson, title))
    if advice is None:
        return Guidance(now_text(state, seat, language), None, t("guide.pass", language), tuple(rules))
    # Before a draw where no take is allowed, the sentence on what the rules allow already says why.
    said = t("guide.coach_draw", language) if advice.key == "draw_no_take" else t("guide.coach", language, reason=advice.reason)
    tactic = tactic_of(advice.key)
    if tactic is not None:  # each piece of advice that follows a tactic names it, as its lesson does
        said = " ".join([said, *tactic_said(variant, tactic, language)])
    if tactic is None or tactic.id in seen:
        return Guidance(now_text(state, seat, language), advice.move, said, tuple(rules), kept=advice.kept)
    lesson, title = _first_lesson(variant, (TACTICS_LESSON,), language)
    taught = (lesson, title) if lesson is not None and title is not None else None
    return Guidance(now_text(state, seat, language), advice.move, said, tuple(rules), tactic.id, taught, advice.kept)


def changed_since(kept: Card, hand_then: Sequence[Card], state: Round, seat: int, language: str | Style = "en") -> str:
    """When the coach now throws the ``kept`` card it said to keep at the learner's last decision (holding
    ``hand_then``), what changed since: the cards that came into the hand."""
    new = list(state.hands[seat])
    for card in hand_then:
        if card in new:
            new.remove(card)
    if not new:
        return t("guide.changed_same", language, card=kept)
    return t("guide.changed", language, card=kept, new=tuple(new))


def after_move(before: Round, seat: int, move: Move, advised: Move | None, language: str | Style = "en") -> str:
    """What the guide says after ``seat`` played ``move`` in ``before``: that the coach agrees, or why its own
    move is better in the game's terms (the cards laid and left in hand, the cards' points) with the tactic it
    follows, and what a house rule's penalty cost when one was paid."""
    paid = before.apply(move, seat).penalties[seat] - before.penalties[seat]
    cost = [t("practice.log.penalty", language, penalty=paid)] if paid else []  # what the house rule's penalty cost
    return " ".join([_after_move(before, seat, move, advised, language), *cost])


def _after_move(before: Round, seat: int, move: Move, advised: Move | None, language: str | Style) -> str:
    if advised is None or move == advised:
        return t("guide.agree", language)
    verdict = judge(before, move, seat, explain_any=True, against=advised)
    if verdict.reason is None or round(verdict.cost) <= 0:
        return t("guide.equal", language, move=describe_move(before, advised, language))
    said = said_with_tactic(verdict.reason, before.variant, language)
    return said if verdict.worth_saying else " ".join([t("guide.close", language), said])
