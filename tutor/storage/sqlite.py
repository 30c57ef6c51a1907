"""What only an SQLite file needs besides :mod:`tutor.storage.engines`: the switch to WAL mode, tried again
while another connection sets up the same new file.

>>> import sqlite3, tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> connection = sqlite3.connect(os.path.join(folder.name, "example.sqlite3"))
>>> switch_to_wal(connection, wait=1.0)
'wal'
>>> connection.close()
>>> folder.cleanup()
"""

from __future__ import annotations

import sqlite3
import time
from typing import Final

#: Seconds between two tries of the switch to WAL mode while another connection sets up the same file.
WAL_RETRY_PAUSE: Final = 0.01


def switch_to_wal(connection: sqlite3.Connection, wait: float) -> str | None:
    """Put the connection's file in WAL mode; the journal mode it is in then (``"wal"``), or None when SQLite
    answered nothing.

    SQLite refuses the switch at once, without its busy wait, when waiting could deadlock with another
    connection's first open of the same new file (two servers, or two sessions, starting together): seen
    for 1 in 6 of three processes opening a new file at the same moment. So the switch is tried again for up
    to ``wait`` seconds; any other error, or a lock that outlasts the wait, is raised.
    """
    deadline = time.monotonic() + wait
    while True:
        try:
            row = connection.execute("PRAGMA journal_mode = WAL").fetchone()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(WAL_RETRY_PAUSE)
            continue
        return None if row is None else str(row[0])
