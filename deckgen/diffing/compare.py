"""Two snapshots -> what changed, per game, deck and language, in the words a printed deck needs.

A card is *changed* when its rendered face differs (not when only its data
file moved); *renamed* when a card id disappeared and another appeared with
the very same face (nothing to reprint); *copies* when its count changed
("print N more" / "take N out"); a changed *back* lists every card that
shares it.  Booklet sections are compared text by text.
"""

from __future__ import annotations

from typing import Any


def _deck_changes(old: dict | None, new: dict | None, lang: str) -> dict[str, Any]:
    old_l = (old or {}).get("langs", {}).get(lang, {"fronts": {}, "backs": {}})
    new_l = (new or {}).get("langs", {}).get(lang, {"fronts": {}, "backs": {}})
    old_cards, new_cards = (old or {}).get("cards", {}), (new or {}).get("cards", {})
    gone = [c for c in old_l["fronts"] if c not in new_l["fronts"]]
    came = [c for c in new_l["fronts"] if c not in old_l["fronts"]]
    renamed = []
    for card in list(gone):
        twin = next((c for c in came if new_l["fronts"][c] == old_l["fronts"][card]), None)
        if twin is not None:
            renamed.append({"old": card, "new": twin})
            gone.remove(card)
            came.remove(twin)
    changed = []
    for card, face in new_l["fronts"].items():
        if card in old_l["fronts"] and old_l["fronts"][card] != face:
            changed.append({"card": card, "fields": _fields(old_cards.get(card, {}), new_cards.get(card, {}), lang),
                            "old_texts": (old_cards.get(card, {}).get("texts") or {}).get(lang, {}),
                            "new_texts": (new_cards.get(card, {}).get("texts") or {}).get(lang, {})})
    copies = []
    for card in new_l["fronts"]:
        if card in old_l["fronts"]:
            a, b = old_cards.get(card, {}).get("count", 1), new_cards.get(card, {}).get("count", 1)
            if a != b:
                copies.append({"card": card, "old": a, "new": b,
                               "do": f"print {b - a} more" if b > a else f"take {a - b} out"})
    back_cards = [c for c, back in new_l["backs"].items() if c in old_l["backs"] and old_l["backs"][c] != back]
    shared = len(set(new_l["backs"].values())) == 1 and len(new_l["backs"]) > 1
    return {"added": came, "removed": gone, "renamed": renamed, "changed": changed, "copies": copies,
            "back": {"cards": back_cards, "shared": bool(back_cards) and shared and
                     len(back_cards) == len(new_l["backs"])},
            "names": {c: ((new_cards.get(c) or old_cards.get(c) or {}).get("texts") or {}).get(lang, {}).get("name", c)
                      for c in {*came, *gone, *new_l["fronts"]}}}


def _fields(old: dict, new: dict, lang: str) -> list[str]:
    """The data fields and texts (in ``lang``) of a card that differ between the sides."""
    names = []
    of, nf = old.get("fields", {}), new.get("fields", {})
    names += [k for k in sorted({*of, *nf}) if of.get(k) != nf.get(k)]
    ot, nt = (old.get("texts") or {}).get(lang, {}), (new.get("texts") or {}).get(lang, {})
    names += [f"{k} [{lang}]" for k in sorted({*ot, *nt}) if ot.get(k) != nt.get(k)]
    return names


def _booklet_changes(old: dict, new: dict) -> dict[str, Any]:
    added = [s for s in new if s not in old]
    removed = [s for s in old if s not in new]
    changed = [{"section": s, "title": (new[s] or [""])[0], "old": old[s], "new": new[s]}
               for s in new if s in old and old[s] != new[s]]
    return {"added": added, "removed": removed, "changed": changed}


def _empty(entry: dict) -> bool:
    return not any(entry.get(k) for k in ("added", "removed", "renamed", "changed", "copies")) and not (
        entry.get("back", {}).get("cards"))


def compare(old: dict, new: dict, languages: tuple[str, ...] = ()) -> dict[str, Any]:
    """``{GAME: {"decks": {DECK: {LANG: changes}}, "booklets": {LANG: changes}}}``, unchanged parts left out."""
    report: dict[str, Any] = {}
    games = [*new.get("games", {}), *[g for g in old.get("games", {}) if g not in new.get("games", {})]]
    for game in games:
        o, n = old["games"].get(game, {}), new["games"].get(game, {})
        if not o or not n:
            report[game] = {"game": "added" if n else "removed"}
            continue
        decks: dict[str, Any] = {}
        for label in [*n["decks"], *[d for d in o["decks"] if d not in n["decks"]]]:
            od, nd = o["decks"].get(label), n["decks"].get(label)
            langs = [l for l in {**(od or {}).get("langs", {}), **(nd or {}).get("langs", {})}
                     if not languages or l in languages]
            for lang in langs:
                entry = _deck_changes(od, nd, lang)
                if not _empty(entry):
                    decks.setdefault(label, {})[lang] = entry
        booklets = {}
        for lang in n.get("booklets", {}):
            if languages and lang not in languages:
                continue
            entry = _booklet_changes(o.get("booklets", {}).get(lang, {}), n["booklets"][lang])
            if any(entry.values()):
                booklets[lang] = entry
        if decks or booklets:
            report[game] = {"decks": decks, "booklets": booklets}
    return report


def lines(report: dict[str, Any]) -> list[str]:
    """The report as lines for a terminal."""
    out = []
    for game, entry in report.items():
        if "game" in entry:
            out.append(f"{game}: game {entry['game']}")
            continue
        for label, by_lang in entry["decks"].items():
            for lang, ch in by_lang.items():
                parts = []
                if ch["changed"]:
                    parts.append(f"changed {', '.join(c['card'] + (' (' + ', '.join(c['fields']) + ')' if c['fields'] else '') for c in ch['changed'])}")
                if ch["added"]:
                    parts.append(f"added {', '.join(ch['added'])}")
                if ch["removed"]:
                    parts.append(f"removed {', '.join(ch['removed'])} (take out)")
                if ch["renamed"]:
                    parts.append(f"renamed {', '.join(r['old'] + ' -> ' + r['new'] for r in ch['renamed'])} "
                                 f"(same face: nothing to reprint)")
                if ch["copies"]:
                    parts.append("copies " + ", ".join(f"{c['card']} {c['old']} -> {c['new']} ({c['do']})"
                                                       for c in ch["copies"]))
                if ch["back"]["cards"]:
                    parts.append("back changed" + (f" (all {len(ch['back']['cards'])} cards share it)"
                                                   if ch["back"]["shared"] else
                                                   f" on {', '.join(ch['back']['cards'])}"))
                out.append(f"{game} {label} [{lang}]: " + "; ".join(parts))
        for lang, ch in entry["booklets"].items():
            parts = []
            if ch["changed"]:
                parts.append("changed " + ", ".join(f"{{#{c['section']}}}" for c in ch["changed"]))
            if ch["added"]:
                parts.append("added " + ", ".join(f"{{#{s}}}" for s in ch["added"]))
            if ch["removed"]:
                parts.append("removed " + ", ".join(f"{{#{s}}}" for s in ch["removed"]))
            out.append(f"{game} booklet [{lang}]: sections " + "; ".join(parts))
    return out or ["no changes"]
