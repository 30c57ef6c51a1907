"""One learner working through one scenario, and the way from scenario to scenario through the lessons.

Pure logic, no Streamlit: the Learn page keeps a :class:`ScenarioRun` in its session and shows what it
says. The engine judges every move (through :mod:`tutor.learn.checker`); this module only keeps the positions
played so far, the hints shown and the feedback of the last attempt.

>>> from tutor.learn.curriculum import load_curriculum
>>> run = ScenarioRun(load_curriculum().scenarios["femhundra-take-whole-pile"])
>>> from engine.moves import TAKE_ALL, take
>>> run.play(take(1)).kind, run.state is run.states[0], run.feedback.cost
('error', True, 'That cost a star: ★★☆')
>>> run.play(TAKE_ALL).kind, run.play(Move.parse("meld 5S 5H 5D")).kind, run.solved, run.stars
('success', 'success', True, 2)

A wrong answer (a move the engine refuses or the task did not ask for; a wrong verdict, number or choice)
costs a star, as a hint does, and says so; the same wrong answer given twice costs it once:

>>> quiz = ScenarioRun(load_curriculum().scenarios["judge-round-the-corner"])
>>> quiz.judge(True).cost, quiz.judge(True).cost, quiz.stars
('That cost a star: ★★☆', '', 2)
>>> quiz.judge(False).kind, quiz.stars
('success', 2)
"""

from __future__ import annotations

from itertools import count
from typing import Final

from engine.moves import Move
from engine.round import Round
from tutor.charts.hand import move_label
from tutor.i18n.strings import t
from tutor.i18n.style import Style
from tutor.learn.checker import (
    Verdict,
    check_choice,
    check_judgement,
    check_number,
    learner_seat,
    number_answer,
    try_move,
)
from tutor.learn.scenario import Scenario
from tutor.learn.tasks import MoveTask, NumberTask, Step
from tutor.seat.game import Answer

#: Stars for a scenario solved without help; each hint shown and each wrong answer to a question costs
#: one, down to :data:`MIN_STARS`.
MAX_STARS: Final = 3
MIN_STARS: Final = 1

_FEEDBACK_SERIALS: Final = count(1)

class ScenarioRun:
    """A learner's attempt at one scenario: the positions so far, the step, the hints, the last feedback."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.states: list[Round] = [scenario.start()]
        self.moves: list[Move] = []
        self.step_index = 0
        self.hints_shown = 0
        self.wrong_attempts = 0
        #: How many times the table was told to forget its picks (:func:`tutor.seat.game.drops_picks`).
        self.picks_dropped = 0
        self.wrong_answers: set[str] = set()
        self.solved = False
        self.feedback: Answer | None = None
        #: A number no other feedback of this server has had (0: none yet): a page knows a new answer by it,
        #: even the same words said again.
        self.feedback_serial = 0
        self.tried: Move | None = None

    @property
    def state(self) -> Round:
        """The position the learner sees now."""
        return self.states[-1]

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return learner_seat(self.scenario, self.state)

    @property
    def step(self) -> Step | None:
        """The current step of a move task (None for other tasks, or once solved)."""
        task = self.scenario.task
        if isinstance(task, MoveTask) and self.step_index < len(task.steps):
            return task.steps[self.step_index]
        return None

    @property
    def is_move_task(self) -> bool:
        """Whether the learner makes moves (rather than typing a number, picking or judging)."""
        return isinstance(self.scenario.task, MoveTask)

    @property
    def step_count(self) -> int:
        """How many moves the task asks for (1 for the other kinds of task)."""
        task = self.scenario.task
        return len(task.steps) if isinstance(task, MoveTask) else 1

    @property
    def stars(self) -> int:
        """Stars earned: :data:`MAX_STARS` less one per hint shown and per wrong answer to a question
        (:attr:`mistakes`), never below :data:`MIN_STARS`."""
        return max(MIN_STARS, MAX_STARS - self.hints_shown - self.mistakes)

    @property
    def mistakes(self) -> int:
        """The different wrong answers given: moves refused or not asked for, verdicts, numbers, choices."""
        return len(self.wrong_answers)

    # --- hints ----------------------------------------------------------------------------------

    def reveal_hint(self) -> bool:
        """Show the next hint; False when every hint is already shown."""
        if self.hints_shown >= len(self.scenario.hints):
            return False
        self.hints_shown += 1
        return True

    def hints(self, language: str | Style = "en") -> list[str]:
        """The hints shown so far, in the learner's language."""
        task = self.scenario.task
        extra = {"answer": number_answer(self.scenario)} if isinstance(task, NumberTask) else {}
        return [self.scenario.say(h, language, **extra) for h in self.scenario.hints[: self.hints_shown]]

    @property
    def hints_left(self) -> int:
        """Hints not shown yet."""
        return len(self.scenario.hints) - self.hints_shown

    # --- attempts -------------------------------------------------------------------------------

    def play(self, move: Move, language: str | Style = "en") -> Answer:
        """Try ``move`` at the current step. An illegal or unasked move leaves the position as it was."""
        self.tried = move
        step = self.step
        if step is None:
            return self._say(Answer("info", ""))
        verdict = try_move(self.scenario, step, self.state, move, language)
        if verdict.asked:
            self.states.append(verdict.state)
            self.moves.append(move)
            self.step_index += 1
            self.solved = self.step is None
        return self._judged(verdict, answer=f"{self.step_index} {move}", language=language)

    def answer_number(self, typed: int, language: str | Style = "en") -> Answer:
        """Check a typed number."""
        return self._judged(check_number(self.scenario, typed, language), final=True, answer=f"number {typed}", language=language)

    def answer_choice(self, picked: int, language: str | Style = "en") -> Answer:
        """Check a picked option (its index)."""
        return self._judged(check_choice(self.scenario, picked, language), final=True, answer=f"choice {picked}", language=language)

    def judge(self, says_legal: bool, language: str | Style = "en") -> Answer:
        """Check the learner's "legal" / "not legal"."""
        return self._judged(check_judgement(self.scenario, says_legal, language), final=True, answer=f"legal {says_legal}", language=language)

    def note(self, message: str) -> Answer:
        """Show a remark that is not a verdict (a pick that makes no move)."""
        return self._say(Answer("info", message))

    def _judged(self, verdict: Verdict, final: bool = False, answer: str | None = None, language: str | Style = "en") -> Answer:
        """The feedback of an attempt; ``answer`` names a question's answer, so that a wrong one costs a star."""
        if verdict.asked:
            if final:
                self.solved = True
            return self._say(Answer("success", verdict.message))
        self.wrong_attempts += 1
        if not verdict.legal:
            return self._say(Answer("error", verdict.message, verdict.code, self._charge(answer, language)))
        return self._say(Answer("warning", verdict.message, verdict.code, self._charge(answer, language)))

    def _charge(self, answer: str | None, language: str | Style) -> str:
        """Count a wrong answer to a question (once per different answer) and say what it cost."""
        if answer is None or answer in self.wrong_answers:
            return ""
        before = self.stars
        self.wrong_answers.add(answer)
        if self.stars == before:
            return t("learn.mistake_free", language, stars=star_text(self.stars))
        return t("learn.mistake_cost", language, stars=star_text(self.stars))

    def _say(self, feedback: Answer) -> Answer:
        self.feedback = feedback
        self.feedback_serial = next(_FEEDBACK_SERIALS)
        return feedback

    # --- what the charts read ---------------------------------------------------------------------

    def move_labels(self, language: str | Style = "en") -> list[str]:
        """The learner's moves so far in words, one per position after the first (``you melded Q♠ Q♥ Q♦``)."""
        seat = self.seat
        return [
            move_label(before, seat, move, after, language)
            for before, move, after in zip(self.states[:-1], self.moves, self.states[1:], strict=True)
        ]

    def score_seat(self) -> int | None:
        """For a number task about a score: the seat whose round it asks about; otherwise None."""
        task = self.scenario.task
        if isinstance(task, NumberTask) and task.answer.score is not None and task.answer.player is not None:
            return self.state.player_index(task.answer.player)
        return None


def star_text(stars: int, most: int = MAX_STARS) -> str:
    """Stars as ★ and ☆.

    >>> star_text(2)
    '★★☆'
    """
    stars = max(0, min(most, stars))
    return "★" * stars + "☆" * (most - stars)
