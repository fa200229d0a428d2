"""gettext PO files for translators: export a game's texts in one language, import them back.

One file per game and language, ``DIR/GAME/LANG.po``, made with polib (a
small, maintained PO library that keeps custom headers and line numbers).
Each entry's ``msgctxt`` is the unit key (:mod:`.units`), its ``msgid`` the
source-language text and its ``msgstr`` the translation; a stale
translation is marked fuzzy.  The extracted comment says where the text is
printed, how much room it has, and the glossary terms it contains.
Plurals stay deckgen's inline selectors (``{n|one:# round|other:# rounds}``),
which may sit mid-sentence and several to a text — something PO's
whole-message ``msgid_plural`` cannot hold: the comment names the
categories the target language needs (CLDR, through Babel), and the import
refuses a selector whose name was changed.  The headers
``Language`` and ``X-Deckgen-Game`` say what the file is, whatever its name.

Import refuses, at the PO file's line, an entry that changes a msgid or
breaks a placeholder, an emphasis mark or the Markdown around a booklet
text; it skips entries still marked fuzzy (and counts them) and warns about
a msgctxt the project no longer has.  It changes only the texts that
changed (:mod:`.writeback`) and records them as current in the baseline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import polib
from babel import Locale
from babel.messages.plurals import get_plural

from deckgen.errors import DeckgenError, Problem
from deckgen.translate.baseline import read_baseline, text_hash, write_baseline
from deckgen.translate.glossary_hints import term_pairs, terms_in
from deckgen.translate.protect import broken
from deckgen.translate.status import language_status
from deckgen.translate.units import Unit, game_files, normalized, read_units
from deckgen.translate import writeback

GAME_HEADER = "X-Deckgen-Game"


def _plural_forms(lang: str) -> str:
    try:
        return str(get_plural(lang.replace("-", "_")))
    except (ValueError, LookupError):
        return "nplurals=2; plural=(n != 1);"


_SELECTOR = re.compile(r"\{[^{}|]+\|[^{}]*\}")
_ORDER = ("zero", "one", "two", "few", "many", "other")


def _categories(lang: str) -> list[str]:
    """The CLDR plural categories of ``lang`` (Babel), ``other`` last."""
    try:
        tags = set(Locale.parse(lang.replace("-", "_")).plural_form.tags) | {"other"}
    except (ValueError, LookupError):
        tags = {"one", "other"}
    return [t for t in _ORDER if t in tags]


def export_po(root: Path, game: str, source: str, lang: str, out: Path,
              rooms: dict[str, str] | None = None) -> Path:
    """Write ``out/GAME/LANG.po`` for ``game`` in ``lang``; returns its path.  ``rooms``: room hints by key
    (:mod:`.room_hints`)."""
    root = Path(root)
    status = language_status(root, game, source, lang)
    pairs_terms = term_pairs(root, game, source, lang)
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": f"{game}",
        "Language": lang,
        GAME_HEADER: game,
        "X-Deckgen-Source-Language": source,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": _plural_forms(lang),
    }
    for pair in status.pairs:
        notes = [pair.source[0].where()]
        if pair.whole_section:
            notes.append("This section has a different number of paragraphs than the source: it is one entry "
                         "here, for reading; change it in the booklet file itself.")
        if "|" in pair.source_text and _SELECTOR.search(pair.source_text):
            notes.append(f"Plural: keep the name before | and write one form per category of {lang}: "
                         f"{', '.join(_categories(lang))} (# is the number)")
        if rooms and pair.key in rooms:
            notes.append(rooms[pair.key])
        terms = terms_in(pair.source_text, pairs_terms)
        if terms:
            notes.append("Terms: " + "; ".join(terms))
        where = pair.target[0] if pair.target else pair.source[0]
        entry = polib.POEntry(msgctxt=pair.key, msgid=pair.source_text,
                              msgstr=pair.target_text if pair.state != "missing" else "",
                              comment="\n".join(notes), occurrences=[(where.file, str(where.line))])
        if pair.state == "stale":
            entry.flags.append("fuzzy")
        po.append(entry)
    path = Path(out) / game / f"{lang}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    po.save(str(tmp))
    tmp.replace(path)
    return path


@dataclass
class ImportReport:
    """What an import did, for one PO file."""

    game: str
    lang: str
    changed: int = 0
    confirmed: int = 0  # stale entries whose translation the translator kept and unmarked fuzzy
    fuzzy: int = 0
    written: list[str] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def read_po(path: Path, display: str) -> polib.POFile:
    try:
        return polib.pofile(str(path), wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise DeckgenError(Problem(display, None, None, None, f"not a readable PO file: {exc}")) from None


def identify(po: polib.POFile, display: str, games: list[str], languages: list[str]) -> tuple[str, str]:
    """(game, language) from the PO headers; a located error when either is missing or unknown."""
    game, lang = po.metadata.get(GAME_HEADER, "").strip(), po.metadata.get("Language", "").strip()
    if not game:
        raise DeckgenError(Problem(display, 1, None, GAME_HEADER, "missing header: say which game this file "
                                                                  "translates (export the file again)"))
    if game not in games:
        raise DeckgenError(Problem(display, 1, None, GAME_HEADER,
                                   f"unknown game {game!r} (this project's games: {', '.join(games)})"))
    if not lang:
        raise DeckgenError(Problem(display, 1, None, "Language", "missing header: the file's language"))
    return game, lang


def import_po(root: Path, po: polib.POFile, display: str, game: str, source: str, lang: str) -> ImportReport:
    """Bring one PO file's translations into the project; raise DeckgenError before writing on a bad entry."""
    root = Path(root)
    report = ImportReport(game, lang)
    status = language_status(root, game, source, lang)
    by_key = {p.key: p for p in status.pairs}
    problems: list[Problem] = []
    updates: dict[str, str] = {}
    lines: dict[str, int] = {}
    confirmed: set[str] = set()
    for entry in po:
        if entry.obsolete or not entry.msgid:
            continue
        line = entry.linenum
        pair = by_key.get(entry.msgctxt or "")
        if pair is None:
            report.warnings.append(Problem(display, line, None, "msgctxt",
                                           f"{entry.msgctxt!r}: the project has no such text any more (skipped)",
                                           warning=True))
            continue
        if normalized(entry.msgid) != normalized(pair.source_text):
            problems.append(Problem(display, line, None, "msgid",
                                    f"{entry.msgctxt}: the source text differs from the project's "
                                    f"({pair.source[0].file}:{pair.source[0].line}): never edit a msgid; "
                                    f"export the file again to get the current texts"))
            continue
        if "fuzzy" in entry.flags:
            report.fuzzy += 1
            continue
        if not entry.msgstr.strip():
            continue
        markdown = pair.source[0].file.endswith(".md") and pair.source[0].kind == "markdown"
        new = normalized(entry.msgstr) if markdown else entry.msgstr
        if pair.target and (new == pair.target_text or (pair.whole_section and
                                                         normalized(new) == normalized(pair.target_text))):
            if pair.state == "stale":
                confirmed.add(pair.key)
            continue
        why = broken(entry.msgid, entry.msgstr, markdown, pair.target_text if pair.target else None)
        if why:
            problems.append(Problem(display, line, None, "msgstr", f"{entry.msgctxt}: {why}"))
            continue
        if pair.whole_section:
            problems.append(Problem(display, line, None, "msgstr",
                                    f"{entry.msgctxt}: this section has a different number of paragraphs than "
                                    f"the source, so it cannot be imported from one entry: change it in "
                                    f"{pair.target[0].file} (line {pair.target[0].line})"))
            continue
        updates[pair.key] = new
        lines[pair.key] = line
    problems += _unplaceable(root, game, lang, updates, by_key, lines, display)
    if problems:
        raise DeckgenError(problems)
    _write(root, game, source, lang, status, updates, report)
    report.changed = len(updates)
    report.confirmed = len(confirmed)
    if updates or confirmed:
        baseline = read_baseline(root, game, lang) or {}
        for key in (*updates, *confirmed):
            baseline[key] = text_hash(by_key[key].source_text)
        write_baseline(root, game, lang, source, baseline)
    return report


def _unplaceable(root: Path, game: str, lang: str, updates: dict[str, str], by_key: dict,
                 lines: dict[str, int], display: str) -> list[Problem]:
    """Booklet texts the translation's booklet has no place for (its section lacks them): one problem each."""
    files = game_files(root, game, lang)
    if not files.rules_file.is_file():
        return []  # a new language: its booklet starts as a copy of the source's
    have = {u.key for u in read_units(root, game, lang)}
    return [Problem(display, lines[key], None, "msgctxt",
                    f"{key}: {files.rules_file.relative_to(root).as_posix()} has no such text (its section lacks "
                    f"it): copy the paragraph from the source booklet ({by_key[key].source[0].file}:"
                    f"{by_key[key].source[0].line}) first, then import again")
            for key in updates if key not in have and by_key[key].source[0].file.endswith(".md")]


def _write(root: Path, game: str, source: str, lang: str, status, updates: dict[str, str],
           report: ImportReport) -> None:
    """Apply ``updates`` to the language's files; a language without files gets copies of the source's."""
    if not updates:
        return
    files = game_files(root, game, lang)
    source_files = game_files(root, game, source)
    for target_file, source_file in ((files.lang_file, source_files.lang_file),
                                     (files.rules_file, source_files.rules_file)):
        if not target_file.is_file() and source_file.is_file():
            target_file.parent.mkdir(parents=True, exist_ok=True)
            target_file.write_text(source_file.read_text(encoding="utf-8"), encoding="utf-8")
            report.written.append(target_file.relative_to(root).as_posix())
    by_key = {p.key: p for p in status.pairs}
    have = {u.key for u in read_units(root, game, lang)}
    for key, text in updates.items():
        if key not in have:  # a string the language file lacks: added beside its siblings
            writeback.insert_yaml(files.lang_file, by_key[key].source[0].path, text)
            _note(report, root, files.lang_file)
    units: dict[str, Unit] = {u.key: u for u in read_units(root, game, lang)}
    per_file: dict[Path, list[tuple[Unit, str]]] = {}
    for key, text in updates.items():
        if key in have:
            unit = units[key]
            per_file.setdefault(root / unit.file, []).append((unit, text))
    for path, changes in per_file.items():
        if writeback.apply(path, changes):
            _note(report, root, path)


def _note(report: ImportReport, root: Path, path: Path) -> None:
    rel = path.relative_to(root).as_posix()
    if rel not in report.written:
        report.written.append(rel)
