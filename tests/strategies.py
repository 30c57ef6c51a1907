"""Helpers for the property tests: variant cases (fixed ones and a hypothesis strategy drawing any house
rules), state snapshots, card accounting and move candidates.

Nothing here asserts; ``test_properties.py`` does. The candidate moves are "plausible" moves a learner
(or a buggy UI) might send: most are illegal, some are legal, and the tests compare each with the listing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from engine.cards import JOKER, NATURALS, Card, make_deck
from engine.moves import DRAW, STOP, TAKE_ALL, Layoff, Meld, Move, Rommi, Rummy, Take, discard
from engine.round import Round
from engine.round_state import FIELDS
from engine.variants import PRESETS, HouseRuleError, HouseRules, Variant, get_variant, house_rule_options

#: House-rule combinations played besides the presets: (preset id, house rules).
HOUSE_RULE_CASES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("femhundra", {"jokers": True, "unusable_pile_penalty": 100, "going_out_bonus": 50}),
    ("dansk", {"jokers": True, "layoff_needs_own_meld": True}),
    ("500-rum", {"jokers": True, "going_out_requires_discard": True, "unusable_pile_penalty": 100}),
    ("rummy500-nl", {"layoff_needs_own_meld": True, "going_out_requires_discard": True, "going_out_bonus": 25}),
    ("rommi", {"must_go_out_to_win": True, "going_out_requires_discard": True, "layoff_needs_own_meld": True}),
    ("rommi", {"unusable_pile_penalty": 50, "going_out_bonus": 100}),
    # The Swedish house rules (the README's table of house rules): 6 cards, ace 25 high / 5 low, no building on
    # others before your own meld, −50 for an unusable pile.
    ("femhundra", {"cards_dealt": 6, "cards_dealt_two_players": 6, "ace_high_value": 25, "ace_low_value": 5,
                   "layoff_needs_own_meld": True, "unusable_pile_penalty": 50}),
    ("500-rum", {"cards_dealt": 6, "ace_high_value": 25, "ace_low_value": 5, "jokers": True}),
    ("rommi", {"cards_dealt": 6, "cards_dealt_two_players": 6, "ace_high_value": 25}),
    ("dansk", {"cards_dealt": 6, "ace_low_value": 5}),
    # The house rules of issue 37, mixed with others (each one alone on every preset: NEW_RULE_CASES)
    ("femhundra", {"top_card_free": True, "no_meld_first_turn": True, "unusable_pile_penalty": 100}),
    ("500-rum", {"rummy_call": True, "layoff_needs_own_meld": True, "jokers": True, "jokers_per_deck": 3}),
    ("dansk", {"rummy_call": True, "no_meld_first_turn": True, "stock_out": "reshuffle", "joker_value": 25,
               "jokers": True}),
    ("rummy500-nl", {"stock_out": "pile_or_stop", "top_card_free": True, "going_out_requires_discard": True}),
    ("rommi", {"rommi_call_with_hand": True, "no_meld_first_turn": True, "jokers_per_deck": 3, "joker_value": 20}),
    ("rommi", {"stock_out": "end", "top_card_free": True, "layoff_needs_own_meld": True}),
)

#: Each house rule of issue 37 alone, with the value that changes the most, on every preset that takes it.
NEW_RULES: tuple[dict[str, Any], ...] = (
    {"top_card_free": True},
    {"stock_out": "reshuffle"},
    {"stock_out": "end"},
    {"stock_out": "pile_or_stop"},
    {"jokers": True, "jokers_per_deck": 3},
    {"jokers": True, "joker_value": 25},
    {"no_meld_first_turn": True},
    {"rummy_call": True},
    {"rommi_call_with_hand": True},
)


def _takes(preset: str, house: dict[str, Any]) -> bool:
    """Whether ``preset`` takes ``house`` and it changes something there."""
    try:
        variant = get_variant(preset, house)
    except HouseRuleError:
        return False
    return bool(variant.house_rules)


NEW_RULE_CASES: tuple[tuple[str, dict[str, Any]], ...] = tuple(
    (preset, house) for house in NEW_RULES for preset in PRESETS if _takes(preset, house)
)


@st.composite
def house_rule_sets(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """(preset id, house rules): a preset and any combination of the house rules, each drawn from the values
    the engine allows (the sidebar offers the same), so every house rule, new ones included, gets played."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    fields = draw(st.lists(st.sampled_from(sorted(HouseRules.model_fields)), unique=True, max_size=6))
    house = {field: draw(st.sampled_from(house_rule_options(field))) for field in sorted(fields)}
    # The rules that hold only together with a preset or another rule (docs/record.md): kept where they hold.
    if preset == "rommi":
        house.pop("rummy_call", None)
    else:
        house.pop("rommi_call_with_hand", None)
    if house.get("jokers_per_deck") == 3 and not house.get("jokers", PRESETS[preset].jokers):
        house["jokers"] = True
    return preset, house


def variant_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every preset (no house rules), every house-rule combination and each new house rule alone."""
    return [(vid, {}) for vid in PRESETS] + list(HOUSE_RULE_CASES) + list(NEW_RULE_CASES)


def case_id(variant_id: str, house: dict[str, Any]) -> str:
    """A short pytest id for a variant case."""
    if not house:
        return variant_id
    return variant_id + "+" + ",".join(f"{k}={v}" for k, v in sorted(house.items()))


def player_cases(with_house_rules: bool = True) -> Iterator[tuple[str, dict[str, Any], int]]:
    """(variant id, house rules, players) for every player count of every preset; a few for house rules."""
    for vid, variant in PRESETS.items():
        for n in range(variant.min_players, variant.max_players + 1):
            yield vid, {}, n
    if with_house_rules:
        for vid, house in HOUSE_RULE_CASES:
            variant = get_variant(vid, house)
            for n in sorted({variant.min_players, 3, 5, variant.max_players}):
                if variant.min_players <= n <= variant.max_players:
                    yield vid, house, n
        for vid, house in NEW_RULE_CASES:  # one deck and two (the calls need three players)
            yield vid, house, 3
            yield vid, house, 5


def deal(variant_id: str, house: dict[str, Any], players: int, seed: int, totals: list[int] | None = None) -> Round:
    """A fresh round (``totals``: the game totals before it)."""
    names = [f"P{i + 1}" for i in range(players)]
    return Round.deal(get_variant(variant_id, house), names, seed=seed, totals=totals)


def snapshot(state: Round) -> tuple[object, ...]:
    """Every field of a state, to compare before and after a move (the listing memo it keeps once asked
    for is not a field, so not part of the position)."""
    return tuple(getattr(state, name) for name in FIELDS)


def deck_of(variant: Variant, players: int) -> Counter[Card]:
    """The variant's deck for ``players`` players, as a multiset."""
    return Counter(make_deck(variant.decks(players), variant.joker_count))


def cards_in_play(state: Round) -> Counter[Card]:
    """Hands + stock + pile + table as a multiset, declared jokers counted as jokers."""
    found: Counter[Card] = Counter()
    for hand in state.hands:
        found.update(c.in_hand for c in hand)
    found.update(c.in_hand for c in state.stock)
    found.update(c.in_hand for c in state.pile)
    for meld in state.table:
        found.update(c.in_hand for c in meld.cards)
    return found


def action_key(state: Round, seat: int, move: Move) -> tuple[int, object]:
    """A move by a seat, normalised: ``take all`` and ``take len(pile)`` are the same move."""
    if isinstance(move, Take) and move.count is None:
        move = Take(len(state.pile))
    return seat, move


def _declarations(state: Round, naturals: list[Card], rng: random.Random) -> list[Card]:
    """Natural cards a joker might plausibly be declared as next to ``naturals``."""
    options: list[Card] = []
    for c in naturals:
        options += [Card.natural(c.rank, s) for s in range(4)]
        options += [Card.natural(r, c.suit) for r in range(max(1, c.rank - 3), min(13, c.rank + 3) + 1)]
    for meld in state.table:
        shape = meld.shape
        if shape.kind == "set":
            options += [Card.natural(shape.rank, s) for s in range(4)]
        else:
            for p in (shape.low - 1, shape.high + 1):
                if 1 <= p <= 14:
                    options.append(Card.natural(1 if p == 14 else p, shape.suit))
    return options or [rng.choice(NATURALS)]


def _with_jokers(cards: list[Card], state: Round, rng: random.Random) -> tuple[Card, ...]:
    """``cards`` with each bare joker declared (mostly plausibly, sometimes at random, rarely left bare)."""
    naturals = [c for c in cards if not c.is_joker]
    out = []
    for c in cards:
        if c is JOKER:
            roll = rng.random()
            if roll < 0.1:
                out.append(JOKER)
            elif roll < 0.3:
                out.append(Card.joker_as(rng.choice(NATURALS)))
            else:
                out.append(Card.joker_as(rng.choice(_declarations(state, naturals, rng))))
        else:
            out.append(c)
    return tuple(out)


def candidate_actions(state: Round, rng: random.Random) -> list[tuple[int, Move]]:
    """Plausible (seat, move) pairs for ``state``, legal or not."""
    seat = state.to_move
    seats = range(len(state.players))
    hand = state.hands[seat]
    pile = len(state.pile)
    out: list[tuple[int, Move]] = [(seat, DRAW), (seat, STOP), (seat, TAKE_ALL)]
    out += [(seat, Take(n)) for n in range(pile + 2)]
    out += [(s, Rommi(n)) for s in seats for n in range(pile + 2)]
    out += [(s, Rummy(n)) for s in seats for n in range(len(state.table) + 2)]
    out += [(seat, discard(c)) for c in dict.fromkeys(hand)]
    held = set(hand)
    absent = [c for c in (*NATURALS, JOKER) if c not in held]
    if absent:
        out.append((seat, discard(rng.choice(absent))))
    if JOKER in held:
        out.append((seat, discard(Card.joker_as(rng.choice(NATURALS)))))  # a joker goes to the pile bare
    for _ in range(8):
        if len(hand) < 3:
            break
        cards = rng.sample(hand, rng.choice((3, 4)) if len(hand) >= 4 else 3)
        out.append((seat, Meld(_with_jokers(cards, state, rng))))
    for number in range(len(state.table) + 2):
        for _ in range(3):
            if not hand:
                break
            cards = rng.sample(hand, min(len(hand), rng.choice((1, 1, 2))))
            out.append((seat, Layoff(_with_jokers(cards, state, rng), number)))
    # Someone else's turn: the same kinds of move by another seat.
    others = [s for s in seats if s != seat]
    for move in (DRAW, TAKE_ALL, STOP, *(discard(c) for c in hand[:2])):
        out.append((rng.choice(others), move))
    return out


def subsets(cards: tuple[Card, ...], low: int, high: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``cards`` of size ``low``..``high`` (as index combinations)."""
    for size in range(low, min(high, len(cards)) + 1):
        yield from combinations(cards, size)


def twin(state: Round, seat: int, rng: random.Random) -> Round:
    """``state`` with only what ``seat`` cannot see changed: the other hands and the stock dealt again from
    the same cards (each hand keeps its size and the cards it took from the pile and still holds, which
    everyone saw), and another seed. Another seat's draw from the stock is theirs alone."""
    shown = [c for i, cards in enumerate(state.shown) if i != seat for c in cards]
    hidden = list((Counter(c for i, h in enumerate(state.hands) if i != seat for c in h) - Counter(shown)).elements())
    hidden += list(state.stock)
    rng.shuffle(hidden)
    hands, dealt = [], 0
    for i, held in enumerate(state.hands):
        if i == seat:
            hands.append(held)
            continue
        count = len(held) - len(state.shown[i])
        hands.append(tuple(sorted((*state.shown[i], *hidden[dealt : dealt + count]), key=lambda c: c.index)))
        dealt += count
    drawn = state.drawn if seat == state.to_move else state.from_pile
    return state.with_hidden(tuple(hands), tuple(hidden[dealt:]), seed=state.seed + 7919, drawn=drawn)
