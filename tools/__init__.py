"""The checkout's tools for authors, translators and CI: they read everything, so they sit above what they read.

- :mod:`tools.i18n` — ``python -m tools.i18n update``: extract every sentence into the catalogue templates and
  update each language; ``python -m tools.i18n check``: what a language still lacks.
- :mod:`tools.extract` — the Babel extraction methods ``update`` runs (named in ``tutor/locales/babel-*.cfg``):
  the app's English, the engine's sentences, the scenario and situation files, our rulings.
- :mod:`tools.schema` — ``python -m tools.schema``: write the JSON Schemas of scenario and situation files.
- :mod:`tools.curriculum` — ``python -m tools.curriculum map --variant V``: print a table's course map
  (:mod:`tools.course_map`).

The rule they exist for: no import circle of packages. Catalogue extraction reads the scenarios, the situations
and the rulings; the schema export reads the scenarios and the situations; the course map reads the curriculum
and the prepared deals of the practice. Inside ``tutor`` each would make a package import the packages that
import it. Nothing in the app imports this package (``tests/test_layers.py`` checks it), and it is not installed
with the app (not in ``pyproject.toml``'s packages): run it from the checkout, whose root ``python -m`` puts on
``sys.path``.
"""
