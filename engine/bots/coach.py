"""The ``coach`` computer player: it lays what pays like ``greedy``, but judges the cards it keeps by their
chances, and looks at the cards it cannot see before it takes or discards.

It reads only what its seat may see: its own hand, the table, the discard pile, the size of the stock and
how many cards each other player holds. The cards it cannot see (the others' hands and the stock) are
known only as a set; the coach reasons over that set:

- a card kept in hand is worth what it may still score: a card that one more card would lay (a pair, two
  cards of a run, a card next to a meld's end) has *outs*, the unseen cards that complete it, and its
  chance of being laid before the round ends grows with the outs and with the turns likely left (fewer as
  the stock shrinks and as the others' hands do); a lonely card is mostly minus points;
- drawing is worth the average over every card the stock could hold, so a take from the pile is weighed
  against a real draw, not against doing nothing; a take that lays none of its cards at once costs a
  little more, because every card kept for later slows the race to go out;
- a discard is weighed by what it costs to keep the others, and by what it gives the next player: the
  coach deals the unseen cards at random a few times (determinization), lets ``greedy`` play the next
  player's turn in each deal, and counts the points they lay with that card on top of the pile (and the
  whole hand kept, when they go out).

>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.deal(get_variant("500-rum"), ["A", "B"], seed=3)
>>> seat, move = CoachBot().choose(state, random.Random(0))
>>> seat, move in state.legal_moves()
(0, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.bots.greedy import GreedyBot, seen_position
from engine.bots.lay_value import lay_melds
from engine.cards import JOKER, Card
from engine.lay import take_payable
from engine.melds import Shape, rank_at
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Rummy, Stop, Take
from engine.pile_take import lifted
from engine.rommi import callers
from engine.round import Phase, Round
from engine.scoring import lay_points
from engine.view import PlayerView, unseen_cards


@dataclass(frozen=True, slots=True)
class CoachWeights:
    """The coach's judgement in numbers (tuned by self-play against ``greedy``)."""

    worlds: int = 16  # deals of the unseen cards in which the next player's reply to a discard is played
    replies: int = 128  # at most this many replies played per discard decision (fewer worlds for big hands)
    turns_per_card: float = 1.5  # turns likely left per card in the smallest other hand
    lonely: float = 0.5  # a lonely card's chance is this times the square of finding a partner
    pile_chance: float = 0.6  # the chance of laying a card whose out lies in the pile
    feed: float = 1.0  # weight of what a discard gives the next player
    blind_take: float = 10.0  # cost of a take from the pile that lays none of its cards at once
    out_per_card: float = 2.0  # worth of going out, per card the others still hold
    feed_take: float = 0.0  # cost of a discard another player takes at once, times the share of deals
    all_callers: bool = True  # weigh every seat that may call Rommi! on a discard, not only the next player


#: The ``sharp`` level's judgement: a point fed to the others weighs double (it is theirs, and their race to go
#: out is nearer), and a take that lays nothing at once is judged by the hand it makes, with no extra cost.
#: Measured over seeded three-player rounds against two ``greedy`` it wins 4–8 points more of them than the
#: coach's own weights (README, "The computer players"); the coach that teaches keeps its weights, which follow
#: the tactics its lessons teach (a top card that lays nothing is left for a draw, high cards go early).
SHARP_WEIGHTS = CoachWeights(feed=2.0, blind_take=0.0)


# --- what a seat may see ---------------------------------------------------------------------------


class Outlook:
    """What the seat knows that bears on the worth of a hand: the table, the unseen cards, the pile within
    reach, and how many more draws the seat can expect before the round ends."""

    __slots__ = (
        "jokers_unseen",
        "layoffs_open",
        "opponent_cards",
        "pile_reach",
        "shapes",
        "turns",
        "unseen",
        "unseen_count",
        "variant",
    )

    def __init__(self, state: Round, seat: int, weights: CoachWeights) -> None:
        self.variant = state.variant
        self.shapes: tuple[Shape, ...] = tuple(m.shape for m in state.table)
        #: whether the seat may lay off now (a house rule asks for its own first meld before)
        self.layoffs_open = not state.variant.layoff_needs_own_meld or bool(state.melded[seat])
        self.unseen = unseen_cards(state, seat)
        self.unseen_count = max(1, sum(self.unseen.values()))
        self.jokers_unseen = self.unseen.get(JOKER, 0)
        others = [len(h) for i, h in enumerate(state.hands) if i != seat]
        self.opponent_cards = sum(others)
        players = len(state.players)
        smallest = min(others) if others else 0
        self.turns = max(0.0, min(len(state.stock) / players, weights.turns_per_card * smallest))
        pile = state.pile
        if not pile:
            reach: frozenset[Card] = frozenset()
        elif state.variant.pile_take == "top_only":
            reach = frozenset(pile[-1:])
        else:
            reach = frozenset(pile)
        self.pile_reach = reach

    def fits_table(self, card: Card) -> bool:
        """Whether the natural ``card`` can be laid off on a meld on the table by itself."""
        return any(card.index in shape.touching for shape in self.shapes)


def split_hand(outlook: Outlook, hand: Sequence[Card]) -> tuple[int, list[Card]]:
    """(points the hand could lay now, greedily: its best melds, then single lay-offs; the cards kept)."""
    variant = outlook.variant
    laid, rest = lay_melds(variant, hand)
    may_lay_off = outlook.layoffs_open or len(rest) < len(hand)  # a meld laid now opens the lay-offs too
    kept = []
    for card in rest:
        if card is not JOKER and may_lay_off and outlook.fits_table(card):
            laid += variant.card_value(card)
        else:
            kept.append(card)
    return laid, kept


def _chance(outs: float, outlook: Outlook) -> float:
    """The chance that one of ``outs`` unseen cards comes to the seat in the draws left."""
    if outs <= 0 or outlook.turns <= 0:
        return 0.0
    miss = max(0.0, 1.0 - outs / outlook.unseen_count)
    return 1.0 - float(miss**outlook.turns)


def use_chances(outlook: Outlook, kept: Sequence[Card], weights: CoachWeights) -> list[float]:
    """For each kept card, the chance that it is laid before the round ends."""
    unseen = outlook.unseen
    naturals = [c for c in kept if c is not JOKER]
    jokers_held = len(kept) - len(naturals)
    chances = []
    for card in kept:
        if card is JOKER:
            chances.append(min(1.0, 0.3 + 0.1 * len(naturals)) if outlook.turns >= 1 else 0.0)
            continue
        suit, rank = card.suit, card.rank
        same_rank = {c.suit for c in naturals if c.rank == rank}
        outs = 0
        wanted: list[Card] = []
        connected = len(same_rank) >= 2
        if connected:
            wanted.extend(Card.natural(rank, s) for s in range(4) if s not in same_rank)
        positions = (1, 14) if rank == 1 else (rank,)
        suited = [
            p for c in naturals if c.suit == suit and c is not card for p in ((1, 14) if c.rank == 1 else (c.rank,))
        ]
        for p in positions:
            for q in suited:
                gap = abs(q - p)
                if gap == 1:
                    connected = True
                    low, high = min(p, q), max(p, q)
                    wanted.extend(Card.natural(rank_at(r), suit) for r in (low - 1, high + 1) if 1 <= r <= 14)
                elif gap == 2:
                    connected = True
                    wanted.append(Card.natural(rank_at((p + q) // 2), suit))
            for shape in outlook.shapes:
                if shape.kind == "run" and shape.suit == suit and (p == shape.high + 2 or p == shape.low - 2):
                    connected = True
                    wanted.append(Card.natural(rank_at((p + (shape.high if p > shape.high else shape.low)) // 2), suit))
        if connected:
            outs = sum(unseen.get(c, 0) for c in dict.fromkeys(wanted)) + outlook.jokers_unseen
            chance = _chance(outs, outlook)
            if any(c in outlook.pile_reach for c in wanted):
                chance = max(chance, weights.pile_chance)
            if jokers_held:
                chance = 1.0
        else:
            partners = sum(unseen.get(Card.natural(rank, s), 0) for s in range(4) if s != suit)
            for p in positions:
                for r in (p - 2, p - 1, p + 1, p + 2):
                    if 1 <= r <= 14 and rank_at(r) != rank:
                        partners += unseen.get(Card.natural(rank_at(r), suit), 0)
            found = _chance(partners + outlook.jokers_unseen, outlook)
            chance = found if jokers_held else weights.lonely * found * found
        chances.append(chance)
    return chances


def hand_worth(
    outlook: Outlook,
    hand: Sequence[Card],
    weights: CoachWeights,
    discard_follows: bool,
    locked: Sequence[Card] = (),
) -> float:
    """What ``hand`` is expected to add to the seat's round score: what it lays now, plus for each card
    kept its chance of being laid (its value) less the chance of it being caught in hand (minus its value).

    ``discard_follows``: the turn still ends with a discard, which sheds the worst card kept that is not
    ``locked`` (a card the variant forbids discarding this turn).
    """
    variant = outlook.variant
    laid, kept = split_hand(outlook, hand)
    if not kept:
        return laid + weights.out_per_card * outlook.opponent_cards
    chances = use_chances(outlook, kept, weights)
    parts = [(2 * p - 1) * variant.card_value(c) for c, p in zip(kept, chances, strict=True)]
    worth = laid + sum(parts)
    if discard_follows:
        free = [part for card, part in zip(kept, parts, strict=True) if card not in locked] or parts
        worth -= min(free)
        if len(kept) == 1:  # the last card goes on the pile: out
            worth += weights.out_per_card * outlook.opponent_cards
    return worth


# --- the player ------------------------------------------------------------------------------------


class CoachBot:
    """Greedy's habits with a better judgement of kept cards, real draws and the next player's chances."""

    name = "coach"

    def __init__(self, weights: CoachWeights | None = None, name: str = "coach") -> None:
        self.weights = weights or CoachWeights()
        self.name = name

    # --- the Bot protocol ---

    def choose(self, state: Round, rng: random.Random) -> tuple[int, Move]:
        """The coach's action: a Rommi call worth making (the nearest caller in turn order first, each
        judged from its own view), else the best move of the player to move."""
        for seat in callers(state):
            call = self.call(state, seat, rng)
            if call is not None:
                return seat, call
        return state.to_move, self.move(state, rng)

    def call(self, state: Round | PlayerView[Round], seat: int, rng: random.Random) -> Move | None:
        """The Rommi call ``seat`` should make now, or None."""
        state = seen_position(state, seat)
        calls = [m for m in state.legal(seat).moves() if isinstance(m, Rommi | Rummy)]  # not the next player's draw
        if not calls:
            return None
        for call in calls:
            if isinstance(call, Rummy):  # a lay-off out of turn: its points, for nothing
                return call
        outlook = Outlook(state, seat, self.weights)
        hand = state.hands[seat]
        keep = hand_worth(outlook, hand, self.weights, discard_follows=False)
        best = max(calls, key=lambda m: self._take_worth(state, outlook, seat, m))
        return best if self._take_worth(state, outlook, seat, best) > keep else None

    def move(self, state: Round | PlayerView[Round], rng: random.Random) -> Move:
        """The coach's move for the player to move (no Rommi call)."""
        return self.ranked(state, rng)[0][0]

    # --- evaluations (used by the tutor's advice too) ---

    def ranked(self, state: Round | PlayerView[Round], rng: random.Random) -> list[tuple[Move, float]]:
        """Every legal move of the player to move with the coach's score, best first, judged from the
        mover's view.

        Scores are points the move is expected to be worth to the mover this round (higher is better);
        they compare moves of one decision, not across decisions.
        """
        state = seen_position(state, state.to_move)
        moves = list(state.legal(state.to_move).moves())
        if not moves:
            return []
        seat = state.to_move
        outlook = Outlook(state, seat, self.weights)
        if state.phase is Phase.DRAW:
            scored = [(m, self._draw_score(state, outlook, seat, m)) for m in moves]
        else:
            scored = self._play_scores(state, outlook, seat, moves, rng)
        scored.sort(key=lambda pair: -pair[1])
        return scored

    def _draw_score(self, state: Round, outlook: Outlook, seat: int, move: Move) -> float:
        hand = state.hands[seat]
        if isinstance(move, Draw):
            return self.draw_worth(outlook, hand)
        if isinstance(move, Stop):
            return -float(sum(state.variant.card_value(c) for c in hand))
        return self._take_worth(state, outlook, seat, move)

    def draw_worth(self, outlook: Outlook, hand: Sequence[Card]) -> float:
        """The worth of drawing from the stock: the average over every card the stock could hold."""
        total = 0.0
        count = 0
        locks = outlook.variant.discard_restriction == "drawn_this_turn"
        for card, copies in outlook.unseen.items():
            locked = (card,) if locks else ()
            total += copies * hand_worth(outlook, (*hand, card), self.weights, discard_follows=True, locked=locked)
            count += copies
        if not count:
            return hand_worth(outlook, hand, self.weights, discard_follows=True)
        return total / count

    def _take_worth(self, state: Round, outlook: Outlook, seat: int, move: Move) -> float:
        pile = state.pile
        taken = lifted(pile, move) if isinstance(move, Take | Rommi) else pile[-1:]
        n = len(taken)
        locked = taken if state.variant.discard_restriction != "none" else ()
        hand = state.hands[seat]
        worth = hand_worth(outlook, (*hand, *taken), self.weights, discard_follows=True, locked=locked)
        if split_hand(outlook, (*hand, *taken))[0] <= split_hand(outlook, hand)[0]:
            worth -= self.weights.blind_take  # cards kept for later slow the race to go out
        penalty = state.variant.unusable_pile_penalty
        if penalty is not None and not isinstance(move, Rommi) and not take_payable(state, seat, n):
            worth -= penalty
        return worth

    def _play_scores(
        self, state: Round, outlook: Outlook, seat: int, moves: list[Move], rng: random.Random
    ) -> list[tuple[Move, float]]:
        hand = state.hands[seat]
        lays = [m for m in moves if isinstance(m, (Meld, Layoff))]
        discards = [m for m in moves if isinstance(m, Discard)]
        scored: list[tuple[Move, float]] = []
        bonus = 1000.0  # laying comes first: a lay that pays always beats holding it back
        for lay in lays:
            rest = _less(hand, lay.cards)
            gain = lay_points(state, lay, seat) - 5 * sum(1 for c in lay.cards if c.is_joker)
            worth = gain + hand_worth(outlook, rest, self.weights, discard_follows=bool(rest))
            scored.append((lay, worth + (bonus if gain > 0 else 0.0)))
        if discards:
            scored.extend(self._discard_scores(state, outlook, seat, discards, rng))
        return scored

    # --- what a discard gives the others ---

    def discard_judgements(
        self, state: Round | PlayerView[Round], rng: random.Random
    ) -> list[DiscardJudgement]:
        """Each legal discard of the player to move, judged as :meth:`ranked` judges it (best first), with the
        parts of its score: the hand it keeps, and what the others make of the card."""
        state = seen_position(state, state.to_move)
        seat = state.to_move
        discards = [m for m in state.legal(seat).moves() if isinstance(m, Discard)]
        if not discards:
            return []
        judged = self._judge_discards(state, Outlook(state, seat, self.weights), seat, discards, rng)
        return sorted(judged, key=lambda j: -j.score)

    def _discard_scores(
        self, state: Round, outlook: Outlook, seat: int, discards: list[Discard], rng: random.Random
    ) -> list[tuple[Move, float]]:
        return [(j.move, j.score) for j in self._judge_discards(state, outlook, seat, discards, rng)]

    def _judge_discards(
        self, state: Round, outlook: Outlook, seat: int, discards: list[Discard], rng: random.Random
    ) -> list[DiscardJudgement]:
        """Each discard's worth: the hand it keeps, less what the others make of the card.

        The others' answer is played in a few deals of the unseen cards (the same deals for every discard):
        in 500 rommi every seat that may call Rommi! on it (under ``rummy_call``, Rummy!) decides first, as
        ``greedy`` would, then the next player's turn is played by ``greedy``; the points they lay with the card count against the discard
        (and when they go out the hand kept is caught whole), and the share of deals in which someone takes
        the card is its chance of feeding them.
        """
        hand = state.hands[seat]
        count = max(4, min(self.weights.worlds, self.weights.replies // len(discards)))
        view = state.view(seat)
        worlds = [view.world(rng) for _ in range(count)]
        judged: list[DiscardJudgement] = []
        for discard in discards:
            rest = _less(hand, (discard.card,))
            if not rest:
                out = 100.0 + self.weights.out_per_card * outlook.opponent_cards
                judged.append(DiscardJudgement(discard, out, out, 0.0, 0.0, count))
                continue
            keep = hand_worth(outlook, rest, self.weights, discard_follows=False)
            caught = -float(sum(state.variant.card_value(c) for c in rest))
            kept_total = fed_total = 0.0
            taken = 0
            for world in worlds:
                laid, ended, took = _answer(world.apply(discard, seat), rng, self.weights.all_callers)
                kept_total += caught if ended else keep
                fed_total += laid
                taken += took
            kept, fed = kept_total / count, fed_total / count
            score = kept - self.weights.feed * fed - self.weights.feed_take * taken / count
            judged.append(DiscardJudgement(discard, score, kept, fed, taken / count, count))
        return judged


@dataclass(frozen=True, slots=True)
class DiscardJudgement:
    """How the coach judges one discard: its ``score`` (higher is better) and the parts it is made of."""

    move: Discard
    score: float
    kept: float  # the worth of the hand kept (a hand caught whole when the others go out)
    fed: float  # the points the others lay with the card, on average over the deals played out
    taken: float  # the share of those deals in which another player takes the card at once
    deals: int  # how many deals of the unseen cards were played out


def sample_world(state: Round, seat: int, rng: random.Random) -> Round:
    """``state`` with the cards ``seat`` cannot see dealt again at random: the other hands keep their
    sizes, the rest is the stock (:meth:`engine.view.PlayerView.world`). A world the seat cannot tell from
    the real one.

    >>> from engine.variants import get_variant
    >>> state = Round.deal(get_variant("rommi"), ["A", "B"], seed=2)
    >>> world = sample_world(state, 0, random.Random(1))
    >>> world.hands[0] == state.hands[0], len(world.hands[1]) == len(state.hands[1]), world.pile == state.pile
    (True, True, True)
    >>> from collections import Counter
    >>> Counter(world.hands[1] + world.stock) == Counter(state.hands[1] + state.stock)
    True
    """
    return state.view(seat).world(rng)


_GREEDY = GreedyBot()


def _answer(state: Round, rng: random.Random, all_callers: bool) -> tuple[int, bool, bool]:
    """The others' answer to the discard just made in ``state``, as ``greedy`` plays it: (points they lay,
    whether the round ended, whether someone took the discarded card). With ``all_callers``, every seat that
    may call Rommi! (or Rummy!) on it decides first (the nearest in turn order first); a Rummy! caller's points
    count with the next player's turn, which follows it."""
    if all_callers:
        for caller in callers(state):
            call = _GREEDY.call(state, caller, rng)
            if call is None:
                continue
            after = state.apply(call, caller)
            if isinstance(call, Rummy):  # laid at once out of turn; then the next player plays as ever
                called = after.laid_points()[caller] - state.laid_points()[caller]
                laid, ended, _ = _turn(after, after.to_move)
                return called + laid, ended, True
            laid, ended, _ = _turn(after, caller)
            return laid, ended, True
    return _turn(state, state.to_move)


def _turn(state: Round, seat: int) -> tuple[int, bool, bool]:
    """``seat``'s turn from ``state`` as ``greedy`` plays it: (points they lay, whether the round ended,
    whether the turn began by taking from the pile)."""
    before = state.laid_points()[seat]
    took = False
    first = True
    while state.phase is not Phase.OVER:
        move = _GREEDY.move_from(state)  # a world already: greedy's view of it would decide the same
        took = took or (first and isinstance(move, Take | Rommi))
        first = False
        state = state.apply(move)
        if isinstance(move, Discard):
            break
    return state.laid_points()[seat] - before, state.phase is Phase.OVER, took


def _less(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card.in_hand)
    return tuple(rest)
