"""Every sentence the engine says to a learner, as data: a stable dotted key, the values it needs, and one
table of English templates, rendered by the project's one formatter (:mod:`engine.wording`).

A refusal (:class:`engine.errors.RulesError`) carries ``reason`` (a key of :data:`MESSAGES`) and ``values``;
``str(error)`` is :func:`render` of them. An app that speaks another language formats the same key and
values from its own catalogue; cards stay :class:`~engine.cards.Card` objects in the values, so it can
name them in its language. Keys never change meaning (new ones may be added).

Placeholders in a template are written ``{name}`` or ``{name:spec}`` (cards named, cards listed with
``and``, ``the`` or ``or``, the plural helper ``{name:one/many}``): :mod:`engine.wording` says how.

>>> from engine.cards import Card
>>> render("take.too_many", {"size": 1}), render("take.too_many", {"size": 3})
('The discard pile holds only 1 card.', 'The discard pile holds only 3 cards.')
>>> render("hand.not_held", {"card": Card.parse("QC")})
'You do not hold the Q♣.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine import wording

__all__ = ["LANGUAGES", "MESSAGES", "PLACEHOLDERS", "placeholders", "render"]


#: The kind of value each placeholder name holds: ``card``, ``cards``, ``count`` (a whole number) or
#: ``text`` (a name: a variant, a player, what was written).
PLACEHOLDERS: Final[dict[str, str]] = {
    "card": "card",
    "cards": "cards",
    "owed": "cards",
    "meld_cards": "cards",
    "count": "count",
    "size": "count",
    "meld": "count",
    "melds": "count",
    "variant": "text",
    "player": "text",
    "to_move": "text",
    "text": "text",
}

#: The English sentences, by key. Each rule says its reason once; the key's first word is its topic.
MESSAGES: Final[dict[str, str]] = {
    # reading cards and moves
    "card.unreadable": "“{text}” is not a card: write a rank (A, 2–10, J, Q, K) and a suit (S, H, D, C), like 10H or QS.",
    "card.joker_as_joker": "“{text}” is not a card: a joker stands for a natural card, like JK=7H.",
    "move.unreadable": "“{text}” is not a move: write draw, take N, take all, meld C C C, layoff C on M, discard C, "
    "stop, rommi N or rummy M.",
    "move.count_not_whole": "“{text}” is not a move: the number of cards is a whole number from 1 up.",
    "move.meld_number": "“{text}” is not a move: melds are numbered 1, 2, … in the order they reached the table.",
    "move.meld_zero": "There is no meld {meld} to lay the {cards:and} on: melds are numbered 1, 2, … in the order "
    "they reached the table.",
    "move.unknown": "“{text}” is not a move this engine knows.",
    "move.line_unreadable": "“{text}” is not a move line: write PLAYER: MOVE, like “Anna: draw”.",
    "move.unknown_player": "“{player}” is not a player in this game.",
    # whose turn, which moment
    "turn.not_yours": "It is {to_move}'s turn, not {player}'s.",
    "turn.draw_first": "First draw a card from the stock or take from the discard pile.",
    "turn.already_drew": "You have already drawn this turn: now meld, lay off or discard.",
    "round.over": "The round is over: no more moves can be made in it.",
    "round.still_played": "The round is still being played.",
    "game.over": "The game is over.",
    # the stock and stopping
    "stock.empty": "The stock is empty, so there is no card to draw.",
    "stock.empty_may_stop": "The stock is empty: take from the discard pile, or stop to end the round.",
    "stop.not_now": "You can stop only at the start of your turn, when the stock is empty.",
    "stop.stock_left": "There are cards in the stock: draw one, or take from the pile.",
    "stop.round_ends_itself": "In {variant} an empty stock ends the round by itself.",
    # taking from the pile
    "take.pile_empty": "The discard pile is empty: draw from the stock.",
    "take.at_least_one": "Take at least one card: take 1 is the top card of the pile.",
    "take.too_many": "The discard pile holds only {size} {size:card/cards}.",
    "take.whole_pile_not_top": "In {variant} you take the whole pile, never just the top card.",
    "take.whole_pile_not_part": "In {variant} you take the whole pile, never only part of it.",
    "take.top_only": "With these rules you may take only the top card of the pile.",
    "take.unusable": "You would have to use the {card} at once, in a meld or a lay-off, and it fits none.",
    "take.unusable_meld_only": "You would have to use the {card} at once, in a meld, and it fits none.",
    "take.unusable_new_meld": "In {variant} you must at once lay a new meld holding a card from the pile, "
    "and no meld can be made with these cards.",
    "take.unusable_own_meld_first": "You would have to use the {card} at once, and it melds with nothing: with these "
    "rules you may lay it off only after your own first meld.",
    # the duty a take leaves
    "duty.new_meld_first": "In {variant} you must first lay a new meld holding a card from the pile you took.",
    "duty.lay_first": "You must first lay the {owed:the} you took from the pile, in a meld or a lay-off.",
    "duty.meld_first": "You must first lay the {owed:the} you took from the pile, in a meld.",
    "duty.keep_payable": "Lay these cards so that you can still lay the {owed:the} from the pile.",
    # the hand
    "hand.not_held": "You do not hold the {card}.",
    "hand.no_joker": "You hold no joker to lay as the {card}.",
    # melds
    "meld.too_few": "A meld needs at least three cards: a set of one rank or a run in one suit.",
    "meld.only_jokers": "A meld needs at least one natural card besides its jokers.",
    "meld.mixed": "These cards are neither a set (one rank) nor a run (one suit, in sequence).",
    "set.too_large": "A set holds at most four cards, one of each suit.",
    "set.suits_repeat": "Every card in a set must be of a different suit.",
    "run.two_aces": "A run holds one ace, low (A-2-3) or high (Q-K-A), never both.",
    "run.around_corner": "K-A-2 goes round the corner: an ace is low (A-2-3) or high (Q-K-A), never both.",
    "run.gap": "A run's cards must follow each other with no gap and no repeat.",
    "joker.undeclared": "Say which card the joker stands for, like the 7♥ in 6♥ Joker 8♥.",
    "joker.wrong_card": "The joker cannot stand for the {cards:or} here: declare it as a card that completes the meld.",
    # lay-offs
    "layoff.no_such_meld": "There is no meld {meld} on the table: they are numbered 1 to {melds}.",
    "layoff.table_empty": "There is no meld {meld} on the table, which is empty.",
    "layoff.own_meld_first": "With these rules you lay off only after your own first meld.",
    "layoff.joker_wrong_card": "The joker must stand for a card that extends the meld.",
    "layoff.around_corner": "That would take the run round the corner: an ace ends a run, low (A-2-3) or high (Q-K-A).",
    "layoff.full_set": "Meld {meld} is a full set: a set holds at most four cards.",
    "layoff.suit_repeats": "The set {meld_cards} (meld {meld}) already holds the {card}: every card in a set is of "
    "a different suit.",
    "layoff.not_on_run": "The {cards:and} {cards:does/do} not extend the run {meld_cards} (meld {meld}).",
    "layoff.not_on_set": "The {cards:and} {cards:does/do} not extend the set {meld_cards} (meld {meld}).",
    # going out and discarding
    "going_out.keep_card": "With these rules you go out by discarding: keep a card to discard.",
    "discard.declared_joker": "A joker is discarded as a plain Joker: it stands for the {card} only in a meld.",
    "discard.drawn_from_stock": "In {variant} you may not discard the {card} you drew from the stock this turn.",
    "discard.taken_from_pile": "In {variant} you may not discard the {card} you took from the pile this turn.",
    "discard.copy_taken": "In {variant} you may not discard a {card} this turn: you took one, and the copies are alike.",
    # the Rommi call
    "rommi.not_in_variant": "{variant} has no Rommi call: only the Finnish rommi does.",
    "rommi.two_players": "With two players nobody may call Rommi.",
    "rommi.window_closed": "Call Rommi right after a discard, before the next player draws.",
    "rommi.your_turn": "It is your turn: take from the pile instead of calling Rommi.",
    "rommi.own_discard": "You cannot call Rommi on the card you discarded yourself.",
    "rommi.at_least_one": "Call for at least one card: rommi 1 is the top card of the pile.",
    "rommi.too_shallow": "With {count} {count:card/cards} from the pile you could not lay the {card} at once: "
    "take down to the cards it melds with.",
    "rommi.no_grounds": "The {card} fits no meld on the table and makes none with the other cards of the discard "
    "pile: a Rommi! call cannot rest on the cards in your hand.",
    "first_turn.no_meld": "You may not meld before your own first turn of the round is over.",
    "first_turn.no_layoff": "You may not lay off before your own first turn of the round is over.",
    "first_turn.no_call": "You may not call before your own first turn of the round is over.",
    "take.unusable_first_turn": "You would have to use the {card} at once, and in your first turn of the round you "
    "may not lay anything.",
    "rummy.not_in_variant": "{variant} has no Rummy! call: it is a house rule your table has not chosen.",
    "rummy.two_players": "With two players nobody may call Rummy.",
    "rummy.window_closed": "Call Rummy right after a discard, before the next player's first move.",
    "rummy.your_turn": "It is your turn: take from the pile instead of calling Rummy.",
    "rummy.own_discard": "You cannot call Rummy on the card you discarded yourself.",
    "rummy.joker": "A joker cannot be called Rummy: the call names a meld, not the card the joker would stand for.",
    "rummy.not_this_meld": "The {card} does not fit meld {meld}: call Rummy on a meld it fits.",
    "rummy.fits_nothing": "The {card} fits no meld on the table, so there is nothing to call Rummy on.",
    "rommi.fits_nothing": "The {card} fits no meld, so there is nothing to call Rommi on.",
    "rommi.deepest_unusable": "You would have to lay the {card} at once, and it fits none.",
    "rommi.owed_clash": "You would have to lay the {owed:the} at once: each fits on its own, but not both together.",
    "rommi.deepest_own_meld_first": "You would have to lay the {card} at once, and it melds with nothing: with these "
    "rules you may lay it off only after your own first meld.",
}

#: The languages the table has; an app renders the others from its own catalogue (same keys and values).
LANGUAGES: Final = ("en",)


def placeholders(key: str) -> list[str]:
    """The value names the sentence of ``key`` needs.

    >>> placeholders("rommi.too_shallow")
    ['count', 'card']
    """
    return wording.placeholders(MESSAGES[key])


def render(key: str, values: Mapping[str, object] | None = None, language: str = "en") -> str:
    """The sentence of ``key`` with ``values`` filled in, in ``language`` (the engine speaks English only).

    Raises ``KeyError`` for an unknown key or a missing value, ``ValueError`` for another language.
    """
    if language not in LANGUAGES:
        raise ValueError(f"the engine's sentences are in {', '.join(LANGUAGES)}; render {language!r} from its catalogue")
    return wording.fill(MESSAGES[key], values)
