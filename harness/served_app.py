"""The app served by ``streamlit run app.py`` on 127.0.0.1 at a free port: started, waited for until its
health check (``/_stcore/health``) says ``ok``, stopped, restarted on the same port and files, and its log
shown when it does not start or when the block using it fails.

>>> with served_app(folder) as server:  # doctest: +SKIP
...     page.goto(server.url)

A server keeps the learners' progress in ``progress.sqlite3`` of the folder it is given (the tables of Play
together beside it, in ``tables.sqlite3``), so servers started in one folder share them, and writes what it
prints to ``NAME.log`` there.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

#: The checkout the app is served from (``app.py``, the lessons, the scenarios).
ROOT: Final = Path(__file__).resolve().parent.parent
#: Seconds a server may take to answer ``ok`` (a busy machine imports Streamlit slowly).
HEALTH_TIMEOUT: Final = 30.0
#: Options every start gets: this address and port only, and no file watcher (nothing edits the checkout
#: under a running test, and watching it costs CPU on a shared machine).
ADDRESS_OPTIONS: Final = ("--server.address", "127.0.0.1", "--server.fileWatcherType", "none")
#: Options a test or benchmark adds by default: no browser opened, no usage statistics sent. A test of
#: how the app starts as a service (``tests/test_setup.py``) leaves them out, so the config has to do it.
QUIET_OPTIONS: Final = ("--server.headless", "true", "--browser.gatherUsageStats", "false")
#: Characters of the log shown with a failure (its end).
LOG_SHOWN: Final = 20_000


class ServerError(RuntimeError):
    """The server died or never answered its health check; the message ends with its log."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the system's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_health(
    url: str,
    process: subprocess.Popen[bytes],
    log_text: Callable[[], str],
    poll: float = 0.1,
    timeout: float = HEALTH_TIMEOUT,
) -> None:
    """Poll ``url``'s health check every ``poll`` seconds until it says ``ok``; :class:`ServerError` ending
    with ``log_text()`` if ``process`` (the server: this harness's, or a command a test starts, such as the
    installed ``rummy500``) exits or stays silent for ``timeout`` seconds."""
    health = f"{url}/_stcore/health"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"the server exited with {process.returncode}:\n{log_text()}")
        try:
            with urllib.request.urlopen(health, timeout=2) as answer:
                if answer.read().decode().strip() == "ok":
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(poll)
    raise ServerError(f"no 'ok' from {health} in {timeout:.0f} s:\n{log_text()}")


@dataclass
class Server:
    """One ``streamlit run app.py`` of the app: its port, progress file and log, the variables added to
    (a value) or removed from (``None``) this process's environment for it, and the options it is started
    with besides :data:`ADDRESS_OPTIONS` and the port. :meth:`start` it, :meth:`stop` it, :meth:`restart`
    it on the same port and files; :func:`served_app` does the first two around a block. ``script`` serves
    another script the same way (from the checkout, with its ``.streamlit/config.toml``): a benchmark's bare
    Streamlit app beside the app."""

    port: int
    progress: Path
    log: Path
    environment: Mapping[str, str | None] = field(default_factory=dict)
    options: Sequence[str] = QUIET_OPTIONS
    process: subprocess.Popen[bytes] | None = None
    script: str = "app.py"

    @classmethod
    def at(
        cls,
        folder: Path,
        name: str = "streamlit",
        environment: Mapping[str, str | None] | None = None,
        options: Sequence[str] = QUIET_OPTIONS,
        script: str = "app.py",
    ) -> Server:
        """A server (not started) of ``script`` on a free port, with ``folder``'s ``progress.sqlite3`` and log
        ``NAME.log``."""
        return cls(
            free_port(), folder / "progress.sqlite3", folder / f"{name}.log", dict(environment or {}), options, script=script
        )

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``, the address a browser opens."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        """Whether the server's process is started and has not exited."""
        return self.process is not None and self.process.poll() is None

    def command(self) -> list[str]:
        """The command line the server is started with (this Python's ``-m streamlit run app.py``, or its
        :attr:`script`)."""
        port = ("--server.port", str(self.port))
        return [sys.executable, "-m", "streamlit", "run", self.script, *ADDRESS_OPTIONS, *port, *self.options]

    def process_environment(self) -> dict[str, str]:
        """This process's environment with the progress file set, no other content folder, and
        :attr:`environment` applied (``None`` removes a variable)."""
        env = {**os.environ, "RUMMY500_PROGRESS_DB": str(self.progress)}
        env.pop("RUMMY500_CONTENT_DIR", None)
        for name, value in self.environment.items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        return env

    def spawn(self) -> None:
        """Start the server without waiting for it (a benchmark launches the browser meanwhile): from the
        checkout, with no terminal (standard input from ``/dev/null``), all it prints to :attr:`log`."""
        assert not self.running, f"the server at {self.url} is running already"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                self.command(),
                cwd=ROOT,
                env=self.process_environment(),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    def wait(self, poll: float = 0.1, timeout: float = HEALTH_TIMEOUT) -> None:
        """Poll the health check every ``poll`` seconds until it says ``ok``; :class:`ServerError` with the
        log if the server exits or stays silent for ``timeout`` seconds."""
        assert self.process is not None, "spawn() the server first"
        wait_for_health(self.url, self.process, self.log_text, poll, timeout)

    def start(self, poll: float = 0.1, timeout: float = HEALTH_TIMEOUT) -> None:
        """:meth:`spawn` the server and :meth:`wait` for it; a server that does not start is stopped."""
        self.spawn()
        try:
            self.wait(poll, timeout)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Stop the server (terminated; killed if it has not exited 10 s later). Nothing if not started."""
        if self.process is None:
            return
        process, self.process = self.process, None
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def kill(self) -> None:
        """Kill the server at once (``SIGKILL``: no clean-up, as when its machine dies). Nothing if not started."""
        if self.process is None:
            return
        process, self.process = self.process, None
        process.kill()
        process.wait(timeout=10)

    def restart(self, poll: float = 0.1, timeout: float = HEALTH_TIMEOUT) -> None:
        """Stop the server and start it again on the same port and files, as after a crash or an update."""
        self.stop()
        self.start(poll, timeout)

    def log_text(self, limit: int = LOG_SHOWN) -> str:
        """The end of what the server has printed (its last ``limit`` characters), or ``(no log)``."""
        if not self.log.exists():
            return "(no log)"
        return self.log.read_text(errors="replace")[-limit:]


@contextmanager
def served_app(
    folder: Path,
    name: str = "streamlit",
    environment: Mapping[str, str | None] | None = None,
    poll: float = 0.1,
    timeout: float = HEALTH_TIMEOUT,
) -> Iterator[Server]:
    """The app served from ``folder`` (see :meth:`Server.at`) with ``environment`` applied, started and
    healthy inside the block and stopped when it ends. Raises :class:`ServerError`, its log in the
    message, when it does not start; when the block fails, the log is printed (pytest shows it with the
    failure) before the error goes on."""
    server = Server.at(folder, name, environment)
    server.start(poll, timeout)
    try:
        yield server
    except Exception:  # a skip (BaseException) is no failure: no log for it
        print(f"--- {server.log.name}, the log of the server at {server.url} ---")
        print(server.log_text())
        raise
    finally:
        server.stop()
