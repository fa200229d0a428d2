"""A translator's proof: every stale or missing text of a language, the source beside the translation,
with the card it is printed on (a picture) or the page of the draft booklet it is on.

``deckgen translate proof --lang L`` writes ``OUT/GAME-LANG-proof.html``
(one self-contained page, pictures inside) and, where the booklet has
stale paragraphs, the draft booklet ``OUT/GAME-rules-LANG-draft.pdf`` the
page numbers refer to, its stale paragraphs marked in yellow.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.translate.status import Pair, language_status
from deckgen.translate.units import normalized

_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222}
h1{font-size:1.4em} table{border-collapse:collapse;width:100%} td,th{border-top:1px solid #ccc;padding:.6em;
vertical-align:top;text-align:left} th{background:#f3f3f3} .key{font:12px monospace;color:#666}
.stale{background:#FFE98A} .missing{background:#f6c6c6} img{max-width:150px;border:1px solid #999}
"""


def _card_picture(project, game: str, card: str, lang: str) -> str:
    from deckgen.preview.contact import contact_sheet

    try:
        png, _problems = contact_sheet(project, game, [card], (lang,), dpi=90)
    except DeckgenError:
        return ""
    return f'<img alt="{html.escape(card)}" src="data:image/png;base64,{base64.b64encode(png).decode()}">'


def _booklet_pages(pdf: bytes) -> list[str]:
    from pypdf import PdfReader

    return [normalized(page.extract_text() or "") for page in PdfReader(io.BytesIO(pdf)).pages]


def _page_of(text: str, pages: list[str]) -> int | None:
    words = normalized(text).replace("*", "").split()[:6]
    probe = " ".join(words)
    for n, page in enumerate(pages, 1):
        if probe and probe in page:
            return n
    return None


def write_proof(project, game: str, lang: str, out: Path) -> Path:
    """Write the proof of ``game`` in ``lang`` (and its draft booklet where needed); returns the page."""
    from deckgen.translate.draft import stale_texts

    source = project.languages[0]
    status = language_status(project.root, game, source, lang)
    todo = [p for p in status.pairs if p.state in ("stale", "missing")]
    pages: list[str] = []
    draft_name = f"{game}-rules-{lang}-draft.pdf"
    if any(p.state == "stale" and p.target and p.target[0].file.endswith(".md") for p in todo):
        pages = _draft(project, game, lang, stale_texts(project.root, game, source, lang), Path(out) / draft_name)
    rows = []
    for pair in todo:
        rows.append(_row(project, game, lang, pair, pages, draft_name))
    body = (f"<h1>{html.escape(game)}: {html.escape(lang)} — {len(todo)} text{'s' if len(todo) != 1 else ''} "
            f"to translate or review</h1>"
            f"<p>Stale: the {source} text changed after this translation was made. Missing: no translation yet. "
            f"Edit them in the PO file (<code>deckgen translate export</code>) or in the file named, then "
            f"<code>deckgen translate mark --lang {lang} {game}</code> (the import does that itself).</p>"
            f"<table><tr><th>Where</th><th>{source}</th><th>{lang}</th></tr>{''.join(rows)}</table>"
            if todo else f"<h1>{html.escape(game)}: {html.escape(lang)} is up to date</h1>")
    path = Path(out) / f"{game}-{lang}-proof.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<!doctype html><html lang=\"{lang}\"><meta charset=\"utf-8\"><title>{game} {lang} proof"
                    f"</title><style>{_STYLE}</style><body>{body}</body></html>", encoding="utf-8")
    return path


def _row(project, game: str, lang: str, pair: Pair, pages: list[str], draft_name: str) -> str:
    unit = pair.target[0] if pair.target else pair.source[0]
    where = [html.escape(pair.source[0].where()), f'<div class="key">{html.escape(pair.key)} · '
                                                  f'{html.escape(unit.file)}:{unit.line}</div>']
    parts = pair.key.split("/")
    if parts[0] == "cards" and len(parts) == 3:
        where.append(_card_picture(project, game, parts[1], lang))
    elif parts[0] == "rules" and pages and pair.target:
        page = _page_of(pair.target_text, pages)
        if page:
            where.append(f"page {page} of {html.escape(draft_name)}")
    target = html.escape(pair.target_text) if pair.target else "<em>(missing)</em>"
    return (f'<tr class="{pair.state}"><td>{"".join(where)}</td><td>{html.escape(pair.source_text)}</td>'
            f"<td>{target}</td></tr>")


def _draft(project, game_id: str, lang: str, stale: frozenset[str], path: Path) -> list[str]:
    from deckgen.layout.papers import READING_PAGE
    from deckgen.rulebook.build import render_booklet
    from deckgen.rulebook.context import load_sources

    game = project.games[game_id]
    sources, _found = load_sources(project, game, [lang])
    if lang not in sources:
        return []
    descriptor = project.descriptor(game)
    data = descriptor.data_for(game) if descriptor else {}
    pdf, problems = render_booklet(project, game, sources[lang], data, READING_PAGE, stale=stale)
    if problems:
        raise DeckgenError(problems)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pdf)
    return _booklet_pages(pdf)
