"""Reading a YAML or JSON data file that a stranger wrote: bounded in size, depth and number length,
and fast (libyaml's ``CSafeLoader`` where it is installed).

Every problem is a :class:`~engine.errors.RecordError` naming the source and the field, never a
traceback: a file over :data:`MAX_BYTES`, bytes that are not UTF-8, nesting deeper than
:data:`MAX_DEPTH`, an integer or float of more than :data:`MAX_NUMBER_DIGITS` characters, a lone
surrogate, an explicit YAML tag (``!!int abc``), an anchor or alias, a key that is not a plain scalar,
and a value that YAML itself cannot build (``2001-13-45``).

The text is first read as a stream of events (an iterative parse, so even 100,000 levels of nesting
cost no recursion), with the path of each value kept to name the field; only a text that passes is
built into Python objects.

>>> safe_load("players: [Anna, Bertil]\\nseed: 7", "game.yaml")
{'players': ['Anna', 'Bertil'], 'seed': 7}
>>> safe_load("seed: !!int abc", "game.yaml")
Traceback (most recent call last):
...
engine.errors.RecordError: game.yaml: seed: has a YAML tag (!!int); write plain values, without tags
>>> safe_load("moves: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]", "deep.json")
Traceback (most recent call last):
...
engine.errors.RecordError: deep.json: moves[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: is nested more than 32 levels deep
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Final

import yaml
from yaml.events import (
    AliasEvent,
    CollectionEndEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingStartEvent,
    NodeEvent,
    ScalarEvent,
    SequenceStartEvent,
)

from engine.errors import RecordError

#: The largest data file read, in bytes (1 MB, as Streamlit counts it: 1024 × 1024).
MAX_BYTES: Final = 1024 * 1024
#: The deepest nesting of lists and mappings accepted (a record is four levels deep).
MAX_DEPTH: Final = 32
#: The longest number accepted, in characters (Python refuses to read integers of over 4,300 digits).
MAX_NUMBER_DIGITS: Final = 100

#: libyaml's parser where PyYAML was built with it, else PyYAML's own (slower, just as safe here).
LOADER: Final[type[yaml.SafeLoader]] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_SURROGATE: Final = re.compile("[\ud800-\udfff]")
_RESOLVER: Final = yaml.resolver.Resolver()
_NUMBER_TAGS: Final = frozenset({"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"})
_TIMESTAMP_TAG: Final = "tag:yaml.org,2002:timestamp"
_TAG_PREFIX: Final = "tag:yaml.org,2002:"


def check_size(size: int, source: str) -> None:
    """``RecordError`` when a file of ``size`` bytes is too large to read.

    >>> check_size(10, "game.yaml")
    >>> check_size(MAX_BYTES + 1, "game.yaml")
    Traceback (most recent call last):
    ...
    engine.errors.RecordError: game.yaml: file: is larger than 1 MB (1048577 bytes; the limit is 1048576)
    """
    if size > MAX_BYTES:
        raise RecordError(source, "file", "too_large", size=size, limit=MAX_BYTES)


def read_text(path: str | Path, source: str | None = None) -> str:
    """The text of a data file of at most :data:`MAX_BYTES`, decoded as UTF-8; ``RecordError`` otherwise.

    Never reads more than one byte past the limit, so a huge file costs no time or memory.
    """
    source = str(path) if source is None else source
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                try:
                    size = max(file.seek(0, 2), len(data))
                except OSError:  # a pipe or a device: its size is not known
                    size = len(data)
                check_size(max(size, MAX_BYTES + 1), source)
    except OSError as error:
        raise RecordError(source, "file", "unreadable", reason=error.strerror or error.__class__.__name__) from None
    return decode(data, source)


def decode(data: bytes, source: str) -> str:
    """``data`` as UTF-8 text (a byte-order mark is dropped); ``RecordError`` naming the first bad byte."""
    check_size(len(data), source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(source, "file", "not_utf8", byte=error.start) from None


def safe_load(text: str, source: str) -> Any:
    """The one YAML (or JSON) document in ``text``, checked as the module says; None for an empty text."""
    documents = safe_load_all(text, source)
    if len(documents) > 1:
        raise RecordError(source, "file", "several_documents")
    return documents[0] if documents else None


def safe_load_all(text: str, source: str) -> list[Any]:
    """Every YAML document in ``text``, checked as the module says."""
    check_size(len(text.encode("utf-8", "surrogatepass")), source)
    text = json_pairs(text)
    surrogate = _SURROGATE.search(text)
    if surrogate:
        line = text.count("\n", 0, surrogate.start()) + 1
        raise RecordError(source, "file", "lone_surrogate_line", line=line)
    _check_events(text, source)
    try:
        return list(yaml.load_all(text, Loader=LOADER))
    except yaml.MarkedYAMLError as error:
        raise _not_yaml(error, source) from None
    except (yaml.YAMLError, ValueError, TypeError, KeyError, OverflowError, RecursionError) as error:
        raise RecordError(source, "file", "yaml_cannot_read", kind=error.__class__.__name__) from None


#: A JSON surrogate pair written as two escapes, ``\ud83c\udca1`` (an even run of backslashes before it).
_PAIR: Final = re.compile(r"(?<!\\)((?:\\\\)*)\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})")


def json_pairs(text: str) -> str:
    r"""``text`` with every surrogate pair in a double-quoted string, written as JSON writes a character
    outside the Basic Multilingual Plane (``"\ud83c\udca1"``, Python's ``json.dumps``), written as the one
    escape YAML reads (``"\U0001F0A1"``): JSON escapes then read as JSON reads them. A lone surrogate
    stays one (and is refused); a text YAML cannot scan is left as it is (and refused as it was).

    >>> print(json_pairs(r'{"players": ["\ud83c\udca1 Anna", "Bertil"]}'))
    {"players": ["\U0001F0A1 Anna", "Bertil"]}
    >>> print(json_pairs(r"name: \ud83c\udca1"))  # outside quotes a backslash is itself
    name: \ud83c\udca1
    """
    if not _PAIR.search(text):
        return text
    try:  # PyYAML's own scanner: libyaml refuses a surrogate escape while scanning
        spans = [
            (token.start_mark.index, token.end_mark.index)
            for token in yaml.scan(text, Loader=yaml.SafeLoader)
            if isinstance(token, yaml.ScalarToken) and token.style == '"'
        ]
    except yaml.YAMLError:
        return text
    parts, done = [], 0
    for start, end in spans:
        parts += [text[done:start], _PAIR.sub(_joined, text[start:end])]
        done = end
    return "".join(parts) + text[done:]


def _joined(match: re.Match[str]) -> str:
    """One surrogate pair's two escapes as the one escape of the character they make."""
    high, low = int(match.group(2), 16), int(match.group(3), 16)
    return f"{match.group(1)}\\U{0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00):08X}"


def _not_yaml(error: yaml.MarkedYAMLError, source: str) -> RecordError:
    """The refusal of a text YAML cannot parse, at the place it names when it names one."""
    mark = error.problem_mark or error.context_mark
    if mark is None:
        return RecordError(source, "file", "not_yaml")
    return RecordError(source, "file", "not_yaml_at", line=mark.line + 1, column=mark.column + 1)


class _Frame:
    """A list or mapping being read: its place in the path and the next item's."""

    __slots__ = ("expect_key", "index", "is_map", "key")

    def __init__(self, is_map: bool) -> None:
        self.is_map = is_map
        self.index = 0
        self.key = ""
        self.expect_key = True


def _path(stack: list[_Frame], key: str | None = None) -> str:
    """The field being read, like ``deal.hands.Anna[2]`` (``key``: the key being read in the innermost mapping)."""
    text = ""
    for depth, frame in enumerate(stack):
        if not frame.is_map:
            text += f"[{frame.index}]"
            continue
        if depth == len(stack) - 1 and frame.expect_key:
            if key is None:
                break
            part = key
        else:
            part = frame.key
        text += f".{part}" if text else part
    return text or "file"


def _shown(value: str) -> str:
    """A key as it may appear in a field name: short, with no surrogate or control character."""
    clean = "".join(ch if ch.isprintable() and not _SURROGATE.match(ch) else "?" for ch in value[:40])
    return clean + ("…" if len(value) > 40 else "")


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG_PREFIX) :] if tag.startswith(_TAG_PREFIX) else tag


def _check_events(text: str, source: str) -> None:
    """Walk the YAML events of ``text``; ``RecordError`` for the first thing the module refuses."""
    stack: list[_Frame] = []
    try:
        for event in yaml.parse(text, Loader=LOADER):
            if isinstance(event, DocumentStartEvent | DocumentEndEvent):
                continue
            if isinstance(event, CollectionEndEvent):
                stack.pop()
                if stack:
                    _advance(stack[-1])
                continue
            if not isinstance(event, NodeEvent):
                continue
            is_key = bool(stack) and stack[-1].is_map and stack[-1].expect_key
            if is_key and not isinstance(event, ScalarEvent):
                raise RecordError(source, _path(stack), "key_not_plain")
            key = _shown(event.value) if is_key and isinstance(event, ScalarEvent) else None
            if key == "<<" and isinstance(event, ScalarEvent) and event.style in (None, ""):
                raise RecordError(source, _path(stack), "merge_key")
            field = _path(stack, key)
            if isinstance(event, AliasEvent) or event.anchor is not None:
                raise RecordError(source, field, "anchor")
            tag = getattr(event, "tag", None)
            if tag is not None and tag != "!":
                raise RecordError(source, field, "tag", tag=_short_tag(tag))
            if isinstance(event, ScalarEvent):
                _check_scalar(event, source, field)
                if is_key:
                    stack[-1].key = key or ""
                    stack[-1].expect_key = False
                elif stack:
                    _advance(stack[-1])
            elif isinstance(event, MappingStartEvent | SequenceStartEvent):
                if len(stack) >= MAX_DEPTH:
                    raise RecordError(source, field, "too_deep", depth=MAX_DEPTH)
                stack.append(_Frame(isinstance(event, MappingStartEvent)))
    except yaml.MarkedYAMLError as error:
        raise _not_yaml(error, source) from None
    except yaml.YAMLError:
        raise RecordError(source, "file", "not_yaml") from None


def _advance(frame: _Frame) -> None:
    """A value of ``frame`` was read: the next one is a key (mapping) or the next item (list)."""
    if frame.is_map:
        frame.expect_key = True
    else:
        frame.index += 1


def _check_scalar(event: ScalarEvent, source: str, field: str) -> None:
    value = event.value
    if _SURROGATE.search(value):
        raise RecordError(source, field, "lone_surrogate")
    if event.style not in (None, "") or not value:
        return  # quoted (libyaml writes a plain scalar's style as ""): always a string
    if len(value) > MAX_NUMBER_DIGITS or (value[0].isdigit() and "-" in value):
        tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))  # type: ignore[no-untyped-call]
        if tag in _NUMBER_TAGS and len(value) > MAX_NUMBER_DIGITS:
            raise RecordError(source, field, "number_too_long", length=len(value), limit=MAX_NUMBER_DIGITS)
        if tag == _TIMESTAMP_TAG:
            try:
                yaml.SafeLoader("").construct_yaml_timestamp(yaml.ScalarNode(tag, value))
            except (ValueError, TypeError, AttributeError, OverflowError):
                raise RecordError(source, field, "bad_date", text=_shown(value)) from None
