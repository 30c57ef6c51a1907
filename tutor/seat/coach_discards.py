"""Why the coach throws one card and not another, in the game's terms, which its own numbers bear out.

The coach judges a discard by two parts (:class:`engine.bots.coach.DiscardJudgement`): the worth of the hand
it keeps, and what the others make of the card (the points they lay with it, and the share of the deals
played out in which someone takes it at once). A reason names the part that decided, with the coach's own
figures, against the card a beginner would throw: the one that costs most in hand. So the coach never says
"the 2♦ would cost you 2 points" to argue against a K♦ it kept. Each reason names what a learner can check
and reuse: the cards a card goes with, the meld on the table it fits, the pile it would join, its points in
hand, what another player took from the pile; never "the coach's count" alone.

A share of deals ("someone took it in 6 of the 16 deals the coach tried") is the coach's estimate from the
cards the seat can see, over the deals it played out; at a table of two it names the one opponent.

>>> from engine.cards import parse_cards
>>> from engine.moves import DRAW
>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("500-rum"), ["Anna", "Bertil"],
...     hands=[parse_cards("KD 2D 3D 9S"), parse_cards("4C 5C 6H 7H 8S")],
...     stock=parse_cards("5D 6D 7D 8D 9D KH"), pile=parse_cards("4S")).apply(DRAW)
>>> reason = discard_reason(state, 0, parse_cards("9S")[0])
>>> reason.key in KEYS, reason.values["card"]
(True, Card.parse('9S'))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from engine.bots.coach import CoachBot, DiscardJudgement
from engine.cards import JOKER, Card
from engine.round import Round
from tutor.i18n.strings import t
from tutor.i18n.style import Style

#: The sentences a discard's reason may take (``practice.coach.<key>``), and a review's (``practice.review.<key>``).
KEYS: Final = (
    "discard_out",
    "discard_not_feed",
    "discard_not_feed_one",
    "discard_not_feed_table",
    "discard_not_feed_pile",
    "discard_not_feed_shown",
    "discard_keep",
    "discard_keep_partners",
    "discard_lonely",
    "discard_dear_partners",
    "discard_dear_table",
)
REVIEW_KEYS: Final = (
    "discard_feeds",
    "discard_feeds_one",
    "discard_feeds_shown",
    "discard_partners",
    "discard_value",
    "discard_fits",
    "discard_chance",
    "discard_fed",
    "discard_fed_one",
)


def advice_rng(state: Round, seat: int) -> random.Random:
    """A chance source fixed by what ``seat`` sees, so the same position always gets the same advice (and
    nothing the seat cannot see changes it): the coach's suggestion (:mod:`tutor.seat.coach`) and its
    reasons here play out the same deals."""
    view = state.view(seat)
    table = ";".join(" ".join(str(c) for c in m.cards) for m in view.table)
    return random.Random(
        f"{view.round_number}/{seat}/{view.stock_size}/{' '.join(map(str, view.pile))}/{table}"
        f"/{' '.join(map(str, view.hand))}/{view.hand_sizes}/{view.phase.value}/{view.to_move}"
    )


@dataclass(frozen=True, slots=True)
class Phrase:
    """Words that fill a sentence's value (a move in words: ``practice.words.meld``), said in the sentence's
    language: its full catalogue key and the values that fill it."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    def say(self, language: str | Style) -> str:
        """The words, in ``language``."""
        return t(self.key, language, **self.values)


@dataclass(frozen=True, slots=True)
class Reason:
    """A sentence's key and the values that fill it (a :class:`Phrase` among them is said in the same language)."""

    key: str
    values: dict[str, object] = field(default_factory=dict)
    #: a sentence said after it, with the same prefix (what a take lifts besides the cards it lays)
    then: tuple[Reason, ...] = ()

    def say(self, prefix: str, language: str | Style) -> str:
        """The sentence (and those said after it), in ``language``."""
        values = {k: v.say(language) if isinstance(v, Phrase) else v for k, v in self.values.items()}
        return " ".join([t(f"{prefix}.{self.key}", language, **values), *(r.say(prefix, language) for r in self.then)])


def judgements(state: Round, seat: int, rng: random.Random) -> dict[Card, DiscardJudgement]:
    """The coach's judgement of each discard ``seat`` (to move) may make, by card."""
    return {j.move.card: j for j in CoachBot().discard_judgements(state.view(seat).position, rng)}


def partners(hand: tuple[Card, ...] | list[Card], card: Card) -> list[Card]:
    """The cards of ``hand`` that go with ``card`` towards a meld: same rank, or same suit close by."""
    found = []
    for other in hand:
        if other is JOKER or card is JOKER or other is card:
            continue
        same_rank = other.rank == card.rank and other.suit != card.suit
        close_by = other.suit == card.suit and 0 < abs(other.rank - card.rank) <= 2
        if same_rank or close_by:
            found.append(other)
    return found


def taken_partners(state: Round, seat: int, card: Card) -> tuple[str, tuple[Card, ...]] | None:
    """The first other player after ``seat`` who took from the pile cards that go with ``card`` and still
    holds them (everyone saw it: :mod:`engine.shown`): their name and those cards; None if nobody did."""
    count = len(state.players)
    for step in range(1, count):
        other = (seat + step) % count
        mates = partners(state.shown[other], card)
        if mates:
            return state.players[other], tuple(mates)
    return None


def _fits_table(state: Round, card: Card) -> bool:
    return any(card.index in meld.shape.touching for meld in state.table)


def _feed_decides(chosen: DiscardJudgement, other: DiscardJudgement) -> bool:
    """Whether what the others make of the cards, not the hand kept, makes ``chosen`` the better discard:
    the hand is better when ``other`` goes, and the others take ``other`` more often."""
    return other.kept > chosen.kept and other.taken > chosen.taken


def discard_reason(state: Round, seat: int, card: Card, rng: random.Random | None = None) -> Reason:
    """Why discarding ``card`` is the coach's choice for ``seat`` (to move), in the game's terms: the cards
    it goes with, the melds on the table, the pile, its points in hand, and what the others took."""
    hand = state.hands[seat]
    value = state.variant.card_value(card)
    if len(hand) == 1:
        return Reason("discard_out", {"card": card, "value": value})
    judged = judgements(state, seat, rng or advice_rng(state, seat))
    chosen = judged[card]
    others = [c for c in judged if c != card]
    naive = max(others, key=lambda c: (state.variant.card_value(c), -len(partners(hand, c))), default=None)
    if naive is not None and state.variant.card_value(naive) > value:
        other = judged[naive]
        if chosen.kept >= other.kept:  # the hand is better with the dearer card kept
            mates = partners(hand, naive)
            if mates:
                return Reason("discard_keep_partners", {"card": card, "other": naive, "partners": tuple(mates)})
            return Reason("discard_keep", {"card": card, "other": naive})
        # The hand alone says keep the cheaper card: what the others would make of the dearer one decided.
        return feed_reason(state, seat, card, naive, other)
    fed_more = [c for c in others if judged[c].taken > chosen.taken and state.variant.card_value(c) >= value]
    for other_card in sorted(fed_more, key=lambda c: -judged[c].taken):  # as dear, taken more: why, if seen
        seen = taken_partners(state, seat, other_card)
        if seen is not None:
            words = {"card": card, "other": other_card, "player": seen[0], "shown": seen[1]}
            return Reason("discard_not_feed_shown", words)
    mates = partners(hand, card)
    if not mates and not _fits_table(state, card):
        return Reason("discard_lonely", {"card": card, "value": value})
    if mates:  # no card you may throw costs more: high cards go early, even one with a partner
        return Reason("discard_dear_partners", {"card": card, "value": value, "partners": tuple(mates)})
    return Reason("discard_dear_table", {"card": card, "value": value, "meld": _meld_fitted(state, card)})


def feed_reason(state: Round, seat: int, card: Card, other: Card, judged: DiscardJudgement) -> Reason:
    """Why ``card`` goes rather than the dearer ``other`` the others could use: what they took from the pile,
    the pile ``other`` would join (where the pile is taken whole), the meld on the table it fits, or how
    often the next player took it in the deals the coach tried (naming the one opponent at a table of two)."""
    words: dict[str, object] = {"card": card, "other": other}
    seen = taken_partners(state, seat, other)
    if seen is not None:  # what they took from the pile says why
        return Reason("discard_not_feed_shown", words | {"player": seen[0], "shown": seen[1]})
    pile_mates = pile_partners(state, other)
    if pile_mates:
        return Reason("discard_not_feed_pile", words | {"pile": tuple(pile_mates)})
    rules = state.variant  # a lay-off the next player may make at once: it pays the duty, and needs no meld of theirs
    if _fits_table(state, other) and rules.duty_paid_by_layoff and not rules.layoff_needs_own_meld:
        return Reason("discard_not_feed_table", words | {"meld": _meld_fitted(state, other)})
    taken = round(judged.taken * judged.deals)
    if len(state.players) == 2:
        opponent = state.players[(seat + 1) % 2]
        return Reason("discard_not_feed_one", words | {"player": opponent, "taken": taken, "deals": judged.deals})
    return Reason("discard_not_feed", words | {"taken": taken, "deals": judged.deals})


def pile_partners(state: Round, card: Card) -> list[Card]:
    """Where the pile is taken whole (femhundra): the pile's cards that ``card`` would go with there, towards
    a meld for whoever takes the pile; else none."""
    if state.variant.pile_take != "whole_pile":
        return []
    return partners(state.pile, card)


def _meld_fitted(state: Round, card: Card) -> int:
    """The number (from 1) of the first meld on the table ``card`` fits."""
    return next(i for i, meld in enumerate(state.table, 1) if card.index in meld.shape.touching)


def discard_review(state: Round, seat: int, played: Card, better: Card) -> Reason:
    """Why the coach's ``better`` discard beats the ``played`` one, in the game's terms the coach's own figures
    bear out: what the others make of the card (what they took, how often they took it, the points they laid
    with it), or what the hand keeps (the cards it goes with, its points, the meld it fits, its chance)."""
    judged = judgements(state, seat, advice_rng(state, seat))
    mine, best = judged[played], judged[better]
    words: dict[str, object] = {"card": played, "better": better}
    two = len(state.players) == 2
    opponent = {"player": state.players[(seat + 1) % 2]} if two else {}
    if _feed_decides(best, mine):
        seen = taken_partners(state, seat, played)
        if seen is not None:
            return Reason("discard_feeds_shown", words | {"player": seen[0], "shown": seen[1]})
        taken = {"taken": round(mine.taken * mine.deals), "deals": mine.deals}
        return Reason("discard_feeds_one" if two else "discard_feeds", words | taken | opponent)
    value, better_value = state.variant.card_value(played), state.variant.card_value(better)
    if best.kept > mine.kept:  # the hand is better with the played card kept
        mates = partners(state.hands[seat], played)
        if mates:
            return Reason("discard_partners", words | {"partners": tuple(mates)})
        if better_value > value:
            return Reason("discard_value", words | {"value": value, "better_value": better_value})
        if _fits_table(state, played):
            return Reason("discard_fits", words | {"meld": _meld_fitted(state, played)})
        return Reason("discard_chance", words | {"value": value, "better_value": better_value})
    # The hand alone would keep the better card: the points the others laid with the played one decided.
    fed = {"fed": float(mine.fed), "better_fed": float(best.fed), "deals": mine.deals}  # said with one decimal
    return Reason("discard_fed_one" if two else "discard_fed", words | fed | opponent)
