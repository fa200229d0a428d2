"""Ctrl-C in worker processes: the main process alone answers it.

A terminal sends SIGINT to every process of the foreground job, the drawing
pool's workers too.  A worker that took it would die with a traceback of its
own (several, one per worker) and could stop half way through a cache entry;
so the workers ignore it (:func:`ignore_interrupt`, a pool's initializer):
the main process stops, cancels the queued faces, lets the few being drawn
finish (each writes its entry whole, by rename) and says "interrupted" once.
"""

from __future__ import annotations

import signal


def ignore_interrupt() -> None:
    """A worker process's initializer: SIGINT is the main process's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
