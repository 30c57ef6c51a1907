"""Lesson templates: a variant's values filled into a text, and contrasts that read right for every variant.

A field is written ``{ace_high_value}``. Where a sentence sets two values against each other, it is
written as a **contrast**, with the words for both cases::

    {contrast:ace_low_value,ace_high_value|the low ace is worth {ace_low_value}, a high ace {ace_high_value}|an ace is worth {ace_high_value} wherever it lies}

The first text is read when the two values differ, the second when they are the same, so no variant
ever reads "the low ace is worth 15, a high ace 15". The pairs that must always be written so are
:data:`CONTRASTED`; :func:`loose_pairs` finds a template that names both fields of one outside a contrast.

>>> fill("In {name} {contrast:a,b|a is {a}, b is {b}|both are {a}}.", {"name": "x", "a": 1, "b": 2})
'In x a is 1, b is 2.'
>>> fill("{contrast:a,b|a is {a}, b is {b}|both are {a}}", {"a": 2, "b": 2})
'both are 2'
>>> loose_pairs("The low ace {ace_low_value}, the high ace {ace_high_value}.")
[('ace_low_value', 'ace_high_value')]
>>> loose_pairs("{contrast:ace_low_value,ace_high_value|{ace_low_value} or {ace_high_value}|{ace_high_value}}")
[]
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

#: Pairs of fields a text may only set against each other inside a contrast: their values coincide in
#: some variants (femhundra's aces, most presets' deals).
CONTRASTED: Final[tuple[tuple[str, str], ...]] = (
    ("ace_low_value", "ace_high_value"),
    ("cards_dealt", "cards_dealt_two_players"),
)

_OPEN: Final = "{contrast:"
#: A field, ``{name}``.
FIELD: Final = re.compile(r"\{([a-z_]+)\}")


class TemplateError(ValueError):
    """A template that cannot be filled: a contrast without its two texts, or naming an unknown field."""


def braced_parts(template: str, start: int, opener: str) -> tuple[int, list[str]] | None:
    """The choice that opens at ``start`` with ``opener`` (``{contrast:``, ``{if:``): the index just after its
    closing brace and its parts, split on the ``|`` at its own level (fields inside stay whole); None when the
    choice is not closed.

    >>> braced_parts("x {if:a=b|one {f}|two} y", 2, "{if:")
    (22, ['a=b', 'one {f}', 'two'])
    """
    depth, i, parts, part_start = 0, start, [], start + len(opener)
    while i < len(template):
        char = template[i]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                parts.append(template[part_start:i])
                return i + 1, parts
        elif char == "|" and depth == 1:
            parts.append(template[part_start:i])
            part_start = i + 1
        i += 1
    return None


def _contrasts(template: str) -> list[tuple[int, int, str, str, list[str]]]:
    """Every top-level contrast: (start, end, first field, second field, its texts)."""
    found = []
    start = template.find(_OPEN)
    while start != -1:
        choice = braced_parts(template, start, _OPEN)
        if choice is None:
            raise TemplateError(f"a contrast is not closed: {template[start:start + 60]!r}")
        end, (names, *texts) = choice
        fields = [name.strip() for name in names.split(",")]
        if len(fields) != 2 or len(texts) != 2:
            raise TemplateError(f"a contrast names two fields and has two texts: {template[start:end]!r}")
        found.append((start, end, fields[0], fields[1], texts))
        start = template.find(_OPEN, end)
    return found


def fill(template: str, fields: Mapping[str, object]) -> str:
    """``template`` with its contrasts decided and its fields filled; an unknown field is left as it is
    (``{like_this}``), so that a test can find it."""
    out, last = [], 0
    for start, end, first, second, (differ, same) in _contrasts(template):
        if first not in fields or second not in fields:
            raise TemplateError(f"a contrast names an unknown field: {first}, {second}")
        out.append(template[last:start])
        out.append(differ if fields[first] != fields[second] else same)
        last = end
    out.append(template[last:])
    decided = "".join(out)
    if _OPEN in decided:  # a contrast inside the text just chosen
        return fill(decided, fields)
    return FIELD.sub(lambda m: str(fields[m.group(1)]) if m.group(1) in fields else m.group(0), decided)


def check(template: str) -> None:
    """Raise :class:`TemplateError` when a contrast of ``template`` is not closed or lacks its two fields
    or its two texts (the loader calls it, so a bad lesson file names itself)."""
    for _, _, _, _, texts in _contrasts(template):
        for text in texts:
            check(text)


def loose_pairs(template: str) -> list[tuple[str, str]]:
    """The pairs of :data:`CONTRASTED` whose two fields the template names together outside the first
    text of a contrast on that very pair (where they may be set against each other)."""
    loose = []
    for pair in CONTRASTED:
        outside, last = [], 0
        for start, end, first, second, (_, same) in _contrasts(template):
            outside.append(template[last:start])
            if {first, second} != set(pair):
                outside.append(template[start:end])
            else:
                outside.append(same)
            last = end
        outside.append(template[last:])
        named = set(FIELD.findall("".join(outside)))
        if set(pair) <= named:
            loose.append(pair)
    return loose
