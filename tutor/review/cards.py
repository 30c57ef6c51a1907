"""What a review card trains and where it came from: a card is named by its key (``task:<scenario id>``
for a lesson task, ``decision:<game>:<round>:<turn>`` for a costly decision of a game), carries the table the
learner played at (the variant and its house rules) and its origin.

>>> task_key("duty-top-card-meld"), trained(task_key("duty-top-card-meld"))
('task:duty-top-card-meld', ('task', 'duty-top-card-meld'))
>>> decision_key("g7", 2, 14), trained("decision:g7:2:14")
('decision:g7:2:14', ('decision', 'g7:2:14'))
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final, Literal

from engine.variants import Variant, get_variant

#: Where a card came from: a wrong answer to a lesson task, a move the engine refused, a hint taken, a costly
#: decision of a Practice round or a guided hand (as the coach's round summary counts them).
Origin = Literal["wrong", "refused", "hint", "costly"]
ORIGINS: Final[tuple[Origin, ...]] = ("wrong", "refused", "hint", "costly")
#: What a card trains: a lesson task, or a game decision.
Trains = Literal["task", "decision"]


def task_key(scenario_id: str) -> str:
    """The key of the card that trains a lesson task."""
    return f"task:{scenario_id}"


def decision_key(game: str, round_number: int, turn: int) -> str:
    """The key of the card that trains a decision of a game (its round and the learner's turn in it)."""
    return f"decision:{game}:{round_number}:{turn}"


def trained(key: str) -> tuple[Trains, str]:
    """What a card key trains: ("task", scenario id) or ("decision", game:round:turn)."""
    kind, _, name = key.partition(":")
    if kind not in ("task", "decision") or not name:
        raise ValueError(f"{key!r} is not a review card's key")
    return ("task" if kind == "task" else "decision"), name


@dataclass(frozen=True, slots=True)
class Table:
    """The learner's table a card was made at: a preset id and its house rules."""

    variant: str
    house_rules: dict[str, object]

    @classmethod
    def of(cls, variant: Variant) -> Table:
        """The table that plays ``variant``."""
        return cls(variant.id, dict(variant.house_rule_values()))

    def to_json(self) -> str:
        """The house rules as the store keeps them."""
        return json.dumps(self.house_rules, sort_keys=True)

    @classmethod
    def from_stored(cls, variant: str, house_rules: str) -> Table:
        """The table as the store kept it."""
        loaded = json.loads(house_rules or "{}")
        return cls(variant, dict(loaded) if isinstance(loaded, dict) else {})

    def variant_played(self) -> Variant:
        """The engine's variant of this table."""
        return get_variant(self.variant, self.house_rules)
