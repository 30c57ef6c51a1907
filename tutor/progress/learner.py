"""Who is at this browser: a learner id, made here and never shown or sent in an address, and the device
token this browser's cookie keeps, which the progress database maps to the learner.

A learner id is :data:`ID_BYTES` random bytes from :mod:`secrets` in URL-safe base64 (144 bits, 24
characters): nobody guesses another learner's id. Progress is saved under the id; the name a learner
types is only how the app speaks to them.

>>> learner = new_learner_id()
>>> is_learner_id(learner), len(learner)
(True, 24)
>>> is_learner_id("Anna"), is_learner_id("legacy:learner"), is_learner_id(None)
(False, False, False)

The browser keeps a *device token* (:data:`TOKEN_BYTES` random bytes, 32 characters), never the learner
id: the database keeps only its SHA-256 (:func:`token_hash`) with the learner, so a token can be signed
out, and a link (which carries no token) cannot make another browser somebody else. A cookie of an
earlier version held the learner id itself; it is told apart by its length and accepted once.

>>> token = new_device_token()
>>> is_device_token(token), is_learner_id(token), len(token_hash(token))
(True, False, 64)

Moving to another device takes a *device code*: :data:`CODE_LENGTH` characters of an alphabet without
look-alikes (no 0/O, 1/I/L), shown in two halves, typed in any case and with any spaces or dashes.

>>> code = new_device_code()
>>> normal_code(shown_code(code).lower()) == code, len(code)
(True, 8)
>>> normal_code("abc"), normal_code("ABCD-EFG0")
(None, None)

Progress of earlier versions was kept under a name; it is now under :func:`legacy_key` of that name and
is copied to a learner who claims it by the name (``ProgressStore.accounts.claim``).

>>> legacy_key("Anna"), legacy_key(""), legacy_key("You")
('legacy:Anna', 'legacy:learner', 'legacy:learner')
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Final
from urllib.parse import urlencode, urlsplit, urlunsplit

from tutor.i18n.strings import YOU

#: Random bytes in a learner id: 144 bits, more than the 128 that make guessing hopeless.
ID_BYTES: Final = 18
#: A learner id: the URL-safe base64 of :data:`ID_BYTES` bytes, nothing else.
ID_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{24}")
#: Random bytes in a device token: 192 bits.
TOKEN_BYTES: Final = 24
#: A device token: the URL-safe base64 of :data:`TOKEN_BYTES` bytes (32 characters, never an id's 24).
TOKEN_PATTERN: Final = re.compile(r"[A-Za-z0-9_-]{32}")
#: The address parameter an earlier version kept the learner id in (``?learner=…``): removed from an
#: address, never read.
OLD_QUERY_PARAM: Final = "learner"
#: The address parameter of a device code's link (``?device=…``): read once, then removed.
CODE_PARAM: Final = "device"
#: The cookie that keeps the device token in this browser (an earlier version kept the learner id in it).
COOKIE: Final = "rummy500_learner"
#: Days the cookie lasts.
COOKIE_DAYS: Final = 400
#: The letters and digits of a device code: none that looks like another (0/O, 1/I/L, 5/S, 2/Z, 8/B left out).
CODE_ALPHABET: Final = "ACDEFGHJKMNPQRTUVWXY34679"
#: Characters in a device code: 25⁸ ≈ 1.5·10¹¹ codes, for a code that lives minutes and works once.
CODE_LENGTH: Final = 8
#: Minutes a device code lives.
CODE_MINUTES: Final = 10
#: Hours "Start over" can be undone.
UNDO_HOURS: Final = 24
#: Where progress saved under a name by an earlier version is kept: the prefix, then the name. The ``:``
#: is not in an id's alphabet, so a legacy key is never a learner id.
LEGACY_PREFIX: Final = "legacy:"
#: The name earlier versions saved the progress of the learner without a name under.
LEGACY_DEFAULT: Final = "learner"
#: Where the progress "Start over" cleared waits to be undone: the prefix, then the learner id.
UNDO_PREFIX: Final = "undo:"


def new_learner_id() -> str:
    """A new learner id: :data:`ID_BYTES` random bytes, URL-safe."""
    return secrets.token_urlsafe(ID_BYTES)


def is_learner_id(value: object) -> bool:
    """Whether ``value`` is a learner id of the format :func:`new_learner_id` makes."""
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def new_device_token() -> str:
    """A new device token for a browser's cookie: :data:`TOKEN_BYTES` random bytes, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_device_token(value: object) -> bool:
    """Whether ``value`` is a device token of the format :func:`new_device_token` makes."""
    return isinstance(value, str) and TOKEN_PATTERN.fullmatch(value) is not None


def token_hash(secret: str) -> str:
    """The SHA-256 (hex) a device token or code is kept as: the database never holds one a browser could use.

    >>> token_hash("x")[:12]
    '2d711642b726'
    """
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_device_code() -> str:
    """A new device code: :data:`CODE_LENGTH` random characters of :data:`CODE_ALPHABET`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: object) -> str | None:
    """A typed device code as it is kept (capitals, without spaces and dashes), or None when it cannot be one."""
    if not isinstance(typed, str):
        return None
    code = re.sub(r"[\s-]", "", typed).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def shown_code(code: str) -> str:
    """A device code as a learner reads it: two halves of four.

    >>> shown_code("ACDEFGHJ")
    'ACDE-FGHJ'
    """
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def code_link(page_url: str, code: str) -> str:
    """The address that brings a device code to the Progress page of another device: the app's address
    with ``/progress?device=<code>`` (the page's own path and parameters are left out).

    >>> code_link("http://localhost:8501/learn?lesson=x#top", "ACDEFGHJ")
    'http://localhost:8501/progress?device=ACDEFGHJ'
    >>> code_link("", "ACDEFGHJ")
    'progress?device=ACDEFGHJ'
    """
    parts = urlsplit(page_url or "")
    path = "/progress" if parts.netloc else "progress"
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode({CODE_PARAM: code}), ""))


def legacy_key(name: str) -> str:
    """The key the progress an earlier version saved under ``name`` is kept under now (the learner without a
    name, "You", was saved as ``learner``)."""
    cleaned = name.strip()
    return LEGACY_PREFIX + (LEGACY_DEFAULT if cleaned in ("", YOU) else cleaned)


def undo_key(learner: str) -> str:
    """The key the progress ``learner`` cleared with "Start over" waits under, to be undone.

    >>> undo_key("A" * 24)
    'undo:AAAAAAAAAAAAAAAAAAAAAAAA'
    """
    return UNDO_PREFIX + learner


def cookie_header(token: str, days: int = COOKIE_DAYS, secure: bool = False) -> str:
    """The ``document.cookie`` assignment that keeps the device ``token`` in this browser for ``days`` days;
    ``secure`` (the page came over HTTPS): sent back over HTTPS only.

    >>> cookie_header("A" * 32, 1)
    'rummy500_learner=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; Max-Age=86400; Path=/; SameSite=Lax'
    >>> cookie_header("A" * 32, 1, secure=True).endswith("; SameSite=Lax; Secure")
    True
    """
    if not is_device_token(token):
        raise ValueError(f"not a device token: {token!r}")
    return f"{COOKIE}={token}; Max-Age={days * 86400}; Path=/; SameSite=Lax" + ("; Secure" if secure else "")


_BROWSERS: Final = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"),
                    ("CriOS/", "Chrome"), ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"))  # fmt: skip
_SYSTEMS: Final = (("Android", "Android"), ("iPhone", "iOS"), ("iPad", "iPadOS"), ("CrOS", "ChromeOS"),
                   ("Windows", "Windows"), ("Mac OS X", "macOS"), ("Macintosh", "macOS"), ("Linux", "Linux"))  # fmt: skip


def device_label(user_agent: object) -> str:
    """A short name for a browser from its User-Agent header: its browser and system ("Firefox · Windows"),
    either alone when only one is known, or "" when neither is (the page then names it by its first visit).

    >>> device_label("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")
    'Firefox · Windows'
    >>> device_label("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Safari/604.1")
    'Safari · iOS'
    >>> device_label(None), device_label("curl/8.5")
    ('', '')
    """
    if not isinstance(user_agent, str):
        return ""
    browser = next((name for mark, name in _BROWSERS if mark in user_agent), "")
    system = next((name for mark, name in _SYSTEMS if mark in user_agent), "")
    return " · ".join(part for part in (browser, system) if part)
