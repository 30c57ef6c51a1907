"""The installed tutor's Streamlit script (``rummy500`` runs it): the router of ``ui.router``, as the
checkout's ``app.py`` runs it."""

from ui.router import main

main()
