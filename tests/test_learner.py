"""Learner ids and the cookie: ids made with enough randomness and checked when they come back; the cookie
keeps a device token, never an id (tests/test_devices.py tests the tokens and codes)."""

from __future__ import annotations

import pytest

from tutor.progress.learner import (
    COOKIE,
    ID_BYTES,
    cookie_header,
    is_learner_id,
    legacy_key,
    new_device_token,
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


def test_cookie_and_legacy_keys() -> None:
    token = new_device_token()
    assert cookie_header(token).startswith(f"{COOKIE}={token}; ")
    for bad in ("x; Path=/evil", new_learner_id()):  # the cookie keeps a device token, never a learner id
        with pytest.raises(ValueError):
            cookie_header(bad)
    assert legacy_key(" Anna ") == "legacy:Anna" and not is_learner_id(legacy_key("A" * 24))


def test_the_cookie_is_secure_when_asked() -> None:
    token = new_device_token()
    assert "Secure" not in cookie_header(token)
    assert cookie_header(token, secure=True) == cookie_header(token) + "; Secure"
