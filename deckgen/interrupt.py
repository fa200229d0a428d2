"""Ctrl-C: one line, exit 130, and worker processes that leave it to the main process.

A terminal sends SIGINT to every process of the foreground job, the drawing
pool's workers too.  A worker that took it would die with a traceback of its
own (several, one per worker) and could stop half way through a cache entry;
so the workers ignore it (:func:`ignore_interrupt`, a pool's initializer):
the main process stops, cancels the queued faces, lets the few being drawn
finish (each writes its entry whole, by rename) and says "interrupted" once
(:func:`interrupted`).
"""

from __future__ import annotations

import signal


def ignore_interrupt() -> None:
    """A worker process's initializer: SIGINT is the main process's to handle."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


#: What an interrupted command says, on stderr, and nothing more.
MESSAGE = "interrupted; finished files were kept, unfinished ones not written"
#: The exit status of a command ended by SIGINT (128 + 2), as shells report it.
EXIT_INTERRUPTED = 130


def interrupted() -> int:
    """Say :data:`MESSAGE` and give :data:`EXIT_INTERRUPTED`, for a handler of KeyboardInterrupt.

    CPython (3.11) records a KeyboardInterrupt raised inside ``exec`` of a string as unhandled even when
    it is caught later, and at exit then kills its own process with SIGINT (status -2 instead of 130).
    While modules load, dataclasses and attrs make their methods that way, so a Ctrl-C in the first second
    of a command often lands there; the next ``exec`` of a string clears the record, so this runs one.
    """
    import sys

    try:
        sys.stderr.write(MESSAGE + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed (a pipe whose reader went away)
        pass
    exec("")  # clears CPython's record of a KeyboardInterrupt in exec (see above)
    return EXIT_INTERRUPTED
