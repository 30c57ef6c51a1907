"""The scenarios (``<id>.yaml``) and the Compare page's situations (``situations/NN-slug.yaml``), as data.

Installed as the package ``tutor.scenarios`` (``pyproject.toml``: ``package-dir``) so that an installed tutor
finds them through ``importlib.resources`` (``tutor.resources``); this file holds no code.
"""
