"""A guided hand: before each of the learner's decisions, what the rules allow now and what the coach would
play and why; the first time a rule comes up in the round, the rule itself and the lesson that teaches it;
after the move, whether the coach agrees and, if not, what the difference costs by its count.

Everything is said from the engine's own listing of the legal moves and the coach's judgement
(:mod:`tutor.seat.coach`), in the words of the catalogue (``guide.*``). A topic is a rule a round can show:

- ``take``: a take from the pile and what it obliges you to do (the variant's own pile rule);
- ``layoff``: laying off on any meld on the table;
- ``discard_restriction``: a card you may not throw away this turn;
- ``rommi``: a Rommi! window;
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

from collections.abc import Set
from dataclasses import dataclass
from typing import Final

from engine.moves import Discard, Layoff, Meld, Move, Rommi, Take
from engine.round import Phase, Round
from engine.variants import Variant
from tutor.course import track_for
from tutor.course.tactics import LESSON as TACTICS_LESSON
from tutor.course.tactics import tactic_of
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.learn.curriculum import load_curriculum
from tutor.practice.seats import COACH_LEVEL
from tutor.seat.coach import describe_move, judged_review, suggest

#: The rules a guided round explains the first time they come up, in the order a round meets them.
TOPICS: Final = ("take", "layoff", "discard_restriction", "rommi", "going_out", "empty_stock")
#: The lesson that teaches each topic (the pile rule's lesson is the variant's own: see :func:`lesson_for`).
_LESSONS: Final = {
    "take": ("taking-the-pile-femhundra", "digging", "taking-from-the-top-rommi", "using-the-card"),
    "layoff": ("laying-off",),
    "discard_restriction": ("discard-restrictions",),
    "rommi": ("rommi-call-lesson",),
    "going_out": ("going-out",),
    "empty_stock": ("empty-stock",),
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


def rule_text(variant: Variant, topic: str, language: str | Style = "en") -> str:
    """What ``topic``'s rule says at ``variant``'s table, in one or two sentences."""
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
        return t("guide.now.rommi", language, card=state.pile[-1])
    moves = state.legal_moves()
    if state.phase is Phase.DRAW:
        takes = any(isinstance(m, Take) for m in moves)
        if not state.stock:
            return t("guide.now.empty_stock_take" if takes else "guide.now.empty_stock", language)
        if not takes:
            return t("guide.now.draw_only", language)
        return t(f"guide.now.draw_or_{variant.pile_take}", language)
    if state.duty is not None:
        return t("engine.duty.lay_first", language, owed=tuple(state.duty.owed))
    lays = any(isinstance(m, Meld | Layoff) for m in moves)
    return t("guide.now.play" if lays else "guide.now.discard", language)


def guide(state: Round, seat: int, seen: Set[str], language: str | Style = "en") -> Guidance:
    """The guidance before ``seat``'s decision in ``state``; ``seen`` holds the topics and tactics already
    explained this round (the caller adds the new ones: :attr:`Guidance.met`)."""
    advice = suggest(state, seat, COACH_LEVEL, language)
    variant = state.variant
    rules = []
    for topic in topics_now(state, seat):
        if topic not in seen:
            lesson, title = lesson_for(variant, topic, language)
            rules.append(Rule(topic, rule_text(variant, topic, language), lesson, title))
    if advice is None:
        return Guidance(now_text(state, seat, language), None, t("guide.pass", language), tuple(rules))
    said = t("guide.coach", language, reason=advice.reason)
    tactic = tactic_of(advice.key)
    if tactic is None or tactic.id in seen:
        return Guidance(now_text(state, seat, language), advice.move, said, tuple(rules))
    lesson, title = _first_lesson(variant, (TACTICS_LESSON,), language)
    taught = (lesson, title) if lesson is not None and title is not None else None
    return Guidance(now_text(state, seat, language), advice.move, said, tuple(rules), tactic.id, taught)


def after_move(before: Round, seat: int, move: Move, advised: Move | None, language: str | Style = "en") -> str:
    """What the guide says after ``seat`` played ``move`` in ``before``: that the coach agrees, or what its
    own move would have been worth more by its count."""
    if advised is None or move == advised:
        return t("guide.agree", language)
    cost, said = judged_review(before, move, seat, language)
    if said is not None:
        return said
    points = round(cost)
    key = "guide.close" if points > 0 else "guide.equal"
    return t(key, language, move=describe_move(before, advised, language), points=points)
