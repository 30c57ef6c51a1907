"""Play together: a shared table that several devices join with a link, each seeing only its own hand.

Pure (no Streamlit). :mod:`tutor.together.model` holds the values, the errors and the
:class:`~tutor.together.model.TableStore` interface; :mod:`tutor.together.store` keeps tables in
an SQLite file or in PostgreSQL (what a seat or a watcher may see of a round is the engine's ``state.view(seat)``); :mod:`tutor.together.seat` is one device's seat as
a seat game (what it may do now, the table's news, the answer to its moves).
"""
