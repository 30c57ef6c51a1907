"""Play together: a shared table that several devices join with a link, each seeing only its own hand.

Pure (no Streamlit). :mod:`tutor.together.model` holds the values, the errors and the
:class:`~tutor.together.model.TableStore` interface; :mod:`tutor.together.sqlite_store` keeps tables in
an SQLite file; :mod:`tutor.together.seat_view` is the one place a round becomes what a seat may see.
"""
