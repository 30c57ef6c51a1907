"""Learner ids: made with enough randomness, checked when they come back from an address or a cookie,
and chosen in the right order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.progress.learner import (
    COOKIE,
    ID_BYTES,
    LearnerChoice,
    choose_learner,
    cookie_header,
    device_link,
    is_learner_id,
    legacy_key,
    new_learner_id,
)


def test_new_ids_have_at_least_128_bits_and_never_repeat() -> None:
    assert ID_BYTES * 8 >= 128
    made = {new_learner_id() for _ in range(2000)}
    assert len(made) == 2000 and all(is_learner_id(x) and len(x) == 24 for x in made)


@pytest.mark.parametrize(
    "value",
    ["", "Anna", "learner", "legacy:learner", "A" * 23, "A" * 25, "A" * 23 + "=", "A" * 23 + "/", "A" * 23 + "\n",
     " " + "A" * 23, "Ä" * 24, None, 42, ["A" * 24]],
)  # fmt: skip
def test_anything_else_is_not_an_id(value: object) -> None:
    assert not is_learner_id(value)


@given(st.text(max_size=40))
def test_a_bad_id_in_the_address_is_ignored_for_a_fresh_one(text: str) -> None:
    choice = choose_learner(None, text, None)
    if is_learner_id(text):
        assert choice == LearnerChoice(text, fresh=False)
    else:
        assert choice.fresh and is_learner_id(choice.learner_id) and choice.learner_id != text


def test_the_order_address_then_session_then_cookie() -> None:
    url, current, cookie = new_learner_id(), new_learner_id(), new_learner_id()
    assert choose_learner(current, url, cookie).learner_id == url  # a link from another device
    assert choose_learner(current, None, cookie).learner_id == current  # a page switch dropped the address
    assert choose_learner(None, "bad", cookie) == LearnerChoice(cookie, fresh=False)  # the browser comes back
    assert choose_learner("bad", "bad", "bad").fresh
    assert choose_learner(None, None, None).learner_id != choose_learner(None, None, None).learner_id


def test_the_device_link_carries_only_the_id() -> None:
    learner = new_learner_id()
    assert device_link("https://tutor.example/progress?lesson=x&learner=old", learner) == (
        f"https://tutor.example/progress?learner={learner}"
    )
    with pytest.raises(ValueError):
        device_link("https://tutor.example/", "Anna")


def test_cookie_and_legacy_keys() -> None:
    learner = new_learner_id()
    assert cookie_header(learner).startswith(f"{COOKIE}={learner}; ")
    with pytest.raises(ValueError):
        cookie_header("x; Path=/evil")
    assert legacy_key(" Anna ") == "legacy:Anna" and not is_learner_id(legacy_key("A" * 24))
