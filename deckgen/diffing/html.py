"""The diff as an HTML page in the gallery's colours: each changed card old | new | the changed pixels, its
changed fields under it, and each changed booklet section's paragraphs side by side, word changes marked.

Pictures are PNG files beside the page (``pictures/``), drawn by each side's own process.
"""

from __future__ import annotations

import difflib
import html
from pathlib import Path
from typing import Any

from deckgen.diffing.run import pictures
from deckgen.diffing.sides import Side

_CSS = """
:root{--page:#0d0f13;--panel:#15181e;--line:#262a33;--text:#ebe7de;--muted:#8d909a;--accent:#e8c572;
--del:#7a2630;--ins:#1f5c3a;color-scheme:dark}
body{margin:0;background:var(--page);color:var(--text);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
header{padding:18px 28px;border-bottom:1px solid var(--line);background:var(--panel)}
h1{margin:0;font:700 20px/1.2 system-ui,sans-serif} .meta{color:var(--muted);font-size:13px;margin-top:4px}
main{padding:12px 28px 40px} h2{font-size:18px;margin:28px 0 8px;color:var(--accent)}
h3{font-size:15px;margin:18px 0 6px}
.card{display:inline-block;vertical-align:top;margin:0 18px 18px 0;padding:12px;background:var(--panel);
border:1px solid var(--line);border-radius:8px}
.card figure{display:inline-block;margin:0 8px 0 0;text-align:center;font-size:12px;color:var(--muted)}
.card img{display:block;height:200px;border-radius:6px;margin-bottom:4px}
.card .fields{font-size:13px;color:var(--muted);margin-top:6px;max-width:640px}
table.section{border-collapse:collapse;width:100%;margin-bottom:12px;background:var(--panel)}
table.section td{width:50%;vertical-align:top;padding:8px 10px;border-top:1px solid var(--line)}
del{background:var(--del);text-decoration:line-through;color:#ffd9dc} ins{background:var(--ins);text-decoration:none}
.list{color:var(--muted)}
"""


def _words(old: str, new: str) -> tuple[str, str]:
    """Both texts as HTML with the removed words in <del> (old) and the added ones in <ins> (new)."""
    a, b = old.split(), new.split()
    left, right = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        x, y = html.escape(" ".join(a[i1:i2])), html.escape(" ".join(b[j1:j2]))
        if op == "equal":
            left.append(x)
            right.append(y)
        else:
            if x:
                left.append(f"<del>{x}</del>")
            if y:
                right.append(f"<ins>{y}</ins>")
    return " ".join(left), " ".join(right)


def picture_specs(report: dict[str, Any]) -> tuple[list[list[str]], list[list[str]]]:
    """The faces each side must draw: (old side's, new side's) as [game, deck, lang, card, side]."""
    old, new = [], []
    for game, entry in report.items():
        for label, by_lang in entry.get("decks", {}).items():
            for lang, ch in by_lang.items():
                for c in ch["changed"]:
                    old.append([game, label, lang, c["card"], "front"])
                    new.append([game, label, lang, c["card"], "front"])
                new += [[game, label, lang, card, "front"] for card in ch["added"]]
                old += [[game, label, lang, card, "front"] for card in ch["removed"]]
                for card in ch["back"]["cards"][:1] if ch["back"]["shared"] else ch["back"]["cards"]:
                    old.append([game, label, lang, card, "back"])
                    new.append([game, label, lang, card, "back"])
    return old, new


def overlay(old_png: Path, new_png: Path, out: Path, threshold: int = 24) -> int:
    """Write the new face greyed with its changed pixels in red; returns how many pixels changed."""
    from PIL import Image, ImageChops

    old, new = Image.open(old_png).convert("RGB"), Image.open(new_png).convert("RGB")
    if old.size != new.size:
        old = old.resize(new.size)
    diff = ImageChops.difference(old, new).convert("L").point(lambda v: 255 if v > threshold else 0)
    base = Image.blend(new.convert("L").convert("RGB"), Image.new("RGB", new.size, "white"), 0.55)
    base.paste(Image.new("RGB", new.size, (230, 30, 40)), mask=diff)
    base.save(out)
    return int(diff.histogram()[255])


def _name(game: str, label: str, lang: str, card: str, side: str) -> str:
    return f"{game}--{label}--{lang}--{card}--{side}.png"


def write_report(report: dict[str, Any], sides: tuple[Side, Side], out: Path, scratch: Path) -> Path:
    """Write ``out/index.html`` and its pictures; returns the page."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    folder = out / "pictures"
    old_dir, new_dir = folder / "old", folder / "new"
    old_spec, new_spec = picture_specs(report)
    pictures(sides[0], old_spec, old_dir, scratch)
    pictures(sides[1], new_spec, new_dir, scratch)
    parts: list[str] = []
    for game, entry in report.items():
        parts.append(f"<h2>{html.escape(game)}</h2>")
        if "game" in entry:
            parts.append(f"<p>The whole game was {entry['game']}.</p>")
            continue
        for label, by_lang in entry["decks"].items():
            for lang, ch in by_lang.items():
                parts.append(f"<h3>{html.escape(label)} [{html.escape(lang)}]</h3>")
                parts += _deck_section(game, label, lang, ch, out, old_dir, new_dir)
        for lang, ch in entry["booklets"].items():
            parts.append(f"<h3>Booklet [{html.escape(lang)}]</h3>")
            for c in ch["changed"]:
                parts.append(f"<p class=list>Section {{#{html.escape(c['section'])}}} — "
                             f"{html.escape(c['title'])}</p><table class=section>")
                old_texts, new_texts = c["old"], c["new"]
                for k in range(max(len(old_texts), len(new_texts))):
                    a = old_texts[k] if k < len(old_texts) else ""
                    b = new_texts[k] if k < len(new_texts) else ""
                    if a != b:
                        left, right = _words(a, b)
                        parts.append(f"<tr><td>{left}</td><td>{right}</td></tr>")
                parts.append("</table>")
            for key, what in (("added", "added"), ("removed", "removed")):
                if ch[key]:
                    parts.append(f"<p class=list>Sections {what}: "
                                 f"{', '.join('{#' + html.escape(s) + '}' for s in ch[key])}</p>")
    if not report:
        parts.append("<p>No changes.</p>")
    page = out / "index.html"
    page.write_text("<!doctype html><html lang=en><meta charset=utf-8><title>deckgen diff</title>"
                    f"<style>{_CSS}</style><header><h1>What changed</h1><div class=meta>"
                    f"{html.escape(sides[0].label)} → {html.escape(sides[1].label)}</div></header>"
                    f"<main>{''.join(parts)}</main></html>", encoding="utf-8")
    return page


def _deck_section(game: str, label: str, lang: str, ch: dict, out: Path, old_dir: Path, new_dir: Path) -> list[str]:
    parts = []

    def img(folder: Path, card: str, side: str, caption: str) -> str:
        path = folder / _name(game, label, lang, card, side)
        if not path.is_file():
            return ""
        return (f'<figure><img src="{html.escape(path.relative_to(out).as_posix())}" alt="{html.escape(caption)}">'
                f"{html.escape(caption)}</figure>")

    for c in ch["changed"]:
        card = c["card"]
        figures = img(old_dir, card, "front", "old") + img(new_dir, card, "front", "new")
        mark = out / "pictures" / f"{_name(game, label, lang, card, 'overlay')}"
        old_png, new_png = old_dir / _name(game, label, lang, card, "front"), new_dir / _name(game, label, lang, card, "front")
        if old_png.is_file() and new_png.is_file():
            overlay(old_png, new_png, mark)
            figures += (f'<figure class=overlay><img src="{html.escape(mark.relative_to(out).as_posix())}" '
                        f'alt="changed pixels">changed pixels</figure>')
        fields = ", ".join(c["fields"]) or ("what is printed (the card's own data is the same: a shared string of the "
                                            "language file, a template or the style changed)")
        texts = "".join(f"<br>{html.escape(k)}: {_words(c['old_texts'].get(k, ''), v)[1]}"
                        for k, v in c["new_texts"].items() if c["old_texts"].get(k) != v)
        parts.append(f'<div class="card changed" data-card="{html.escape(card)}"><b>{html.escape(ch["names"].get(card, card))}</b> '
                     f"<span class=list>({html.escape(card)})</span><br>{figures}<div class=fields>changed: "
                     f"{html.escape(fields)}{texts}</div></div>")
    for card in ch["added"]:
        parts.append(f'<div class="card added"><b>added: {html.escape(ch["names"].get(card, card))}</b><br>'
                     f'{img(new_dir, card, "front", "new")}</div>')
    for card in ch["removed"]:
        parts.append(f'<div class="card removed"><b>removed: {html.escape(ch["names"].get(card, card))}</b> '
                     f'(take it out)<br>{img(old_dir, card, "front", "old")}</div>')
    for r in ch["renamed"]:
        parts.append(f"<p class=list>renamed {html.escape(r['old'])} → {html.escape(r['new'])}: the same face, "
                     f"nothing to reprint</p>")
    for c in ch["copies"]:
        parts.append(f"<p class=list>{html.escape(c['card'])}: {c['old']} → {c['new']} copies ({c['do']})</p>")
    if ch["back"]["cards"]:
        card = ch["back"]["cards"][0]
        who = (f"all {len(ch['back']['cards'])} cards share it" if ch["back"]["shared"]
               else ", ".join(ch["back"]["cards"]))
        parts.append(f'<div class="card back"><b>back changed</b> ({html.escape(who)})<br>'
                     f'{img(old_dir, card, "back", "old")}{img(new_dir, card, "back", "new")}</div>')
    return parts
