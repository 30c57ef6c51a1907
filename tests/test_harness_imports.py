"""Who may import whom, read from every module's source with ``ast`` (nothing is imported to check it):
``tests/`` and ``benchmarks/`` each import only themselves, :mod:`harness` (what both share: starting the
app and Chromium) and the project's code; the harness imports neither of them; and the app's own code
(``engine``, ``tutor``, ``ui``, ``app.py``) imports none of the three, the harness included, which is not
installed with it.

An import counts wherever it is written (inside a function, under ``TYPE_CHECKING``, in a ``try``), as
does ``importlib.import_module("…")`` or ``__import__("…")`` with a literal name. A module of ``tests/`` is
also reached by its bare name (``browser_support``: pytest puts ``tests/`` on the path), and so is a
benchmark (``python benchmarks/bench_x.py`` puts ``benchmarks/`` on it).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The folders whose modules the rule is about, and the app's own code.
GROUPS = ("tests", "benchmarks", "harness")
APP = ("engine", "tutor", "ui", "app.py")


def modules(where: str) -> list[Path]:
    """Every Python file of ``where`` (a folder, searched through, or a file) in the checkout."""
    path = ROOT / where
    return sorted(path.rglob("*.py")) if path.is_dir() else [path]


def imported(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """(line, dotted module name) of every import in ``source``; a relative import is named as written
    (``.x``), since it stays inside its own package.

    >>> imported("import a.b, c\\nfrom d import e\\nfrom . import f\\nimportlib.import_module('g.h')")
    [(1, 'a.b'), (1, 'c'), (2, 'd'), (3, '.'), (4, 'g.h')]
    """
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or "")))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return sorted(found)


def group_of(module: str) -> str | None:
    """Which of :data:`GROUPS` an imported name reaches (by its package, or by the bare name of one of its
    modules), or None."""
    top = module.split(".")[0]
    if top in GROUPS:
        return top
    for group in ("tests", "benchmarks"):
        if top != "conftest" and (ROOT / group / f"{top}.py").exists():
            return group
    return None


def forbidden(importer: str) -> set[str]:
    """The groups a module of ``importer`` (a group, or ``app``) must not import."""
    return {"tests": {"benchmarks"}, "benchmarks": {"tests"}, "harness": {"tests", "benchmarks"}}.get(
        importer, set(GROUPS)
    )


def breaches(importer: str, name: str, source: str) -> list[str]:
    """"``name``:line imports ``module`` (of ``group``/)" for each import in ``source``, the text of the
    module ``name`` of ``importer``, that breaks the rule."""
    wrong = []
    for line, module in imported(source, name):
        group = group_of(module)
        if group in forbidden(importer):
            wrong.append(f"{name}:{line} imports {module} (of {group}/)")
    return wrong


@pytest.mark.parametrize("importer", [*GROUPS, "app"])
def test_nobody_imports_what_the_rule_keeps_from_it(importer: str) -> None:
    files = [path for where in (APP if importer == "app" else (importer,)) for path in modules(where)]
    assert files, f"no modules found for {importer}"
    wrong = [
        breach
        for path in files
        for breach in breaches(importer, str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
    ]
    assert not wrong, f"{importer} may not import {sorted(forbidden(importer))}:\n" + "\n".join(wrong)


def test_the_check_sees_every_way_of_importing() -> None:
    """The reader is not blind: each form of import of a forbidden module is named, with its line."""
    source = (
        "import benchmarks.bench_engine\n"
        "from tests import browser_support\n"
        "from engine.cards import Card\n"
        "def later():\n"
        "    import browser_support\n"
        "    return importlib.import_module('benchmarks.bench_browser')\n"
    )
    assert breaches("harness", "harness/probe.py", source) == [
        "harness/probe.py:1 imports benchmarks.bench_engine (of benchmarks/)",
        "harness/probe.py:2 imports tests (of tests/)",
        "harness/probe.py:5 imports browser_support (of tests/)",
        "harness/probe.py:6 imports benchmarks.bench_browser (of benchmarks/)",
    ]
    assert breaches("tests", "tests/probe.py", source) == [
        "tests/probe.py:1 imports benchmarks.bench_engine (of benchmarks/)",
        "tests/probe.py:6 imports benchmarks.bench_browser (of benchmarks/)",
    ]
    assert breaches("app", "ui/probe.py", "from harness.served_app import Server\n") == [
        "ui/probe.py:1 imports harness.served_app (of harness/)"
    ]
