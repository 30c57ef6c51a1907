"""The five presets side by side, generated from the engine's ``Variant`` model, and a cheat sheet.

Every row of the table is a field of :class:`engine.variants.Variant` (never a hand-written list, so the
table cannot drift from the rules the engine plays); every cell is the preset's value put in words
(``compare.values.*`` strings); a row is flagged when the variants disagree, and each such row carries a
sentence saying what the difference means (``compare.why.*``). The chosen variant's column can show
the table's house rules, with the cells they changed marked.

>>> table = compare_grid()
>>> table.row("pile_take").texts()
('whole pile only', 'any card, with every card above it', 'any card, with every card above it', 'any card, with every card above it', 'any card, with every card above it')
>>> table.row("pile_take").differs, table.row("joker_value").differs
(True, False)
>>> from engine.variants import get_variant
>>> mine = compare_grid(get_variant("femhundra", {"jokers": True}))
>>> cell = mine.row("jokers").cells[0]
>>> cell.text, cell.changed, mine.columns[0]
('yes, wild', True, 'femhundra')

``python -m tutor.compare --stats`` writes ``tutor/data/variant_stats.json`` (see :mod:`tutor.compare.stats`);
``python -m tutor.compare --sheet femhundra`` prints a cheat sheet.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import Final

from engine.variants import PRESETS, Variant, get_variant
from tutor.charts.scores import card_value_labels, card_values
from tutor.i18n.strings import pick_language, t, template, variant_name, variant_source
from tutor.i18n.style import Style

#: Fields that name a preset rather than a rule: shown, but never flagged as a difference.
IDENTITY_FIELDS: Final = ("id", "name", "source")
#: Fields a page or sheet does not repeat as rows: the column heads (or the sheet's title) name each preset,
#: and its id is notation (what a record file or a ``?variant=`` link says), not a rule.
NAMED_BY_HEADS: Final = ("id", "name")


def variant_fields() -> list[str]:
    """Every field of the ``Variant`` model, in the model's order.

    >>> variant_fields()[:4]
    ['id', 'name', 'source', 'min_players']
    """
    return list(Variant.model_fields)


def _lookup(key: str, language: str | Style) -> str | None:
    """A catalogue string, in ``language`` or English, or None when there is none."""
    return template(key, language)


def _value_key(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None or value == ():
        return "none"
    return str(value)


def field_label(field: str, language: str | Style = "en") -> str:
    """The short label of a rule (``compare.labels.<field>``).

    >>> field_label("pile_take")
    'Taking from the discard pile'
    """
    return t(f"compare.labels.{field}", language)


def field_meaning(field: str, language: str | Style = "en") -> str:
    """What a rule means at the table, in one sentence for a learner (``compare.why.<field>``): the Compare
    page says it of a rule the variants disagree on, the Rules page of every rule.

    >>> field_meaning("pile_take")
    'femhundra lets you take only the whole discard pile; the others let you dig down to any card, taking every card above it with it.'
    """
    return t(f"compare.why.{field}", language)


def cell_text(variant: Variant, field: str, language: str | Style = "en") -> str:
    """The value of ``field`` in ``variant``, for people: a text per value (``compare.values.<field>.<value>``),
    else the field's template (``…any``, with ``{value}`` and ``{target}``), else the value as it is.

    >>> v = get_variant("dansk")
    >>> cell_text(v, "target_compare"), cell_text(v, "two_decks_from"), cell_text(v, "ace_low_value")
    ('reach it: ≥ 500', 'never: one deck of 52', '1 point')
    >>> cell_text(get_variant("femhundra"), "ace_low_value"), cell_text(get_variant("femhundra", {"ace_high_value": 25}), "ace_low_value")
    ('15, like every ace', '15 points')
    >>> cell_text(get_variant("femhundra", {"going_out_bonus": 50, "jokers": True}), "house_rules")
    'Going-out bonus, Jokers'
    """
    if field == "name":  # the variant as the learner's country names it, and what it follows, in their words
        return variant_name(variant, language)
    if field == "source":
        return variant_source(variant, language)
    value = getattr(variant, field)
    if field == "house_rules" and value:
        return house_rules_text(value, language)
    if field == "ace_low_value" and value == variant.ace_high_value:
        # "15, like every ace": true only while a high ace is worth the same
        return value_words(field, value, language, variant.target, key="like_high")
    return value_words(field, value, language, variant.target)


def house_rules_text(fields: Sequence[str], language: str | Style = "en") -> str:
    """House rules by their labels, for a sentence: ``Going-out bonus, Jokers``.

    >>> house_rules_text(("ace_high_value", "jokers"))
    'An ace high (Q-K-A) or in hand, Jokers'
    """
    return ", ".join(field_label(name, language) for name in fields)


def house_rule_phrases(variant: Variant, language: str | Style = "en") -> list[str]:
    """Each house rule of ``variant`` with its value (``Jokers: yes``), in the order the variant names them.

    >>> house_rule_phrases(get_variant("femhundra", {"unusable_pile_penalty": 100}))
    ['A take you cannot use: allowed, costs 100 points']
    """
    return [
        t("compare.rule_with_value", language, rule=field_label(name, language), value=cell_text(variant, name, language))
        for name in variant.house_rules
    ]


def house_rules_values_text(variant: Variant, language: str | Style = "en") -> str:
    """The house rules of ``variant`` with their values, for a sentence that says which rules a table plays.

    >>> house_rules_values_text(get_variant("femhundra", {"jokers": True, "going_out_bonus": 50}))
    'Going-out bonus: +50 points, Jokers: yes, wild'
    """
    return ", ".join(house_rule_phrases(variant, language))


def table_text(variant: Variant, language: str | Style = "en") -> str:
    """The table ``variant`` is: its name, then each house rule with its value.

    >>> table_text(get_variant("femhundra")), table_text(get_variant("femhundra", {"cards_dealt": 6}))
    ('femhundra', 'femhundra + Cards dealt (3 or more players): 6 cards')
    """
    return " + ".join([variant_name(variant, language), *house_rule_phrases(variant, language)])


def value_words(field: str, value: object, language: str | Style = "en", target: int = 500, key: str | None = None) -> str:
    """``value`` of the rule ``field`` in words (``compare.values.<field>.<value>``, else ``…any``), as in
    :func:`cell_text`; ``target``: the game's target, for the texts that name it.

    >>> value_words("tie_rule", "another_round"), value_words("target_compare", "above", target=1000)
    ('play another round', 'pass it: > 1000')
    >>> value_words("unusable_pile_penalty", 50), value_words("going_out_bonus", 0), value_words("target", 250)
    ('allowed, costs 50 points', 'none', '250 points')
    """
    prefix = f"compare.values.{field}"
    text = _lookup(f"{prefix}.{key or _value_key(value)}", language)
    if text is None and value is not None:
        text = _lookup(f"{prefix}.any", language)
    if text is not None:
        return text.format(value=value, target=target)
    if isinstance(value, bool):
        return t("compare.word_yes" if value else "compare.word_no", language)
    if value is None or value == ():
        return t("compare.none", language)
    return str(value)


@dataclass(frozen=True)
class Cell:
    """One preset's value of one rule, in words; ``changed``: a house rule changed it from the preset."""

    text: str
    changed: bool = False


@dataclass(frozen=True)
class Row:
    """One field of the model: its label and description, one cell per column, whether the columns differ,
    and (when they do) what the difference means."""

    field: str
    label: str
    description: str
    cells: tuple[Cell, ...]
    differs: bool
    why: str | None
    identity: bool

    def texts(self) -> tuple[str, ...]:
        """The cells' texts, in column order."""
        return tuple(cell.text for cell in self.cells)


@dataclass(frozen=True)
class CompareGrid:
    """The rules of several variants side by side: a column per variant, a row per field of the model."""

    columns: tuple[str, ...]
    names: tuple[str, ...]
    sources: tuple[str, ...]
    rows: tuple[Row, ...]
    chosen: str | None = None
    house_rules: tuple[str, ...] = ()

    def row(self, field: str) -> Row:
        """The row of ``field``; ``KeyError`` if there is none."""
        for row in self.rows:
            if row.field == field:
                return row
        raise KeyError(field)

    def column(self, variant_id: str) -> dict[str, Cell]:
        """The cells of one column, by field."""
        index = self.columns.index(variant_id)
        return {row.field: row.cells[index] for row in self.rows}

    def shown_rows(self) -> tuple[Row, ...]:
        """The rows a page or sheet shows: every row but those :data:`NAMED_BY_HEADS`."""
        return tuple(row for row in self.rows if row.field not in NAMED_BY_HEADS)


def rules_table(variants: Sequence[Variant], language: str | Style = "en") -> CompareGrid:
    """The table of ``variants`` (one column each), generated from the fields of the model.

    A cell is ``changed`` when its variant is a preset with house rules and the value differs from the
    preset's. A rule row ``differs`` when its cells are not all the same.
    """
    rows = []
    for field, info in Variant.model_fields.items():
        cells = []
        for variant in variants:
            preset = PRESETS.get(variant.id)
            changed = preset is not None and getattr(preset, field) != getattr(variant, field)
            cells.append(Cell(cell_text(variant, field, language), changed))
        identity = field in IDENTITY_FIELDS
        differs = not identity and len({c.text for c in cells}) > 1
        rows.append(
            Row(
                field=field,
                label=field_label(field, language),
                description=info.description or "",
                cells=tuple(cells),
                differs=differs,
                why=field_meaning(field, language) if differs else None,
                identity=identity,
            )
        )
    return CompareGrid(
        columns=tuple(v.id for v in variants),
        names=tuple(variant_name(v, language) for v in variants),
        sources=tuple(variant_source(v, language) for v in variants),
        rows=tuple(rows),
    )


def apply_house_rules(table: CompareGrid, chosen: Variant, language: str | Style = "en") -> CompareGrid:
    """``table`` with the chosen variant (a preset with house rules) in its preset's column: the cells the
    house rules changed are marked, and the rows' differences are worked out again.

    >>> base = compare_grid()
    >>> mine = apply_house_rules(base, get_variant("dansk", {"going_out_bonus": 50}))
    >>> base.row("going_out_bonus").differs, mine.row("going_out_bonus").differs
    (False, True)
    >>> [c.text for c in mine.row("going_out_bonus").cells if c.changed]
    ['+50 points']
    """
    if chosen.id not in table.columns:
        return table
    index = table.columns.index(chosen.id)
    rows = []
    for row in table.rows:
        cells = list(row.cells)
        preset = PRESETS.get(chosen.id)
        changed = preset is not None and getattr(preset, row.field) != getattr(chosen, row.field)
        cells[index] = Cell(cell_text(chosen, row.field, language), changed)
        differs = not row.identity and len({c.text for c in cells}) > 1
        why = field_meaning(row.field, language) if differs else None
        rows.append(replace(row, cells=tuple(cells), differs=differs, why=why))
    return replace(table, rows=tuple(rows), chosen=chosen.id, house_rules=chosen.house_rules)


def compare_grid(chosen: Variant | None = None, language: str | Style = "en") -> CompareGrid:
    """The five presets side by side; with ``chosen``, its house rules shown in its preset's column."""
    table = rules_table(list(PRESETS.values()), language)
    return apply_house_rules(table, chosen, language) if chosen is not None else table


def differences(table: CompareGrid) -> list[Row]:
    """The rows where the variants disagree, each with its explanation."""
    return [row for row in table.rows if row.differs]


# --- the cheat sheet -----------------------------------------------------------------------------

_SHEET_CSS: Final = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: Georgia, 'DejaVu Serif', serif; font-size: 10.5pt; color: #111; margin: 0 auto;
  max-width: 190mm; padding: 8mm 0; line-height: 1.3; }
h1 { font-size: 17pt; margin: 0 0 2mm 0; }
h2 { font-size: 12pt; margin: 4mm 0 1.5mm 0; border-bottom: 1px solid #999; }
p, ul { margin: 1mm 0; }
.source { font-style: italic; color: #444; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #bbb; padding: 1mm 2mm; vertical-align: top; text-align: left; }
th { background: #eee; }
td.changed { background: #fff3c4; font-weight: bold; }
table.values td, table.values th { text-align: center; padding: 1mm; }
footer { margin-top: 4mm; font-size: 8.5pt; color: #555; }
@media print {
  body { padding: 0; font-size: 8.5pt; max-width: none; line-height: 1.2; }
  h1 { font-size: 14pt; } h2 { font-size: 10.5pt; margin: 2.5mm 0 1mm 0; }
  td, th { padding: 0.4mm 1.5mm; }
  h2, table, tr { break-inside: avoid; }
}
"""


def cheat_sheet_html(variant: Variant, language: str | Style = "en") -> str:
    """One printable page (HTML with print CSS) for a table playing ``variant``: every rule of it, from the
    same generated table, the house rules applied, what each card is worth, how a round scores, the source.
    """
    table = compare_grid(variant, language) if variant.id in PRESETS else rules_table([variant], language)
    column = table.column(variant.id)
    preset = PRESETS.get(variant.id)
    esc = escape
    parts = [
        "<!doctype html>",
        f'<html lang="{esc(pick_language(language))}"><head><meta charset="utf-8">',
        f"<title>{esc(t('compare.sheet.title', language, variant=variant_name(variant, language)))}</title>",
        f"<style>{_SHEET_CSS}</style></head><body>",
        f"<h1>{esc(t('compare.sheet.title', language, variant=variant_name(variant, language)))}</h1>",
        f'<p class="source">{esc(t("compare.sheet.source", language, source=variant_source(variant, language)))}</p>',
        f"<h2>{esc(t('compare.sheet.house_rules', language))}</h2>",
    ]
    if variant.house_rules and preset is not None:
        lines = [
            t(
                "compare.sheet.house_rule_line",
                language,
                label=field_label(name, language),
                value=cell_text(variant, name, language),
                preset=cell_text(preset, name, language),
            )
            for name in variant.house_rules
        ]
        parts.append("<ul>" + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ul>")
    else:
        parts.append(f"<p>{esc(t('compare.sheet.no_house_rules', language))}</p>")
    parts.append(f"<h2>{esc(t('compare.sheet.rules', language))}</h2><table>")
    for row in table.shown_rows():
        cell = column[row.field]
        mark = ' class="changed"' if cell.changed else ""
        parts.append(f"<tr><th>{esc(row.label)}</th><td{mark}>{esc(cell.text)}</td></tr>")
    parts.append("</table>")
    labels = card_value_labels(language)
    values = card_values(variant)
    shown = [(label, value) for label, value in zip(labels, values, strict=True) if value is not None]
    parts.append(f"<h2>{esc(t('compare.sheet.values', language))}</h2><table class=\"values\">")
    parts.append(f"<tr><th>{esc(t('compare.sheet.card', language))}</th>" + "".join(f"<th>{esc(label)}</th>" for label, _ in shown) + "</tr>")
    parts.append(f"<tr><th>{esc(t('compare.sheet.points', language))}</th>" + "".join(f"<td>{value}</td>" for _, value in shown) + "</tr>")
    parts.append("</table>")
    parts.append(f"<h2>{esc(t('compare.sheet.scoring', language))}</h2>")
    parts.append(f"<p>{esc(t('compare.sheet.scoring_text', language))}</p>")
    parts.append(f"<footer>{esc(t('compare.sheet.footer', language))}</footer></body></html>")
    return "\n".join(parts) + "\n"


def cheat_sheet_name(variant: Variant) -> str:
    """The download's file name.

    >>> cheat_sheet_name(get_variant("500-rum", {"jokers": True}))
    '500-rum-house-rules-cheat-sheet.html'
    """
    return f"{variant.id}{'-house-rules' if variant.house_rules else ''}-cheat-sheet.html"


# --- command line --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """``python -m tutor.compare --stats`` (write the statistics file) or ``--sheet VARIANT`` (print a cheat sheet)."""
    from tutor.compare import stats

    parser = argparse.ArgumentParser(prog="python -m tutor.compare", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--stats", action="store_true", help=f"write {stats.STATS_PATH.name} (seeded, reproducible)")
    parser.add_argument("--rounds", type=int, default=stats.ROUNDS, help="rounds per variant and table size")
    parser.add_argument("--seed", type=int, default=stats.SEED)
    parser.add_argument("--out", type=Path, default=stats.STATS_PATH, help="where to write the statistics")
    parser.add_argument("--sheet", metavar="VARIANT", help="print the cheat sheet of a preset (HTML)")
    args = parser.parse_args(argv)
    if args.sheet:
        try:
            print(cheat_sheet_html(get_variant(args.sheet)), end="")
        except KeyError as error:
            print(error.args[0], file=sys.stderr)
            return 2
        return 0
    if not args.stats:
        parser.print_help()
        return 2
    data = stats.generate(rounds=args.rounds, seed=args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(stats.stats_text(data), encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
