"""The rules reference, generated: every parameter of a variant (its description and value, from the
``Variant`` model itself) and the engine's own rulings (:mod:`tutor.rules.rulings`, from its data file), so the
Rules page can never disagree with the engine.

>>> from engine.variants import get_variant
>>> rows = {row.name: row for row in variant_reference(get_variant("femhundra", {"jokers": True}))}
>>> rows["pile_take"].value, rows["jokers"].value, rows["jokers"].house_rule
('whole_pile', 'yes', True)
>>> rulings()[0].startswith('**"At once" means first.**')
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.messages import MESSAGES
from engine.variants import PRESETS, Variant
from tutor.rules.rulings import rulings as rulings  # the Rules page's rulings, read from their data file

#: Fields that name the variant rather than a rule.
_NOT_RULES: Final = frozenset({"id", "name", "source", "house_rules"})


@dataclass(frozen=True)
class RuleRow:
    """One rule parameter: its engine name, what it means, its value as text, and whether a house rule set it."""

    name: str
    description: str
    value: str
    house_rule: bool


def value_text(value: object) -> str:
    """A parameter's value for a reader.

    >>> value_text(True), value_text(None), value_text(250), value_text(())
    ('yes', '—', '250', '—')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == ():
        return "—"
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def variant_reference(variant: Variant) -> list[RuleRow]:
    """Every rule parameter of ``variant``, in the model's order."""
    preset = PRESETS.get(variant.id)
    rows = []
    for name, field in type(variant).model_fields.items():
        if name in _NOT_RULES:
            continue
        value = getattr(variant, name)
        changed = name in variant.house_rules or (preset is not None and getattr(preset, name) != value)
        rows.append(RuleRow(name, field.description or "", value_text(value), changed))
    return rows


def variant_table_markdown() -> str:
    """The variant table of ``docs/rules.md``: every rule parameter (rows) of every preset (columns), from
    the ``Variant`` model and :data:`~engine.variants.PRESETS` (a test keeps the document equal to it)."""
    presets = list(PRESETS.values())
    lines = [
        "| rule | " + " | ".join(f"`{v.id}`" for v in presets) + " | meaning |",
        "|---|" + "---|" * len(presets) + "---|",
    ]
    for name, field in Variant.model_fields.items():
        if name in _NOT_RULES:
            continue
        cells = " | ".join(value_text(getattr(v, name)) for v in presets)
        lines.append(f"| `{name}` | {cells} | {field.description or ''} |")
    return "\n".join(lines)


def message_table_markdown() -> str:
    """The list of the engine's message keys in ``docs/rules.md``, each with its English sentence."""
    lines = ["| key | English sentence |", "|---|---|"]
    lines.extend("| `" + key + "` | " + text.replace("|", "\\|") + " |" for key, text in MESSAGES.items())
    return "\n".join(lines)
