"""The Streamlit pages and widgets: thin UI over the engine and the tutor, a package per page that mirrors
the tutor's (:mod:`.learn`, :mod:`.practice`, :mod:`.together`, :mod:`.compare`, :mod:`.rules`,
:mod:`.progress`), the card table they share (:mod:`.felt`), what every page shares (:mod:`.shared`: the
session's typed state, the language, the page files), the app's entry (:mod:`.app`: the router, the sidebar,
the ``rummy500`` command) and the page scripts ``st.navigation`` runs (:mod:`.pages`, their file names the
pages' addresses).

The packages import one way: :mod:`.app` and :mod:`.pages` above the pages, the pages above :mod:`.felt`, and
everything above :mod:`.shared`, which imports no other part of ``ui``; this package's own module (this file)
imports nothing (``tests/test_layers.py``)."""
