"""The engine's errors: an illegal move (``RulesError``), text that is not a card or a move in the notation
(``NotationError``) and a bad record file (``RecordError``).

Like python-chess, which keeps ``InvalidMoveError`` (the text does not parse) apart from ``IllegalMoveError``
(the position refuses the move), the engine keeps the notation's errors apart from the rules': a move object
is never unreadable, and text becomes a move only at the edges (records, the command line, scenario files).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine.messages import MESSAGES, render
from engine.problems import PROBLEMS, render_problem

#: Every rule code of ``docs/record.md``, with what it means. Codes never change meaning.
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
    "rummy_not_allowed": "a Rummy call that the rules do not allow here",
    "first_turn_no_meld": "a meld, a lay-off or a call before the player's first turn of the round is over",
}


class _Said(ValueError):
    """An error whose sentence for a learner is data: ``reason`` a key of :data:`engine.messages.MESSAGES`,
    ``values`` what its sentence names. ``str(error)`` is the English; :meth:`render` gives it in a language of
    the engine's table, and an app with its own catalogue formats ``reason`` and ``values`` itself."""

    reason: str
    values: dict[str, object]
    _text: str | None

    @property
    def message(self) -> str:
        """The English sentence for a learner (``str(error)``)."""
        if self._text is None:
            self._text = render(self.reason, self.values)
        return self._text

    def render(self, language: str = "en") -> str:
        """The sentence in ``language`` (see :func:`engine.messages.render`)."""
        return self.message if language == "en" else render(self.reason, self.values, language)

    def __str__(self) -> str:
        return self.message


class RulesError(_Said):
    """An illegal move, as data: ``code`` is a rule code of the record format, ``reason`` a key of
    :data:`engine.messages.MESSAGES` saying why, ``values`` what its sentence names (cards as
    :class:`~engine.cards.Card` objects, meld numbers, counts, the variant's name).

    ``str(error)`` is the English sentence for a learner; :meth:`render` gives it in a language of the
    engine's table, and an app with its own catalogue formats ``reason`` and ``values`` itself.

    >>> error = RulesError("take_not_allowed", "take.too_many", size=2)
    >>> error.code, error.reason, error.values, str(error)
    ('take_not_allowed', 'take.too_many', {'size': 2}, 'The discard pile holds only 2 cards.')

    ``sentence`` is for an app that raises a refusal in its own words (``reason`` then names its catalogue key).
    """

    def __init__(self, code: str, reason: str, /, *, sentence: str | None = None, **values: object) -> None:
        if code not in RULE_CODES:
            raise ValueError(f"unknown rule code {code!r}")
        if sentence is None and reason not in MESSAGES:
            raise ValueError(f"unknown message key {reason!r}")
        super().__init__(code, reason)
        self.code: str = code
        self.reason = reason
        self.values = values
        self._text = sentence

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.code, self.reason, self._text, self.values))


class NotationError(_Said):
    """Text that is not a card, a move or a move line in the notation of ``docs/record.md``: a matter of
    syntax, found without a position (a legal-looking move that the position refuses is a :class:`RulesError`).

    It is data like a refusal, and said through the same table: ``reason`` a key of
    :data:`engine.messages.MESSAGES`, ``values`` what its sentence names. A record reports it with the rule
    code :attr:`code`, ``unreadable_move``.

    >>> error = NotationError("card.unreadable", text="1O")
    >>> error.code, error.reason, error.values
    ('unreadable_move', 'card.unreadable', {'text': '1O'})
    >>> str(error)
    '“1O” is not a card: write a rank (A, 2–10, J, Q, K) and a suit (S, H, D, C), like 10H or QS.'
    """

    #: The rule code of ``docs/record.md`` a record reports an unreadable move line by.
    code: Final = "unreadable_move"

    def __init__(self, reason: str, /, **values: object) -> None:
        if reason not in MESSAGES:
            raise ValueError(f"unknown message key {reason!r}")
        super().__init__(reason)
        self.reason = reason
        self.values = values
        self._text = None

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_notation_error, (self.reason, self.values))


def _rebuild_notation_error(reason: str, values: dict[str, object]) -> NotationError:
    """A pickled or copied notation error, rebuilt."""
    return NotationError(reason, **values)


def _rebuild(code: str, reason: str, text: str | None, values: dict[str, object]) -> RulesError:
    """A pickled or copied refusal, rebuilt."""
    return RulesError(code, reason, sentence=text, **values)


class RecordError(ValueError):
    """A record (or scenario) file that is bad input: names the file and the field at fault, and the problem.

    The problem is data where a stranger's record is refused: ``reason`` a key of
    :data:`engine.problems.PROBLEMS` and ``values`` what it names, so an app says it in its
    learner's language; ``problem`` is its English. A content file of the project's own (a scenario, a
    lesson) may give the problem in English words only (``reason`` is then None). ``part`` numbers the
    round of a game file that holds several.

    >>> error = RecordError("game.yaml", "seed", "tag", tag="!!int")
    >>> str(error), error.reason, error.values
    ('game.yaml: seed: has a YAML tag (!!int); write plain values, without tags', 'tag', {'tag': '!!int'})
    >>> str(RecordError("game.yaml", "moves", "empty", part=2))
    'game.yaml (round 2): moves: is empty'
    >>> str(RecordError("lesson.md", "id", "is used by another lesson")).split(": ")[-1]
    'is used by another lesson'
    """

    def __init__(self, source: str, field: str, problem: str, /, *, part: int | None = None, **values: object) -> None:
        self.fill(source, field, problem, values, part)

    def fill(self, source: str, field: str, problem: str, values: Mapping[str, object], part: int | None) -> None:
        """Set the refusal's parts and its English (``str(error)``)."""
        self.reason = problem if problem in PROBLEMS else None
        self.values: dict[str, object] = dict(values)
        self.problem = render_problem(problem, self.values) if self.reason else problem
        self.source = source
        self.field = field
        self.part = part
        where = source if part is None else f"{source} (round {part})"
        ValueError.__init__(self, f"{where}: {field}: {self.problem}")

    @classmethod
    def of(
        cls, source: str, field: str, reason: str, values: Mapping[str, object], part: int | None = None
    ) -> RecordError:
        """The refusal ``reason`` with ``values`` given as a mapping (as another error carries them)."""
        error = cls.__new__(cls)
        error.fill(source, field, reason, values, part)
        return error

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_record_error, (self.source, self.field, self.reason or self.problem, self.part, self.values))


def _rebuild_record_error(
    source: str, field: str, problem: str, part: int | None, values: dict[str, object]
) -> RecordError:
    """A pickled or copied record error, rebuilt."""
    return RecordError.of(source, field, problem, values, part)
