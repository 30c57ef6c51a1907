"""The browsers a learner uses, and the codes that add one (tables ``device`` and ``device_code``): a
browser's cookie holds a device token (:mod:`tutor.progress.learner`), kept here only as its SHA-256 with
its learner; a device code, made on one device and typed on another, moves that browser to the learner.
:func:`tutor.progress.identity.identify` finds a browser's learner through :meth:`Devices.check`."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, exists, func, select, update

from tutor.progress.clock import parse_stamp, stamp, utc_now
from tutor.progress.database import Database, check_name
from tutor.progress.layout import device, device_code
from tutor.progress.learner import CODE_MINUTES, new_device_code, normal_code, token_hash
from tutor.storage.upsert import insert_for


@dataclass(frozen=True, slots=True)
class Device:
    """A browser a learner uses: ``key`` names it to :meth:`Devices.sign_out` (its token's hash, never
    shown), ``label`` its browser and system ("" when unknown), when it was first and last seen (UTC)."""

    key: str
    label: str
    created_at: datetime
    last_seen: datetime


@dataclass(frozen=True, slots=True)
class DeviceCheck:
    """What a browser's device token finds: its ``learner``, or None; ``signed_out`` when it was signed out."""

    learner: str | None
    signed_out: bool


class Devices:
    """Which learner each browser is in ``database``: its devices, signing them out, and device codes."""

    def __init__(self, database: Database) -> None:
        self.database = database

    def add(self, learner: str, token: str, label: str = "", at: datetime | None = None) -> None:
        """Keep the browser whose cookie holds ``token`` (kept as its SHA-256) as one of ``learner``'s devices."""
        check_name(learner, "learner")
        moment = stamp(at or utc_now())
        with self.database.connect(write=True) as connection:
            statement = insert_for(connection, device).values(
                token_hash=token_hash(token), learner=learner, label=label, created_at=moment, last_seen=moment
            )
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=["token_hash"],
                    set_={"learner": learner, "last_seen": moment, "signed_out_at": None},
                )
            )

    def add_first(self, learner: str, token: str, label: str = "", at: datetime | None = None) -> bool:
        """Keep the browser whose cookie holds ``token`` as ``learner``'s device only when the learner has
        no device yet (signed out or not); whether it was kept. This is how the cookie of an earlier
        version, which held the learner id itself, is accepted: once, by the first browser that brings it."""
        check_name(learner, "learner")
        moment = stamp(at or utc_now())
        with self.database.connect(write=True) as connection:
            if connection.dialect.name != "sqlite":  # two browsers at once: one waits (SQLite's write holds the file)
                connection.execute(select(func.pg_advisory_xact_lock(zlib.crc32(f"device:{learner}".encode()))))
            if connection.execute(select(exists().where(device.c.learner == learner))).scalar():
                return False
            connection.execute(
                device.insert().values(
                    token_hash=token_hash(token), learner=learner, label=label, created_at=moment, last_seen=moment
                )
            )
        return True

    def check(self, token: str, at: datetime | None = None, seen: bool = False) -> DeviceCheck:
        """Whose browser holds ``token``: the learner, or None with ``signed_out`` when it was signed out
        (None alone: a token never kept). ``seen`` notes the visit as the device's last."""
        key = token_hash(token)
        with self.database.connect(write=seen) as connection:
            row = connection.execute(
                select(device.c.learner, device.c.signed_out_at).where(device.c.token_hash == key)
            ).first()
            if row is None:
                return DeviceCheck(None, signed_out=False)
            if row[1] is not None:
                return DeviceCheck(None, signed_out=True)
            if seen:
                connection.execute(
                    update(device).where(device.c.token_hash == key).values(last_seen=stamp(at or utc_now()))
                )
        return DeviceCheck(str(row[0]), signed_out=False)

    def signed_in(self, learner: str) -> list[Device]:
        """The learner's devices that are not signed out, the one seen last first."""
        d = device
        with self.database.connect() as connection:
            rows = connection.execute(
                select(d.c.token_hash, d.c.label, d.c.created_at, d.c.last_seen)
                .where(d.c.learner == learner, d.c.signed_out_at.is_(None))
                .order_by(d.c.last_seen.desc(), d.c.created_at.desc())
            )
            return [Device(str(k), str(label), parse_stamp(str(c)), parse_stamp(str(s))) for k, label, c, s in rows]

    def sign_out(self, learner: str, keys: list[str], at: datetime | None = None) -> int:
        """Sign out ``learner``'s devices of these keys (:attr:`Device.key`); how many were signed in. A
        signed-out browser starts afresh on its next page, saying why."""
        if not keys:
            return 0
        d = device
        with self.database.connect(write=True) as connection:
            return connection.execute(
                update(d)
                .where(d.c.learner == learner, d.c.token_hash.in_(keys), d.c.signed_out_at.is_(None))
                .values(signed_out_at=stamp(at or utc_now()))
            ).rowcount

    def move(self, token: str, learner: str, at: datetime | None = None) -> None:
        """Make the browser whose cookie holds ``token`` ``learner``'s (a device code was used in it); the
        learner it was before keeps their progress."""
        self.add(learner, token, at=at)

    def make_code(self, learner: str, at: datetime | None = None) -> tuple[str, datetime]:
        """A new device code for ``learner`` and when it expires (:data:`~tutor.progress.learner.CODE_MINUTES`
        from now). It is kept as its SHA-256 and works once (:meth:`use_code`)."""
        check_name(learner, "learner")
        moment = at or utc_now()
        code, expires = new_device_code(), moment + timedelta(minutes=CODE_MINUTES)
        with self.database.connect(write=True) as connection:
            connection.execute(delete(device_code).where(device_code.c.expires_at <= stamp(moment)))
            connection.execute(
                device_code.insert().values(code_hash=token_hash(code), learner=learner, expires_at=stamp(expires))
            )
        return code, expires

    def use_code(self, typed: str, at: datetime | None = None, take: bool = True) -> str | None:
        """The learner whose device code ``typed`` is, using it up (``take=False``: only looking); None when
        it is not a code, not one made, used already, or expired. Two browsers using one code at once: one
        gets it."""
        code = normal_code(typed)
        if code is None:
            return None
        key, moment = token_hash(code), stamp(at or utc_now())
        c = device_code
        if not take:
            with self.database.connect() as connection:
                found = connection.execute(
                    select(c.c.learner).where(c.c.code_hash == key, c.c.used_at.is_(None), c.c.expires_at > moment)
                ).scalar()
            return None if found is None else str(found)
        with self.database.connect(write=True) as connection:
            taken = connection.execute(
                update(c)
                .where(c.c.code_hash == key, c.c.used_at.is_(None), c.c.expires_at > moment)
                .values(used_at=moment)
            ).rowcount
            if taken != 1:
                return None
            return str(connection.execute(select(c.c.learner).where(c.c.code_hash == key)).scalar_one())
