"""Property tests: random playouts over every preset, player count and a few house-rule combinations,
and brute-force checks of the meld maths.

Seeds are drawn by hypothesis; a failure message names the variant, the seed and the moves played so the
position can be replayed (``Round.deal(variant, players, seed)`` then the moves in order).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import RandomBot, play_round
from engine.bots.greedy import GreedyBot
from engine.cards import JOKER, NATURALS, Card, cards_text, parse_cards
from engine.errors import RULE_CODES, RulesError
from engine.lay import duty_lays, duty_payable_exact, duty_payable_fast, lay_is_legal
from engine.layoffs import layoff_options
from engine.melds import HandSummary, Shape, extended_shape, hand_melds, meld_shape
from engine.moves import Discard, Layoff, Meld, Move, Rommi, Take
from engine.payable import joker_call_quick, lay_leaves_payable, two_owed_quick
from engine.pile_take import after_take, lifted
from engine.rommi import after_call, call_grounds
from engine.round import Phase, Round
from engine.round_state import first_turn_blocked
from engine.variants import PRESETS, get_variant
from tests.rules_support import CARD_NOTATION
from tests.strategies import (
    action_key,
    candidate_actions,
    cards_in_play,
    case_id,
    deal,
    deck_of,
    house_rule_sets,
    player_cases,
    snapshot,
    subsets,
    variant_cases,
)

pytestmark = pytest.mark.slow

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
MAX_DECISIONS = 5000

ALL_CASES = list(player_cases())
ALL_IDS = [f"{case_id(v, h)}-{n}p" for v, h, n in ALL_CASES]
VARIANT_CASES = variant_cases()
VARIANT_IDS = [case_id(v, h) for v, h in VARIANT_CASES]


def _where(state: Round, seed: int, history: list[str]) -> str:
    """Enough to replay a position: variant, house rules, players, seed and the moves so far."""
    moves = "; ".join(history[-12:])
    house = {name: getattr(state.variant, name) for name in state.variant.house_rules}
    return (
        f"{state.variant.id} house={house} players={len(state.players)} seed={seed} "
        f"after {len(history)} moves (last: {moves})"
    )


def _check_accounting(state: Round, deck: Counter[Card], where: str) -> None:
    assert cards_in_play(state) == deck, f"cards lost or made up: {where}"
    assert state.card_count() == sum(deck.values()), where


def _shown_after(shown: list[Counter[Card]], before: Round, seat: int, move: Move) -> None:
    """What everyone saw, kept by hand: a take from the pile shows its cards in the taker's hand, and a
    card laid or discarded is no longer hidden there."""
    if isinstance(move, Take | Rommi):
        shown[seat].update(c.in_hand for c in lifted(before.pile, move))
    elif isinstance(move, Meld | Layoff | Discard):
        for card in move.cards if isinstance(move, Meld | Layoff) else (move.card,):
            if shown[seat][card.in_hand]:
                shown[seat][card.in_hand] -= 1


def _check_shown(state: Round, shown: list[Counter[Card]], where: str) -> None:
    """The state's shown cards are the ones everyone saw go into each hand, and are in that hand."""
    for seat, cards in enumerate(state.shown):
        assert Counter(cards) == +shown[seat], f"shown cards of seat {seat}: {where}"
        assert not Counter(cards) - Counter(state.hands[seat]), f"a shown card is not in hand {seat}: {where}"


def _check_scores(state: Round, where: str) -> None:
    """Round score = laid − hand + bonus − penalty; laid points are card values by layer."""
    v = state.variant
    laid = [0] * len(state.players)
    for meld in state.table:
        assert len(meld.layers) == len(meld.cards), where
        for card, layer in zip(meld.cards, meld.layers, strict=True):
            low_ace = meld.shape.kind == "run" and meld.shape.low == 1 and card.rank == 1
            laid[layer] += v.card_value(card, low_ace=low_ace)
    scores = state.scores()
    for i, score in enumerate(scores):
        hand = sum(v.card_value(c) for c in state.hands[i])
        bonus = v.going_out_bonus if (state.phase is Phase.OVER and state.went_out == i) else 0
        assert score.laid == laid[i], where
        assert score.hand == hand, where
        assert score.bonus == bonus, where
        assert score.penalty == state.penalties[i], where
        assert score.round == score.laid - score.hand + score.bonus - score.penalty, where
        assert score.total == state.totals[i] + score.round, where


def _check_listing(state: Round, where: str) -> dict[tuple[int, Move], tuple[int, Move]]:
    """Every listed action applies, and leaves the state as it was; returns the listing by normalised key.

    Each is applied twice: as the very object listed (apply trusts what the listing found) and as the same
    move read back from its text, which apply checks in full (a take as a new object: ``take N`` reads back
    as the shared one the listing handed out); the two give the same position."""
    before = snapshot(state)
    listed = {}
    for seat, move in state.legal_actions():
        try:
            after = state.apply(move, seat)
            checked = state.apply(Take(move.count) if isinstance(move, Take) else Move.parse(move.text), seat)
        except RulesError as error:
            pytest.fail(f"listed {move} by seat {seat} refused ({error.code}: {error}): {where}")
        assert snapshot(checked) == snapshot(after), f"{move} by seat {seat}: trusted and checked differ: {where}"
        assert after.card_count() == state.card_count(), f"{move} by seat {seat} lost or made cards: {where}"
        assert snapshot(state) == before, f"{move} by seat {seat} changed the state it was applied to: {where}"
        key = action_key(state, seat, move)
        assert key not in listed, f"{move} by seat {seat} is listed twice: {where}"
        listed[key] = (seat, move)
    return listed


def _check_unlisted(
    state: Round,
    listed: dict[tuple[int, Move], tuple[int, Move]],
    rng: random.Random,
    limit: int,
    where: str,
) -> None:
    """A sample of plausible moves that are not listed: each is refused with a rule code, state unchanged."""
    before = snapshot(state)
    by_kind: dict[str, list[tuple[int, Move]]] = {}
    for seat, move in candidate_actions(state, rng):
        if action_key(state, seat, move) not in listed:
            by_kind.setdefault(move.kind, []).append((seat, move))
    for group in by_kind.values():
        rng.shuffle(group)
    # Round-robin over the kinds of move, so that the many Rommi calls do not crowd out the rest.
    sample: list[tuple[int, Move]] = []
    while len(sample) < limit and any(by_kind.values()):
        for group in by_kind.values():
            if group and len(sample) < limit:
                sample.append(group.pop())
    for seat, move in sample:
        try:
            state.apply(move, seat)
        except RulesError as error:
            assert error.code in RULE_CODES, f"{move} by seat {seat}: unknown code {error.code}: {where}"
            # The sentence is shown to a learner: cards in it read K♦, 10♥, Joker, never KD, 10H, JK.
            assert not CARD_NOTATION.search(str(error)), f"{move}: card notation in “{error}”: {where}"
        except Exception as error:  # any other exception is the bug being reported
            pytest.fail(f"unlisted {move!r} by seat {seat} crashed with {error!r}: {where}")
        else:
            pytest.fail(f"unlisted {move!r} by seat {seat} was accepted: {where}")
        assert snapshot(state) == before, f"refused {move} by seat {seat} changed the state: {where}"


# --- random playouts ------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant_id", "house", "players"), ALL_CASES, ids=ALL_IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_random_playout_keeps_every_invariant(variant_id: str, house: dict[str, Any], players: int, seed: int) -> None:
    """Along a random playout: cards add up, the listing applies and is never empty, nothing unlisted
    is accepted, states never change, and the scores add up."""
    state = deal(variant_id, house, players, seed)
    deck = deck_of(state.variant, players)
    rng = random.Random(seed)
    history: list[str] = []
    shown: list[Counter[Card]] = [Counter() for _ in range(players)]
    for _ in range(MAX_DECISIONS):
        where = _where(state, seed, history)
        _check_accounting(state, deck, where)
        _check_scores(state, where)
        _check_shown(state, shown, where)
        if state.phase is Phase.OVER:
            break
        listed = _check_listing(state, where)
        assert state.legal_moves(), f"no legal move for the player to move: {where}"
        _check_unlisted(state, listed, rng, limit=25, where=where)
        seat, move = rng.choice(list(listed.values()))
        _shown_after(shown, state, seat, move)
        state = state.apply(move, seat)
        history.append(f"{state.players[seat]}: {move}")
    else:
        pytest.fail(f"round did not end in {MAX_DECISIONS} decisions: {_where(state, seed, history)}")
    assert state.ended_by in {"went_out", "stock_out", "reshuffle_limit"}, state.ended_by
    if state.ended_by == "went_out":
        assert state.went_out is not None and not state.hands[state.went_out]
    assert state.legal_actions() == []
    assert state.legal_moves() == []


def _check_winners(state: Round, where: str) -> None:
    """The winners are the leaders among those past the target (who went out, if that is required);
    a tie at the top is replayed unless the variant shares the win."""
    v = state.variant
    totals = [s.total for s in state.scores()]
    eligible = [i for i, t in enumerate(totals) if (t > v.target if v.target_compare == "above" else t >= v.target)]
    if v.must_go_out_to_win:
        eligible = [i for i in eligible if i == state.went_out]
    leaders = [i for i in eligible if totals[i] == max(totals[j] for j in eligible)]
    expected = [] if len(leaders) > 1 and v.tie_rule == "another_round" else leaders
    assert state.winners == expected, f"totals {totals}, went out {state.went_out}: {where}"
    assert state.game_over == bool(expected), where


@pytest.mark.parametrize(("variant_id", "house", "players"), ALL_CASES, ids=ALL_IDS)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, totals=st.lists(st.integers(min_value=380, max_value=520), min_size=8, max_size=8))
def test_rounds_end_with_random_and_greedy_bots(
    variant_id: str, house: dict[str, Any], players: int, seed: int, totals: list[int]
) -> None:
    """play_round finishes within its decision cap; the final scores and the winners add up."""
    for bot in (RandomBot(), GreedyBot()):
        start = deal(variant_id, house, players, seed, totals=totals[:players])
        final, decisions = play_round(start, [bot] * players, random.Random(seed), max_decisions=MAX_DECISIONS)
        assert final.phase is Phase.OVER
        assert 0 < decisions <= MAX_DECISIONS
        where = f"{bot.name} bots, {variant_id} {house} players={players} seed={seed}"
        _check_accounting(final, deck_of(final.variant, players), where)
        _check_scores(final, where)
        _check_winners(final, where)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=house_rule_sets(), players=st.integers(min_value=2, max_value=8), seed=SEEDS)
def test_any_house_rules_deal_and_play_out(case: tuple[str, dict[str, Any]], players: int, seed: int) -> None:
    """Any combination of house rules on any preset: the deal gives each player the variant's hand size
    from a full deck, and a random round ends with the cards and the scores adding up."""
    variant_id, house = case
    variant = get_variant(variant_id, house)
    assert variant.house_rules == tuple(sorted(k for k, v in house.items() if getattr(PRESETS[variant_id], k) != v))
    players = min(max(players, variant.min_players), variant.max_players)
    start = deal(variant_id, house, players, seed)
    size = house.get("cards_dealt_two_players" if players == 2 else "cards_dealt", variant.hand_size(players))
    assert [len(h) for h in start.hands] == [size] * players
    assert len(start.pile) == 1 and start.stock
    final, _ = play_round(start, [RandomBot()] * players, random.Random(seed), max_decisions=MAX_DECISIONS)
    where = f"{variant_id} {house} players={players} seed={seed}"
    assert final.phase is Phase.OVER, where
    _check_accounting(final, deck_of(variant, players), where)
    _check_scores(final, where)
    _check_winners(final, where)


@pytest.mark.parametrize(("variant_id", "house"), VARIANT_CASES, ids=VARIANT_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, players=st.integers(min_value=2, max_value=8))
def test_duty_fast_check_agrees_with_exact(variant_id: str, house: dict[str, Any], seed: int, players: int) -> None:
    """For states right after a take (or a Rommi call), the quick duty answer equals the exhaustive one."""
    variant = get_variant(variant_id, house)
    players = max(variant.min_players, min(players, variant.max_players))
    state = deal(variant_id, house, players, seed)
    rng = random.Random(seed)
    checked = 0
    for _ in range(MAX_DECISIONS):
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.DRAW and state.pile:
            sizes = range(1, len(state.pile) + 1)
            for n in rng.sample(sizes, min(4, len(sizes))):
                takers = [(state.to_move, False)] + [(p, True) for p in range(players) if p != state.to_move]
                for player, called in takers[:3]:
                    after = after_take(state, player, n, called=called)
                    duty = after.duty
                    if duty is None or not (len(duty.owed) == 1 or duty.any_of):
                        continue
                    fast = duty_payable_fast(after)
                    if fast is not None:
                        checked += 1
                        assert fast == duty_payable_exact(after), (
                            f"{variant_id} {house} players={players} seed={seed}: seat {player} takes {n} "
                            f"(called={called}) owing {[str(c) for c in duty.owed]}: fast={fast}"
                        )
        seat, move = rng.choice(state.legal_actions())
        state = state.apply(move, seat)


def over_rommi_rounds(examples: int = 40) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Run a property ``test(variant_id, house, seed, players)`` over random rommi rounds: every rommi
    house-rule mix, 3 to 8 players, ``examples`` seeds each (the rounds :func:`_random_play` walks)."""

    def decorate(test: Callable[..., None]) -> Callable[..., None]:
        test = given(seed=SEEDS, players=st.integers(min_value=3, max_value=8))(test)
        test = settings(max_examples=examples, deadline=None)(test)
        marked: Callable[..., None] = pytest.mark.parametrize(
            ("variant_id", "house"), [c for c in VARIANT_CASES if c[0] == "rommi"]
        )(test)
        return marked

    return decorate


def _random_play(variant_id: str, house: dict[str, Any], players: int, seed: int) -> Iterator[Round]:
    """Each position of a random round (seeded; the player count brought within the variant's range), before
    its move is picked: the positions the Rommi property tests below look at."""
    variant = get_variant(variant_id, house)
    players = max(variant.min_players, min(players, variant.max_players))
    state = deal(variant_id, house, players, seed)
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.phase is Phase.OVER:
            return
        yield state
        seat, move = rng.choice(state.legal_actions())
        state = state.apply(move, seat)


@over_rommi_rounds(60)
def test_a_quick_answer_to_a_callers_two_cards_is_the_searchs(variant_id: str, house: dict[str, Any], seed: int, players: int) -> None:
    """Right after a Rommi call owing two cards, the quick answer, where it gives one, is the search's: it says
    yes exactly where some legal lay pays one owed card and leaves the other layable (the search tries every
    lay), and no exactly where none does."""
    for state in _random_play(variant_id, house, players, seed):
        if state.rommi_from is not None and state.phase is Phase.DRAW and len(state.pile) > 1:
            for caller in range(len(state.players)):
                if caller in (state.to_move, state.rommi_from) or first_turn_blocked(state, caller):
                    continue  # (a caller before their first turn may not call: the listing never asks)
                for n in range(2, len(state.pile) + 1):
                    after = after_take(state, caller, n, called=True)
                    duty = after.duty
                    assert duty is not None
                    if len(duty.owed) != 2 or JOKER in duty.owed:
                        continue
                    quick = two_owed_quick(after, caller, duty.owed, duty.layoff_pays, HandSummary(after.hands[caller]))
                    if quick is not None:
                        assert quick == any(lay_is_legal(after, lay) for lay in duty_lays(after)), (
                            f"{variant_id} {house} players={players} seed={seed}: seat {caller} calls {n} owing "
                            f"{[str(c) for c in duty.owed]} with {cards_text(after.hands[caller])}: quick={quick}"
                        )


@over_rommi_rounds()
def test_a_lay_judged_on_the_shapes_is_judged_as_laying_it(variant_id: str, house: dict[str, Any], seed: int, players: int) -> None:
    """While a caller owes two cards, a lay that pays one of them is listed from its shapes alone (no state is
    built for it): that answer, where it gives one, is whether laying it is allowed."""
    for state in _random_play(variant_id, house, players, seed):
        duty = state.duty
        if duty is not None and len(duty.owed) == 2 and not duty.any_of:
            for lay in duty_lays(state):
                judged = lay_leaves_payable(state, lay)
                if judged is not None:
                    assert judged == lay_is_legal(state, lay), (
                        f"{variant_id} {house} players={players} seed={seed}: {lay} owing "
                        f"{[str(c) for c in duty.owed]} with {cards_text(state.hands[state.to_move])}: judged={judged}"
                    )


@over_rommi_rounds()
def test_a_quick_answer_to_a_called_joker_is_the_calls(variant_id: str, house: dict[str, Any], seed: int, players: int) -> None:
    """When a discarded joker is called, the quick answer for each depth, where it gives one, is whether the
    call is allowed (the joker, and the deepest card taken, can both be laid), wherever the call has its grounds
    on the table or in the pile (the listing asks the quick answer only then)."""
    for state in _random_play(variant_id, house, players, seed):
        pile = state.pile
        if state.rommi_from is not None and state.phase is Phase.DRAW and pile and pile[-1] is JOKER:
            if not call_grounds(state):
                continue
            for caller in range(len(state.players)):
                if caller in (state.to_move, state.rommi_from) or state.variant.going_out_requires_discard:
                    continue
                if first_turn_blocked(state, caller):
                    continue  # a caller before their first turn may not call: the listing never asks
                summary = HandSummary(state.hands[caller])
                for n in range(1, len(pile) + 1):
                    summary.add(pile[-n])
                    quick = joker_call_quick(state, caller, summary, pile[-n] if n > 1 else None, state.variant.duty_paid_by_layoff)
                    if quick is not None:
                        assert quick == (after_call(state, caller, n, check=False) is not None), (
                            f"{variant_id} {house} players={players} seed={seed}: seat {caller} calls {n} of "
                            f"{cards_text(pile)} with {cards_text(state.hands[caller])}: quick={quick}"
                        )


# --- meld maths -----------------------------------------------------------------------------------


@st.composite
def clustered_hands(draw: st.DrawFn, max_naturals: int, max_jokers: int) -> tuple[Card, ...]:
    """A hand of naturals clustered around a few ranks and suits (so that melds are common), plus jokers.

    At most two copies of any card, as with two decks.
    """
    centre = draw(st.integers(min_value=1, max_value=13))
    suits = draw(st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=3, unique=True))
    pool = [Card.natural((centre - 1 + d) % 13 + 1, s) for d in range(-2, 3) for s in suits]
    pool += [Card.natural(centre, s) for s in range(4)]
    pool += [draw(st.sampled_from(NATURALS))]
    naturals = draw(st.lists(st.sampled_from(pool), max_size=max_naturals))
    counts: Counter[Card] = Counter()
    hand = []
    for card in naturals:
        if counts[card] < 2:
            counts[card] += 1
            hand.append(card)
    jokers = draw(st.integers(min_value=0, max_value=max_jokers))
    return tuple(sorted(hand + [JOKER] * jokers, key=lambda c: c.index))


def _valid(cards: tuple[Card, ...]) -> bool:
    try:
        meld_shape(cards)
    except RulesError:
        return False
    return True


@settings(max_examples=500, deadline=None)
@given(hand=clustered_hands(max_naturals=9, max_jokers=0))
def test_hand_melds_complete_without_jokers(hand: tuple[Card, ...]) -> None:
    """Without jokers, hand_melds lists exactly the subsets of the hand that are melds."""
    listed = hand_melds(hand)
    assert len(set(listed)) == len(listed), "a meld is listed twice"
    brute = {Meld(sub) for sub in subsets(hand, 3, len(hand)) if _valid(sub)}
    assert set(listed) == brute, [str(m) for m in set(listed) ^ brute]


def _joker_brute_force(hand: tuple[Card, ...]) -> set[Move]:
    """Every meld from ``hand``: a subset of its naturals plus jokers declared as any fitting card."""
    naturals = tuple(c for c in hand if not c.is_joker)
    jokers = hand.count(JOKER)
    found: set[Move] = set()
    for sub in subsets(naturals, 1, len(naturals)):
        pool: list[Card] = []
        if len({c.rank for c in sub}) == 1:  # a set, or a lone card
            pool += [Card.natural(sub[0].rank, s) for s in range(4)]
        if len({c.suit for c in sub}) == 1:  # a run, or a lone card
            pool += [Card.natural(r, sub[0].suit) for r in range(1, 14)]
        for k in range(jokers + 1):
            if len(sub) + k < 3:
                continue
            for declared in product(pool, repeat=k):
                cards = sub + tuple(Card.joker_as(c) for c in declared)
                if _valid(cards):
                    found.add(Meld(cards))
    return found


@settings(max_examples=300, deadline=None)
@given(hand=clustered_hands(max_naturals=6, max_jokers=2))
def test_hand_melds_with_jokers_are_melds_from_the_hand(hand: tuple[Card, ...]) -> None:
    """Every listed meld is valid and uses only cards held (jokers as JK); with jokers the listing is complete."""
    held = Counter(hand)
    listed = hand_melds(hand)
    assert len(set(listed)) == len(listed), "a meld is listed twice"
    for meld in listed:
        assert isinstance(meld, Meld)
        meld_shape(meld.cards)  # raises if not a meld
        used = Counter(c.in_hand for c in meld.cards)
        assert not used - held, f"{meld} uses cards not in {[str(c) for c in hand]}"
    brute = _joker_brute_force(hand)
    assert set(listed) == brute, [str(m) for m in set(listed) ^ brute]


@st.composite
def shapes_and_hands(draw: st.DrawFn) -> tuple[Shape, tuple[Card, ...]]:
    """A meld on the table (possibly holding declared jokers) and a small hand near it."""
    if draw(st.booleans()):
        rank = draw(st.integers(min_value=1, max_value=13))
        suits = draw(st.lists(st.integers(min_value=0, max_value=3), min_size=3, max_size=4, unique=True))
        cards = [Card.natural(rank, s) for s in suits]
        near = [Card.natural(rank, s) for s in range(4)]
    else:
        suit = draw(st.integers(min_value=0, max_value=3))
        low = draw(st.integers(min_value=1, max_value=12))
        length = draw(st.integers(min_value=3, max_value=min(13, 15 - low)))  # at most one ace
        cards = [Card.natural(1 if p == 14 else p, suit) for p in range(low, low + length)]
        near = [Card.natural(r, suit) for r in range(1, 14)]
    jokered = draw(st.lists(st.integers(min_value=0, max_value=len(cards) - 1), max_size=2, unique=True))
    if len(jokered) < len(cards):
        cards = [Card.joker_as(c) if i in jokered else c for i, c in enumerate(cards)]
    shape = meld_shape(tuple(cards))
    hand = draw(st.lists(st.sampled_from([*near, *draw(st.lists(st.sampled_from(NATURALS), max_size=2))]), max_size=6))
    hand += [JOKER] * draw(st.integers(min_value=0, max_value=2))
    return shape, tuple(hand)


@settings(max_examples=300, deadline=None)
@given(case=shapes_and_hands())
def test_layoff_options_agree_with_brute_force(case: tuple[Shape, tuple[Card, ...]]) -> None:
    """layoff_options lists exactly the groups of hand cards (jokers declared) that extend the meld."""
    shape, hand = case
    if shape.kind == "set":
        pool = [Card.natural(shape.rank, s) for s in range(4)]
    else:
        pool = [Card.natural(r, shape.suit) for r in range(1, 14)]
    brute: set[tuple[int, ...]] = set()
    for sub in subsets(hand, 1, len(hand)):
        naturals = tuple(c for c in sub if not c.is_joker)
        for declared in product(pool, repeat=len(sub) - len(naturals)):
            cards = naturals + tuple(Card.joker_as(c) for c in declared)
            if extended_shape(shape, cards) is not None:
                brute.add(tuple(sorted(c.index for c in cards)))
    options = layoff_options(shape, hand)
    held = Counter(hand)
    for option in options:
        assert not Counter(c.in_hand for c in option) - held, option
    listed = {tuple(sorted(c.index for c in option)) for option in options}
    assert len(listed) == len(options), "a lay-off is listed twice"
    assert listed == brute, (listed ^ brute, [str(c) for c in shape.cards], [str(c) for c in hand])


def test_every_preset_is_covered() -> None:
    """The playouts cover every preset at every player count it allows."""
    covered = {(v, n) for v, h, n in ALL_CASES if not h}
    assert covered == {(vid, n) for vid, v in PRESETS.items() for n in range(v.min_players, v.max_players + 1)}


# --- regressions found by the properties above ------------------------------------------------------


def _rommi_position() -> Round:
    """Rommi, three players; Anna holds a joker, and the 5H she will discard fits the run on the table."""
    cards = parse_cards
    return Round.from_position(
        get_variant("rommi"),
        ["Anna", "Bertil", "Cecilia"],
        hands=[cards("5H KS 2C JK"), cards("3D 9C QC"), cards("4S 8D 10C")],
        stock=cards("7C 7S 7D"),
        pile=cards("9D"),
        table=[(1, cards("6H 7H 8H"))],
    )


def test_zero_counts_and_meld_zero_are_refused() -> None:
    """``take 0``, ``rommi 0`` and ``layoff … on 0`` cannot be written, but a Move object can say them:
    they once took the whole pile or laid off on the last meld."""
    state = _rommi_position()
    with pytest.raises(RulesError) as error:
        state.apply(Take(0))
    assert error.value.code == "take_not_allowed"
    drawn = state.apply(Move.parse("draw"))
    with pytest.raises(RulesError) as error:
        drawn.apply(Layoff(parse_cards("5H"), 0))
    assert error.value.code == "no_such_meld"
    after = drawn.apply(Move.parse("discard 5H"))
    assert (2, Rommi(1)) in after.legal_actions()
    with pytest.raises(RulesError) as error:
        after.apply(Rommi(0), 2)  # Cecilia
    assert error.value.code == "take_not_allowed"


def test_a_joker_is_discarded_bare() -> None:
    """``discard JK=7H`` once put a declared joker on the pile; the joker in hand is discarded as ``JK``."""
    drawn = _rommi_position().apply(Move.parse("draw"))
    with pytest.raises(RulesError) as error:
        drawn.apply(Move.parse("discard JK=7H"))
    assert error.value.code == "card_not_held"
    assert drawn.apply(Move.parse("discard JK")).pile[-1] is JOKER


def test_an_ace_at_either_end_is_listed_once() -> None:
    """A-…-K and 2-…-A of the same 13 cards are one meld; an ace on a 2-…-K run is one lay-off."""
    suit = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    melds = hand_melds(suit)
    assert len(melds) == len(set(melds))
    options = layoff_options(meld_shape(suit[1:]), parse_cards("AH JK"))
    assert sorted(cards_text(o) for o in options) == ["AH", "JK=AH"]
