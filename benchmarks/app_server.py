"""The app served by ``streamlit run`` on a free port, and the Chromium flags that work headless as root:
shared by the browser benchmark (``bench_browser.py``) and the browser tests (``tests/test_browser.py``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
HEALTH_TIMEOUT = 30.0  # seconds for the server to answer ``ok``


class ServerError(RuntimeError):
    """The server died or never answered its health check (the message ends with its log, if asked)."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, progress: Path, log: Path) -> subprocess.Popen[bytes]:
    """``streamlit run app.py`` on ``port`` with the learner's progress in ``progress``, output to ``log``."""
    env = {**os.environ, "RUMMY500_PROGRESS_DB": str(progress)}
    env.pop("RUMMY500_CONTENT_DIR", None)
    command = [
        sys.executable, "-m", "streamlit", "run", "app.py",
        "--server.headless", "true",
        "--server.address", "127.0.0.1",
        "--server.port", str(port),
        "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
    ]  # fmt: skip
    with log.open("wb") as out:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def wait_for_health(
    url: str,
    server: subprocess.Popen[bytes],
    log: Path | None = None,
    timeout: float = HEALTH_TIMEOUT,
    poll: float = 0.1,
) -> None:
    """Poll ``/_stcore/health`` until it says ``ok``; ``ServerError`` (with ``log``'s text) if the server
    dies or stays silent."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            tail = f":\n{log.read_text(errors='replace')}" if log is not None else ""
            raise ServerError(f"streamlit exited with {server.returncode}{tail}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read().decode().strip() == "ok":
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(poll)
    tail = f":\n{log.read_text(errors='replace')}" if log is not None else ""
    raise ServerError(f"no 'ok' from {url}/_stcore/health in {timeout:.0f} s{tail}")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Terminate the server; kill it if it does not stop within 10 s."""
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=10)
