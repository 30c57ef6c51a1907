"""The engine's speed shortcuts answer as the rules they stand for (issue 36, item 4).

- Rommi!: a discard that :data:`engine.rommi.MELD_HELPERS` rules out has no grounds by the full check.
- ``state.flags`` holds the variant's own values, for every preset and house rule, and follows the variant
  through ``replace``.
- A deal shuffles as ``random.Random(seed).shuffle`` does; scores read the same card values.
- A meld listing made anew (a cache miss) lists what the plain enumeration does, in its order: the lay-offs on a
  run (stretches below and above, each card held or a joker as it), the runs of a suit, the sets of a rank; a
  meld and a shape built slot by slot are the ones the constructors build.
- ``tools/engine_fingerprint.py`` gives the same digest twice (it is how a speed change is proved to change
  nothing: run it on the old tree and the new one and compare).
"""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations, product
from pathlib import Path

import pytest

from engine.cards import DECLARED, JOKER, NATURALS, Card, make_deck, parse_cards
from engine.flags import Flags
from engine.layoffs import _run_layoffs
from engine.melds import MAX_RUN, Shape, _new_shape, _rank_sets, _run_shapes, _suit_runs, meld_shape
from engine.moves import Meld, meld_of
from engine.rommi import MELD_HELPERS, call_grounds
from engine.round import Round
from engine.seeds import shuffle
from engine.variants import PRESETS, HouseRuleError, get_variant, house_rules_that_apply

ROOT = Path(__file__).resolve().parent.parent


def test_a_discard_the_quick_test_rules_out_has_no_grounds() -> None:
    rng = random.Random(36)
    variant = get_variant("rommi")
    deck = [*NATURALS, JOKER, JOKER]
    ruled_out = 0
    for _ in range(4000):
        pile = rng.sample(deck, rng.randint(1, 12))
        called = pile[-1]
        if called is JOKER or sum(card in MELD_HELPERS[called.index] for card in pile) >= 2:
            continue
        ruled_out += 1
        state = Round.from_position(variant, ["A", "B", "C"], [[], [], []], [NATURALS[0]], pile)
        assert not call_grounds(state), [str(c) for c in pile]
    assert ruled_out > 1000


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_states_flags_are_its_variants(preset: str) -> None:
    variants = [get_variant(preset)]
    for rule in house_rules_that_apply(preset):
        try:
            variants.append(get_variant(preset, {rule: not getattr(PRESETS[preset], rule)}))
        except (HouseRuleError, TypeError):
            continue
    for variant in variants:
        state = Round.deal(variant, ["A", "B", "C"], seed=1)
        for name in Flags.__slots__:
            if name in ("hand_values", "low_values", "variant"):
                continue
            assert getattr(state.flags, name) == getattr(variant, name), (variant.house_rules, name)
        cards = (*NATURALS, JOKER, *DECLARED)
        assert state.flags.hand_values == tuple(variant.card_value(c) for c in cards)
        assert state.flags.low_values == tuple(variant.card_value(c, low_ace=True) for c in cards)
        other = get_variant("dansk" if preset != "dansk" else "rommi")
        assert state.replace(variant=other).flags.variant is other
        assert state.replace(to_move=1).flags is state.flags


def test_a_deal_shuffles_as_random_shuffle_does() -> None:
    for seed in (*range(50), 10**15 + 3, -7):
        ours, theirs = make_deck(2, 3), make_deck(2, 3)
        shuffle(ours, seed)
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


def test_the_fingerprint_tool_is_deterministic() -> None:
    command = [sys.executable, str(ROOT / "tools" / "engine_fingerprint.py"), "--rounds", "1", "--only", "rommi/3/calls"]
    first, second = (subprocess.run(command, capture_output=True, text=True, check=True).stdout for _ in range(2))
    assert first == second and "rommi/3/calls" in first


def _plain_run_layoffs(suit: int, low: int, high: int, have: int, jokers: int) -> list[tuple[Card, ...]]:
    """The lay-offs on a run, enumerated plainly: every stretch of cards below the run (as long as it can be
    supplied) and, for each, above it; each card by the held card or a joker as it (every product, then the
    ones with too many jokers dropped); the same cards once where the run reaches thirteen."""
    card = [NATURALS[suit * 13 + (p if p < 14 else 1) - 1] for p in range(15)]
    held = {card[p] for p in range(1, 15) if have >> p & 1}

    def supplied(wanted: list[Card]) -> list[tuple[Card, ...]]:
        ways = [([c] if c in held else []) + ([DECLARED[c.index]] if jokers else []) for c in wanted]
        return [w for w in product(*ways) if sum(c.is_joker for c in w) <= jokers]

    length = high - low + 1
    options: list[tuple[Card, ...]] = []
    for n_below in range(low):
        below = [card[p] for p in range(low - n_below, low)]
        if n_below and not supplied(below):
            break
        for n_above in range(15 - high):
            if n_below + n_above == 0:
                continue
            if length + n_below + n_above > MAX_RUN:
                break
            ways = supplied(below + [card[p] for p in range(high + 1, high + 1 + n_above)])
            if not ways:
                break
            options.extend(ways)
    unique: dict[tuple[int, ...], tuple[Card, ...]] = {}
    for option in options:
        unique.setdefault(tuple(sorted(c.index for c in option)), option)
    return list(unique.values())


def test_a_runs_layoffs_are_the_plain_enumeration() -> None:
    rng = random.Random(36)
    for _ in range(3000):
        suit, low = rng.randrange(4), rng.randint(1, 12)
        high = rng.randint(low + 2, min(14, low + 12))
        body = (1 << (high + 1)) - (1 << low)
        have, jokers = rng.randrange(1 << 15) & ~1 & ~body, rng.choice((0, 1, 1, 2, 2, 3, 4))
        assert list(_run_layoffs.__wrapped__(suit, low, high, have, jokers)) == _plain_run_layoffs(
            suit, low, high, have, jokers
        ), (suit, low, high, bin(have), jokers)


def test_the_runs_and_sets_a_hand_allows_are_the_plain_enumeration() -> None:
    rng = random.Random(4)
    for _ in range(1500):
        suit, mask, jokers = rng.randrange(4), rng.randrange(1 << 15) & ~1, rng.choice((0, 1, 2, 3))
        plain: list[Meld] = []
        for natural, jokered in _run_shapes(mask, jokers):
            by_position = {p: NATURALS[suit * 13 + (p if p < 14 else 1) - 1] for p in natural}
            by_position |= {p: DECLARED[suit * 13 + (p if p < 14 else 1) - 1] for p in jokered}
            plain.append(Meld(tuple(by_position[p] for p in sorted(by_position))))
        listed = _suit_runs.__wrapped__(suit, mask, jokers)
        assert [m.cards for m in listed] == [m.cards for m in dict.fromkeys(plain)], (suit, bin(mask), jokers)
    for rank in range(1, 14):
        for suits in range(16):
            for jokers in range(4):
                held = [s for s in range(4) if suits >> s & 1]
                plain_sets = [
                    tuple(sorted([NATURALS[s * 13 + rank - 1] for s in natural] + [DECLARED[s * 13 + rank - 1] for s in wild], key=lambda c: c.suit))
                    for size in (3, 4)
                    for n in range(1, min(size, len(held)) + 1)
                    if size - n <= jokers
                    for natural in combinations(held, n)
                    for wild in combinations([s for s in range(4) if s not in natural], size - n)
                ]
                assert [m.cards for m in _rank_sets.__wrapped__(rank, suits, jokers)] == plain_sets


def test_a_meld_and_a_shape_built_slot_by_slot_are_the_constructors() -> None:
    for text in ("5H 6H 7H", "QS QH JK=QD", "JK=AS 2S 3S 4S", "QC KC AC"):
        cards = parse_cards(text)
        made, built = meld_of(cards), Meld(cards)
        assert all(getattr(made, name) == getattr(built, name) for name in ("_key", "_text", "cards", "kind"))
        assert made == built and str(made) == str(built)
        shape = meld_shape(cards)
        fields = {name: getattr(shape, name) for name in Shape.__dataclass_fields__}
        assert shape == Shape(**fields) == _new_shape(**fields) and hash(shape) == hash(Shape(**fields))
