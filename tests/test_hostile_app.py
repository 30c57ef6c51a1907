"""The app's side of "every file gets an answer" and "names are text", through AppTest.

Every hostile regression file pasted into Practice ("Load a record") gives a clear message naming the
field, never Streamlit's error box or a Python message; so does a bad ``# practice:`` header. Names and
the ``?lesson=`` value reach the page as plain text: Markdown in them is escaped, so no image is fetched
and no link made. (The upload path shares :func:`_open_text` with the paste, and its own step, decoding at
most 1 MB of UTF-8, is tested on bytes below; a file over 1 MB uploaded on a Finnish or Dutch page:
``tests/test_refusals_languages.py``.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import RecordError
from engine.moves import Move
from engine.records.safe_yaml import MAX_BYTES, decode
from engine.variants import get_variant
from tests.apptest_support import open_app, practice_of
from tutor.practice.game import Game
from tutor.practice.seats import computer_seats
from ui.practice import state as practice

HOSTILE = Path(__file__).parent / "records" / "hostile"
PASTED = "pasted"  # the source a pasted record is named by (practice.load.pasted)

#: Raw Python messages that must never reach a learner.
PYTHON_WORDS = ("Traceback", "invalid literal", "ValueError", "KeyError", "RecursionError", "line 1 column")

PHISH = "[phish](//evil.example/login)"  # a valid name (no colon): a link if read as Markdown
IMAGE = "![t](//127.0.0.1:9/t.png)"


def every_text(at: AppTest) -> list[str]:
    """The Markdown source of everything shown that reads Markdown."""
    texts = []
    for kind in ("markdown", "caption", "info", "success", "warning", "error", "subheader", "header", "title"):
        texts += [str(element.value) for element in getattr(at, kind)]
    texts += [str(metric.label) for metric in at.metric]
    texts += [str(button.label) for button in at.button]
    return texts


def unescaped(texts: list[str], raw: str) -> list[str]:
    """The texts that hold ``raw`` as it is (Markdown would act on it)."""
    return [text for text in texts if raw in text]


@pytest.fixture
def load_page(progress_db: Path) -> AppTest:
    at = open_app("practice")
    assert not at.exception
    return at


def paste_and_load(at: AppTest, text: str, how: str = "play") -> None:
    at.text_area(key=practice.PASTE).set_value(text).run()
    at.button(key=f"practice_load_{how}").click().run()
    assert not at.exception, at.exception


@pytest.mark.apptest
def test_every_hostile_file_pasted_gets_a_clear_message(load_page: AppTest) -> None:
    at = load_page
    for path in sorted(HOSTILE.iterdir()):
        if path.name == "not_utf8.yaml" or path.stem.endswith("_ok"):
            continue  # a paste is text already: bad bytes are the upload's case (below)
        text = path.read_text(encoding="utf-8")
        paste_and_load(at, text, "view")
        errors = [str(e.value) for e in at.error]
        assert errors, path.name
        assert PASTED in errors[0], (path.name, errors)
        assert not any(word in errors[0] for word in PYTHON_WORDS), (path.name, errors)
        assert practice_of(at).viewer is None  # nothing was opened


@pytest.mark.apptest
def test_a_pasted_file_over_1_mb_is_refused(load_page: AppTest) -> None:
    paste_and_load(load_page, "variant: femhundra\n# " + "x" * MAX_BYTES)
    assert "larger than 1 MB" in load_page.error[0].value


def game_text(header: str | None = None) -> str:
    game = Game.new(get_variant("dansk"), computer_seats("Anna", 1, "greedy"), seed=5)
    text = game.to_yaml()
    if header is None:
        return text
    return re.sub(r"^# practice: .*$", "# practice: " + header, text, flags=re.MULTILINE)


@pytest.mark.apptest
@pytest.mark.parametrize(
    ("header", "field"),
    [
        ('{"seed": 5, "seats": 5}', "# practice: seats"),
        ('{"seed": [1, 2], "seats": []}', "# practice: seed"),
        ('{"seed": Infinity, "seats": []}', "# practice: seed"),
        ('{"seed": -1}', "# practice: seed"),
        ('{"seed": 5, "seats": [["Anna", "grandmaster"]]}', "# practice: seats[0]"),
        ('{"seed": 5, "seats": [["Anna: x", null]]}', "# practice: seats[0]"),
        ("[1, 2, 3]", "# practice:"),
        ("{not json", "# practice:"),
    ],
)
def test_a_bad_practice_header_is_named(load_page: AppTest, header: str, field: str) -> None:
    paste_and_load(load_page, game_text(header))
    errors = [str(e.value) for e in load_page.error]
    assert errors and field in errors[0].replace("\\", ""), errors


@pytest.mark.apptest
def test_a_good_header_still_loads(load_page: AppTest) -> None:
    paste_and_load(load_page, game_text())
    assert not load_page.error
    assert practice_of(load_page).game is not None


def test_the_upload_step_decodes_at_most_1_mb_of_utf8() -> None:
    assert decode(b"variant: rommi\n", "game.yaml") == "variant: rommi\n"
    with pytest.raises(RecordError, match=r"game\.yaml: file: is not UTF-8 text"):
        decode(b"players: [\xff]", "game.yaml")
    with pytest.raises(RecordError, match="is larger than 1 MB"):
        decode(b" " * (MAX_BYTES + 1), "game.yaml")


# --- names are text ----------------------------------------------------------------------------------


@pytest.mark.apptest
def test_pass_and_play_names_with_markdown_are_shown_as_text(load_page: AppTest) -> None:
    at = load_page
    at.radio(key=practice.MODE).set_value("people").run()
    at.text_area(key=practice.NAMES).set_value(f"{PHISH}\nBertil").run()
    at.button(key="practice_start").click().run()
    assert not at.exception and practice_of(at).game is not None
    shown = every_text(at)
    assert not unescaped(shown, PHISH), unescaped(shown, PHISH)
    assert any(r"\[phish\]\(//evil\.example/login\)" in text for text in shown)


@pytest.mark.apptest
def test_a_name_with_a_colon_is_refused_where_it_is_given(load_page: AppTest) -> None:
    at = load_page
    at.radio(key=practice.MODE).set_value("people").run()
    at.text_area(key=practice.NAMES).set_value("Anna: the best\nBertil").run()
    at.button(key="practice_start").click().run()
    assert practice_of(at).game is None
    assert "colon" in at.error[0].value


@pytest.mark.apptest
def test_record_names_with_markdown_are_shown_as_text(load_page: AppTest) -> None:
    at = load_page
    game = Game.new(get_variant("dansk"), computer_seats(IMAGE.replace(":", ""), 1, "greedy"), seed=5)
    game.play(Move.parse("draw"))
    paste_and_load(at, game.to_yaml(), "view")
    assert practice_of(at).viewer is not None
    at.button(key="practice_view_next").click().run()
    shown = every_text(at)
    raw = IMAGE.replace(":", "")
    assert not unescaped(shown, raw), unescaped(shown, raw)


@pytest.mark.apptest
def test_a_markdown_lesson_link_is_shown_as_text(progress_db: Path) -> None:
    at = open_app(lesson="[x](//evil.example)")
    warnings = [str(w.value) for w in at.warning]
    assert any(r"\[x\]\(//evil\.example\)" in w for w in warnings), warnings
    assert not unescaped(every_text(at), "[x](//evil.example)")
