"""The Streamlit pages and widgets: thin UI over the engine and the tutor, a package per page that mirrors
the tutor's (:mod:`.learn`, :mod:`.table`, :mod:`.practice`, :mod:`.together`, :mod:`.compare`,
:mod:`.rules`, :mod:`.progress`); :mod:`.pages` holds the page scripts ``st.navigation`` runs (their file
names are the pages' addresses), and :mod:`.session`, :mod:`.sidebar`, :mod:`.language` and
:mod:`.component_data` are what every page shares."""
