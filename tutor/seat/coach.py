"""The coach at the learner's shoulder: a suggested move with a one-sentence reason, and a review of the
move just played that points out a clearly better one.

Both start from the engine's own legal-move listing and the judgement of the ``coach`` computer player
(:class:`engine.bots.coach.CoachBot`), so the coach never suggests a move the engine would refuse, and it
knows only what the learner may see (their hand, the table, the pile, the others' card counts).

>>> from engine.cards import parse_cards
>>> from engine.moves import DRAW, discard
>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("femhundra"), ["Anna", "Bertil"],
...     hands=[parse_cards("QS QH QD 2C 9S"), parse_cards("3H 4D 7C 8S JD")],
...     stock=parse_cards("5C 6C 7D 8D 9D KH"), pile=parse_cards("4S")).apply(DRAW)
>>> advice = suggest(state, 0)
>>> str(advice.move), advice.reason
('meld QS QH QD', 'Meld Q♠ Q♥ Q♦: 30 points on the table and 30 fewer in your hand.')
>>> review(state, discard(Card.parse("9S")), 0)
'Melding Q♠ Q♥ Q♦ would have scored 30 and saved you 30 in hand.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots import get_bot
from engine.bots.coach import CoachBot, CoachWeights, Outlook, split_hand
from engine.cards import JOKER, Card
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Rummy, Stop, Take
from engine.pile_take import lifted, take_count
from engine.round import Phase, Round
from engine.scoring import lay_points
from engine.view import unseen_cards
from tutor.i18n.style import Style
from tutor.seat.coach_discards import (
    Phrase,
    Reason,
    advice_rng,
    discard_reason,
    discard_review,
    judgements,
    partners,
    pile_partners,
)

#: How many points a better move must be worth, as the coach weighs the moves (:meth:`CoachBot.ranked`), before a
#: review mentions it.
REVIEW_MARGIN = 6.0


@dataclass(frozen=True, slots=True)
class Advice:
    """A suggested move for ``seat`` and the sentence that says why."""

    move: Move
    reason: str
    seat: int
    #: the sentence's key (``practice.coach.<key>``): what kind of reason it gives (:mod:`tutor.course.tactics`)
    key: str = "generic"
    #: the card the reason says to keep rather than throw (a discard's "rather than the K♠"), or None
    kept: Card | None = None


# --- words --------------------------------------------------------------------------------------------


def hand_value(state: Round, cards: Sequence[Card]) -> int:
    """The minus points ``cards`` weigh in a hand."""
    return sum(state.variant.card_value(c.in_hand) for c in cards)


# --- the coach's judgement ---------------------------------------------------------------------------


def _seen(state: Round, seat: int) -> Round:
    """What ``seat`` knows of ``state``, as a state (:attr:`engine.view.PlayerView.position`)."""
    return state.view(seat).position


def _ranked(state: Round) -> list[tuple[Move, float]]:
    return CoachBot().ranked(state, advice_rng(state, state.to_move))


def _choice(state: Round, seat: int, level: str) -> Move | None:
    """The move ``level`` would make for ``seat`` now: a Rommi call, their move, or None."""
    rng = advice_rng(state, seat)
    bot = get_bot(level)
    if seat != state.to_move:
        return bot.call(state, seat, rng) if state.rommi_from is not None else None
    if state.phase is Phase.OVER:
        return None
    return bot.move(state, rng)


def suggest(state: Round, seat: int, level: str = "coach", language: str | Style = "en") -> Advice | None:
    """The move the coach suggests to ``seat`` now, with a one-sentence reason; None when ``seat`` has
    nothing to decide (it is not their turn and they hold no Rommi call worth making).

    ``level`` picks whose judgement: ``coach`` (default), ``greedy`` or ``random``. Only what ``seat`` may
    see is read.
    """
    state = _seen(state, seat)
    move = _choice(state, seat, level)
    if move is None:
        return None
    said = reason_for(state, seat, move)
    if level == "coach" and isinstance(move, Discard):
        safer = _pile_safe(state, seat, move.card)
        if safer is not None:  # the whole pile is taken: the card that would join its partners there stays
            move, said = safer
    other = said.values.get("other")
    kept = other if isinstance(move, Discard) and isinstance(other, Card) else None
    return Advice(move, said.say("practice.coach", language), seat, said.key, kept)


def _pile_safe(state: Round, seat: int, card: Card) -> tuple[Discard, Reason] | None:
    """Where the pile is taken whole (femhundra), a discard that would go with cards already in the pile
    feeds whoever takes it: the coach's best discard that goes with none of them instead, when it is within
    :data:`REVIEW_MARGIN` of its first choice, with the reason; None to keep the first choice."""
    if not pile_partners(state, card):
        return None
    judged = judgements(state, seat, advice_rng(state, seat))
    first = judged[card].score
    safe = [j for j in judged.values() if not pile_partners(state, j.move.card) and j.score >= first - REVIEW_MARGIN]
    if not safe:
        return None
    best = max(safe, key=lambda j: j.score).move
    words = {"card": best.card, "other": card, "pile": tuple(pile_partners(state, card))}
    return best, Reason("discard_not_feed_pile", words)


# --- why ----------------------------------------------------------------------------------------------


def explain(state: Round, seat: int, move: Move, language: str | Style = "en") -> str:
    """One sentence on why ``move`` by ``seat`` is a good move now."""
    return reason_for(state, seat, move).say("practice.coach", language)


def reason_for(state: Round, seat: int, move: Move) -> Reason:
    """Why ``move`` by ``seat`` is a good move now: the sentence's key (``practice.coach.<key>``) and values."""
    if isinstance(move, Meld | Layoff):
        return _explain_lay(state, seat, move)
    if isinstance(move, Take | Rommi):
        return _explain_take(state, seat, move)
    if isinstance(move, Rummy):  # the card just discarded, laid off out of turn: its points, for nothing
        points = state.apply(move, seat).laid_points()[seat] - state.laid_points()[seat]
        return Reason("rummy", {"card": state.pile[-1], "meld": move.meld, "points": points})
    if isinstance(move, Discard):
        return discard_reason(state, seat, move.card)
    if isinstance(move, Stop):
        return Reason("stop")
    if isinstance(move, Draw):
        if not state.pile:
            return Reason("draw_empty_pile")
        takes = [m for m in state.legal_moves() if isinstance(m, Take)]
        if not takes:
            return Reason("draw_no_take")
        if len(state.pile) == 1 and _lays_after_take(state, seat, takes[0]) is None:  # one card: say which
            card = state.pile[0]
            return Reason("draw_one", {"card": card, "value": state.variant.card_value(card)})
        return Reason("draw")
    return Reason("generic", {"move": str(move)})


def _lay_words(state: Round, move: Meld | Layoff) -> dict[str, object]:
    cards = move.cards
    words: dict[str, object] = {
        "cards": tuple(cards),
        "points": lay_points(state, move),
        "saved": hand_value(state, cards),
    }
    if isinstance(move, Layoff):
        words["meld"] = move.meld
    return words


def _explain_lay(state: Round, seat: int, move: Meld | Layoff) -> Reason:
    kind = "meld" if isinstance(move, Meld) else "layoff"
    words = _lay_words(state, move)
    if len(move.cards) == len(state.hands[seat]):
        return Reason(f"{kind}_out", words)
    if state.duty is not None:
        return Reason(f"{kind}_duty", words)
    return Reason(kind, words)


def _lays_after_take(state: Round, seat: int, move: Take | Rommi) -> Meld | Layoff | None:
    """The best lay the taker could make at once after ``move``, or None."""
    after = state.apply(move, seat)
    taken = set(lifted(state.pile, move))
    for lay, _ in _ranked(after):  # the lay the coach would make next, holding a card taken
        if isinstance(lay, Meld | Layoff) and any(c.in_hand in taken for c in lay.cards):
            return lay
    return None


def _count(state: Round, move: Take | Rommi) -> int:
    return take_count(state.pile, move)


def _explain_take(state: Round, seat: int, move: Take | Rommi) -> Reason:
    taken = lifted(state.pile, move)
    n, deepest = len(taken), taken[0]
    lay = _lays_after_take(state, seat, move)
    words: dict[str, object] = {"count": n, "card": deepest, "called": state.pile[-1]}
    prefix = "rommi" if isinstance(move, Rommi) else "take_all" if n == len(state.pile) and n > 1 else "take"
    if lay is not None and any(c.in_hand in taken for c in lay.cards):
        words["cards"] = tuple(lay.cards)
        then = _rest(state, taken, lay)
        if isinstance(lay, Layoff):
            words["meld"] = lay.meld
            return Reason(f"{prefix}_layoff", words, then)
        return Reason(f"{prefix}_meld", words, then)
    mates = partners(state.hands[seat], deepest)
    if mates:
        words["partners"] = tuple(mates)
        return Reason("take_partners", words)
    if deepest is JOKER:
        return Reason("take_joker", words)
    fitted = next((i for i, meld in enumerate(state.table, 1) if deepest.index in meld.shape.touching), None)
    if fitted is not None:
        return Reason("take_table", words | {"meld": fitted})
    unseen = unseen_cards(state, seat)
    stock_value = sum(state.variant.card_value(c) * n for c, n in unseen.items()) / max(1, sum(unseen.values()))
    if state.variant.card_value(deepest) <= stock_value:  # "weighs less than the stock's likely card": true
        return Reason("take_low", words)
    return Reason("take_worth", words | {"value": state.variant.card_value(deepest)})


def _rest(state: Round, taken: Sequence[Card], lay: Meld | Layoff) -> tuple[Reason, ...]:
    """What a take or a call lifts into the hand besides the cards laid at once, and what they would cost there
    if the round ended soon: said after its reason (none when every card taken is laid)."""
    rest = list(taken)
    for card in lay.cards:
        if card.in_hand in rest:
            rest.remove(card.in_hand)
    if not rest:
        return ()
    return (Reason("take_rest", {"rest": tuple(rest), "rest_points": hand_value(state, rest)}),)


# --- review -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """The coach's judgement of a move just played: how many points it weighs the move below its ``best`` one (0
    when the move was its best or it cannot compare), that move, and why it is better in the game's terms
    (``practice.review.<key>``: the cards laid and left in hand, the cards' points, what the others make of a
    discard), or None when the move was the best or the difference is not explained."""

    cost: float = 0.0
    best: Move | None = None
    reason: Reason | None = None

    @property
    def worth_saying(self) -> bool:
        """Whether the better move is clearly better (by :data:`REVIEW_MARGIN`), so a review names it."""
        return self.reason is not None and self.cost >= REVIEW_MARGIN


def review(before: Round, move: Move, seat: int, language: str | Style = "en") -> str | None:
    """After ``seat`` played ``move`` in ``before``: one sentence on a clearly better move, or
    None when the move was fine (or the coach has nothing to compare it with). Only what ``seat`` could see
    is read."""
    return judged_review(before, move, seat, language)[1]


def judged_review(before: Round, move: Move, seat: int, language: str | Style = "en") -> tuple[float, str | None]:
    """:func:`review`, with what the move cost (points below the coach's best move, as it weighs them; 0 when it
    was the best or the coach cannot compare)."""
    verdict = judge(before, move, seat)
    said = verdict.reason.say("practice.review", language) if verdict.worth_saying and verdict.reason else None
    return verdict.cost, said


def judge(before: Round, move: Move, seat: int, explain_any: bool = False, against: Move | None = None) -> Verdict:
    """The coach's :class:`Verdict` on ``move`` by ``seat`` in ``before``: the reason is given for a clearly
    better move, or for any better move with ``explain_any``. ``against``: the move to compare with (the advice
    the learner was given), instead of the coach's best; no verdict when it is not better."""
    if seat != before.to_move or before.phase is Phase.OVER or isinstance(move, Rommi | Rummy):
        return Verdict()
    before = _seen(before, seat)
    ranked = _ranked(before)
    if not ranked:
        return Verdict()
    scores = dict(ranked)
    best, best_score = ranked[0] if against is None else (against, scores.get(against, float("-inf")))
    played = scores.get(move)
    if played is None or best == move or best_score <= played:
        return Verdict()
    cost = best_score - played
    explained = explain_any or cost >= REVIEW_MARGIN
    return Verdict(cost, best, better_reason(before, seat, move, best) if explained else None)


def better_reason(before: Round, seat: int, move: Move, best: Move) -> Reason:
    """Why the coach's ``best`` move beats the ``move`` played, in the game's terms (``practice.review.<key>``):
    the points laid and left in hand, the cards a take lifts, what the others make of a discard."""
    if isinstance(best, Meld | Layoff) and isinstance(move, Discard | Draw | Stop):
        return Reason("meld" if isinstance(best, Meld) else "layoff", _lay_words(before, best))
    if isinstance(best, Take) and isinstance(move, Draw | Stop):
        lay = _lays_after_take(before, seat, best)
        if lay is not None:
            return Reason("take_lay", {"count": _count(before, best), "cards": tuple(lay.cards)})
        if isinstance(move, Stop):  # the stock is empty: no card from it to compare with
            return Reason("take_stop", {"count": _count(before, best), "weight": hand_value(before, before.hands[seat])})
        return Reason("take", {"count": _count(before, best)})
    if isinstance(best, Draw) and isinstance(move, Take):
        taken = lifted(before.pile, move)
        if len(taken) == 1:
            return Reason("draw_one", {"card": taken[0], "weight": hand_value(before, taken)})
        return Reason("draw", {"count": len(taken), "weight": hand_value(before, taken)})
    if isinstance(best, Discard) and isinstance(move, Discard):
        return discard_review(before, seat, move.card, best.card)
    if isinstance(move, Take) and isinstance(best, Take | Stop):
        return _take_other(before, seat, move, best)
    return _lay_other(before, seat, move, best)


def _take_other(before: Round, seat: int, move: Take, best: Take | Stop) -> Reason:
    """A take against another take, or against stopping (the stock is empty): the cards each puts in the hand
    and their points, or what the better take lays at once."""
    taken = lifted(before.pile, move)
    if isinstance(best, Stop):
        return Reason("stop", {"cards": tuple(taken), "weight": hand_value(before, taken)})
    lay = _lays_after_take(before, seat, best)
    if lay is not None and _lays_after_take(before, seat, move) != lay:
        return Reason("take_lay", {"count": _count(before, best), "cards": tuple(lay.cards)})
    lifts = lifted(before.pile, best)
    words: dict[str, object] = {"move": move_phrase(before, best), "cards": tuple(lifts), "weight": hand_value(before, lifts)}
    return Reason("take_other", words | {"mine_weight": hand_value(before, taken)})


def _lay_other(before: Round, seat: int, move: Move, best: Move) -> Reason:
    """Two moves of a turn's play (lays and discards): the points the turn can lay after each (the move's own,
    then the melds and lay-offs the cards left still make) and the points left in hand."""
    hand = before.hands[seat]
    outlook = Outlook(before, seat, CoachWeights())

    def laid_and_left(played: Move) -> tuple[int, int]:
        if isinstance(played, Discard):  # the turn ends
            return 0, hand_value(before, _less(hand, (played.card,)))
        if not isinstance(played, Meld | Layoff):
            return 0, hand_value(before, hand)
        more, kept = split_hand(outlook, _less(hand, played.cards))
        return lay_points(before, played) + more, hand_value(before, kept)

    points, left = laid_and_left(best)
    mine_points, mine_left = laid_and_left(move)
    words: dict[str, object] = {"move": move_phrase(before, best), "points": points, "left": left}
    return Reason("lay_other", words | {"mine_points": mine_points, "mine_left": mine_left})


def _less(hand: Sequence[Card], gone: Sequence[Card]) -> list[Card]:
    """``hand`` without the cards ``gone`` (a joker laid as a card leaves the hand as the joker)."""
    rest = list(hand)
    for card in gone:
        if card.in_hand in rest:
            rest.remove(card.in_hand)
    return rest


def describe_move(state: Round | None, move: Move, language: str | Style = "en") -> str:
    """A move in words, to fit in a sentence (``melding Q♠ Q♥ Q♦``, ``discarding K♣``…); without the state,
    a take of the whole pile is said so rather than counted."""
    phrase = move_phrase(state, move)
    return str(move) if phrase is None else phrase.say(language)


def move_phrase(state: Round | None, move: Move) -> Phrase | None:
    """:func:`describe_move`'s words, to be said in a sentence's language (None for a move with no words)."""
    if isinstance(move, Meld):
        return Phrase("practice.words.meld", {"cards": tuple(move.cards)})
    if isinstance(move, Layoff):
        return Phrase("practice.words.layoff", {"cards": tuple(move.cards), "meld": move.meld})
    if isinstance(move, Discard):
        return Phrase("practice.words.discard", {"card": move.card})
    if isinstance(move, Take | Rommi) and state is None and move.count is None:
        return Phrase("practice.words.take_all")
    if isinstance(move, Rommi):
        return Phrase("practice.words.rommi", {"count": move.count if state is None else _count(state, move)})
    if isinstance(move, Rummy):
        return Phrase("practice.words.rummy", {"meld": move.meld})
    if isinstance(move, Take):
        return Phrase("practice.words.take", {"count": move.count if state is None else _count(state, move)})
    if isinstance(move, Draw):
        return Phrase("practice.words.draw")
    if isinstance(move, Stop):
        return Phrase("practice.words.stop")
    return None
