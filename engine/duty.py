"""The duty that comes with a take from the discard pile: which cards must be laid, and how.

>>> from engine.variants import get_variant
>>> duty = duty_for(get_variant("dansk"), parse_cards("9H 5C 2D"))
>>> [str(c) for c in duty.owed], duty.layoff_pays
(['9H'], True)
>>> duty_for(get_variant("dansk"), parse_cards("2D")) is None  # the top card alone carries no duty
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.cards import Card
from engine.errors import RulesError
from engine.round_parts import BY_INDEX
from engine.variants import Variant


@dataclass(frozen=True, slots=True)
class Duty:
    """What a take from the pile still obliges the taker to lay.

    ``owed`` cards (as held in hand) must each be laid; with ``any_of`` (femhundra) one new meld holding
    any of them pays it all. ``layoff_pays``: a lay-off of an owed card counts.
    """

    owed: tuple[Card, ...]
    any_of: bool
    layoff_pays: bool

    def pays(self, cards: tuple[Card, ...], is_meld: bool) -> bool:
        """Whether laying ``cards`` (as a meld, or as a lay-off) pays at least part of the duty."""
        if not is_meld and not self.layoff_pays:
            return False
        owed = self.owed
        for card in cards:  # noqa: SIM110 (a loop, not any(): asked of every lay listed while a duty is owed)
            if card.in_hand in owed:
                return True
        return False

    def after(self, cards: tuple[Card, ...]) -> Duty | None:
        """The duty left once ``cards`` (which pay it) are laid; None when it is paid in full."""
        if self.any_of:
            return None
        rest = list(self.owed)
        for card in cards:
            if card.in_hand in rest:
                rest.remove(card.in_hand)
        return Duty(tuple(rest), self.any_of, self.layoff_pays) if rest else None

    def refusal(self, variant: Variant) -> RulesError:
        """The refusal (``taken_card_not_used``) of anything else tried first: the duty reminder."""
        if self.any_of:
            return RulesError("taken_card_not_used", "duty.new_meld_first", variant=variant.name)
        return RulesError("taken_card_not_used", "duty.lay_first" if self.layoff_pays else "duty.meld_first", owed=self.owed)


def duty_for(variant: Variant, taken: tuple[Card, ...], called: Card | None = None) -> Duty | None:
    """The duty of taking ``taken`` (deepest first) from the pile; ``called``: the card of a Rommi call."""
    if called is None and len(taken) == 1 and not variant.duty_on_top_card:
        return None  # the top card alone is free (the house rule top_card_free, or the variant's own rule)
    if variant.duty == "new_meld_any_taken":
        return _duty(tuple(sorted(taken, key=BY_INDEX)), True, False)
    owed = [taken[0]] if (len(taken) > 1 or variant.duty_on_top_card) else []
    if called is not None:
        owed = [called] + ([taken[0]] if len(taken) > 1 else [])
    return _duty(tuple(owed), False, variant.duty_paid_by_layoff) if owed else None


@lru_cache(maxsize=1 << 12)
def _duty(owed: tuple[Card, ...], any_of: bool, layoff_pays: bool) -> Duty:
    """The (shared) duty of these values: a duty never changes, and a take makes one nearly every turn."""
    return Duty(owed, any_of, layoff_pays)


def unusable_refusal(variant: Variant, deepest: Card) -> RulesError:
    """Why a take is refused when its duty could not be paid (``taken_card_unusable``)."""
    if variant.duty == "new_meld_any_taken":
        return RulesError("taken_card_unusable", "take.unusable_new_meld", variant=variant.name)
    reason = "take.unusable" if variant.duty_paid_by_layoff else "take.unusable_meld_only"
    return RulesError("taken_card_unusable", reason, card=deepest)
