"""The Play together page: open or join a shared table, then play it from this device (:mod:`ui.together.page`)."""
