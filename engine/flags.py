"""The variant's rule flags the engine reads on nearly every move, copied into plain slots
(:class:`Flags`): a state keeps its variant's (``state.flags``, made by :func:`flags_of`).

Why: a pydantic model's field costs about 65 ns to read (the model's ``__getattr__`` keeps the interpreter's
fast attribute path off), a slot about 15 ns, and a random-play decision reads about eleven
(``benchmarks/bench_engine.py``). Read the variant itself anywhere speed does not matter.
"""

from __future__ import annotations

from engine.cards import DECLARED, JOKER, NATURALS
from engine.variants import DiscardRestriction, DutyKind, EmptyStock, PileTake, Variant

__all__ = ["LAST_FLAGS", "Flags", "flags_of"]


class Flags:
    """The rule parameters the engine reads on nearly every move, copied from a :class:`Variant` into plain
    slots (the module says why).

    >>> from engine.variants import get_variant
    >>> flags = flags_of(get_variant("rommi"))
    >>> flags.rommi_call, flags.calls, flags.discard_restriction, flags is flags_of(get_variant("rommi"))
    (True, True, 'drawn_this_turn', True)
    """

    __slots__ = (
        "calls",
        "discard_restriction",
        "discard_restriction_exception",
        "duty",
        "duty_on_top_card",
        "duty_paid_by_layoff",
        "empty_stock",
        "going_out_requires_discard",
        "hand_values",
        "layoff_needs_own_meld",
        "low_values",
        "no_meld_first_turn",
        "pile_take",
        "rommi_call",
        "rommi_call_with_hand",
        "rummy_call",
        "unusable_pile_penalty",
        "variant",
    )

    def __init__(self, variant: Variant) -> None:
        #: The variant they were copied from.
        self.variant = variant
        #: Whether a call out of turn is played at all (:attr:`Variant.calls`).
        self.calls: bool = variant.calls
        self.discard_restriction: DiscardRestriction = variant.discard_restriction
        self.discard_restriction_exception: bool = variant.discard_restriction_exception
        self.duty: DutyKind = variant.duty
        self.duty_on_top_card: bool = variant.duty_on_top_card
        self.duty_paid_by_layoff: bool = variant.duty_paid_by_layoff
        self.empty_stock: EmptyStock = variant.empty_stock
        self.going_out_requires_discard: bool = variant.going_out_requires_discard
        self.layoff_needs_own_meld: bool = variant.layoff_needs_own_meld
        self.no_meld_first_turn: bool = variant.no_meld_first_turn
        self.pile_take: PileTake = variant.pile_take
        self.rommi_call: bool = variant.rommi_call
        self.rommi_call_with_hand: bool = variant.rommi_call_with_hand
        self.rummy_call: bool = variant.rummy_call
        self.unusable_pile_penalty: int | None = variant.unusable_pile_penalty
        cards = (*NATURALS, JOKER, *DECLARED)  # in index order
        #: By card index, :meth:`Variant.card_value` of the card: in hand, in a set, or high in a run.
        self.hand_values: tuple[int, ...] = tuple(variant.card_value(card) for card in cards)
        #: By card index, :meth:`Variant.card_value` of the card as the low ace of a run (others as in hand).
        self.low_values: tuple[int, ...] = tuple(variant.card_value(card, low_ace=True) for card in cards)


# The flags of the variants seen last, by the variant's identity (kept with the variant, so the identity
# cannot pass to another object while it is kept)
KEPT_FLAGS: dict[int, Flags] = {}
KEPT_FLAGS_MOST = 64
#: The flags :func:`flags_of` gave last (None before the first): a state is nearly always made with the
#: variant of the state before it, so making one asks this first (an identity check, no dictionary).
LAST_FLAGS: list[Flags | None] = [None]


def flags_of(variant: Variant) -> Flags:
    """The :class:`Flags` of ``variant``, made once while it is in use."""
    kept = KEPT_FLAGS.get(id(variant))
    if kept is None or kept.variant is not variant:
        if len(KEPT_FLAGS) >= KEPT_FLAGS_MOST:
            KEPT_FLAGS.clear()
        kept = KEPT_FLAGS[id(variant)] = Flags(variant)
    LAST_FLAGS[0] = kept
    return kept
