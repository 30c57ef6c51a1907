"""Identity kept in the browser (issue 27): device tokens, single-use device codes that expire, signing a
device out, undoing "Start over", on SQLite and PostgreSQL (``store_target``), with the clock given."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress import ProgressStore, ProgressSummary
from tutor.progress.devices import DeviceCheck
from tutor.progress.learner import (
    CODE_MINUTES,
    UNDO_HOURS,
    device_label,
    is_device_token,
    is_learner_id,
    new_device_token,
    new_learner_id,
    normal_code,
    shown_code,
    token_hash,
)

T0 = datetime(2026, 12, 3, 18, 0, tzinfo=UTC)


def test_tokens_and_codes_are_random_and_told_apart_from_learner_ids() -> None:
    tokens = {new_device_token() for _ in range(1000)}
    assert len(tokens) == 1000 and all(is_device_token(x) and not is_learner_id(x) for x in tokens)
    assert not is_device_token(new_learner_id()) and not is_device_token(None)
    assert normal_code(" acde fghj ") == "ACDEFGHJ" == normal_code(shown_code("ACDEFGHJ"))
    assert normal_code("ACDEFGH0") is None and normal_code("ACDEFGHJK") is None


def test_a_device_label_names_the_browser_and_system() -> None:
    chrome = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
    edge = "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0"
    assert device_label(chrome) == "Chrome · Android" and device_label(edge) == "Edge · Windows"


def test_a_device_token_finds_its_learner_and_is_kept_hashed(store_target: str) -> None:
    store = ProgressStore(store_target)
    learner, token = new_learner_id(), new_device_token()
    assert store.devices.check(token) == DeviceCheck(None, signed_out=False)
    store.devices.add(learner, token, "Firefox · Linux", at=T0)
    assert store.devices.check(token, at=T0 + timedelta(hours=1), seen=True) == DeviceCheck(learner, signed_out=False)
    [found] = store.devices.signed_in(learner)
    assert found.key == token_hash(token) != token and found.label == "Firefox · Linux"
    assert (found.created_at, found.last_seen) == (T0, T0 + timedelta(hours=1))
    assert store.devices.signed_in(new_learner_id()) == []


def test_a_device_code_works_once_then_never_again(store_target: str) -> None:
    store = ProgressStore(store_target)
    learner = new_learner_id()
    code, expires = store.devices.make_code(learner, at=T0)
    assert expires == T0 + timedelta(minutes=CODE_MINUTES) and normal_code(code) == code
    assert store.devices.use_code(shown_code(code).lower(), at=T0 + timedelta(minutes=1)) == learner
    assert store.devices.use_code(code, at=T0 + timedelta(minutes=2)) is None  # used: refused
    assert store.devices.use_code("ACDE-FGHJ", at=T0) is None and store.devices.use_code("nonsense", at=T0) is None


def test_a_device_code_expires(store_target: str) -> None:
    store = ProgressStore(store_target)
    learner = new_learner_id()
    code, expires = store.devices.make_code(learner, at=T0)
    assert store.devices.use_code(code, at=expires) is None  # at its expiry it is gone
    later, _ = store.devices.make_code(learner, at=T0 + timedelta(minutes=CODE_MINUTES - 1))
    assert store.devices.use_code(later, at=T0 + timedelta(minutes=2 * CODE_MINUTES - 2)) == learner


def test_using_a_code_moves_only_that_browser_and_keeps_its_old_progress(store_target: str) -> None:
    store = ProgressStore(store_target)
    anna, mine, token = new_learner_id(), new_learner_id(), new_device_token()
    store.devices.add(mine, token, at=T0)
    store.course.record_scenario(mine, "s1", 2)
    assert store.accounts.has_progress(mine) and not store.accounts.has_progress(anna)
    code, _ = store.devices.make_code(anna, at=T0)
    learner = store.devices.use_code(code, at=T0)
    assert learner == anna
    store.devices.move(token, anna, at=T0)
    assert store.devices.check(token).learner == anna and [d.key for d in store.devices.signed_in(anna)] == [token_hash(token)]
    assert store.devices.signed_in(mine) == [] and store.course.stars(mine) == {"s1": 2}  # not lost: still under its own id


def test_signing_out_a_device(store_target: str) -> None:
    store = ProgressStore(store_target)
    learner, phone, laptop, tablet = new_learner_id(), new_device_token(), new_device_token(), new_device_token()
    for hour, token in enumerate((laptop, phone, tablet)):
        store.devices.add(learner, token, at=T0 + timedelta(hours=hour))
    assert [d.key for d in store.devices.signed_in(learner)] == [token_hash(x) for x in (tablet, phone, laptop)]
    assert store.devices.sign_out(new_learner_id(), [token_hash(phone)]) == 0  # only the learner's own
    assert store.devices.sign_out(learner, [token_hash(phone)]) == 1
    assert store.devices.check(phone) == DeviceCheck(None, signed_out=True)
    assert store.devices.sign_out(learner, [token_hash(phone)]) == 0
    assert store.devices.sign_out(learner, [d.key for d in store.devices.signed_in(learner) if d.key != token_hash(laptop)]) == 1
    assert [d.key for d in store.devices.signed_in(learner)] == [token_hash(laptop)]
    store.devices.add(new_learner_id(), phone)  # the signed-out browser starts afresh with a new learner
    assert store.devices.check(phone).learner not in (None, learner)


def test_an_earlier_versions_cookie_is_accepted_only_as_a_learners_first_device(store_target: str) -> None:
    """Issue 38: a cookie that held the learner id itself (an earlier version's) signed its learner in every
    time, in any number of browsers. It is a device only for a learner who has none yet, signed out or not."""
    store = ProgressStore(store_target)
    learner, first, second = new_learner_id(), new_device_token(), new_device_token()
    assert store.devices.add_first(learner, first, "Firefox · Linux", at=T0) is True
    assert store.devices.add_first(learner, second, at=T0) is False
    assert store.devices.check(first).learner == learner and store.devices.check(second).learner is None
    store.devices.sign_out(learner, [token_hash(first)])
    assert store.devices.add_first(learner, second, at=T0) is False  # a device signed out still counts
    other = new_learner_id()
    store.devices.add(other, new_device_token(), at=T0)  # a device made by a code, or the app itself
    assert store.devices.add_first(other, second, at=T0) is False


def test_start_over_can_be_undone_for_a_day(store_target: str) -> None:
    store = ProgressStore(store_target)
    learner, other = new_learner_id(), new_learner_id()
    for who in (learner, other):
        store.course.record_scenario(who, "s1", 2)
        store.course.complete_lesson(who, "01-the-aim")
        store.course.save_place(who, "02-melds", 1)
    assert store.start_over.undo_until(learner, at=T0) is None
    store.start_over.clear(learner, at=T0)
    assert store.course.summary(learner) == ProgressSummary(0, 0, 0, 0, None)
    assert store.start_over.undo_until(learner, at=T0) == T0 + timedelta(hours=UNDO_HOURS)
    store.course.record_scenario(learner, "s2", 3)  # progress made since is kept by the undo
    assert store.start_over.undo(learner, at=T0 + timedelta(hours=1)) is True
    assert store.course.stars(learner) == {"s1": 2, "s2": 3} and store.course.last_place(learner) == ("02-melds", 1)
    assert store.start_over.undo_until(learner, at=T0) is None and store.start_over.undo(learner, at=T0) is False
    assert store.course.summary(other).scenarios_done == 1


def test_start_over_cannot_be_undone_after_a_day(store_target: str) -> None:
    store = ProgressStore(store_target)
    learner = new_learner_id()
    store.course.record_scenario(learner, "s1", 2)
    store.start_over.clear(learner, at=T0)
    late = T0 + timedelta(hours=UNDO_HOURS)
    assert store.start_over.undo_until(learner, at=late) is None and store.start_over.undo(learner, at=late) is False
    store.start_over.clear(new_learner_id(), at=late)  # any later start over drops what is too old to undo
    assert store.course.stars("undo:" + learner) == {}


@pytest.mark.parametrize("times", [2])
def test_a_second_start_over_replaces_the_first_ones_undo(store_target: str, times: int) -> None:
    store = ProgressStore(store_target)
    learner = new_learner_id()
    store.course.record_scenario(learner, "s1", 2)
    for _ in range(times):
        store.start_over.clear(learner, at=T0)
    assert store.start_over.undo_until(learner, at=T0) is None  # the second cleared nothing: nothing to undo
    assert store.start_over.undo(learner, at=T0) is False
