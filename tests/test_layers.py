"""The layers, read from every module's imports: ``engine`` never imports ``tutor``, ``ui`` or Streamlit;
``tutor`` never imports ``ui`` or Streamlit; ``tools`` (which read everything) never import ``ui`` or
Streamlit, and nothing of the app imports them; only ``tests/`` imports ``tests`` and only ``benchmarks/``
imports ``benchmarks`` (so the two never import each other, and ``harness/``, which both use to serve the app
and launch a browser, imports neither); the app itself never imports ``harness`` (it is not installed). Every import counts, wherever it stands: at the top, inside a function, under
``if TYPE_CHECKING``. A failure names the module and the import."""

from __future__ import annotations

import ast
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


def _circle(package: str) -> list[str]:
    """An import circle among the modules of ``package`` (the modules in order, the first again at the end), or []."""
    inside = {m: sorted(i for i in IMPORTS[m] if _under(i, package) and i != m) for m in IMPORTS if _under(m, package)}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return []
        for imported in inside.get(module, []):
            found = visit(imported, [*path, module])
            if found:
                return found
        done.add(module)
        return []

    for module in sorted(inside):
        found = visit(module, [])
        if found:
            return found
    return []


def test_the_wording_modules_import_no_circle() -> None:
    """The renderer, the card vocabulary, the catalogues and the style build on each other in one direction."""
    assert _circle("tutor.i18n") == [], " → ".join(_circle("tutor.i18n"))


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
