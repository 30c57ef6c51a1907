"""A plain ``pip install .`` (not editable) is the whole tutor: installed into a fresh venv, its command
``rummy500`` serves the app from another folder, and everything the app reads (every lesson and its
translations, the scenarios, the situations, the catalogues, the rulings) comes from the installed copy in
that venv's site-packages, through ``tutor.resources``. Also: the command passes ``.streamlit/config.toml``'s
settings, which Streamlit would read only in the checkout, and the options it is given.

The install is quick and offline: the venv has no pip of its own and sees this environment's packages
(Streamlit, pydantic, pip, setuptools) through a ``.pth`` file, so ``pip install --no-deps
--no-build-isolation --no-index`` downloads nothing and builds with this environment's setuptools. It is
built from a copy of the sources, so that setuptools' ``build/`` and ``*.egg-info/`` are not written into the
checkout (checked). About 6 s on a 2-core machine: 2 s to install, 2 s for the installed copy to load
its data and run its Learn page in AppTest, 1–3 s for ``rummy500`` to answer its health check.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import tomllib
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from harness.served_app import free_port, wait_for_health
from tutor.compare.situations import load_situations
from tutor.learn.curriculum import load_curriculum
from tutor.rules.reference import rulings
from ui.app.command import SETTINGS, arguments

ROOT = Path(__file__).resolve().parent.parent
#: What ``pip install .`` builds from: the packages, the data folders, and the files pyproject.toml names.
SOURCES = ("engine", "tutor", "ui", "lessons", "scenarios", "pyproject.toml", "README.md", "LICENSE")
#: Never part of a build: bytecode, and what an earlier build left.
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "build", "*.egg-info")

#: Run inside the installed venv, from another folder: where every module and data folder is, and what the
#: tutor loads from there; then the installed app itself, run by AppTest: the Learn page lists every lesson.
PROBE = """
import json, sysconfig
from streamlit.testing.v1 import AppTest
import engine, tutor, ui, ui.app.command, ui.app.router, tutor.resources as r
from tutor.learn.curriculum import load_curriculum
from tutor.rules.reference import rulings
from tutor.compare.situations import load_situations
from tutor.i18n.strings import t

curriculum = load_curriculum()
at = AppTest.from_file(str(ui.app.command.APP), default_timeout=60)
at.query_params["lang"] = "sv"
at.run()
print(json.dumps({
    "site": sysconfig.get_paths()["purelib"],
    "files": [m.__file__ for m in (engine, tutor, ui, ui.app.command, ui.app.router)]
    + [str(p) for p in (r.LESSONS, r.SCENARIOS, r.SITUATIONS, r.LOCALES, r.RULINGS, ui.app.command.APP)],
    "lessons": {lesson.id: sorted(lesson.translations) for lesson in curriculum.lessons},
    "scenarios": sorted(curriculum.scenarios),
    "situations": [situation.id for situation in load_situations()],
    "rulings": rulings(),
    "swedish": t("ui.nav.learn", "sv"),
    "exception": [str(e.value) for e in at.exception],
    "lesson_list": [e["id"] for k in ("lessons", "others") for e in at.session_state["learn_lesson_list_shown"][k]],
}))
"""


def _tree(root: Path) -> set[str]:
    """Every path under the checkout but the venvs and git's own folder."""
    found = set()
    for folder, folders, names in os.walk(root):
        folders[:] = [f for f in folders if not (f.startswith((".venv", ".git")) or f == "screenshots")]
        found.update(os.path.relpath(os.path.join(folder, name), root) for name in [*folders, *names])
    return found


def _these_site_packages() -> list[str]:
    """Where this environment's packages are (the .pth file of the new venv lists them)."""
    places = [*site.getsitepackages(), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    return list(dict.fromkeys(p for p in places if Path(p).is_dir()))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv holding a plain (non-editable) install of the tutor; yields its folder."""
    before = _tree(ROOT)
    work = tmp_path_factory.mktemp("install")
    source = work / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=IGNORED)
        else:
            shutil.copy(ROOT / name, source / name)
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.strip()  # fmt: skip
    (Path(purelib) / "rummy500-test-dependencies.pth").write_text("\n".join(_these_site_packages()) + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PIP_REQUIRE_VIRTUALENV")}
    build = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-cache-dir",
         "--no-deps", "--no-build-isolation", "--no-index", "--ignore-installed", str(source)],
        cwd=work, env=env, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout + build.stderr
    assert _tree(ROOT) == before, "the install wrote into the checkout"
    yield venv


def _outside(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """Another folder to run in (no .streamlit/ there, nor in a fresh home), and the environment."""
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "home").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("STREAMLIT_") and k not in ("PYTHONPATH", "DISPLAY")}
    env.update(HOME=str(elsewhere / "home"), RUMMY500_PROGRESS_DB=str(tmp_path / "progress.sqlite3"))
    env.pop("RUMMY500_CONTENT_DIR", None)
    return elsewhere, env


@pytest.mark.slow
def test_the_installed_copy_holds_and_serves_every_lesson(installed: Path, tmp_path: Path) -> None:
    elsewhere, env = _outside(tmp_path)
    done = subprocess.run(
        [installed / "bin" / "python", "-c", PROBE], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    site_packages = Path(found["site"]).resolve()
    assert site_packages.is_relative_to(installed.resolve())
    for path in found["files"]:
        assert Path(path).resolve().is_relative_to(site_packages), f"{path} is not in the installed copy"
    here = load_curriculum()
    assert found["lessons"] == {lesson.id: sorted(lesson.translations) for lesson in here.lessons}
    assert len(found["lessons"]) == len(list((ROOT / "lessons" / "en").glob("*.md")))
    assert found["scenarios"] == sorted(here.scenarios)
    assert found["situations"] == [situation.id for situation in load_situations()]
    assert found["rulings"] == rulings()
    assert found["swedish"] != "Learn"  # the catalogues came along
    assert found["exception"] == []
    assert {lesson.id for lesson in here.lessons} <= set(found["lesson_list"])


@pytest.mark.slow
def test_rummy500_serves_the_installed_app_from_another_folder(installed: Path, tmp_path: Path) -> None:
    """Started as a script or a service would (stdin from /dev/null, a fresh home, no screen), with options
    passed through; it asks nothing (the settings are in force without the checkout's config file)."""
    elsewhere, env = _outside(tmp_path)
    port = free_port()
    log = tmp_path / "rummy500.log"
    command = [installed / "bin" / "rummy500", "--server.port", str(port), "--server.address", "127.0.0.1",
               "--server.fileWatcherType", "none"]  # fmt: skip
    with log.open("wb") as out:
        server = subprocess.Popen(command, cwd=elsewhere, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=out)
    try:
        wait_for_health(f"http://127.0.0.1:{port}", server, lambda: log.read_text(errors="replace"), timeout=60)
        for path in ("/", "/practice"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as answer:
                assert answer.status == 200 and "<html" in answer.read().decode("utf-8", "replace").lower()
        assert server.poll() is None
        text = log.read_text(errors="replace")
        assert "Email" not in text and f":{port}" in text
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert not (elsewhere / ".streamlit").exists()


# --- the command's settings are the checkout's config file ---------------------------------------------


def _flat(table: dict[str, object], prefix: str = "") -> dict[str, object]:
    found: dict[str, object] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            found.update(_flat(value, f"{prefix}{key}."))
        else:
            found[prefix + key] = value
    return found


def test_the_command_passes_the_config_files_settings_and_then_its_own_options() -> None:
    config = tomllib.loads((ROOT / ".streamlit/config.toml").read_text(encoding="utf-8"))
    assert dict(SETTINGS) == _flat(config), "ui.app.command.SETTINGS must be .streamlit/config.toml's settings"
    given = ["--server.port", "8600", "--server.headless", "true"]
    line = arguments(given)
    assert line[:2] == ["run", str(ROOT / "ui" / "app" / "script.py")]
    assert line[-4:] == given  # after the settings: of an option given twice, Streamlit keeps the last
    assert line[line.index("--server.showEmailPrompt") + 1] == "false"


def test_an_option_given_twice_keeps_its_last_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """What lets ``rummy500 --server.headless true`` override the setting passed before it: Streamlit's command
    line (click) keeps an option's last value. The server itself is not started."""
    from click.testing import CliRunner
    from streamlit.web import cli

    seen: list[dict[str, object]] = []
    monkeypatch.setattr(cli, "_main_run", lambda *args, flag_options=None, **kwargs: seen.append(flag_options or {}))
    result = CliRunner().invoke(cli.main, arguments(["--server.headless", "true", "--server.port", "8600"]))
    assert result.exit_code == 0, result.output
    assert seen[0]["server_headless"] is True and seen[0]["server_port"] == 8600
    assert seen[0]["server_showEmailPrompt"] is False and seen[0]["theme_dark_primaryColor"] == "#d0453d"
