"""The app in Swedish, Danish, Finnish and Dutch, through AppTest: every page, every lesson and every
scenario step (with a wrong move and a hint) speaks the language and shows no English the language has its
own words for; the starting variant is the language's own; a refusal is said in the language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import RulesError
from engine.moves import Move
from engine.round import Phase
from engine.variants import PRESETS
from tests.apptest_support import (
    answer_rightly,
    answer_wrongly,
    app_of,
    cookie_of,
    learn_of,
    open_app,
    practice_of,
    said,
    scenario_run,
    table_move,
)
from tests.language_support import english_leaks, shown_texts
from tutor.course import TrackLesson, track_for
from tutor.i18n.languages import LANGUAGES, SOURCE_LANGUAGE, START_VARIANT, browser_wants, choose
from tutor.i18n.strings import refusal, t, variant_name
from tutor.learn.curriculum import load_curriculum
from tutor.learn.tasks import MoveTask
from tutor.progress import ProgressStore
from tutor.seat.picks import hand_options
from ui.learn.state import KEYS
from ui.shared import session
from ui.shared.session import PICKER

TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)
PAGES = ("learn", "compare", "practice", "together", "rules", "progress")
CURRICULUM = load_curriculum()


def _no_leaks(at: AppTest, language: str, where: str) -> None:
    assert not at.exception, at.exception
    if language == SOURCE_LANGUAGE:
        return
    leaks = english_leaks(at, language)
    assert not leaks, f"{where}: English on a {language} page: {leaks[:5]}"


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_speaks_the_language_and_starts_with_its_variant(language: str, page: str) -> None:
    at = open_app(page=page, lang=language, variant=None)
    assert at.session_state[session.VARIANT_ID] == START_VARIANT[language]
    _no_leaks(at, language, page)


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_lesson_opens_in_the_language(language: str) -> None:
    for lesson in CURRICULUM.lessons:
        at = open_app(lesson=lesson.id, lang=language, variant=None)
        assert learn_of(at).lesson == lesson.id
        assert any(lesson.title_in(language) in str(h.value) for h in at.header), lesson.id
        _no_leaks(at, language, lesson.id)


def _walk_lesson(at: AppTest, entry: TrackLesson, language: str, variant: str) -> None:
    """Every task of the open lesson through the page's controls: a wrong answer to the first (refused, a star
    gone), each task solved and said so, the caption naming the learner's table (or, for an optional task,
    that it is another table's), "Next" between the tasks; no English the language has words for."""
    solved = t("ui.learn.solved", language, stars="").strip()
    for index, scenario in enumerate(entry.all_tasks):
        run = scenario_run(at)
        assert run.scenario.id == scenario.id and learn_of(at).index == index
        captions, infos = [str(c.value) for c in at.caption], [str(i.value) for i in at.info]
        if entry.is_optional(index):
            assert run.state.variant.id == scenario.variant
            other = t("ui.learn.other_table", language, about="", chosen="").split("{")[0][:12]
            assert any(message.startswith(other) for message in infos), infos
        else:
            assert run.state.variant.id == variant
            assert t("ui.learn.played_with", language, variant=variant_name(variant, language)) in captions, captions
        if index == 0:
            answer_wrongly(at, scenario)
            wrong = scenario_run(at)
            assert wrong.stars == 2 and not wrong.solved and wrong.feedback is not None, scenario.id
            assert any(wrong.feedback.cost in text for text in shown_texts(at)), (scenario.id, "the cost is said in view")
            _no_leaks(at, language, f"{scenario.id} (a wrong answer)")
        answer_rightly(at, scenario)
        assert scenario_run(at).solved, (scenario.id, said(at, KEYS, "error"))
        assert any(str(s.value).startswith(solved) for s in at.success), scenario.id
        if index + 1 < len(entry.all_tasks):
            at.button(key="learn_next").click().run()
    _no_leaks(at, language, f"{entry.lesson.id} (solved)")


@pytest.mark.apptest
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_new_learner_walks_their_tracks_first_and_last_lessons_through_the_page(language: str, progress_db: Path) -> None:
    """The page's wiring, once per language (every task of every track, in every language, is walked through
    the lesson seat game in tests/test_course_walk.py): the language's own table's track opens on its
    first lesson, walked task by task; "Next" leads to the second lesson; a lesson link opens the last one,
    and after it the track is done; the stars are kept."""
    variant = START_VARIANT[language]
    track = track_for(PRESETS[variant], CURRICULUM)
    first, last = track.lessons[0], track.lessons[-1]
    at = open_app(lang=language, variant=None)
    assert at.session_state[session.VARIANT_ID] == variant
    assert at.header[0].value == first.lesson.title_in(language)  # a new learner starts at the track's start
    _walk_lesson(at, first, language, variant)
    at.button(key="learn_next").click().run()
    assert at.header[0].value == track.lessons[1].lesson.title_in(language)
    learner = app_of(at).learner_id
    assert ProgressStore(progress_db).course.stars(learner) == {s.id: 2 if i == 0 else 3 for i, s in enumerate(first.all_tasks)}
    at = open_app(lesson=last.lesson.id, lang=language, variant=None, cookie=cookie_of(at))
    assert at.header[0].value == last.lesson.title_in(language)
    _walk_lesson(at, last, language, variant)
    done = t("ui.learn.all_done", language, variant=variant_name(variant, language))
    assert done in [str(i.value) for i in at.info]
    assert {first.lesson.id, last.lesson.id} <= set(ProgressStore(progress_db).course.completed_lessons(learner))
    with_another_table = next((e for e in track.lessons if any(map(e.is_optional, range(len(e.all_tasks))))), None)
    if with_another_table is not None:  # an optional task is introduced as another table's, and played by its rules
        at = open_app(lesson=with_another_table.lesson.id, lang=language, variant=None, cookie=cookie_of(at))
        _walk_lesson(at, with_another_table, language, variant)


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_refusal_is_said_in_the_language(language: str) -> None:
    """A move out of order (a discard before drawing, or a second draw): the engine's reason, in the
    learner's words, and the position as it was."""
    lesson = next(x for x in CURRICULUM.lessons if isinstance(CURRICULUM.scenarios[x.scenarios[0]].task, MoveTask))
    at = open_app(lesson=lesson.id, lang=language)
    run = scenario_run(at)
    before = run.state
    if before.phase is Phase.DRAW:
        card = hand_options(before.hands[run.seat])[0]
        wrong, move = ("discard", {"hand": [card]}), f"discard {before.hands[run.seat][0]}"
    else:
        wrong, move = ("draw", {}), "draw"
    with pytest.raises(RulesError) as refused:
        before.apply(Move.parse(move), run.seat)
    expected = refusal(refused.value, language)
    assert expected != refusal(refused.value, "en")
    table_move(at, KEYS, wrong[0], **wrong[1])  # type: ignore[arg-type]
    shown = said(at, KEYS, "error")
    assert shown and shown[0].startswith(expected), (shown, expected)
    assert scenario_run(at).state is before


# --- choosing the language ----------------------------------------------------------------------------


def _apptest_sets_a_locale() -> bool:
    """Whether this Streamlit's AppTest hands a script the locale it is given (1.66's does not; the browser
    test covers a real browser's language on every version)."""
    probe = AppTest.from_string("import streamlit as st\nst.write(str(st.context.locale))")
    probe.context = {"locale": "fi-FI"}
    probe.run()
    return bool(probe.markdown) and probe.markdown[0].value == "fi-FI"


def test_the_pages_own_locale_leads_the_languages_of_the_handshake() -> None:
    """A Swedish page whose WebSocket handshake (where Streamlit reads the headers) carries the browser's
    default English, as Chromium before 151 sends it for a locale set per page, is spoken to in Swedish; the
    header still decides when the page's locale is none of ours, or missing."""
    assert choose(None, None, None, browser_wants("sv-SE", "en-US,en;q=0.9")) == "sv"
    assert choose(None, None, None, browser_wants("de-DE", "de-DE,nl;q=0.8")) == "nl"
    assert choose(None, None, None, browser_wants(None, "fi-FI,en;q=0.5")) == "fi"
    assert choose(None, None, None, browser_wants(None, None)) == "en"


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_browsers_language_decides_and_english_is_last() -> None:
    if not _apptest_sets_a_locale():
        pytest.skip("this Streamlit's AppTest cannot give a script a browser locale")
    assert app_of(open_app(locale="fi-FI", variant=None)).language == "fi"
    english = open_app(locale="de-DE", variant=None)
    assert app_of(english).language == "en"
    assert english.session_state[session.VARIANT_ID] == "500-rum"


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_variant_follows_the_language_until_the_learner_picks_one() -> None:
    at = open_app(lang="sv", variant=None)
    assert at.session_state[session.VARIANT_ID] == "femhundra"
    at.selectbox(key=PICKER).set_value("da").run()
    assert (app_of(at).language, at.session_state[session.VARIANT_ID]) == ("da", "dansk")
    assert at.query_params["lang"] in ("da", ["da"])  # a reload keeps the choice
    at.selectbox(key=session.VARIANT_ID).set_value("rommi").run()
    at.selectbox(key=PICKER).set_value("nl").run()
    assert (app_of(at).language, at.session_state[session.VARIANT_ID]) == ("nl", "rommi")
    assert not at.exception


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_a_variant_link_picks_the_variant() -> None:
    at = open_app(lang="sv", variant=None, query={"variant": "dansk"})
    assert (app_of(at).language, at.session_state[session.VARIANT_ID]) == ("sv", "dansk")


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
def test_the_learners_choice_is_kept_with_their_progress() -> None:
    at = open_app(locale="en-GB", variant=None)
    at.selectbox(key=PICKER).set_value("fi").run()
    again = open_app(locale="en-GB", variant=None, cookie=cookie_of(at))  # the same browser, another day
    assert app_of(again).language == "fi"
    assert again.session_state[session.VARIANT_ID] == "rommi"
    stranger = open_app(locale="en-GB", variant=None)
    assert app_of(stranger).language == "en"


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("language", TRANSLATED)
def test_practice_names_the_learner_in_the_language(language: str) -> None:
    """The learner who gave no name is "Du", "Sinä", "Jij"… in Practice's score line, not the English "You"."""
    at = open_app(page="practice", lang=language, variant=None)
    at.button(key="practice_start").click().run()
    scores = next(str(m.value) for m in at.markdown if str(m.value).startswith(t("table.scores", language)))
    assert f"**{t('names.you', language)}**" in scores and "**You**" not in scores, scores


def _play_round_by_hints(at: AppTest) -> None:
    """Play the learner's moves of a Practice round by the coach's hints until the round is over."""
    from tests.apptest_support import play_through_widgets
    from tutor.practice.game import Game
    from ui.practice import state as practice

    game = practice_of(at).game
    assert isinstance(game, Game)
    for _ in range(200):
        if game.pending().kind in ("round_over", "game_over"):
            return
        at.button(key="practice_hint_button").click().run()
        advice = practice_of(at).table.advice
        state = game.state
        play_through_widgets(at, practice.KEYS, advice.move, state.hands[advice.seat], state.pile)
        assert not at.exception, at.exception
    raise AssertionError("the round did not end")  # pragma: no cover


@pytest.mark.apptest
@pytest.mark.usefixtures("progress_db")
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_practice_round_speaks_the_language_and_calls_the_learner_you_in_it(language: str) -> None:
    """A whole round against the computer: the log, the score table, the charts' legends and the hints say
    everything in the language, the learner is "Du", "Sinä", "Jij" (never "You"), and the computer player's
    level is never "coach" (the coach is the advisor)."""
    from tests.language_support import shown_texts
    from ui.practice import state as practice

    at = open_app(page="practice", lang=language, variant=None)
    at.number_input(key=practice.SEED).set_value(11)
    at.button(key="practice_start").click().run()
    _play_round_by_hints(at)
    _no_leaks(at, language, "practice, the round over")
    shown = " ".join(shown_texts(at)).replace("\\", "")  # Markdown escapes: "Bertil \\(stark\\)"
    assert not re.search(r"\bYou\b", shown), [s for s in shown_texts(at) if re.search(r"\bYou\b", s)][:5]
    assert t("names.you", language) in shown
    assert f"({t('practice.level.coach', language)})" in shown  # the computer's level, not the advisor's name
    log = at.expander[0].label if at.expander else ""
    assert log, "the round's log is shown"
    legends = [trace.get("name", "") for chart in at.get("plotly_chart") for trace in json.loads(chart.proto.spec)["data"]]
    assert t("names.you", language) in legends and "You" not in legends, legends
