"""The installed tutor's Streamlit script (``rummy500`` runs it): the router of :mod:`ui.app.router`, as the
checkout's ``app.py`` runs it.

It lies in ``ui/app/``, not in ``ui/`` itself: Streamlit takes a ``pages/`` folder beside the main script for
pages of its own (its first, file-based way of making an app of several pages, which it then runs instead of
the script), and ``ui/`` has one; ``ui/app/`` has none."""

from ui.app.router import main

main()
