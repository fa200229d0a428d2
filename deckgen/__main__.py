"""Allow ``python -m deckgen``; :func:`run` is the ``deckgen`` command too (a Ctrl-C while the command loads
is one line and exit 130, as after)."""

import sys


def run() -> None:
    try:
        from deckgen.cli import main
    except KeyboardInterrupt:
        from deckgen.interrupt import interrupted

        sys.exit(interrupted())
    main()


if __name__ == "__main__":
    run()
