"""Allow ``python -m deckgen``."""

from deckgen.cli import main

if __name__ == "__main__":
    main()
