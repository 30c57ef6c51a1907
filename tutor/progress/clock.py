"""The clock of the device, device-code and undo tables: UTC, written by the app to the second (not the
database's ``CURRENT_TIMESTAMP``), so that text order is time order and tests can give their own times."""

from __future__ import annotations

from datetime import UTC, datetime


def utc_now() -> datetime:
    """The time now, in UTC (the clock of the device and undo tables; tests pass their own times)."""
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """How the device and undo tables keep a time: UTC, to the second, so that text order is time order.

    >>> stamp(datetime(2026, 12, 3, 18, 5, 9, 750, tzinfo=UTC))
    '2026-12-03 18:05:09'
    """
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")


def parse_stamp(text: str) -> datetime:
    """The time :func:`stamp` wrote."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
