"""The shared tables' store: :class:`SqlTableStore`, one class over a module per concern (``core``: transactions,
a table's row, a round's state replayed; ``play``, ``moves``, ``reading``, ``seats``, ``host``, ``visitors``)."""

from tutor.together.store.sql import SqlTableStore

__all__ = ["SqlTableStore"]
