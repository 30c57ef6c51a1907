"""The seat game: a game seen from one seat, the one shape every game page plays through.

A lesson task (:class:`tutor.learn.seat.LessonSeat`), a Practice game (:class:`tutor.practice.seat.PracticeSeat`)
and a seat at a shared table (:class:`tutor.together.seat.SharedSeat`) each implement :class:`SeatGame`:

- :meth:`~SeatGame.look` says what the seat sees now (:class:`Look`): its view of the round, the actions
  it may take and which of them lead, what the table's message box says, the log of moves, and a key that
  changes with every new position (the browser then forgets its picks);
- :meth:`~SeatGame.play` takes a move made on the table (:class:`Play`: the action pressed and the cards
  picked) and gives one :class:`Answer`, whichever game it is: a refusal in words (nothing changed), a move
  that was not asked, a success, or a note;
- :meth:`~SeatGame.hint` and :meth:`~SeatGame.undo`, where the game has them.

One drawing function (:func:`ui.felt.controls.draw_seat_game`) draws any session, so an action, a hint or an
undo is written once. Nothing here imports Streamlit.

>>> from engine.cards import parse_cards
>>> from engine.round import Round
>>> from engine.variants import get_variant
>>> state = Round.from_position(get_variant("dansk"), ["Anna", "Bertil"],
...     [parse_cards("QS QH QD 9C"), parse_cards("2C")], stock=parse_cards("7H"), pile=parse_cards("KD 5D"))
>>> turn_actions(state)
['draw', 'take', 'meld', 'discard']
>>> Play.from_payload({"action": "take", "pile": "KD"}).move(state)
Move.parse('take 2')
>>> attempt(lambda: Answer("success", "Well done!"), "en").kind
'success'
>>> attempt(lambda: Answer("success", str(Play("meld").move(state))), "en")
Answer(kind='warning', message='First pick the cards of your hand to lay.', code=None, cost='')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from engine.cards import Card
from engine.errors import NotationError, RulesError
from engine.moves import Move
from engine.round import Round
from engine.round_parts import TableMeld
from engine.view import PlayerView
from tutor.i18n.strings import refusal, t
from tutor.i18n.style import Style
from tutor.seat.picks import ACTIONS, Action, SelectionProblem, action_for, picked_move, picks_for

#: How an answer is shown: ``error`` (refused: nothing changed), ``warning`` (legal but not what was asked,
#: or a wrong answer), ``success``, ``info`` (a note: a pick that makes no move, a hint, what others did).
AnswerKind = Literal["error", "warning", "success", "info"]


@dataclass(frozen=True)
class Answer:
    """The answer to something done at the table, in the learner's language: its ``kind``, the ``message``
    (one or two sentences; empty: nothing to say), the rule ``code`` of a refusal (for tests and records,
    never shown), and what the attempt ``cost`` ("That cost a star: ★★☆", or empty)."""

    kind: AnswerKind
    message: str
    code: str | None = None
    cost: str = ""

    @property
    def box(self) -> tuple[str, str] | None:
        """What the table's message box shows for it: (kind, sentence), or None when there is nothing to say."""
        return (self.kind, self.message) if self.message else None


@dataclass(frozen=True)
class Play:
    """A move made on the table: the ``action`` pressed, the hand cards picked (option values of
    :func:`tutor.seat.picks.card_options`), the pile card picked, the meld picked (numbered from 1) and
    what each picked joker stands for."""

    action: Action
    hand: tuple[str, ...] = ()
    pile: str | None = None
    meld: int | None = None
    jokers: tuple[str | None, ...] = ()

    @staticmethod
    def from_payload(payload: Mapping[str, Any]) -> Play:
        """The play a table event sends (``{action, hand, pile, meld, jokers}``); :class:`SelectionProblem`
        for an action the table never sends."""
        action = payload.get("action")
        known = next((a for a in ACTIONS if a == action), None)
        if known is None:
            raise SelectionProblem("ui.problem.unknown_action")
        meld = payload.get("meld")
        pile = payload.get("pile")
        return Play(
            action=known,
            hand=tuple(str(v) for v in payload.get("hand") or ()),
            pile=str(pile) if pile is not None else None,
            meld=int(meld) if meld is not None else None,
            jokers=tuple(str(d) if d else None for d in payload.get("jokers") or ()),
        )

    @staticmethod
    def of(move: Move, hand: Sequence[Card], pile: Sequence[Card]) -> Play:
        """The play a learner makes for ``move`` with ``hand`` and ``pile`` before them: the action pressed
        and the cards, pile card, meld and jokers picked (the inverse of :meth:`move`)."""
        picks = picks_for(move, hand, pile)
        return Play(
            action_for(move), hand=tuple(picks["hand"]), pile=picks["pile"], meld=picks["meld"], jokers=tuple(picks["jokers"])
        )

    def move(self, state: Round) -> Move:
        """The move the picks make in ``state`` (raises :class:`SelectionProblem` when they make none, and
        :class:`~engine.errors.NotationError` for a joker declared as no card). A lay-off with no meld picked
        goes on the only meld when the table holds one."""
        return picked_move(
            self.action,
            picked=list(self.hand),
            pile_pick=self.pile,
            pile=state.pile,
            meld=self.meld if self.meld is not None else _only_meld(state.table),
            declarations=list(self.jokers),
        )


def _only_meld(table: Sequence[TableMeld]) -> int | None:
    """Meld 1 when it is the only one on the table (nothing else to pick), else None."""
    return 1 if len(table) == 1 else None


@dataclass(frozen=True)
class Look:
    """What one seat sees of its game now, as the table draws it.

    ``seen``: the seat's view of the round (a watcher's when it has no seat); ``actions``: the buttons it may
    press, ``leading``: the ones to highlight; ``message``: what the message box beside the cards says
    (kind, sentence); ``log``: the moves to tell (``log_label`` heads them, when not the table's own);
    ``key``: changes with every new position; ``show_hand``: whether the seat's own hand is shown; ``top``: a new
    game or task (the page opens at its top); ``poll_ms``: a shared table, looked at again that often;
    ``show``: "show me", a hint's move made ready on the table (its cards, pile card and meld picked), with a
    number that changes with each hint (never in a question whether a move is legal)."""

    seen: PlayerView[Round]
    actions: tuple[Action, ...] = ()
    leading: tuple[Action, ...] = ()
    message: tuple[str, str] | None = None
    log: tuple[str, ...] = ()
    key: str = ""
    show_hand: bool = True
    top: bool = False
    poll_ms: int = 0
    log_label: str | None = None
    show: tuple[int, Move] | None = None


class SeatGame(Protocol):
    """A game seen from one seat: what it sees, and the answer to what it does."""

    def look(self, language: str | Style) -> Look:
        """What the seat sees now."""
        ...

    def play(self, play: Play, language: str | Style) -> Answer:
        """Make ``play``; the answer. A refused play changes nothing."""
        ...

    def hint(self, language: str | Style) -> Answer | None:
        """A hint for the seat's decision now, said as an answer; None where the game gives none."""
        ...

    def can_undo(self) -> bool:
        """Whether there is a move of the seat's to take back."""
        ...

    def undo(self, language: str | Style) -> Answer | None:
        """Take back the seat's last move; what to say, or None when there was nothing to take back."""
        ...


class WithoutHelp:
    """What a game with no hints and no undo says to them (a lesson task, whose hints are its own and shown
    below it; a shared table, whose other players would not have them): none, and nothing to take back."""

    def hint(self, language: str | Style) -> Answer | None:
        """No hint at this table."""
        return None

    def can_undo(self) -> bool:
        """Nothing to take back."""
        return False

    def undo(self, language: str | Style) -> Answer | None:
        """Nothing to take back."""
        return None


def drops_picks(play: Play, answer: Answer) -> bool:
    """Whether the table forgets what was picked after ``answer`` to ``play`` (a seat game then shows a new
    look key, and the table starts from no picks): a discard refused, or not the one asked for. Its one card
    stayed picked, and the next card picked joined it: "pick exactly one card". A refused meld keeps its
    picks, so that the learner can add the card it lacked.

    >>> drops_picks(Play("discard", ("KD",)), Answer("error", "No.", "cannot_discard_drawn_card"))
    True
    >>> drops_picks(Play("meld", ("QS",)), Answer("error", "No.", "not_a_meld")), drops_picks(Play("discard", ("KD",)), Answer("info", ""))
    (False, False)
    """
    return play.action == "discard" and answer.kind in ("error", "warning")


def attempt(make: Callable[[], Answer], language: str | Style) -> Answer:
    """``make()``'s answer, or the answer to why it could not be made: picks that make no move (a warning
    that says what to pick) or a move the rules refuse (an error in words, with its rule code; a pick no
    card answers to is refused as unreadable, ``unreadable_move``)."""
    try:
        return make()
    except SelectionProblem as problem:
        return Answer("warning", t(problem.key, language))
    except (NotationError, RulesError) as error:
        return Answer("error", refusal(error, language), error.code)


def turn_actions(state: Round, rommi: bool = False) -> list[Action]:
    """The actions of a turn: take the whole pile where that is the rule, else take to a picked card; lay off
    only once the table has a meld; stop only once the stock is empty, at a table whose rules let a player stop
    then (dansk's round simply ends: it offers no Stop); a Rommi call where it is played.

    >>> from engine.cards import parse_cards
    >>> from engine.variants import get_variant
    >>> def empty_stock(variant: str) -> Round:
    ...     hands = [parse_cards("9H 2C"), parse_cards("3S")]
    ...     return Round.from_position(get_variant(variant), ["Anna", "Bertil"], hands, stock=[], pile=parse_cards("5C"))
    >>> "stop" in turn_actions(empty_stock("femhundra")), "stop" in turn_actions(empty_stock("dansk"))
    (True, False)
    """
    take: Action = "take_all" if state.variant.pile_take == "whole_pile" else "take"
    actions: list[Action] = ["draw", take, "meld", "layoff", "discard"]
    if not state.table:
        actions.remove("layoff")  # nothing to lay off on yet
    if not state.stock and state.variant.empty_stock == "stop":
        actions.append("stop")
    if rommi:
        actions.append("rommi")
    return actions
