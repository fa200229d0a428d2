"""Card sources by file suffix: which reader turns a deck's ``cards:`` file into card entries.

deckgen's own readers (:data:`CARD_SOURCES`) read YAML card lists (with
generated runs) and spreadsheets (CSV, XLSX, ODS); a file of any other
suffix no plugin claims is read as YAML.  A project's plugin adds a suffix
with :func:`register_card_source`::

    def read_toml(card_file):            # a deckgen.sources.readers.CardFile
        data = tomllib.loads(card_file.read_text())
        return data["cards"]             # [{"id": "c1", "suit": "x"}, ...] or [(line, {...}), ...]

    register_card_source(".toml", read_toml)

A plugin's entries are what a YAML card list holds (``id``, ``count``,
``front``, ``back``, the game's card fields, ``run:`` entries), checked the
same way against the card schema.  They are held to the project's limits
like the built-in readers' files: the file's bytes (``limits.file_bytes``,
before the reader is called and again in ``read_text()``), every text's
characters (``limits.string``), all values together (``limits.values``)
and the cards runs make (``limits.cards``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.parts import INSTALLED, Parts, current, origin_of
from deckgen.sources.runs import RunCard, expand
from deckgen.sources.sheets import SUFFIXES as SHEET_SUFFIXES, read_sheet
from deckgen.strings import Text, located
from deckgen.yamlpos import Located, read_utf8


@dataclass
class CardList:
    """A card list, one located entry per card, and where its cards' texts come from."""

    doc: Located
    runs: dict[int, RunCard] = field(default_factory=dict)  # entry index -> its run
    #: entry index -> lang -> text key -> located text (a spreadsheet's TEXT.LANG columns)
    texts: dict[int, dict[str, dict[str, Text]]] = field(default_factory=dict)
    sheet: bool = False  # read from a spreadsheet (problems are named by column)


@dataclass(frozen=True)
class CardFile:
    """A card list file to read, and what reading it may need."""

    path: Path
    name: str  # the file as messages show it (data/GAME/cards.toml)
    limits: Limits = DEFAULT_LIMITS
    card_fields: Mapping[str, Any] = None  # type: ignore[assignment]  # the game's card fields (JSON Schemas)
    card_texts: tuple[str, ...] = ("name",)
    languages: tuple[str, ...] = ()
    load_yaml: Callable[[Path], Located | None] | None = None

    def read_text(self) -> str:
        """The file's text (UTF-8), refused beyond ``limits.file_bytes``; problems are located errors."""
        too_large(self)
        return read_utf8(self.path, self.name)

    def problem(self, message: str, line: int | None = None, column: int | None = None,
                field: str | None = None) -> Problem:
        """A problem in this file, for ``raise DeckgenError(card_file.problem(...))``."""
        return Problem(self.name, line, column, field, message)


@dataclass(frozen=True)
class CardSource:
    """Reads the card list files of one suffix: ``read(card_file)`` returns the entries (a list of mappings,
    or of ``(line, mapping)``), or, for deckgen's own readers, a ready :class:`deckgen.sources.CardList`."""

    suffix: str
    read: Callable[[CardFile], Any]
    origin: str = "deckgen"


def too_large(card_file: CardFile) -> None:
    """Refuse a file beyond ``limits.file_bytes`` (a missing or unreadable one is a located error too)."""
    limits = card_file.limits
    try:
        size = card_file.path.stat().st_size
    except OSError as exc:
        raise DeckgenError(card_file.problem(f"cannot read file: {exc.strerror}")) from None
    if size > limits.file_bytes:
        raise DeckgenError(card_file.problem(f"file of {size} bytes, more than the limit of {limits.file_bytes} "
                                             f"(limits.file_bytes in deckgen.yaml)", 1, 1))


def read_yaml_cards(card_file: CardFile) -> Any:
    """A YAML card list, its runs expanded (None when the file's problems were reported by ``load_yaml``)."""
    assert card_file.load_yaml is not None
    doc = card_file.load_yaml(card_file.path)
    if doc is None:
        return None
    expanded, runs, problems = expand(doc, card_file.limits)
    if problems:
        raise DeckgenError(problems)
    return CardList(expanded, runs=runs)


def read_sheet_cards(card_file: CardFile) -> Any:
    """A spreadsheet card list (deckgen.sources.sheets), its ``TEXT.LANG`` columns as located texts."""
    if not card_file.path.is_file():
        raise DeckgenError(card_file.problem("file not found"))
    name = card_file.name
    sheet = read_sheet(card_file.path, name, card_file.card_fields or {}, card_file.card_texts,
                       card_file.languages, card_file.limits)
    texts = {i: {lang: {key: located(value, name, row, col, f"{key}.{lang}")
                        for key, (value, row, col) in by_key.items()}
                 for lang, by_key in by_lang.items()}
             for i, by_lang in sheet.texts.items()}
    return CardList(sheet.doc, texts=texts, sheet=True)


#: deckgen's own card sources, by suffix; any other suffix no plugin claims is read as YAML.
CARD_SOURCES: dict[str, CardSource] = {
    **{suffix: CardSource(suffix, read_yaml_cards) for suffix in (".yaml", ".yml")},
    **{suffix: CardSource(suffix, read_sheet_cards) for suffix in SHEET_SUFFIXES},
}


def register_card_source(suffix: str, read: Callable[[CardFile], Any]) -> Callable[[CardFile], Any]:
    """Read card list files whose name ends in ``suffix`` (``".toml"``) with ``read(card_file)``.

    Called while a project's plugin is imported, for that project; otherwise
    for every project.  deckgen's own suffixes (:data:`CARD_SOURCES`) stay its own.
    """
    key = str(suffix).lower()
    if not key.startswith(".") or len(key) < 2 or "/" in key or "\\" in key:
        raise ValueError(f"a card source's suffix starts with a dot (\".toml\"), not {suffix!r}")
    if key in CARD_SOURCES:
        raise ValueError(f"deckgen reads {key} card lists itself: register another suffix")
    if not callable(read):
        raise TypeError(f"register_card_source() takes a function, not {type(read).__name__}")
    current().card_sources[key] = CardSource(key, read, origin_of(read))
    return read


def source_for(name: str, parts: Parts | None = None) -> CardSource | None:
    """The reader of the card list file ``name``: the project's plugins', the installed ones', deckgen's own
    (by suffix); None if none reads it (:func:`unread_suffix` says so)."""
    suffix = Path(name).suffix.lower()
    for sources in (parts.card_sources if parts is not None else {}, INSTALLED.card_sources, CARD_SOURCES):
        if suffix in sources:
            return sources[suffix]
    return None


def unread_suffix(name: str, parts: Parts | None = None) -> str | None:
    """Why no card source reads the file ``name`` (its suffix is no one's), or None."""
    if source_for(name, parts) is not None:
        return None
    known = sorted({*CARD_SOURCES, *INSTALLED.card_sources, *(parts.card_sources if parts is not None else {})})
    suffix = Path(name).suffix
    what = f"{suffix} files" if suffix else "files without a suffix"
    return f"no card source reads {what} (known: {', '.join(known)}; a project's plugin adds one with " \
           f"register_card_source)"


def plugin_entries(card_file: CardFile, source: CardSource) -> Located:
    """Call a plugin's reader within the limits; its entries as a located document."""
    too_large(card_file)
    entries = source.read(card_file)  # a plugin that raises is blamed at its line (deckgen.blame)
    if not isinstance(entries, (list, tuple)):
        raise DeckgenError(card_file.problem(f"the card source for {source.suffix} files from {source.origin} "
                                             f"returned {type(entries).__name__}, not a list of card entries"))
    return _located(card_file, entries)


def _located(card_file: CardFile, entries: list | tuple) -> Located:
    """Entries (mappings, or ``(line, mapping)``) as a located document, each within the limits."""
    limits = card_file.limits
    data: list[Any] = []
    lines: dict[tuple, int] = {(): 1}
    columns: dict[tuple, int] = {(): 1}
    budget = [limits.values]

    def count(value: Any, line: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise DeckgenError(card_file.problem(f"more than {limits.values} values (limits.values in "
                                                 f"deckgen.yaml)", line))
        if isinstance(value, str) and len(value) > limits.string:
            raise DeckgenError(card_file.problem(f"a text of {len(value)} characters, more than the limit of "
                                                 f"{limits.string} (limits.string in deckgen.yaml)", line))
        if isinstance(value, Mapping):
            return {str(k): count(v, line) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [count(v, line) for v in value]
        return value

    for index, entry in enumerate(entries):
        line = 1
        if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], int):
            line, entry = entry
        data.append(count(entry, line))
        lines[(index,)] = line
        if isinstance(entry, Mapping):
            lines.update({(index, str(key)): line for key in entry})
    return Located(data, card_file.name, lines, columns)
