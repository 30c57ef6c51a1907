"""A throw-away PostgreSQL cluster for the tests, the benchmarks and the browser tests: Debian's server
(``apt-get install -y postgresql``; its programs in ``/usr/lib/postgresql/<version>/bin``), made by
``initdb`` in a fresh folder of ``/tmp``, listening on a unix socket in that folder only (no TCP port),
started and stopped with ``pg_ctl``, and deleted afterwards.

PostgreSQL refuses to run as root, and CI runs as root: then the cluster is made and run as the
unprivileged user ``nobody`` (the folder is given to it), and the client (root) connects through the socket.

>>> with throwaway_cluster() as cluster:  # doctest: +SKIP
...     url = cluster.new_database()  # postgresql+psycopg://rummy@/db1?host=/tmp/pg-…
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

#: Where Debian installs the server's programs, one folder per major version.
DEBIAN_PROGRAMS: Final = Path("/usr/lib/postgresql")
#: The cluster's superuser (trusted on the socket: nobody else can reach the folder).
SUPERUSER: Final = "rummy"
#: The user the cluster runs as when this process is root.
UNPRIVILEGED: Final = "nobody"
#: Settings of a cluster for tests: nothing synced to disk (a crash loses a throw-away cluster anyway).
FAST: Final = ("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")


def programs() -> Path | None:
    """The folder of the newest installed server's programs (``initdb``, ``pg_ctl``), or None."""
    found = sorted(DEBIAN_PROGRAMS.glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    return found[-1].parent if found else None


def postgres_missing() -> str:
    """What a throw-away cluster lacks on this machine, in words ("" when nothing)."""
    return "" if programs() is not None else f"{DEBIAN_PROGRAMS}/*/bin/initdb (apt-get install -y postgresql)"


@dataclass
class Cluster:
    """A running cluster: its folder (data and socket), the options its server was started with, and the
    databases made in it. :meth:`stop` and :meth:`start` take it away and bring it back (a database
    restart, as a site's operator makes one), with its databases as they were."""

    folder: Path
    port: int = 5432
    options: tuple[str, ...] = ()
    _count: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` in this cluster, through its socket."""
        return f"postgresql+psycopg://{SUPERUSER}@/{database}?host={self.folder}&port={self.port}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        name = f"db{next(self._count)}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def psql(self, statement: str) -> str:
        """Run one statement as the superuser (``psql``); what it printed."""
        bin_dir = programs()
        psql = shutil.which("psql") or str(bin_dir / "psql" if bin_dir else "psql")
        done = subprocess.run(
            [psql, "-h", str(self.folder), "-p", str(self.port), "-U", SUPERUSER, "-d", "postgres", "-XAtc", statement],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    def stop(self) -> None:
        """Stop the server as an operator does (``pg_ctl stop -m fast``: every connection is ended, its
        socket goes); what was committed stays."""
        _pg_ctl(self.folder, "-m", "fast", "-w", "stop")

    def start(self) -> None:
        """Start the stopped server again, with the options it had, and wait until it takes connections."""
        _pg_ctl(self.folder, "-l", str(self.folder / "server.log"), "-w", "-t", "60", "-o", " ".join(self.options), "start")


def _pg_ctl(folder: Path, *arguments: str) -> None:
    """``pg_ctl`` on the cluster in ``folder`` (its data in ``folder/data``)."""
    bin_dir = programs()
    if bin_dir is None:
        raise RuntimeError(postgres_missing())
    _run([str(bin_dir / "pg_ctl"), "-D", str(folder / "data"), *arguments], folder)


def _as_owner(folder: Path) -> dict[str, Any]:
    """The ``subprocess`` arguments that run a server program as the folder's owner (``nobody`` under root)."""
    if os.geteuid() != 0:
        return {}
    return {"user": UNPRIVILEGED, "cwd": str(folder)}


def _run(command: Sequence[str], folder: Path) -> None:
    done = subprocess.run(list(command), capture_output=True, text=True, **_as_owner(folder))
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


@contextlib.contextmanager
def throwaway_cluster(durable: bool = False, settings: Sequence[str] = ()) -> Iterator[Cluster]:
    """A cluster made and started for the block, stopped and deleted after it. ``durable``: keep
    PostgreSQL's own syncing (the benchmarks), else :data:`FAST`; ``settings``: more ``-c name=value``."""
    bin_dir = programs()
    if bin_dir is None:
        raise RuntimeError(postgres_missing())
    folder = Path(tempfile.mkdtemp(prefix="pg-", dir="/tmp"))  # short: a socket's path has at most 107 bytes
    if os.geteuid() == 0:
        shutil.chown(folder, UNPRIVILEGED)
    data = folder / "data"
    started = False
    try:
        _run([str(bin_dir / "initdb"), "-D", str(data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
              "--locale=C.UTF-8", "--no-sync"], folder)  # fmt: skip
        options = ["-c", "listen_addresses=", "-c", f"unix_socket_directories={folder}", "-c", "max_connections=200"]
        options += [] if durable else list(FAST)
        options += list(settings)
        _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w", "-t", "60",
              "-o", " ".join(options), "start"], folder)  # fmt: skip
        started = True
        yield Cluster(folder, options=tuple(options))
    finally:
        if started:
            with contextlib.suppress(RuntimeError):  # stopped already, when a test stopped it and failed
                _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"], folder)
        shutil.rmtree(folder, ignore_errors=True)
