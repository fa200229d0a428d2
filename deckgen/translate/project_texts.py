"""The little of a project the translators' tools need: its folder, languages and games.

Read from deckgen.yaml alone, without loading and rendering the games, so
that ``deckgen translate`` answers at once and works even while a
translation is incomplete.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.project import PROJECT_FILE, find_project_root
from deckgen.yamlpos import load_yaml


@dataclass(frozen=True)
class TextProject:
    root: Path
    languages: tuple[str, ...]
    games: tuple[str, ...]

    @property
    def source(self) -> str:
        """The project's first language: the one every other language is translated from."""
        return self.languages[0]

    def pick_languages(self, values: tuple[str, ...], allow_new: bool = False) -> tuple[str, ...]:
        """``--lang`` values (codes, comma lists, ``all``) -> the translated languages (never the source)."""
        codes: list[str] = []
        for value in values:
            for code in (c.strip() for c in value.split(",") if c.strip()):
                if code == "all":
                    return self.languages[1:]
                if code not in self.languages and not allow_new:
                    raise DeckgenError(Problem(None, None, None, "--lang",
                                               f"{code!r} is not a language of this project "
                                               f"({', '.join(self.languages)})"))
                if code == self.source:
                    raise DeckgenError(Problem(None, None, None, "--lang",
                                               f"{code!r} is the project's first language, the one the others "
                                               f"are translated from"))
                if code not in codes:
                    codes.append(code)
        return tuple(codes) or self.languages[1:]

    def pick_games(self, names: tuple[str, ...]) -> tuple[str, ...]:
        for name in names:
            if name not in self.games:
                raise DeckgenError(Problem(None, None, None, "GAME",
                                           f"unknown game {name!r} (this project's games: {', '.join(self.games)})"))
        return tuple(names) or self.games


def text_project(project_dir: Path | None) -> TextProject:
    root = find_project_root(project_dir)
    doc = load_yaml(root / PROJECT_FILE, PROJECT_FILE)
    data = doc.data if isinstance(doc.data, dict) else {}
    languages = tuple(str(l) for l in data.get("languages") or ("en",))
    games = data.get("games")
    if not games:
        games = sorted(p.parent.name for p in (root / "data").glob("*/game.yaml"))
    return TextProject(root, languages, tuple(str(g) for g in games))
