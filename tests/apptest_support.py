"""Opening the app through AppTest, the way every page test does, and making a move on the card table
that Learn and Practice share (:mod:`ui.felt.controls`): the move the component would send, handed to
the page through its request key, since AppTest cannot click a component."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from streamlit.testing.v1 import AppTest

from engine.cards import Card
from engine.moves import Discard, Draw, Layoff, Meld, Move, Rommi, Stop, Take
from engine.round import Phase
from tutor.learn.checker import judge_answer, number_answer
from tutor.learn.flow import ScenarioRun
from tutor.learn.scenario import Scenario
from tutor.learn.tasks import ChoiceTask, JudgeTask, MoveTask, NumberTask
from tutor.seat.picks import hand_options, option_for_depth
from ui.felt.controls import PickKeys
from ui.learn import state as learn
from ui.learn.state import KEYS as LEARN_KEYS
from ui.learn.state import LearnState
from ui.practice import state as practice
from ui.practice.state import PracticeState
from ui.shared import session
from ui.shared.session import AppState

#: The app's entry, relative to this folder (AppTest resolves it against the calling file's folder).
APP = "../app.py"


def open_app(
    page: str | None = None,
    lesson: str | None = None,
    locale: str | None = None,
    cookie: str | None = None,
    variant: str | None = "femhundra",
    lang: str | None = None,
    query: dict[str, str] | None = None,
    house_rules: dict[str, object] | None = None,
) -> AppTest:
    """The app, run once (at ``?lesson=…`` when given, in ``locale`` when given, with ``cookie`` as the
    browser's cookie when given: a browser coming back (:func:`cookie_of`), at ``?lang=…`` when given), then switched to
    ``ui/pages/<page>.py`` when a page is named; it must run without an exception.

    ``variant`` is the one the learner picked (most tests were written for femhundra); None leaves the
    choice to the app, which starts with the language's own variant."""
    at = AppTest.from_file(APP, default_timeout=30)
    if variant is not None:
        at.session_state[session.VARIANT_ID] = variant
        for name, value in (house_rules or {}).items():  # as if picked in the sidebar
            at.session_state[session.house_rule_key(variant, name)] = value
    if lang is not None:
        at.query_params["lang"] = lang
    for name, value in (query or {}).items():
        at.query_params[name] = value
    if lesson is not None:
        at.query_params["lesson"] = lesson
    if cookie is not None:  # AppTest sends no cookie: the session reads it from here
        at.session_state[session.STATE] = AppState(test_cookie=cookie)
    if locale is not None:
        at.context = {"locale": locale}
    at.run()
    if page is not None:
        at.switch_page(f"ui/pages/{page}.py").run()
    assert not at.exception, at.exception
    return at


def open_house_rules(at: AppTest) -> AppTest:
    """Open the sidebar's house rules, as a click on their heading does (their widgets are drawn only when
    open), and run the app again."""
    at.session_state[session.HOUSE_RULES_OPEN] = True
    return at.run()


def cookie_of(at: AppTest) -> str:
    """The cookie the browser of session ``at`` keeps (its device token): give it to :func:`open_app` to
    open the app again in that browser."""
    token = app_of(at).device_token
    assert isinstance(token, str)
    return token


def app_of(at: AppTest) -> AppState:
    """The app-wide state of session ``at`` (:class:`ui.shared.session.AppState`)."""
    found = at.session_state[session.STATE]
    assert isinstance(found, AppState)
    return found


def learn_of(at: AppTest) -> LearnState:
    """The Learn page's state of session ``at`` (:class:`ui.learn.state.LearnState`)."""
    found = at.session_state[learn.STATE]
    assert isinstance(found, LearnState)
    return found


def practice_of(at: AppTest) -> PracticeState:
    """The Practice page's state of session ``at`` (:class:`ui.practice.state.PracticeState`)."""
    found = at.session_state[practice.STATE]
    assert isinstance(found, PracticeState)
    return found


def pick(hand: Sequence[Card], cards: Sequence[Card]) -> list[str]:
    """The hand's pick values that pick ``cards`` (each copy of a card once)."""
    free = list(zip(hand, hand_options(hand), strict=True))
    values = []
    for card in cards:
        match = next(i for i, (c, _) in enumerate(free) if c is card.in_hand)
        values.append(free.pop(match)[1])
    return values


def table_move(
    at: AppTest,
    keys: PickKeys,
    action: str,
    hand: Sequence[str] = (),
    pile: str | None = None,
    meld: int | None = None,
    jokers: Sequence[str | None] = (),
) -> None:
    """Make a move on the page's table as its component sends it (AppTest cannot click the component):
    the picks go under the table's request key and the page handles them on its next run."""
    at.session_state[keys.request] = {
        "action": action,
        "hand": list(hand),
        "pile": pile,
        "meld": meld,
        "jokers": list(jokers),
    }
    at.run()
    assert not at.exception, at.exception


def shown_table(at: AppTest, keys: PickKeys) -> dict[str, Any]:
    """The data of the table as the page last drew it."""
    data = at.session_state[keys.shown]
    assert isinstance(data, dict)
    return data


def said(at: AppTest, keys: PickKeys, kind: str) -> list[str]:
    """What the page says of ``kind`` (error, warning, success, info): its alerts, and the table's message."""
    alerts = [str(e.value) for e in getattr(at, kind)]
    try:
        message = shown_table(at, keys).get("message")
    except KeyError:
        message = None
    if isinstance(message, dict) and message.get("kind") == kind:
        return [str(message["text"]), *alerts]
    return alerts


def play_through_widgets(at: AppTest, keys: PickKeys, move: Move, hand: Sequence[Card], pile: Sequence[Card]) -> None:
    """Make ``move`` on the page whose table is ``keys`` the way a learner does: pick the cards, press
    the action; the app must run on without an exception."""
    if isinstance(move, Draw | Stop):
        table_move(at, keys, str(move))
    elif isinstance(move, Take) and move.count is None:
        table_move(at, keys, "take_all")
    elif isinstance(move, Take | Rommi):
        action = "take" if isinstance(move, Take) else "rommi"
        table_move(at, keys, action, pile=option_for_depth(pile, int(move.count or 1)))
    elif isinstance(move, Discard):
        table_move(at, keys, "discard", hand=pick(hand, [move.card]))
    elif isinstance(move, Meld | Layoff):
        declared = [str(c.natural_card) for c in move.cards if c.is_joker]
        if isinstance(move, Layoff):
            table_move(at, keys, "layoff", hand=pick(hand, list(move.cards)), meld=move.meld, jokers=declared)
        else:
            table_move(at, keys, "meld", hand=pick(hand, list(move.cards)), jokers=declared)
    else:  # pragma: no cover - a new kind of move
        raise AssertionError(f"no table move for {move}")




# --- answering a Learn scenario as a learner would ----------------------------------------------------


def scenario_run(at: AppTest) -> ScenarioRun:
    """The Learn page's open scenario run."""
    run = learn_of(at).run
    assert isinstance(run, ScenarioRun)
    return run


def answer_wrongly(at: AppTest, scenario: Scenario) -> None:
    """One wrong answer to the open ``scenario`` through its controls: a move that breaks the turn's order
    (discarding before drawing, or drawing twice), or a wrong number, choice or verdict."""
    run, task = scenario_run(at), scenario.task
    if isinstance(task, MoveTask):
        if run.state.phase is Phase.DRAW:
            table_move(at, LEARN_KEYS, "discard", hand=hand_options(run.state.hands[run.seat])[:1])
        else:
            table_move(at, LEARN_KEYS, "draw")
    elif isinstance(task, NumberTask):
        at.number_input(key=learn.NUMBER).set_value(number_answer(scenario) + 1)
        at.button(key=learn.CHECK).click().run()
    elif isinstance(task, ChoiceTask):
        at.radio(key=learn.CHOICE).set_value((task.correct + 1) % len(task.options))
        at.button(key=learn.CHECK).click().run()
    elif isinstance(task, JudgeTask):
        legal = judge_answer(scenario)[0]
        at.button(key=learn.JUDGE_ILLEGAL if legal else learn.JUDGE_LEGAL).click().run()


def answer_rightly(at: AppTest, scenario: Scenario, after_step: Callable[[int, str], None] | None = None) -> None:
    """The right answer to the open ``scenario`` through its controls: every step of a move task (each
    followed by ``after_step(number, answer)``, when given), or the right number, choice or verdict."""
    task = scenario.task
    if isinstance(task, MoveTask):
        for number, step in enumerate(task.steps):
            run = scenario_run(at)
            play_through_widgets(at, LEARN_KEYS, Move.parse(step.answer), run.state.hands[run.seat], run.state.pile)
            if after_step is not None:
                after_step(number, step.answer)
    elif isinstance(task, NumberTask):
        at.number_input(key=learn.NUMBER).set_value(number_answer(scenario))
        at.button(key=learn.CHECK).click().run()
    elif isinstance(task, ChoiceTask):
        at.radio(key=learn.CHOICE).set_value(task.correct)
        at.button(key=learn.CHECK).click().run()
    elif isinstance(task, JudgeTask):
        at.button(key=learn.JUDGE_LEGAL if judge_answer(scenario)[0] else learn.JUDGE_ILLEGAL).click().run()
