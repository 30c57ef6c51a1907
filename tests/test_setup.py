"""Set-up that just works: the app starts with no terminal and a fresh home, the declared floors are the ones
CI installs, the README stands alone (its links stay in the repository, its Python example runs), missing
data is named, and the command line checks its options. A plain install run from another folder is
``tests/test_install.py``."""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import os
import re
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest

from engine.__main__ import main as engine_main
from engine.errors import RecordError
from engine.records.safe_yaml import MAX_BYTES
from harness.served_app import Server, ServerError
from tutor.compare.situations import load_situations
from tutor.learn.curriculum import load_curriculum
from tutor.rules.reference import rulings

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

#: README links to files another branch adds (docs/rules.md, the rules digest, is written beside this work).
# --- the app starts with no terminal and a fresh home ------------------------------------------------


@pytest.mark.slow
def test_the_app_starts_with_no_terminal_and_a_fresh_home(tmp_path: Path) -> None:
    """``streamlit run app.py`` as a script or service starts it: stdin from /dev/null, a HOME that never
    saw Streamlit (no credentials file), and none of the test's own server options: only the config."""
    home = tmp_path / "home"
    home.mkdir()
    environment: dict[str, str | None] = {name: None for name in os.environ if name.startswith("STREAMLIT_")}
    environment.update(HOME=str(home), DISPLAY=None)
    server = Server.at(tmp_path, environment=environment, options=())  # no --server.headless: the config's
    assert not {"--server.headless", "--browser.gatherUsageStats"} & set(server.command())
    try:
        server.start(timeout=60)
        with urllib.request.urlopen(f"{server.url}/", timeout=10) as answer:
            page = answer.read().decode("utf-8", "replace")
        assert answer.status == 200 and "<html" in page.lower()
        assert server.running
        assert "Email" not in server.log_text()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_server_that_cannot_start_says_why_and_is_stopped(tmp_path: Path) -> None:
    """The harness's failure path, which every browser test and benchmark relies on to say what went
    wrong: the server's own words end the error, and nothing is left running."""
    server = Server.at(tmp_path, options=("--no-such-option",))
    with pytest.raises(ServerError, match=r"(?s)the server exited with 2:.*No such option '--no-such-option'"):
        server.start(timeout=60)
    assert not server.running and server.process is None


def test_the_config_never_prompts_lets_large_uploads_reach_the_app_and_keeps_looks_at_a_table_cheap() -> None:
    config = tomllib.loads((ROOT / ".streamlit/config.toml").read_text(encoding="utf-8"))
    assert config["server"]["showEmailPrompt"] is False
    # A file over the engine's 1 MB must reach the app, to be refused in the learner's words (naming it): a
    # file over Streamlit's own limit is refused in the browser, in English, and the file before it kept.
    assert config["server"]["maxUploadSize"] * 1024 * 1024 >= 10 * MAX_BYTES
    # Streamlit's full garbage collection after every run made each phone's look at a shared table (twice a
    # second) cost the server ~60 ms: three idle phones kept a core half busy and a new phone waited 8 s.
    assert config["runner"]["postScriptGC"] is False


# --- true floors -------------------------------------------------------------------------------------


def floors() -> dict[str, str]:
    """Every declared dependency (runtime and test extra) → its floor; each must have one."""
    found = {}
    for requirement in [*PYPROJECT["project"]["dependencies"], *PYPROJECT["project"]["optional-dependencies"]["test"]]:
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9][0-9A-Za-z.]*)", requirement)
        assert match, f"{requirement!r} has no floor (write name>=version)"
        found[match[1].lower()] = match[2]
    return found


def test_ci_installs_exactly_the_declared_floors() -> None:
    pins = {}
    for line in (ROOT / ".ci/lowest.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.strip().lower()] = version.strip()
    assert pins == floors()
    assert "lowest.txt" in (ROOT / ".ci/run").read_text(encoding="utf-8")


# --- the README stands alone -------------------------------------------------------------------------


def test_readme_links_stay_in_the_repository() -> None:
    text = README.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"https?://", target):
            continue
        path = target.split("#")[0]
        assert not path.startswith(("/", "..")), f"{target} is outside the repository"
        resolved = (ROOT / path).resolve()
        assert resolved.is_relative_to(ROOT), target
        assert resolved.exists(), f"{target} does not exist"


def test_readme_commands_use_the_venv_python() -> None:
    """Every command line of the README after the install runs as written: no bare ``python``."""
    text = README.read_text(encoding="utf-8")
    assert not re.findall(r"(?<![\w/.])python (?:-m|benchmarks)", text)


def test_the_readme_python_example_runs() -> None:
    text = README.read_text(encoding="utf-8")
    examples = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert examples, "the README has a Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, example in enumerate(examples):
        test = parser.get_doctest(example, {}, f"README example {number + 1}", str(README), 0)
        assert test.examples, "the example is written as a doctest (>>> lines)"
        runner.run(test)
    assert runner.failures == 0


def dotted(node: ast.expr) -> str:
    """``a.b.c`` for a name or an attribute chain; "" for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = dotted(node.value)
        return f"{head}.{node.attr}" if head else ""
    return ""


def test_no_test_runs_again_the_doctests_pytest_collects() -> None:
    """pytest runs the doctests of every module under ``testpaths`` itself (``--doctest-modules``): a test
    calling ``doctest.testmod`` on one of those modules runs them a second time (six test files did so for
    the tutor's modules). Only modules outside ``testpaths`` (``ui``'s) are for such a test."""
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert "--doctest-modules" in options["addopts"].split()
    collected = set(options["testpaths"])
    again = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            calls = [
                node
                for node in ast.walk(function)
                if isinstance(node, ast.Call) and dotted(node.func) in ("doctest.testmod", "testmod")
            ]
            # the modules it is given: in the call, or in the test's parameters (its decorators)
            given = [*calls, *function.decorator_list] if calls else []
            names = {dotted(node) for part in given for node in ast.walk(part) if isinstance(node, ast.expr)}
            modules = {name for name in names if not any(other.startswith(f"{name}.") for other in names)}
            again += [
                f"{path.name}:{function.lineno} {function.name} runs {name}'s doctests"
                for name in sorted(modules)
                if "." in name and name.split(".")[0] in collected
            ]
    assert not again, "pytest runs these doctests already:\n" + "\n".join(again)


def test_the_licence_is_there_and_is_the_declared_one() -> None:
    assert PYPROJECT["project"]["license"]["text"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


# --- missing data is named --------------------------------------------------------------------------


def test_missing_data_is_named_not_silently_empty(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="lessons/en: folder: is missing: reinstall the tutor"):
        load_curriculum(tmp_path / "lessons", ROOT / "scenarios")
    (tmp_path / "scenarios").mkdir()
    with pytest.raises(RecordError, match=r"scenarios: folder: holds no \*\.yaml files"):
        load_curriculum(ROOT / "lessons", tmp_path / "scenarios")
    with pytest.raises(RecordError, match="situations: folder: is missing"):
        load_situations(tmp_path / "situations")
    with pytest.raises(RecordError, match=r"rulings\.yaml: file: is missing: reinstall the tutor"):
        rulings(tmp_path / "rulings.yaml")


# --- the command line --------------------------------------------------------------------------------


def engine(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m engine ARGS``, answered by the command's ``main`` in this process (the command started in a
    new Python is checked in ``tests/test_replay_cli.py`` and by the closed-pipe tests below)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = engine_main(list(args))
        except SystemExit as exit_:  # argparse's --help and its refusals
            code = exit_.code if isinstance(exit_.code, int) else 2
    return subprocess.CompletedProcess(["python", "-m", "engine", *args], code, out.getvalue(), err.getvalue())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rounds", "-1"], "argument --rounds: must be a whole number from 1 up, not -1"),
        (["--rounds", "0"], "argument --rounds: must be a whole number from 1 up, not 0"),
        (["--rounds", "²"], "argument --rounds: must be a whole number, not '²'"),
        (["--players", "-3"], "--players: rommi is played by 2–8 players, not -3"),
        (["--players", "9"], "--players: rommi is played by 2–8 players, not 9"),
        (["--bot", "nobody"], "--bot: unknown bot 'nobody'"),
    ],
)
def test_simulate_refuses_bad_options_with_the_right_numbers(args: list[str], message: str) -> None:
    done = engine("simulate", "--variant", "rommi", *args)
    assert done.returncode == 2 and done.stdout == ""
    assert message in done.stderr and "Traceback" not in done.stderr


def test_simulate_help_gives_every_default() -> None:
    done = engine("simulate", "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    for option, default in (("--players", "2"), ("--rounds", "100"), ("--seed", "0"), ("--bot", "random")):
        assert option in text
        assert f"(default: {default})" in text


@pytest.mark.parametrize("command", [["simulate", "--variant", "rommi", "--rounds", "3"], ["replay", "tests/records/rommi_call.yaml"]])
@pytest.mark.slow
def test_a_closed_pipe_ends_quietly(command: list[str]) -> None:
    """Like ``… | head`` that has already quit: the reading end is closed before the command prints."""
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", *command], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    err = process.stderr.read().decode()
    assert process.wait(timeout=120) == 0
    assert err == ""


def test_bench_browser_help_works_without_playwright_too() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/bench_browser.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0 and "--loads" in done.stdout and "Traceback" not in done.stderr


def test_every_package_of_the_app_is_installed() -> None:
    """A plain ``pip install .`` copies only the packages ``pyproject.toml`` lists: a new package left out
    (tutor.course once was) is missing from the installed copy, and its pages fail there."""
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for folder in ("engine", "tutor", "ui")
        for init in (ROOT / folder).rglob("__init__.py")
        if "lessons" not in init.parts and "scenarios" not in init.parts
    }
    assert found - listed == set(), "add them to [tool.setuptools] packages"
