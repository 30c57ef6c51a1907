"""The lessons, as data: ``en/NN-slug.md`` and their translations, ``<language>/NN-slug.md``.

Installed as the package ``tutor.lessons`` (``pyproject.toml``: ``package-dir``) so that an installed tutor
finds them through ``importlib.resources`` (``tutor.resources``); this file holds no code.
"""
