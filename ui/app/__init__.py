"""The app's entry, above every page: the router both ways of starting it run (:mod:`.router`), the shared
sidebar (:mod:`.sidebar`), the installed command ``rummy500`` (:mod:`.command`) and the script it gives
``streamlit run`` (``script.py``, which the checkout's ``app.py`` mirrors)."""
