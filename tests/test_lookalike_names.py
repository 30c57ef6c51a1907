"""Names compared as they look (issue 38): characters that show as nothing (a zero-width joiner between
letters, a zero-width space or non-joiner, a word joiner, a soft hyphen, a direction mark, a variation
selector, a Hangul filler…), a second space, a no-break space, a full-width letter or a capital make no
other name; a joiner between two emoji does. A player cannot take a seat beside "Anna" as ``An\\u200dna``."""

from __future__ import annotations

import pytest

from engine.names import INVISIBLE, name_key, name_problem, same_name
from tutor.practice.seats import SeatsError, check_table, computer_seats, people_seats
from tutor.together.model import TableError, check_name
from tutor.together.store import SqlTableStore

#: Names that look like "Anna" (each allowed by the one name rule, or refused by it: either way no second Anna).
ANNAS = [
    "An\u200dna",  # zero-width joiner
    "An\u200cna",  # zero-width non-joiner
    "An\u200bna",  # zero-width space
    "An\u2060na",  # word joiner
    "\ufeffAnna",  # byte-order mark
    "An\u00adna",  # soft hyphen
    "Anna\u200e",  # left-to-right mark
    "An\u034fna",  # combining grapheme joiner
    "Anna\ufe0f",  # a variation selector after a letter
    "A\U000e0067nna",  # a tag character outside a flag
    "Anna\u3164",  # Hangul filler: an empty letter
    "Anna\u2800",  # the braille blank
    "ANNA",
    "Ａｎｎａ",  # full-width letters
]


@pytest.mark.parametrize("name", ANNAS)
def test_a_name_that_looks_like_anna_is_anna(name: str) -> None:
    assert same_name(name, "Anna") and name_key(name) == "anna"


def test_spaces_are_compared_as_they_show() -> None:
    assert same_name("Anna  Berg", "Anna Berg") and same_name("Anna\u00a0Berg", "anna berg")
    assert same_name("Anna\u3000Berg", "Anna Berg")  # an ideographic space
    assert not same_name("Anna Berg", "AnnaBerg") and not same_name("Anna", "Anne")


def test_a_joiner_between_emoji_is_kept() -> None:
    family, three = "👨\u200d👩\u200d👧", "👨👩👧"
    assert not same_name(family, three) and not same_name(f"{family} Berg", f"{three} Berg")
    assert not same_name("👩🏽\u200d💻", "👩🏽💻")  # a skin tone between the emoji and its joiner
    assert same_name("❤\ufe0f\u200d🔥", "❤\u200d🔥")  # the emoji's variation selector alone changes nothing
    assert not same_name("❤\ufe0f\u200d🔥", "❤\ufe0f🔥")
    england = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
    scotland = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert not same_name(england, scotland) and not same_name(england, "🏴")
    assert same_name("A\u200d👩", "A👩") and same_name("👩\u200da", "👩a")  # a joiner beside a letter joins nothing


def test_every_invisible_character_is_left_out_between_letters() -> None:
    for char in INVISIBLE:
        assert name_key(f"An{char}na") == "anna", hex(ord(char))


def test_the_one_name_rule_is_unchanged() -> None:
    """Comparing is apart from the rule: what it allows and refuses is as before."""
    assert name_problem("An\u200dna") is None and name_problem("👨\u200d👩\u200d👧 Berg") is None
    assert name_problem("An\u200bna") is not None and name_problem("Anna\u200e") is not None


@pytest.mark.parametrize("name", ANNAS)
def test_a_table_refuses_a_second_anna(name: str) -> None:
    with pytest.raises(TableError) as refused:
        check_name(name, ["Bertil", "Anna"])
    assert refused.value.key in ("name_taken", "name_unprintable", "name_bidi")
    if refused.value.key == "name_taken":
        assert refused.value.fields == {"name": "Anna"}  # named as the others see her


def test_you_in_disguise_is_still_reserved() -> None:
    with pytest.raises(TableError, match="“You”"):
        check_name("Y\u200dou", [])


def test_practice_refuses_a_second_anna_too() -> None:
    with pytest.raises(SeatsError) as refused:
        check_table(people_seats(["Anna", "An\u200dna"]), 2, 8)
    assert refused.value.key == "practice.setup.names_repeat" and refused.value.values == {"name": "An\u200dna"}
    assert [seat.name for seat in computer_seats("bertil", 1, "greedy")] == ["bertil", "Cecilia"]


def test_the_store_seats_no_second_anna_and_no_computer_beside_a_lookalike(store_target: str) -> None:
    store = SqlTableStore(store_target)
    host = store.create_table("femhundra", {}, 4)
    store.join(host.code, "Anna")
    with pytest.raises(TableError) as refused:
        store.join(host.code, "An\u200dna")
    assert refused.value.key == "name_taken"
    store.join(host.code, "Computer\u200d 1")
    store.add_computer(host.code, host.token)
    names = [seat.name for seat in store.view(host.code, host.token).seats]
    assert names == ["Anna", "Computer\u200d 1", "Computer 2"]
