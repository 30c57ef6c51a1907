"""The engine's errors: an illegal move (``RulesError``) and a bad record file (``RecordError``)."""

from __future__ import annotations

from typing import Final

#: Every rule code of ``RECORD.md``, with what it means. Codes never change meaning.
RULE_CODES: Final[dict[str, str]] = {
    "unreadable_move": "the move text does not parse",
    "not_your_turn": "a player moves out of turn (except a legal rommi)",
    "wrong_phase": "the move does not fit this moment of the turn or round",
    "card_not_held": "a card named is not in the mover's hand",
    "not_a_meld": "the cards form neither a set nor a run",
    "ace_around_corner": "a run that turns the corner (K-A-2) or holds two aces",
    "set_suits_repeat": "a set repeats a suit",
    "set_too_large": "a set of more than 4 cards",
    "joker_needs_declaration": "a joker laid without =CARD, or declared as a card that does not fit",
    "no_such_meld": "`on M` names no meld",
    "layoff_does_not_fit": "the cards do not extend that meld",
    "layoff_before_own_meld": "the variant requires your own meld first",
    "take_not_allowed": "a draw from the pile the variant forbids",
    "stock_empty": "draw with no stock",
    "taken_card_unusable": "a take whose duty cannot be met with the cards the player would hold",
    "taken_card_not_used": "the duty from a take is unmet",
    "cannot_discard_drawn_card": "the variant forbids discarding that card this turn",
    "must_keep_card_to_discard": "the variant requires a discard to go out, and the move would empty the hand",
    "rommi_not_allowed": "a Rommi call that the rules do not allow here",
}


class RulesError(ValueError):
    """An illegal move: ``code`` is a rule code of ``RECORD.md``, ``str(error)`` one sentence for a learner.

    >>> error = RulesError("stock_empty", "The stock is empty, so there is no card to draw.")
    >>> error.code, str(error)
    ('stock_empty', 'The stock is empty, so there is no card to draw.')
    """

    def __init__(self, code: str, message: str) -> None:
        if code not in RULE_CODES:
            raise ValueError(f"unknown rule code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message


class RecordError(ValueError):
    """A record (or scenario) file that is bad input: names the file and the field at fault.

    >>> str(RecordError("game.yaml", "variant", "unknown variant 'x'"))
    "game.yaml: variant: unknown variant 'x'"
    """

    def __init__(self, source: str, field: str, problem: str) -> None:
        super().__init__(f"{source}: {field}: {problem}")
        self.source = source
        self.field = field
        self.problem = problem
