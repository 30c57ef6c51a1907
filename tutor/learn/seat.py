"""A lesson task as a seat game (:class:`tutor.seat.game.SeatGame`): the task's position seen from
the learner's seat, live while a move is asked for, and the answer to each move the learner makes on it
(judged by the engine, then by the task: :class:`tutor.learn.flow.ScenarioRun`).

>>> from tutor.learn.curriculum import load_curriculum
>>> run = ScenarioRun(load_curriculum().scenarios["femhundra-take-whole-pile"])
>>> table = LessonSeat(run)
>>> table.look("en").actions[:2], table.look("en").leading
(('draw', 'take_all'), ('draw', 'take_all'))
>>> table.play(Play("take", pile="2C"), "en").kind, run.state is run.states[0]
('error', True)
>>> table.look("en").message[1].endswith("Nothing was played: the cards are as they were. Try again. That cost a star: ★★☆")
True
>>> table.play(Play("take_all"), "en").kind, run.tried
('success', Move.parse('take all'))
>>> table.look("en").message[1]  # the answer, and the next step's instruction beside the table
'You took 9♥ 2♣ 5♦, the whole pile: in femhundra it is all or nothing. Now lay your new meld. Step 2 of 2: Meld the three fives.'
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from engine.errors import NotationError
from tutor.i18n.names import cast_names
from tutor.i18n.strings import refusal, t
from tutor.i18n.style import Style, style_for
from tutor.learn.flow import ScenarioRun
from tutor.seat.felt import primary_actions
from tutor.seat.game import Answer, Look, Play, WithoutHelp, drops_picks, turn_actions
from tutor.seat.picks import Action, SelectionProblem

#: The kinds of move a step may ask for whose action is highlighted.
_PLAY_ACTIONS: Final[tuple[Action, ...]] = ("meld", "layoff", "discard")


class LessonSeat(WithoutHelp):
    """The table of one lesson task, seen from the learner's seat (:attr:`ScenarioRun.seat`)."""

    def __init__(self, run: ScenarioRun) -> None:
        self.run = run

    def look(self, language: str | Style) -> Look:
        """The task's position: live in a move task not yet solved (the answer to a move beside the cards),
        still otherwise; a new task opens at the page's top."""
        run = self.run
        state = run.state
        moving = run.is_move_task and not run.solved
        step = run.step
        kind = step.answer.split(maxsplit=1)[0] if step is not None and step.answer.strip() else ""
        asked = next((action for action in _PLAY_ACTIONS if action == kind), None)
        rommi = state.variant.rommi_call and len(state.players) > 2
        seen = state.view(run.seat)
        return Look(
            seen=replace(seen, players=cast_names(seen.players, style_for(language).language)),
            actions=tuple(turn_actions(state, rommi)) if moving else (),
            leading=tuple(primary_actions(state, run.seat, asked)) if moving else (),
            message=self.message(language),
            key=f"{run.scenario.id}:{len(run.states)}:{run.solved}:{run.picks_dropped}",
            top=len(run.states) == 1 and run.feedback is None,
        )

    def message(self, language: str | Style) -> tuple[str, str] | None:
        """The answer to the learner's last move, beside the cards (a refused one says nothing was played);
        None in a question (its answer is said below its controls) or before any move."""
        answer = self.run.feedback if self.run.is_move_task else None
        if answer is None or not answer.message:
            return None
        unchanged = " " + t("ui.learn.unchanged", language) if answer.kind == "error" else ""
        cost = " " + answer.cost if answer.cost else ""
        return answer.kind, answer.message + unchanged + cost + self._next_step(answer, language)

    def _next_step(self, answer: Answer, language: str | Style) -> str:
        """After a step that succeeded, the next step's instruction, said beside the table where the answer is
        (the page says it above the table too, out of view on a phone)."""
        run = self.run
        step = run.step
        if answer.kind != "success" or step is None or step.prompt is None:
            return ""
        number, count = run.step_index + 1, run.step_count
        return " " + t("ui.learn.next_step", language, number=number, count=count, step=run.scenario.say(step.prompt, language))

    def play(self, play: Play, language: str | Style) -> Answer:
        """A move made on the table of a move task: the picks make the move, the engine and the task judge it."""
        run = self.run
        if not run.is_move_task or run.solved:
            return Answer("info", "")
        try:
            move = play.move(run.state)
        except SelectionProblem as problem:
            return run.note(t(problem.key, language))
        except NotationError as error:  # a joker declared as no card: said as the engine says it
            return run.note(refusal(error, language, seated=True))
        answer = run.play(move, language)
        if drops_picks(play, answer):
            run.picks_dropped += 1
        return answer

