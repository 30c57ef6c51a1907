"""The layers, read from every module's imports: ``engine`` never imports ``tutor``, ``ui`` or Streamlit;
``tutor`` never imports ``ui`` or Streamlit; ``tools`` (which read everything) never import ``ui`` or
Streamlit, and nothing of the app imports them; only ``tests/`` imports ``tests`` and only ``benchmarks/``
imports ``benchmarks`` (so the two never import each other, and ``harness/``, which both use to serve the app
and launch a browser, imports neither); the app itself never imports ``harness`` (it is not installed). Every import counts, wherever it stands: at the top, inside a function, under
``if TYPE_CHECKING``. A failure names the module and the import.

And no circles (issue 34): in ``engine``, ``tutor``, ``ui`` and ``tools`` no module imports, through others, a
module that imports it, and no package (``tutor.learn``) a package that imports it. A package's own modules
(``ui/*.py``) are a node of their own, apart from its subpackages (``ui.felt``): a subpackage importing a module of
its parent that imports the subpackage is a circle too; only a package's command line (``engine/__main__.py``),
which nothing imports, stands apart from the package's own modules, above them. An import inside a function
counts like any other, so a late import cannot hide a circle; a failure names one circle of each knot."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The folders of the project's modules, and the scripts beside them.
FOLDERS = ("engine", "tutor", "ui", "tools", "tests", "benchmarks", "harness")
SCRIPTS = ("app.py", "conftest.py")

#: What a layer may not import: a package (``tutor``) stands for its modules too (``tutor.learn.flow``).
FORBIDDEN = {
    "engine": ("tutor", "ui", "tools", "streamlit", "harness"),
    "tutor": ("ui", "tools", "streamlit", "harness"),
    "ui": ("tools", "harness"),
    "app": ("tools", "harness"),
    "tools": ("ui", "streamlit", "harness"),
}

def module_name(path: Path, root: Path = ROOT) -> str:
    """``tutor/learn/flow.py`` → ``tutor.learn.flow``; a package's ``__init__.py`` is the package."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project by its dotted name."""
    paths = [p for folder in FOLDERS for p in sorted((root / folder).rglob("*.py"))]
    paths += [root / name for name in SCRIPTS if (root / name).exists()]
    return {module_name(p, root): p for p in paths}


def imports_of(name: str, source: str, known: set[str], is_package: bool = False) -> set[str]:
    """The modules ``source`` (the module ``name``, a package's ``__init__`` when ``is_package``) imports, by
    their full dotted names: relative imports resolved, ``from package import module`` as that module, and the
    test helpers pytest lets the tests import by their bare names (``browser_support``) as ``tests.…``."""
    package = name if is_package else name.rpartition(".")[0]
    bare_tests = {m.split(".", 1)[1] for m in known if m.startswith("tests.")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
    return {f"tests.{m}" if m.split(".")[0] in bare_tests else m for m in found}


def _all_imports() -> dict[str, set[str]]:
    modules = project_modules()
    return {
        name: imports_of(name, path.read_text(encoding="utf-8"), set(modules), path.name == "__init__.py")
        for name, path in modules.items()
    }


IMPORTS = _all_imports()
MODULES = project_modules()
#: The folders of the app and its tools, whose modules and packages import no circle.
CODE = ("engine", "tutor", "ui", "tools")


def _under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_every_folder_is_read() -> None:
    for folder in FOLDERS:
        assert sum(_under(m, folder) for m in IMPORTS) >= 3, f"no modules read under {folder}/"
    assert {"app", "conftest"} <= IMPORTS.keys()


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_never_imports_the_layers_above_it(layer: str) -> None:
    wrong = [
        f"{module} imports {imported} ({layer} never imports {', '.join(FORBIDDEN[layer])})"
        for module, imported_modules in sorted(IMPORTS.items())
        if _under(module, layer)
        for imported in sorted(imported_modules)
        if any(_under(imported, above) for above in FORBIDDEN[layer])
    ]
    assert not wrong, "\n".join(wrong)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One import circle in each knot of ``graph`` (what imports what): the names in order, the first again at
    the end, so ``a → b → a``; [] when the imports all run one way. A knot is a set of names each of which
    reaches every other (a strongly connected component); one circle through each is enough to name it."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    knots: list[list[str]] = []

    def visit(name: str) -> None:  # Tarjan's algorithm
        order[name] = low[name] = len(order)
        stack.append(name)
        for other in sorted(graph.get(name, ())):
            if other not in order:
                visit(other)
                low[name] = min(low[name], low[other])
            elif other in stack:
                low[name] = min(low[name], order[other])
        if low[name] == order[name]:
            knot = []
            while not knot or knot[-1] != name:
                knot.append(stack.pop())
            if len(knot) > 1:
                knots.append(sorted(knot))

    for name in sorted(graph):
        if name not in order:
            visit(name)
    return sorted(_circle_through(graph, set(knot)) for knot in knots)


def _circle_through(graph: dict[str, set[str]], knot: set[str]) -> list[str]:
    """A circle from the knot's first name back to it, inside the knot (a shortest one)."""
    start = min(knot)
    paths = {start: [start]}
    queue = [start]
    for name in queue:
        for other in sorted(graph.get(name, set()) & knot):
            if other == start:
                return [*paths[name], start]
            if other not in paths:
                paths[other] = [*paths[name], other]
                queue.append(other)
    raise AssertionError(f"{start} is in a knot but no circle leads back to it")


def package_of(module: str) -> str:
    """The node a module belongs to in the graph of packages: its package (``tutor.learn.flow`` →
    ``tutor.learn``; a package's ``__init__`` is the package itself, ``tutor.learn`` → ``tutor.learn``), but a
    package's command line is a node of its own (``engine.__main__`` → ``engine.__main__``)."""
    if module.rpartition(".")[2] == "__main__":
        return module
    return module if module in PACKAGES else module.rpartition(".")[0]


def package_graph(imports: dict[str, set[str]], package_of: Callable[[str], str]) -> dict[str, set[str]]:
    """Which package imports which, from the modules' imports. A package's own modules are one node and each
    package inside it another (``ui`` and ``ui.felt``, ``engine`` and ``engine.bots``): a subpackage that
    imports a module of its parent while another module there imports the subpackage makes a circle, though no
    module imports itself (as ``ui.felt`` → ``ui.session`` did while ``ui.router`` → ``ui.felt``, before both
    moved into packages of their own: ``ui.shared`` below the pages, ``ui.app`` above them). What several
    subpackages share goes into a package of its own below them, and what uses them into one above them.
    Only a command line (``engine.__main__``, :func:`package_of`) stands apart from its package's modules: it
    may build on the subpackages that build on those modules, as long as none of them imports it."""
    graph: dict[str, set[str]] = {}
    for module, imported_modules in imports.items():
        here = package_of(module)
        for imported in imported_modules:
            there = package_of(imported)
            if here != there:
                graph.setdefault(here, set()).add(there)
    return graph


#: The app's and its tools' modules, and what each imports of them (imports of anything else left out).
APP = {m: {i for i in imported if i in IMPORTS and i != m} for m, imported in IMPORTS.items() if m.split(".")[0] in CODE}
#: The packages among them (a folder with an ``__init__.py``).
PACKAGES = {m for m in APP if MODULES[m].name == "__init__.py"}


def test_no_module_imports_itself_in_a_circle() -> None:
    """No file imports, through others, a file that imports it: move what both need to a module below them."""
    found = circles(APP)
    assert found == [], "\n".join(" → ".join(circle) for circle in found)


def test_no_package_imports_itself_in_a_circle() -> None:
    """No package (``tutor.learn``, ``tutor.compare``, ``ui.pages``) imports, through others, a package that
    imports it, a package's own modules counting apart from its subpackages (:func:`package_graph`): what reads
    everything (the catalogue extraction, the schema export, the course map) stands above what it reads
    (``tools/``), the app's entry above its pages (``ui.app``), and what several use goes below them
    (``ui.shared``)."""
    found = circles(package_graph(APP, package_of))
    assert found == [], "\n".join(" → ".join(circle) for circle in found)


def test_the_circle_tests_find_a_circle() -> None:
    """The two circle tests would fail on a circle: of modules, of packages through modules that make no circle
    themselves, of a package's own modules and its subpackage importing each other's modules; not on a command
    line that builds on a subpackage that builds on the package's own modules."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": {"c"}, "d": {"a", "c"}}) == []
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}) == [["a", "b", "a"], ["c", "d", "c"]]
    modules = {"p.x": {"q.y"}, "q.y": {"p.z"}, "p.z": set()}
    assert circles(modules) == []
    assert circles(package_graph(modules, lambda m: m.rpartition(".")[0])) == [["p", "q", "p"]]
    nested = {"p.q.m": {"p.n"}, "p.n": {"p.q.k"}, "p.q.k": set()}
    assert circles(nested) == []
    assert circles(package_graph(nested, lambda m: m.rpartition(".")[0])) == [["p", "p.q", "p"]]
    command = {"p.__main__": {"p.q.k"}, "p.q.k": {"p.n"}, "p.n": set()}
    assert circles(package_graph(command, package_of)) == []
    command["p.n"] = {"p.__main__"}  # the package's own module imports its command line
    assert circles(package_graph(command, package_of)) == [["p", "p.__main__", "p.q", "p"]]


@pytest.mark.parametrize("folder", ["tests", "benchmarks"])
def test_only_its_own_folder_imports_tests_or_benchmarks(folder: str) -> None:
    wrong = [
        f"{module} imports {imported} (only {folder}/ imports {folder})"
        for module, imported_modules in sorted(IMPORTS.items())
        if not _under(module, folder)
        for imported in sorted(imported_modules)
        if _under(imported, folder)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Imports inside a function and under ``if TYPE_CHECKING``, relative ones, ``from package import module``
    and a test helper imported by its bare name all count."""
    (tmp_path / "tutor" / "learn").mkdir(parents=True)
    (tmp_path / "tests").mkdir()
    for name in ("tutor/__init__.py", "tutor/learn/__init__.py", "tutor/learn/flow.py", "tutor/wording.py", "tests/helper.py"):
        (tmp_path / name).write_text("", encoding="utf-8")
    known = {module_name(p, tmp_path) for p in tmp_path.rglob("*.py")}
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from ui.session import language\n"
        "def later():\n    import streamlit as st\n"
        "from .. import wording\n"
        "from . import flow\n"
        "from helper import thing\n"
    )
    found = imports_of("tutor.learn.page", source, known)
    assert found == {"typing", "ui.session", "streamlit", "tutor.wording", "tutor.learn.flow", "tests.helper"}
