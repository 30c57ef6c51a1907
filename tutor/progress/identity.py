"""Who a browser is, from the device token its cookie holds (:mod:`tutor.progress.learner`): the rules, kept
apart from Streamlit so they are tested alone.

- A token the database knows finds its learner.
- A cookie of an earlier version held the learner id itself: it is accepted once, as the first device of
  that learner (listed on the Progress page like any other, so it can be signed out), and the cookie is
  rewritten to the new token. Once the learner has a device, the id in a cookie is nobody's: a copy of
  an old cookie, in however many browsers, signs none of them in.
- A token signed out, unknown or missing, and anything else in the cookie, gives a new learner and a new
  token (``signed_out`` says when the browser was signed out, for a one-off notice).

Nothing of the page's address takes part: a link never makes a browser somebody else.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tutor.progress.devices import Devices
from tutor.progress.learner import is_device_token, is_learner_id, new_device_token, new_learner_id


@dataclass(frozen=True, slots=True)
class Identity:
    """The learner a browser runs as, and the token its cookie must hold; ``fresh``: a new learner (nobody
    has progress under the id); ``signed_out``: the cookie's token was signed out from another device."""

    learner_id: str
    token: str
    fresh: bool
    signed_out: bool = False


def identify(
    devices: Devices, cookie: object, label: str = "", at: datetime | None = None, seen: bool = True
) -> Identity:
    """The identity of the browser whose cookie holds ``cookie`` (any value; ``label`` names a device made
    here; ``seen`` notes the visit as the device's last), found among ``devices`` (a store's
    :attr:`~tutor.progress.store.ProgressStore.devices`). Raises ``ProgressError`` when the store cannot be
    used (then the cookie must be left as it is: the browser's identity is not lost to a busy database).

    >>> import tempfile, os
    >>> folder = tempfile.TemporaryDirectory()
    >>> from tutor.progress.store import ProgressStore
    >>> devices = ProgressStore(os.path.join(folder.name, "progress.sqlite3")).devices
    >>> first = identify(devices, None)
    >>> first.fresh, identify(devices, first.token) == Identity(first.learner_id, first.token, fresh=False)
    (True, True)
    >>> old = new_learner_id()  # the cookie of an earlier version: the learner id itself
    >>> moved = identify(devices, old)
    >>> moved.learner_id == old, moved.token != old, moved.fresh
    (True, True, False)
    >>> identify(devices, old).learner_id == old  # the same old cookie again: it has been used
    False
    >>> folder.cleanup()
    """
    signed_out = False
    if is_device_token(cookie):
        check = devices.check(str(cookie), at=at, seen=seen)
        if check.learner is not None:
            return Identity(check.learner, str(cookie), fresh=False)
        signed_out = check.signed_out
    elif is_learner_id(cookie):
        token = new_device_token()
        if devices.add_first(str(cookie), token, label, at=at):
            return Identity(str(cookie), token, fresh=False)
    learner, token = new_learner_id(), new_device_token()
    devices.add(learner, token, label, at=at)
    return Identity(learner, token, fresh=True, signed_out=signed_out)
