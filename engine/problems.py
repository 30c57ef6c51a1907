"""Why a record file, a house rule or a player's name is refused, as data: a stable key of :data:`PROBLEMS`
and the values it names.

A :class:`~engine.errors.RecordError` says ``SOURCE: FIELD: PROBLEM`` (a
:class:`~engine.variants.HouseRuleError` ``house_rules.FIELD: PROBLEM``); the problem is the English
template of its key with its values filled in, so ``python -m engine replay`` prints what it always printed,
and an app says the same key and values in its learner's language (catalogue keys ``engine.problem.<key>``).
The templates are data, filled by the project's one formatter (:mod:`engine.wording`).
A problem continues the field it names ("seed: has a YAML tag (!!int)…"), so a template starts in lower case.
Keys never change meaning (new ones may be added).

Values are text, whole numbers, a tuple of words (``{options:or}``: "250, 500 or 1000") or a refused move
(:class:`~engine.errors.RulesError`, said as its own sentence).

>>> render_problem("tag", {"tag": "!!int"})
'has a YAML tag (!!int); write plain values, without tags'
>>> render_problem("house_rule_value", {"options": ("250", "500", "1000"), "value": "600"})
'is 250, 500 or 1000, not 600'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine import wording

__all__ = ["FIELD_WORDS", "PROBLEMS", "render_problem"]

#: The English of every problem, by key.
PROBLEMS: Final[dict[str, str]] = {
    # the file itself (engine/records/safe_yaml.py)
    "too_large": "is larger than 1 MB ({size} bytes; the limit is {limit})",
    "unreadable": "cannot be read ({reason})",
    "not_utf8": "is not UTF-8 text (byte {byte} cannot be read)",
    "several_documents": "holds more than one YAML document (a line with --- starts another)",
    "lone_surrogate_line": "holds a character that is not text (a lone surrogate) on line {line}",
    "lone_surrogate": "holds a character that is not text (a lone surrogate)",
    "not_yaml": "is not YAML or JSON",
    "not_yaml_at": "is not YAML or JSON at line {line}, column {column}",
    "yaml_cannot_read": "holds a value YAML cannot read ({kind})",
    "key_not_plain": "has a key that is not a plain name or number",
    "merge_key": "uses a YAML merge key (<<); write the fields out",
    "anchor": "uses a YAML anchor or alias (& or *); write the value out",
    "tag": "has a YAML tag ({tag}); write plain values, without tags",
    "too_deep": "is nested more than {depth} levels deep",
    "number_too_long": "is a number of {length} characters; at most {limit}",
    "bad_date": "“{text}” looks like a date but is not one",
    # the fields of a record (engine/records/game.py)
    "empty": "is empty",
    "not_a_mapping": "is not a mapping of fields (variant, players, …)",
    "required": "is required",
    "not_a_field": "is not a field of a record",
    "not_whole": "is a whole number, not {value}",
    "not_text": "is text, not {value}",
    "not_a_list": "is a list, not {value}",
    "not_fields": "is a mapping of fields, not {value}",
    "too_few": "needs at least {count} {count:entry/entries}",
    "too_small": "is at least {limit}, not {value}",
    "bad_value": "is not a value this field can hold: {value}",
    "not_a_card": "“{text}” is not a card",
    "unknown_variant": "unknown variant “{name}”; known: {known}",
    "house_rule_unknown": "unknown house rule; known: {known}",
    "house_rule_value": "is {options:or}, not {value}",
    "ace_values": "the low ace of a run may not be worth more than a high ace",
    "jokers_per_deck_without_jokers": "counts the jokers of each deck, so it needs the house rule jokers",
    "rummy_call_with_rommi": "is not played with 500 rommi, whose own call is Rommi!",
    "rommi_call_with_hand_without_rommi": "is a rule of the Rommi! call, which only 500 rommi plays",
    "deal_too_big": "{players} players × {size} cards, one card to start the pile and one for the stock make "
    "{need} cards, but the deck holds {have}",
    "deal_too_big_two_decks": "{players} players × {size} cards, one card to start the pile and one for the stock "
    "make {need} cards, but two decks hold {have}",
    "player_count": "{variant} is played by {low}–{high} players, not {count}",
    "name_text": "a name is text",
    "name_length": "a name is 1 to {limit} characters, not {count}",
    "name_bidi": "“{name}” holds {char}, a control character that turns the writing direction around",
    "name_unprintable": "“{name}” holds {char}, a character that is not printable (a tab, a line break or "
    "a control character)",
    "name_colon": "“{name}” holds a colon, which a move line uses to end the name",
    "name_spaces": "“{name}” starts or ends with a space",
    "names_repeat": "two players have the same name",
    "totals_players": "must give a total for every player, and only for them",
    "table_needs_deal": "melds on the table need a `deal` that lists the other cards",
    "hands_players": "must give a hand for every player, and only for them",
    "not_a_player": "“{name}” is not a player",
    "meld_invalid": "a meld is not valid: {refusal}",
    "deck_extra": "the cards do not add up to the deck: too many {extra}",
    "deck_missing": "the cards do not add up to the deck: missing {missing}",
    "deck_both": "the cards do not add up to the deck: too many {extra}; missing {missing}",
    # a downloaded practice game (tutor/practice/record.py)
    "rounds_differ": "every round of a game has the same variant and players",
    "round_not_ended": "the round before this one did not end",
    "totals_not_carried": "do not carry on from the round before",
    "move_refused": "“{line}”: {refusal}",
    "header_not_json": 'is not a JSON mapping like {{"seed": 7, "seats": [...]}}',
    "header_unknown": "is not a field of the header (seed, seats)",
    "header_seed": "is a whole number from 0 up, not {value}",
    "header_seats": "is a list of [name, level] pairs",
    "header_seat": "is a [name, level] pair",
    "header_level": "the level is one of {levels} or null (a person)",
}

#: The field names that are words, not names written in the file (said in the learner's language):
#: ``file`` (the file as a whole), ``record`` (the record as a whole), ``folder``.
FIELD_WORDS: Final = ("file", "record", "folder")


def render_problem(key: str, values: Mapping[str, object] | None = None) -> str:
    """The English problem of ``key`` with ``values`` filled in (``KeyError`` for an unknown key)."""
    return wording.fill(PROBLEMS[key], values)
