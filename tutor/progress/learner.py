"""Who is at this browser: a learner id, made here, kept in the browser (the address and a cookie), and
checked when it comes back.

A learner id is :data:`ID_BYTES` random bytes from :mod:`secrets` in URL-safe base64 (144 bits, 24
characters): nobody guesses another learner's id, and it travels in a link as it is. Progress is saved
under the id; the name a learner types is only how the app speaks to them.

>>> learner = new_learner_id()
>>> is_learner_id(learner), len(learner)
(True, 24)
>>> is_learner_id("Anna"), is_learner_id("legacy:learner"), is_learner_id(None)
(False, False, False)

Where the id comes from when a page opens (:func:`choose_learner`): this session's id, unless the
address brings another valid one (a link from another device); else the address's, else the cookie's,
else a new one. An id that is not of the format is ignored, never an error.

>>> choose_learner(None, None, None).fresh
True
>>> choose_learner(None, "not an id", learner) == LearnerChoice(learner, fresh=False)
True

Progress of earlier versions was kept under a name; it is now under :func:`legacy_key` of that name and
comes to a learner only when they claim it by the name (``ProgressStore.claim``).

>>> legacy_key("Anna"), legacy_key(""), legacy_key("You")
('legacy:Anna', 'legacy:learner', 'legacy:learner')
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlencode, urlsplit, urlunsplit

from tutor.i18n.strings import YOU

#: Random bytes in a learner id: 144 bits, more than the 128 that make guessing hopeless.
ID_BYTES: Final = 18
#: A learner id: the URL-safe base64 of :data:`ID_BYTES` bytes, nothing else.
ID_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{24}")
#: The address's query parameter that carries the learner id (``?learner=…``).
QUERY_PARAM: Final = "learner"
#: The cookie that keeps the learner id in this browser.
COOKIE: Final = "rummy500_learner"
#: Days the cookie lasts.
COOKIE_DAYS: Final = 400
#: Where progress saved under a name by an earlier version is kept: the prefix, then the name. The ``:``
#: is not in an id's alphabet, so a legacy key is never a learner id.
LEGACY_PREFIX: Final = "legacy:"
#: The name earlier versions saved the progress of the learner without a name under.
LEGACY_DEFAULT: Final = "learner"


@dataclass(frozen=True, slots=True)
class LearnerChoice:
    """The learner id a page runs with; ``fresh`` when it was just made (nobody has progress under it)."""

    learner_id: str
    fresh: bool


def new_learner_id() -> str:
    """A new learner id: :data:`ID_BYTES` random bytes, URL-safe."""
    return secrets.token_urlsafe(ID_BYTES)


def is_learner_id(value: object) -> bool:
    """Whether ``value`` is a learner id of the format :func:`new_learner_id` makes."""
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def choose_learner(current: object, from_url: object, from_cookie: object) -> LearnerChoice:
    """The learner id to run with, from this session's id, the address's and the cookie's (any may be
    missing or not an id, and is then ignored): a valid id in the address wins (it is a link from another
    device, or this page reloaded), then the session's, then the cookie's; else a new id.

    >>> a, b = new_learner_id(), new_learner_id()
    >>> choose_learner(a, b, None).learner_id == b, choose_learner(a, None, b).learner_id == a
    (True, True)
    """
    for candidate in (from_url, current, from_cookie):
        if is_learner_id(candidate):
            return LearnerChoice(str(candidate), fresh=False)
    return LearnerChoice(new_learner_id(), fresh=True)


def device_link(page_url: str, learner_id: str) -> str:
    """The address that opens this page as this learner on another device: the page's address with only
    ``?learner=<id>`` as its query (other parameters, such as an open lesson, are left out).

    >>> device_link("http://localhost:8501/progress?lesson=x#top", "A" * 24)
    'http://localhost:8501/progress?learner=AAAAAAAAAAAAAAAAAAAAAAAA'
    >>> device_link("", "A" * 24)
    '?learner=AAAAAAAAAAAAAAAAAAAAAAAA'
    """
    if not is_learner_id(learner_id):
        raise ValueError(f"not a learner id: {learner_id!r}")
    parts = urlsplit(page_url or "")
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode({QUERY_PARAM: learner_id}), ""))


def legacy_key(name: str) -> str:
    """The key the progress an earlier version saved under ``name`` is kept under now (the learner without a
    name, "You", was saved as ``learner``)."""
    cleaned = name.strip()
    return LEGACY_PREFIX + (LEGACY_DEFAULT if cleaned in ("", YOU) else cleaned)


def cookie_header(learner_id: str, days: int = COOKIE_DAYS) -> str:
    """The ``document.cookie`` assignment that keeps ``learner_id`` in this browser for ``days`` days.

    >>> cookie_header("A" * 24, 1)
    'rummy500_learner=AAAAAAAAAAAAAAAAAAAAAAAA; Max-Age=86400; Path=/; SameSite=Lax'
    """
    if not is_learner_id(learner_id):
        raise ValueError(f"not a learner id: {learner_id!r}")
    return f"{COOKIE}={learner_id}; Max-Age={days * 86400}; Path=/; SameSite=Lax"
