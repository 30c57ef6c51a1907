"""The card table's data as a shape: what :class:`tutor.seat.felt.FeltData` declares, field by field, for the
tests that check what Python sends (``test_felt_data``) and what the script reads (``test_felt_script_browser``).

A shape is a nested JSON-able description: ``{"object": {field: shape}}`` for a typed dict,
``{"list": shape}`` for a list (or a tuple), ``{"map": shape}`` for a dict keyed by any text (a selection, a
meld number), ``{"leaf": true}`` for text, a number or a truth value. A field that may be ``None`` has the
shape of what it is otherwise. A field's path names the typed dicts on the way, lists and maps left out:
``hand.v`` is the pick value of every card of the hand, ``legal.melds`` the listing's melds.

>>> sorted(declared(shape()))[:3]
['actions', 'actions.id', 'actions.primary']
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Sequence
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

from tutor.seat.felt import FeltData

Shape = dict[str, Any]


def shape(kind: Any = FeltData) -> Shape:
    """The shape of ``kind``, a typed dict of :mod:`tutor.seat.felt` or a type of one of its fields."""
    if is_typeddict(kind):
        return {"object": {name: shape(hint) for name, hint in get_type_hints(kind).items()}}
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, types.UnionType):
        present = [arg for arg in args if arg is not type(None)]
        assert len(present) == 1, f"a field is one kind of thing or None: {kind}"
        return shape(present[0])
    if origin in (list, tuple, Sequence):
        return {"list": shape(args[0])}
    if origin is dict:
        return {"map": shape(args[1])}
    assert kind in (str, int, bool) or origin is Literal, f"not JSON: {kind}"
    return {"leaf": True}


def declared(node: Shape, path: str = "") -> Iterator[str]:
    """The paths of every field ``node`` declares (under ``path``)."""
    if "object" in node:
        for name, inner in node["object"].items():
            here = f"{path}.{name}" if path else name
            yield here
            yield from declared(inner, here)
    elif "list" in node:
        yield from declared(node["list"], path)
    elif "map" in node:
        yield from declared(node["map"], path)


def sent(value: object, node: Shape, path: str = "") -> Iterator[str]:
    """What in ``value`` (data as sent, decoded from its JSON) does not fit ``node``: a field it lacks, a
    field it has that is not declared, a list or map where there is none; each said with its path."""
    if "object" in node:
        if not isinstance(value, dict):
            yield f"{path or 'the data'}: not an object"
            return
        fields = node["object"]
        for name in value.keys() - fields.keys():
            yield f"{path}.{name}: sent, not declared"
        for name in fields.keys() - value.keys():
            yield f"{path}.{name}: declared, not sent"
        for name in value.keys() & fields.keys():
            if value[name] is not None:
                yield from sent(value[name], fields[name], f"{path}.{name}" if path else name)
    elif "list" in node:
        if not isinstance(value, list):
            yield f"{path}: not a list"
            return
        for item in value:
            yield from sent(item, node["list"], path)
    elif "map" in node:
        if not isinstance(value, dict):
            yield f"{path}: not a map"
            return
        for item in value.values():
            yield from sent(item, node["map"], path)
    elif isinstance(value, dict | list):
        yield f"{path}: an object or list where text, a number or a truth value is declared"
