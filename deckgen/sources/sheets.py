"""Card lists as spreadsheets: CSV, XLSX (openpyxl) and ODS (read as a stream with defusedxml).

One row per card, the first row names the columns::

    id,       suit,   value, count, name.en,     name.de
    circle-1, circle, -1,    1,     Circle −1,   Kreis −1

``id``, ``count``, ``front`` and ``back`` are what they are in a YAML card
list; any other plain column is a card field of the game (``card_fields``);
``TEXT.LANG`` is the text ``TEXT`` (one of the game's ``card_texts``) in the
language ``LANG``.  An empty cell is a field or text the card does not have;
a row that is empty, or whose first cell starts with ``#``, is skipped.

A cell is read as its field's schema says (``integer``, ``number``,
``boolean``, ``string``, or an ``enum``'s values); a cell that cannot be
read so stays text, and the card schema reports it at ``FILE:ROW:COLUMN``.
The result is the same located document a YAML card list gives, so a CSV
deck and its YAML twin make the same cards — and the same PDFs.

A spreadsheet may come from someone else, so it is read within the project's
limits, row by row, and refused at the first one passed: the file's bytes
and, for XLSX and ODS (zip files), the unpacked size of every part
(``limits.file_bytes``); the rows (``limits.rows``); the cells, a row's
trailing empty cells not counted (``limits.cells``); one cell's characters
(``limits.string``).  An XLSX's declared ``<dimension>`` and an ODS's
repeated rows and columns are never trusted to size anything.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from deckgen.errors import DeckgenError, Problem
from deckgen.limits import DEFAULT as DEFAULT_LIMITS, Limits
from deckgen.yamlpos import Located, WrittenInt, read_utf8

SUFFIXES = (".csv", ".xlsx", ".ods")
RESERVED = ("id", "count", "front", "back")
_TEXT_COLUMN = re.compile(r"^([a-z][a-z0-9_]*)\.([a-z]{2,3}(?:_[A-Z]{2})?)$")
_INT = re.compile(r"^[+-]?\d+$")
_FLOAT = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$")
_TRUE, _FALSE = {"true", "yes", "1"}, {"false", "no", "0"}


@dataclass
class Sheet:
    """A card list read from a spreadsheet: the cards as a located document, and the texts of its columns."""

    doc: Located
    #: entry index -> lang -> text key -> (text, row, column)
    texts: dict[int, dict[str, dict[str, tuple[str, int, int]]]] = field(default_factory=dict)


def is_sheet(name: str) -> bool:
    """True if a card list file name is a spreadsheet."""
    return name.lower().endswith(SUFFIXES)


def column_letter(column: int) -> str:
    """The spreadsheet letter of a 1-based column number (1 -> A, 27 -> AA)."""
    out = ""
    while column:
        column, rest = divmod(column - 1, 26)
        out = chr(65 + rest) + out
    return out


# ------------------------------------------------------------------ reading rows


def _cell_text(value: Any) -> str:
    """A spreadsheet cell as the text a CSV file would hold."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _csv_rows(path: Path, name: str) -> Iterator[tuple[int, list[str]]]:
    text = read_utf8(path, name, "utf-8-sig", " (save the CSV file as UTF-8)")
    first = text[:4096].splitlines()[:1]
    delimiter = ";" if first and first[0].count(";") > first[0].count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    start = 1
    try:
        for record in reader:
            yield start, [c.strip() for c in record]
            start = reader.line_num + 1
    except csv.Error as exc:
        raise DeckgenError(Problem(name, reader.line_num, message=f"not readable as CSV: {exc}")) from None


def _unpacked_size(path: Path, name: str, kind: str, limits: Limits) -> None:
    """Refuse a zip-based sheet whose parts unpack beyond ``limits.file_bytes`` (a zip bomb), before parsing.

    The sizes are the ones the zip declares; Python's zip reader never unpacks a part beyond its declared size.
    """
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError) as exc:
        raise DeckgenError(Problem(name, message=f"not a readable {kind} ({type(exc).__name__}: {exc})")) from None
    total = 0
    for part in parts:
        total += part.file_size
        if total > limits.file_bytes:
            raise DeckgenError(Problem(name, 1, 1, None, f"unpacks to more than {limits.file_bytes} bytes "
                                                         f"(at its part {part.filename!r}; limits.file_bytes "
                                                         f"in deckgen.yaml)"))


def _xlsx_rows(path: Path, name: str, limits: Limits) -> Iterator[tuple[int, list[str]]]:
    from openpyxl import load_workbook

    _unpacked_size(path, name, "XLSX workbook", limits)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise DeckgenError(Problem(name, message=f"not a readable XLSX workbook ({type(exc).__name__}: {exc})")) \
            from None
    try:
        sheet = book.worksheets[0]
        sheet.reset_dimensions()  # the declared <dimension> may be anything: rows are as long as their cells
        rows = sheet.iter_rows(min_row=1, min_col=1, values_only=True)
        for number, row in enumerate(rows, 1):
            yield number, [_cell_text(v) for v in row]
    except DeckgenError:
        raise
    except Exception as exc:  # a damaged sheet part
        raise DeckgenError(Problem(name, message=f"not a readable XLSX workbook ({type(exc).__name__}: {exc})")) \
            from None
    finally:
        book.close()


_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_ODS_CELLS = (_TABLE + "table-cell", _TABLE + "covered-table-cell")


def _ods_cell(cell) -> str:
    kind = cell.get(_OFFICE + "value-type")
    if kind in ("float", "percentage", "currency"):
        return _cell_text(float(cell.get(_OFFICE + "value")))
    if kind == "boolean":
        return cell.get(_OFFICE + "boolean-value") or ""
    return "\n".join("".join(p.itertext()) for p in cell.iter(_TEXT + "p")).strip()


def _ods_row(row, name: str, number: int, limits: Limits) -> list[str]:
    """The cells of one ``table:table-row``, repeated columns expanded, trailing empty cells dropped."""
    cells: list[str] = []
    pending_empty = 0  # empty cells not yet known to be followed by a value
    for cell in row:
        if cell.tag not in _ODS_CELLS:
            continue
        repeat = _repeat(cell.get(_TABLE + "number-columns-repeated"))
        value = _ods_cell(cell)
        if not value:
            pending_empty += repeat
            continue
        if len(cells) + pending_empty + repeat > limits.cells:
            raise DeckgenError(_too_many(name, number, "cells", limits.cells))
        cells.extend([""] * pending_empty + [value] * repeat)
        pending_empty = 0
    return cells


def _ods_rows(path: Path, name: str, limits: Limits) -> Iterator[tuple[int, list[str]]]:
    """The rows of the first table of an ODS file, read as a stream (defusedxml: no DTD, no entities)."""
    from defusedxml.ElementTree import iterparse

    _unpacked_size(path, name, "ODS spreadsheet", limits)
    number = 0
    try:
        with zipfile.ZipFile(path) as archive, archive.open("content.xml") as content:
            depth = 0  # tables open (a table may hold another in a cell)
            for event, element in iterparse(content, events=("start", "end"), forbid_dtd=True):
                if element.tag == _TABLE + "table":
                    depth += 1 if event == "start" else -1
                    if depth == 0:
                        return  # the first sheet is the card list
                    continue
                if event != "end" or depth != 1 or element.tag != _TABLE + "table-row":
                    continue
                cells = _ods_row(element, name, number + 1, limits)
                repeat = _repeat(element.get(_TABLE + "number-rows-repeated"))
                element.clear()
                if not cells:  # empty rows are skipped: only their count matters
                    number += repeat
                    if number > limits.rows:
                        raise DeckgenError(_too_many(name, limits.rows + 1, "rows", limits.rows))
                    continue
                for _ in range(repeat):
                    number += 1
                    yield number, list(cells)
                    if number > limits.rows:
                        return
    except DeckgenError:
        raise
    except Exception as exc:  # a damaged file: not a zip, no content.xml, bad XML, a DTD or entities
        raise DeckgenError(Problem(name, number + 1 if number else None,
                                   message=f"not a readable ODS spreadsheet ({type(exc).__name__}: {exc})")) \
            from None


def _repeat(attribute) -> int:
    try:
        return max(1, int(attribute or 1))
    except ValueError:
        return 1


def _too_many(name: str, row: int, what: str, limit: int) -> Problem:
    return Problem(name, row, None, None, f"more than {limit} {what} (limits.{what} in deckgen.yaml)")


def _bounded(rows: Iterable[tuple[int, list[str]]], name: str, limits: Limits) -> list[tuple[int, list[str]]]:
    """The rows, trailing empty cells dropped, refused at the first row past the project's limits."""
    out = []
    cells = 0
    for count, (number, row) in enumerate(rows, 1):
        if count > limits.rows:
            raise DeckgenError(_too_many(name, number, "rows", limits.rows))
        while row and not row[-1]:
            row.pop()
        cells += len(row)
        if cells > limits.cells:
            raise DeckgenError(_too_many(name, number, "cells", limits.cells))
        for column, cell in enumerate(row, 1):
            if len(cell) > limits.string:
                raise DeckgenError(Problem(name, number, column, None,
                                           f"a cell of {len(cell)} characters, more than the limit of "
                                           f"{limits.string} (limits.string in deckgen.yaml)"))
        out.append((number, row))
    return out


def read_rows(path: Path, name: str, limits: Limits = DEFAULT_LIMITS) -> list[tuple[int, list[str]]]:
    """(row number, cells as text) of the first sheet of a CSV, XLSX or ODS file, within ``limits``."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DeckgenError(Problem(name, message=f"cannot read file: {exc.strerror}")) from None
    if size > limits.file_bytes:
        raise DeckgenError(Problem(name, 1, 1, None, f"file of {size} bytes, more than the limit of "
                                                     f"{limits.file_bytes} (limits.file_bytes in deckgen.yaml)"))
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        return _bounded(_xlsx_rows(path, name, limits), name, limits)
    if suffix == ".ods":
        return _bounded(_ods_rows(path, name, limits), name, limits)
    return _bounded(_csv_rows(path, name), name, limits)


# ------------------------------------------------------------------ cells to values


def cell_value(text: str, fragment: Mapping[str, Any] | None) -> Any:
    """The value of a non-empty cell for a field with the JSON Schema ``fragment``.

    A cell that cannot be read as the schema asks stays text, for the
    schema to report with its row and column.
    """
    fragment = fragment or {}
    kind = fragment.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    if "enum" in fragment and not kinds:
        for option in fragment["enum"]:
            if not isinstance(option, bool) and str(option) == text:
                return option
        return text
    if kinds == ["string"]:
        return text
    if "boolean" in kinds and text.lower() in _TRUE | _FALSE:
        return text.lower() in _TRUE
    if _INT.match(text) and ("integer" in kinds or "number" in kinds or not kinds):
        value = int(text)
        return WrittenInt(value, text) if text != str(value) else value
    if _FLOAT.match(text) and ("number" in kinds or not kinds):
        return float(text)
    return text


def read_sheet(path: Path, name: str, card_fields: Mapping[str, Any], card_texts, languages,
               limits: Limits = DEFAULT_LIMITS) -> Sheet:
    """Read a spreadsheet card list within ``limits``; problems of its columns raise :class:`DeckgenError`."""
    rows = [(n, cells) for n, cells in read_rows(path, name, limits)
            if any(cells) and not cells[0].startswith("#")]
    if not rows:
        raise DeckgenError(Problem(name, 1, 1, None, "no header row: the first row names the columns "
                                                       "(id, count, the card fields, name.en …)"))
    header_row, header = rows[0]
    problems: list[Problem] = []
    columns: dict[int, tuple[str, str | None]] = {}  # column index -> (field or text key, lang or None)
    seen: dict[str, int] = {}
    for i, title in enumerate(header):
        if not title:
            continue
        at = (name, header_row, i + 1)
        if title in seen:
            problems.append(Problem(*at, title, f"a second column {title!r} (the first is column "
                                                f"{column_letter(seen[title] + 1)})"))
            continue
        seen[title] = i
        match = _TEXT_COLUMN.match(title)
        if title in RESERVED or title in card_fields:
            columns[i] = (title, None)
        elif match and match.group(1) in card_texts and match.group(2) in languages:
            columns[i] = (match.group(1), match.group(2))
        elif match and match.group(1) in card_texts:
            problems.append(Problem(*at, title, f"{match.group(2)!r} is not one of the project's languages "
                                                f"({', '.join(languages)})"))
        elif match:
            problems.append(Problem(*at, title, f"{match.group(1)!r} is not one of the game's card_texts "
                                                f"({', '.join(card_texts)})"))
        else:
            fields = ", ".join(list(RESERVED) + list(card_fields))
            problems.append(Problem(*at, title, f"unknown column {title!r}: a column is one of {fields}, or "
                                                f"TEXT.LANG for a text (name.en)"))
    if "id" not in seen and not problems:
        problems.append(Problem(name, header_row, 1, None, "no 'id' column"))
    data: list[dict] = []
    lines: dict[tuple, int] = {(): header_row}
    cols: dict[tuple, int] = {(): 1}
    sheet = Sheet(Located(data, name, lines, cols))
    for number, cells in rows[1:]:
        index = len(data)
        entry: dict[str, Any] = {}
        lines[(index,)], cols[(index,)] = number, 1
        for i, cell in enumerate(cells):
            if not cell:
                continue
            if i not in columns:
                if i >= len(header) or not header[i]:
                    problems.append(Problem(name, number, i + 1, None,
                                            f"a value in column {column_letter(i + 1)}, which has no name in "
                                            f"row {header_row}"))
                continue
            key, lang = columns[i]
            if lang is not None:
                sheet.texts.setdefault(index, {}).setdefault(lang, {})[key] = (cell, number, i + 1)
                continue
            if key == "count":
                entry[key] = cell_value(cell, {"type": "integer"})
            elif key in RESERVED:
                entry[key] = cell
            else:
                entry[key] = cell_value(cell, card_fields.get(key))
            lines[(index, key)], cols[(index, key)] = number, i + 1
        data.append(entry)
    if problems:
        raise DeckgenError(problems)
    return sheet
