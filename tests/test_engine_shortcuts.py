"""The engine's speed shortcuts answer as the rules they stand for (issue 36, item 4).

- Rommi!: a discard that :data:`engine.rommi.MELD_HELPERS` rules out has no grounds by the full check.
- ``state.flags`` holds the variant's own values, for every preset and house rule, and follows the variant
  through ``replace``.
- A deal shuffles as ``random.Random(seed).shuffle`` does; scores read the same card values.
- ``tools/engine_fingerprint.py`` gives the same digest twice (it is how a speed change is proved to change
  nothing: run it on the old tree and the new one and compare).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import DECLARED, JOKER, NATURALS, make_deck
from engine.flags import Flags
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
