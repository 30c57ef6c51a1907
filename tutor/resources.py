"""Where the tutor finds its data: this module, and no other, through :mod:`importlib.resources`, so a copy
installed with ``pip install .`` (the files in site-packages) and a checkout installed with ``pip install -e .``
(the files where they lie in the repository) are read alike, from any working folder.

- the lessons, ``lessons/`` at the repository's root, are the package ``tutor.lessons``;
- the scenarios, ``scenarios/`` at the root (with ``situations/``), are the package ``tutor.scenarios``
  (``pyproject.toml``'s ``package-dir`` maps both, and says why);
- the catalogues (``tutor/locales/``), the rulings (``tutor/data/rulings.yaml``) and the self-play statistics
  (``tutor/data/variant_stats.json``) are package data of ``tutor``.

A loader that finds a folder or a file missing names it and says what to do, instead of showing an empty
curriculum:

>>> data_files(Path("/nowhere") / "lessons", "*.md")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.errors.RecordError: /nowhere/lessons: folder: is missing: reinstall the tutor ...
>>> LESSONS.name, SCENARIOS.name, (LESSONS / "en").is_dir(), (SITUATIONS / "01-anna-bertil.yaml").is_file()
('lessons', 'scenarios', True, True)
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Final

from engine.errors import RecordError

#: What to do when the data is missing: the installed copy is incomplete, or an editable install is older
#: than the data packages (its import finder lists the packages it was made with).
REINSTALL: Final = (
    "reinstall the tutor (`pip install .`, or `pip install -e .` in its checkout), then start it again "
    "(`rummy500`, or `streamlit run app.py` in the checkout)"
)


def package_folder(package: str) -> Path:
    """The folder of the installed package ``package`` (``tutor.lessons``). Where it is not installed, the
    folder it would be in (beside its parent package's files), so that the loader's message names it."""
    try:
        found = files(package)
    except ModuleNotFoundError:
        parent, _, name = package.rpartition(".")
        if not parent:
            raise
        return package_folder(parent) / name
    # A regular package on disk is a Path; anything else (a zip) gives a path that does not exist, named
    # by the loader's message.
    return found if isinstance(found, Path) else Path(str(found))


#: The lessons: ``en/NN-slug.md`` and each translation, ``<language>/NN-slug.md``.
LESSONS: Final = package_folder("tutor.lessons")
#: The scenarios: ``<id>.yaml`` and their JSON Schema.
SCENARIOS: Final = package_folder("tutor.scenarios")
#: The situations of the Compare page: ``NN-slug.yaml`` and their JSON Schema.
SITUATIONS: Final = SCENARIOS / "situations"
#: The catalogues: ``en.yaml``, the templates and each language's PO files.
LOCALES: Final = package_folder("tutor") / "locales"
#: The engine's rulings where the sources are silent (:mod:`tutor.rules.rulings`).
RULINGS: Final = package_folder("tutor") / "data" / "rulings.yaml"
#: The self-play statistics of the Compare page (:mod:`tutor.compare.stats`).
VARIANT_STATS: Final = package_folder("tutor") / "data" / "variant_stats.json"


def data_files(folder: Path, pattern: str) -> list[Path]:
    """The files of ``folder`` matching ``pattern``, sorted by name; ``RecordError`` naming the folder when it
    is missing or holds none."""
    if not folder.is_dir():
        raise RecordError(str(folder), "folder", f"is missing: {REINSTALL}")
    found = sorted(folder.glob(pattern))
    if not found:
        raise RecordError(str(folder), "folder", f"holds no {pattern} files: {REINSTALL}")
    return found


def data_file(path: Path) -> Path:
    """``path`` itself; ``RecordError`` naming it when it is missing."""
    if not path.is_file():
        raise RecordError(str(path), "file", f"is missing: {REINSTALL}")
    return path
