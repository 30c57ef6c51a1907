"""The rules engine for 500 (Rummy 500): cards, variants, moves, game states, scoring, records and bots.

Pure Python, never imports Streamlit. The public contract (notation, records, rule codes, commands)
is ``docs/record.md``; the rules, with the variant table and the rulings, are ``docs/rules.md``. A refusal
is data (:class:`RulesError` ``code``, ``reason``, ``values``), its English sentence rendered by
:func:`render` from one message table; text that is not a move in the notation raises :class:`NotationError`,
said through the same table.
"""

from engine.cards import JOKER, Card, make_deck, parse_cards
from engine.errors import RULE_CODES, NotationError, RecordError, RulesError
from engine.messages import MESSAGES, render
from engine.moves import Move
from engine.round import Phase, Round
from engine.scoring import PlayerScore
from engine.variants import PRESETS, HouseRules, Variant, get_variant

__all__ = [
    "JOKER",
    "MESSAGES",
    "PRESETS",
    "RULE_CODES",
    "Card",
    "HouseRules",
    "Move",
    "NotationError",
    "Phase",
    "PlayerScore",
    "RecordError",
    "Round",
    "RulesError",
    "Variant",
    "get_variant",
    "make_deck",
    "parse_cards",
    "render",
]
