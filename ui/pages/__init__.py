"""Page scripts run by st.navigation, one file a page; its name is the page's address (``/practice``).

Each script only calls its page's body (``ui.learn.page``); :func:`ui.shared.page_files.page_file` gives a script's path.
"""
