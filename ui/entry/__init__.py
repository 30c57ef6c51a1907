"""The script the installed command ``rummy500`` gives ``streamlit run``: ``app.py``, alone in its folder.

Not in ``ui/`` itself: Streamlit takes a ``pages/`` folder beside the main script for pages of its own (its
first, file-based way of making an app of several pages, which it then runs instead of the script), and
``ui/`` has one.
"""
