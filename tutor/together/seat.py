"""A seat at a shared table as a seat game (:class:`tutor.seat.game.SeatGame`): what this device
may do now (its turn's moves, or its answer to a Rommi! or Rummy! window), what the table says to it when it has no
answer of its own (the table's news), and the answer to a move it sends to the store.

Everything drawn comes from the store's :class:`tutor.together.model.TableView`, which never holds another
player's hand. A move is made on the table as this device last saw it (its version), so a move sent after
the table moved on is refused, not misapplied.

While the tables' database cannot be reached (:class:`tutor.together.model.TableUnreachable`), the seat
keeps the table it saw last and says so in the table's message box, with nothing to press; it keeps looking
(the table's poll goes on), and the table as it is comes back by itself at the first look that reaches it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from engine.errors import RulesError
from engine.round import Phase
from tutor.i18n.plain_text import plain
from tutor.i18n.strings import refusal, t
from tutor.i18n.style import Style
from tutor.seat.felt import primary_actions
from tutor.seat.game import Answer, Look, Play, WithoutHelp, attempt, turn_actions
from tutor.seat.picks import Action
from tutor.storage.faults import StorageFault
from tutor.together.model import TableError, TableStore, TableUnreachable, TableView

#: Seconds between two looks at the table during a round (a move on one phone is seen on the others).
POLL_SECONDS: Final = 0.5

#: The code of the answer to something sent while the database could not be reached.
UNREACHABLE: Final = "unreachable"

#: The moves that start a turn.
_STARTS: Final[tuple[Action, ...]] = ("draw", "take", "take_all", "stop")


def seat_actions(view: TableView) -> list[Action]:
    """What the device may do now: a Rommi call (or "no call") in its window, else its own turn's moves
    of the turn's part it is in; nothing for a watcher, at the round's end, or while others decide."""
    if view.seat is None or view.seen is None or view.seen.position.round_over:
        return []
    if view.call_open:
        return ["rummy" if view.seen.position.variant.rummy_call else "rommi", "no_call"]
    seen = view.seen
    if seen.to_move != view.seat or view.waiting:
        return []
    actions = turn_actions(seen.position)
    if seen.phase is Phase.DRAW:
        return [a for a in actions if a in _STARTS]
    return [a for a in actions if a not in _STARTS]


def news(view: TableView, language: str | Style) -> tuple[str, str] | None:
    """What the table's message box says to this device when it has no answer to a move of its own: that
    it may call now, that its answer is in, whose Rommi call is being played out, or how the round ended;
    else the waiting for calls, as every other phone says it; else what last happened to a seat
    (:func:`notice_text`). Plain text: the box shows it as it is, so the
    names in it are never escaped for Markdown (:func:`status`, shown above the table as Markdown, escapes them)."""
    if view.seen is None:
        return None
    if view.seen.position.round_over:
        return "success", round_end(view, language)
    rummy = view.seen.position.variant.rummy_call
    if view.call_open:
        if rummy:
            return "info", t("together.call_now_rummy", language, card=view.seen.pile[-1])
        return "info", t("together.call_now", language)
    if view.answered:
        return "info", t("together.answer_in", language)
    if view.waiting:  # the same words as above the table, where a phone's screen shows them
        return "info", t("together.waiting_calls_rummy" if rummy else "together.waiting_calls", language)
    if view.called_by is not None:
        if view.called_by == view.seat:
            return "success", t("together.called_you", language)
        return "info", t("together.called", language, name=view.seats[view.called_by].name)
    if view.notice is not None:
        return "info", notice_text(view, language)
    return None


def notice_text(view: TableView, language: str | Style) -> str:
    """The table's notice as this device says it: about another seat by its player's name, about its own
    seat to its player ("Your time ran out…")."""
    notice = view.notice
    assert notice is not None
    key = f"together.notice.{notice.kind}"
    if notice.seat == view.seat:
        return t(f"{key}_own", language, button=t("together.come_back", language))
    return t(key, language, name=view.seats[notice.seat].name)


def turn_limit_note(view: TableView, language: str | Style) -> str | None:
    """What the table's turn limit means, in a sentence ("Each turn may last 2 minutes; …"); None without one.

    >>> from tutor.together.model import TableView
    >>> view = TableView("ABC234", 1, "femhundra", {}, 2, (), False, None, False, None, False, False, 0, 0, turn_seconds=120)
    >>> turn_limit_note(view, "en")
    'Each turn may last 2 minutes; then the computer plays it.'
    """
    if view.turn_seconds is None:
        return None
    return t("together.turn_limit_note", language, minutes=max(1, math.ceil(view.turn_seconds / 60)))


def status(view: TableView, language: str | Style) -> tuple[str, str] | None:
    """The line above the table: whose turn it is (this device's own, said so), or the wait for calls;
    None at the round's end."""
    seen = view.seen
    if seen is None or (seen.position.round_over and not view.waiting):
        return None
    if view.waiting:
        return "info", t("together.waiting_calls_rummy" if seen.position.variant.rummy_call else "together.waiting_calls", language)
    name = plain(seen.players[seen.to_move])
    if seen.to_move == view.seat:
        return "success", t("together.your_turn", language, name=name)
    return "info", t("together.their_turn", language, name=name)


def round_end(view: TableView, language: str | Style) -> str:
    """How the round ended, and what each player scored in it, in one or two sentences."""
    assert view.seen is not None
    position = view.seen.position  # the round is over: every hand is shown
    out = [seat for seat, held in enumerate(position.hands) if not held]
    if not out:
        how = t("together.ended_stock", language)
    elif out[0] == view.seat:
        how = t("together.ended_out_you", language)
    else:
        how = t("together.ended_out", language, name=position.players[out[0]])
    points = ", ".join(
        t("together.round_points", language, name=name, points=score.round)
        for name, score in zip(position.players, position.scores(), strict=True)
    )
    return how + " " + t("together.round_scored", language, points=points)


class SharedSeat(WithoutHelp):
    """One device's seat at a shared table (a watcher's: no seat): the table's ``code``, the ``token`` it
    looks with (its seat's, else the host's, else None), the ``seat_token`` it moves with and the
    ``host_token`` it came with (the host's own link; "" without). It keeps the table as it last saw it
    (:meth:`refresh`) and the answer to its last move, said once; :attr:`unreachable` says that its last
    look, or move, found the tables' database out of reach."""

    def __init__(self, store: TableStore, code: str, token: str | None, seat_token: str, host_token: str = "") -> None:
        self.store = store
        self.code = code
        self.token = token
        self.seat_token = seat_token
        self.host_token = host_token
        self.view: TableView | None = None
        self.answer: Answer | None = None
        self.unreachable = False

    def refresh(self, language: str | Style) -> TableView:
        """The table as this device may see it now (raises :class:`TableError` when it cannot). When the
        tables' database cannot be reached, :class:`TableUnreachable` is raised and the table seen last is
        kept, for :meth:`look` to show with the reason nothing moves."""
        try:
            self.view = self.store.view(self.code, self.token, language, host_token=self.host_token or None)
        except StorageFault:
            self.unreachable = True
            raise
        if self.unreachable and self.answer is not None and self.answer.code == UNREACHABLE:
            self.answer = None  # the table is back: no longer worth saying
        self.unreachable = False
        return self.view

    def host_rights(self) -> str:
        """The token this device acts as the host with, as the table was last refreshed: its seat's when
        the host's role was passed to its seat, else the host's own link's; "" when it is not the host."""
        view = self.view
        if view is None or not view.is_host:
            return ""
        if view.seat is not None and view.seat == view.host_seat:
            return self.seat_token
        return self.host_token or str(self.token or "")

    def look(self, language: str | Style) -> Look:
        """The table from this device's seat (a watcher: no hand), as it was last refreshed. The answer to
        this device's last move is said once; after it, the table's own news. While the database cannot be
        reached, the table seen last, with nothing to press, and the message box says so."""
        view = self.view or self.refresh(language)
        seen = view.seen
        assert seen is not None, "a round is dealt before its table is drawn"
        actions = () if self.unreachable else tuple(seat_actions(view))
        answer, self.answer = self.answer, None
        said = answer.box if answer is not None and answer.message else None
        if self.unreachable:
            said = ("warning", TableUnreachable().text(language))
        return Look(
            seen=seen,
            actions=actions,
            leading=tuple(primary_actions(seen.position, view.seat, None)) if actions and view.seat is not None else (),
            message=said or news(view, language),
            log=view.last_moves,
            key=f"{view.code}:{view.version}:{view.seat}",
            show_hand=view.seat is not None,
            poll_ms=int(POLL_SECONDS * 1000),
            log_label=t("together.log_label", language),  # every seat's moves, this phone's too
        )

    def play(self, play: Play, language: str | Style) -> Answer:
        """A move made on the table (or "no call" to a Rommi! window), sent to the shared table as this
        device last saw it; a refusal is explained on this device only. A move that went through says
        nothing itself: the table's news says what follows (a call's "Your call was made…")."""
        view = self.view
        if view is None or view.seen is None:
            return self._say(Answer("info", ""))
        position = view.seen.position

        def make() -> Answer:
            try:
                if play.action == "no_call":  # the seat's answer to the Rommi! window it was shown
                    self.store.no_call(self.code, self.seat_token, view.version)
                else:
                    move = play.move(position)
                    self.store.move(self.code, self.seat_token, move, view.version)
            except StorageFault as fault:
                return self._unreached(fault, language)
            except TableError as error:
                return Answer("error", error.text(language), error.key)
            return Answer("info", "")

        return self._say(attempt(make, language))

    def act(self, call: Callable[[TableStore], object], language: str | Style) -> Answer | None:
        """Something this device does at the table besides a move (leave for a while, come back, the host's
        next deal): ``call(store)``. A refusal is the answer, said once on this device; else None."""
        try:
            call(self.store)
        except StorageFault as fault:
            return self._say(self._unreached(fault, language))
        except TableError as error:
            return self._say(Answer("error", error.text(language), error.key))
        except RulesError as error:
            return self._say(Answer("error", refusal(error, language), error.code))
        return None

    def _say(self, answer: Answer) -> Answer:
        self.answer = answer
        return answer

    def _unreached(self, fault: StorageFault, language: str | Style) -> Answer:
        """The answer to something sent while the database cannot be reached: nothing was done, and the
        table waits for the database (:meth:`look`) until a look reaches it again."""
        self.unreachable = True
        return Answer("warning", fault.text(language), UNREACHABLE)
