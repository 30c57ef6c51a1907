"""Shared tables in one SQLite file beside the progress file, or in PostgreSQL: :class:`SqlTableStore`.

A table is kept as its settings, its seats and, per round, the seed it was dealt with and the moves made
in it; a round's state is rebuilt by dealing again and replaying the moves (a small cache, keyed by
table and version, saves the replay on the next poll). Every request is one transaction (see
:mod:`tutor.together.db`: on PostgreSQL a write locks its table's row, never another table's), and the table's version grows by one with every change a device would
show: devices poll it and look again when it moves. Two ``streamlit run`` processes serving the same file
or database therefore play one game.

**Calls** (Rommi!, and Rummy! under its house rule: :mod:`tutor.together.calls`): a call or a "no call" is checked at once and answered to
the sender alone; it is kept aside and changes no version, so no other device learns of it. The window
closes when its time has passed (the first request to the table then settles it) or as soon as every seat
that may call has answered; the call the rules' order picks is made, the others lapse. Computer players
answer when the window opens.

**Computer players** (computer seats, and seats whose player has left) move in the transaction that makes
their turn come: after a person's move, or when a call window is settled.

**The host's tools during a round**: the host may let a computer play an absent player's seat (until its
player comes back), pass the host's role to a seated player (whose own link then carries it; the old
host's token no longer does) and give a seat a new link (the old one no longer holds it).

**A turn limit** (chosen when the table is opened; none by default): when the seat to move has not
finished its turn within it, the computer plays that one turn for it, as its seat's ordinary moves (the
records stay valid), and the seat stays its player's. Like a call window, the time is looked at whenever
a device asks for the table (:meth:`SqlTableStore.version`), in a write that looks again under the lock,
so the turn is played once however many devices ask at that moment.

**Notices**: the table keeps what last happened to a seat (:class:`tutor.together.model.Notice`: its time
ran out, it became the host, it got a new link, a computer plays it while its player is away) for every
phone to tell, until that seat's player makes a move or comes back, or the next notice or deal.

**Seats before the start**: a player may give up their seat, the host may free anyone's; the seats after
it move up one, so the seats stay numbered 1, 2, 3…

**Visitors** (:meth:`SqlTableStore.open_table`, :meth:`SqlTableStore.seat_opened_elsewhere`): one visitor
(an opaque key of a browser) keeps at most :data:`MOST_LOBBIES` tables open before their start, the oldest
without a person seated closing when a new one opens; and the devices a seat's link is opened on are kept,
so that its player is told when another device opens it.

**Idle tables** are forgotten after :data:`IDLE_SECONDS` (6 hours) without a change, when a table is
created or :meth:`SqlTableStore.expire` is called.

**A database that cannot be reached** (a server stopped or restarting) makes every request raise
:class:`tutor.together.model.TableUnreachable` (a :class:`tutor.storage.faults.StorageFault`; the
database's address and the driver's words go to the server's log only); nothing is changed by a request
that raises it, and the next request after :data:`tutor.storage.faults.FAULT_PAUSE` seconds tries again.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = SqlTableStore(os.path.join(folder.name, "tables.sqlite3"))
>>> host = store.create_table("femhundra", {}, 2)
>>> anna = store.join(host.code, "Anna")
>>> store.add_computer(host.code, host.token)
1
>>> version = store.start(host.code, host.token, seed=1)
>>> view = store.view(host.code, anna.token)
>>> view.seat, len(view.seen.hand), view.seen.to_move
(0, 7, 0)
>>> version = store.move(host.code, anna.token, Move.parse("draw"), view.version)
>>> SqlTableStore(store.target).view(host.code, anna.token).seen.phase.value  # after a restart
'play'
>>> folder.cleanup()
"""

from __future__ import annotations

from engine.moves import Move  # noqa: F401  (the doctest above plays a move)
from tutor.together.store.host import StoreHost
from tutor.together.store.reading import StoreReading
from tutor.together.store.visitors import StoreVisitors


class SqlTableStore(StoreVisitors, StoreHost, StoreReading):
    """The :class:`tutor.together.model.TableStore` in the SQLite file at ``target``, or in the server
    database ``target`` names by its URL (see the module): one class, each concern in its own module.

    ``clock`` gives the time in seconds (tests pass their own), ``call_window`` (default: the server's,
    :func:`tutor.together.calls.call_window`), ``display_delay`` (the time the phones take to show a window,
    added to it: :data:`tutor.together.calls.DISPLAY_DELAY`) and ``idle_seconds`` override the defaults."""
