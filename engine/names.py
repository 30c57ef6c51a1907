"""The one rule for a player's name, wherever a name is typed or read (a record, the sidebar, Practice,
Play together): 1–30 characters, each printable or part of an emoji sequence, no colon (a move line
ends the name at its first colon), no control character that turns the writing direction around, no
space at either end.

A problem is data (:class:`NameProblem`: a reason and the values its sentence names), never a sentence:
each place words it in the learner's language and says where to change the name.

>>> name_problem("Anna"), name_problem("👨\u200d👩\u200d👧 Berg"), name_problem("Åsa ❤\ufe0f")
(None, None, None)
>>> name_problem("Mum: Anna")
NameProblem(reason='colon', values={'name': 'Mum: Anna', 'char': '“:”'})
>>> name_problem("\u202eannA")
NameProblem(reason='bidi', values={'name': '?annA', 'char': 'U+202E'})

Two names are one when they look alike (:func:`same_name`): a zero-width joiner between letters, a word
joiner, a soft hyphen, a second space or a capital letter does not make "Anna" another player; a joiner
between emoji does (👨‍👩‍👧 is one family, 👨👩👧 three people).

>>> same_name("An\u200dna", "anna"), same_name("Anna  Berg", "Anna\u00a0Berg"), same_name("👨\u200d👩", "👨👩")
(True, True, False)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Final

#: The longest player name, in characters (code points, as Python counts them).
MAX_NAME_LENGTH: Final = 30

#: The invisible controls that turn the writing direction around (an override shows "Anna" as "annA"
#: and reverses the sentence around it): the embeddings and overrides, the isolates, the marks.
BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: The invisible characters that join or style the characters around them into one (emoji sequences such
#: as 👨‍👩‍👧, ❤️, the flags of England and Scotland, joined letters in some scripts): the zero-width
#: non-joiner and joiner, the variation selectors, the emoji tag characters.
JOINERS: Final = frozenset("\u200c\u200d") | frozenset(map(chr, range(0xFE00, 0xFE10)))
_TAGS: Final = range(0xE0020, 0xE0080)
#: The characters a name shows as nothing, or as a blank that passes for a space: Unicode's default ignorable
#: characters (the joiners, the variation selectors, the direction marks, the word joiner, the byte-order
#: mark, the soft hyphen, the tags…) and the fillers and blank that print as an empty letter. Left out
#: before two names are compared (:func:`name_key`), but for a joiner between emoji and the tags of a flag.
INVISIBLE: Final = (
    frozenset("\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u2800\u3164\ufeff\uffa0")
    | frozenset(map(chr, range(0x180B, 0x1810)))
    | frozenset(map(chr, range(0x200B, 0x2010)))
    | frozenset(map(chr, range(0x202A, 0x202F)))
    | frozenset(map(chr, range(0x2060, 0x2070)))
    | frozenset(map(chr, range(0xFE00, 0xFE10)))
    | frozenset(map(chr, range(0xFFF0, 0xFFF9)))
    | frozenset(map(chr, range(0x1BCA0, 0x1BCA4)))
    | frozenset(map(chr, range(0x1D173, 0x1D17B)))
    | frozenset(map(chr, range(0xE0000, 0xE1000)))
)
_ZWJ: Final = "\u200d"
#: The emoji modifiers (skin tones), which stand between an emoji and the joiner after it.
_MODIFIERS: Final = range(0x1F3FB, 0x1F400)
_BLACK_FLAG: Final = "\U0001f3f4"  # the flags of England, Scotland and Wales: 🏴 and tag characters
_TAG_CHARS: Final = "".join(map(chr, _TAGS))
_AFTER_EMOJI: Final = "\ufe0e\ufe0f" + "".join(map(chr, _MODIFIERS))  # what may stand between an emoji and its joiner


@dataclass(frozen=True)
class NameProblem:
    """Why a name cannot be a player's: ``reason`` (``text``, ``length``, ``colon``, ``bidi``,
    ``unprintable``, ``spaces``) and ``values`` (``name`` as it may be shown, ``char`` the character at
    fault, ``count`` and ``limit`` for a length)."""

    reason: str
    values: dict[str, object] = field(default_factory=dict)


def code_point(char: str) -> str:
    """A character as its Unicode code point, ``U+202E``: how an invisible character is named."""
    return f"U+{ord(char):04X}"


def _joins(char: str) -> bool:
    """Whether ``char`` is an invisible part of a sequence shown as one character (see :data:`JOINERS`)."""
    return char in JOINERS or ord(char) in _TAGS


def _unprintable(char: str) -> bool:
    """Whether ``char`` is a control, format, separator or unassigned character that is not a joiner."""
    return not (char.isprintable() or _joins(char))


def shown(name: str) -> str:
    """``name`` as a sentence may quote it: every invisible control character as ``?``."""
    return "".join("?" if char in BIDI_CONTROLS or _unprintable(char) else char for char in name)


def name_problem(name: object) -> NameProblem | None:
    """Why ``name`` cannot be a player's name (the module's rule), or None when it can."""
    if not isinstance(name, str):
        return NameProblem("text")
    if not 1 <= len(name) <= MAX_NAME_LENGTH:
        return NameProblem("length", {"count": len(name), "limit": MAX_NAME_LENGTH})
    bidi = next((char for char in name if char in BIDI_CONTROLS), None)
    if bidi is not None:
        return NameProblem("bidi", {"name": shown(name), "char": code_point(bidi)})
    odd = next((char for i, char in enumerate(name) if _unprintable(char) or _loose(name, i)), None)
    if odd is not None:
        return NameProblem("unprintable", {"name": shown(name), "char": _described(odd)})
    if ":" in name:
        return NameProblem("colon", {"name": name, "char": "“:”"})
    if name != name.strip():
        return NameProblem("spaces", {"name": name})
    return None


def _loose(name: str, index: int) -> bool:
    """Whether the character at ``index`` is a joiner that joins nothing (at the start, after a space)."""
    return _joins(name[index]) and (index == 0 or name[index - 1].isspace())


def _described(char: str) -> str:
    """An invisible character named for a learner: its code point and Unicode name (``U+0009``)."""
    return code_point(char) + (f" ({unicodedata.name(char)})" if unicodedata.name(char, "") else "")


def name_key(name: str) -> str:
    """``name`` as it looks, to tell it from another (:func:`same_name`): without the characters that show
    as nothing (:data:`INVISIBLE`; a zero-width joiner is kept between two emoji, the tags after 🏴),
    in Unicode's compatibility form (a full-width Ａ is an A, a no-break space a space), in lower case, with
    each run of spaces one space and none at either end.

    >>> name_key(" ANNA\u00ad Berg\u3164"), name_key("❤\ufe0f\u200d🔥") == name_key("❤\u200d🔥")
    ('anna berg', True)
    """
    kept = "".join(char for i, char in enumerate(name) if char not in INVISIBLE or _shows(name, i))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", kept).casefold())
    return " ".join(folded.split())


def same_name(one: str, other: str) -> bool:
    """Whether two names look the same to the players (:func:`name_key`)."""
    return name_key(one) == name_key(other)


def _shows(name: str, index: int) -> bool:
    """Whether the invisible character at ``index`` changes what ``name`` shows: a zero-width joiner that
    joins two emoji into one, a tag character of a flag."""
    char = name[index]
    if ord(char) in _TAGS:
        return name[:index].rstrip(_TAG_CHARS).endswith(_BLACK_FLAG)
    if char != _ZWJ:
        return False
    before = name[:index].rstrip(_AFTER_EMOJI)
    after = name[index + 1 :]
    return bool(before) and bool(after) and _emoji(before[-1]) and _emoji(after[0])


def _emoji(char: str) -> bool:
    """Whether ``char`` is a pictograph a joiner may join (a symbol of Unicode's "Symbol, other" category:
    every emoji, ❤ and ★ too; not a letter, and not the braille blank)."""
    return unicodedata.category(char) == "So" and char not in INVISIBLE
