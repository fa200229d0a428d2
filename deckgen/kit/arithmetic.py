"""A kit's arithmetic, from the data alone (nothing rendered): which builds it needs, and the printer runs
made of their files — each with its paper, duplex mode, pages and sheets.

Tables are numbered in plan order.  A table's decks carry the words of its
first language and all copies of a deck in a language are one sheets file
(``DECK-LANG-xN-PAPER.pdf``: the copies one after another, so they fill the
sheets between them); its booklets are one in each of its languages, its
documents are in its first language.  Every home route has four runs:

``cards``     the card sheets on card stock, duplex as the route says;
``booklets``  the imposed booklets, short-edge duplex on paper;
``documents`` the documents, table labels and (for Gladbach) the standings sheet, one-sided on paper;
``boxes``     a tuck box per deck, one-sided on thin card.

A shop route has an order per (game, language) instead: the decks and their copies; its tables' booklets,
documents and labels print with the first route printed here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from deckgen.kit.needs import table_decks, table_documents
from deckgen.kit.plan import KitPlan
from deckgen.kit.tournament import tournament_pages, tournament_path
from deckgen.model import Project
from deckgen.outputs.selection import BuildOptions, deck_stem

#: The runs of a home route, in the order they are printed: (name, stock, duplex: None = the route's).
RUNS = (("cards", "card", None), ("booklets", "paper", "short"), ("documents", "paper", "none"),
        ("boxes", "thin card", "none"))


@dataclass
class Group:
    """One build of the kit: a game in a language on a route, and how often each of its files is used."""

    game: str
    lang: str
    route: str
    deck_copies: dict[str, int] = field(default_factory=dict)  # deck label -> copies
    booklets: int = 0  # booklets in this language
    documents: dict[str, int] = field(default_factory=dict)  # document key -> copies
    tables: list[int] = field(default_factory=list)  # the numbers of the tables whose decks these are

    def options(self, out: Path, paper: str, duplex: str, printer=None) -> BuildOptions:
        """The build options that make this group's files into ``out``/ROUTE/LANG."""
        return BuildOptions(paper=paper, duplex="long" if duplex == "none" else duplex,
                            out=Path(out) / self.route / self.lang, languages=(self.lang,),
                            decks=tuple(self.deck_copies), deck_copies=tuple(self.deck_copies.items()),
                            deck_files=bool(self.deck_copies), booklets=self.booklets > 0, printer=printer)


@dataclass(frozen=True)
class RunItem:
    """A built file in a run, ``copies`` times (pages None: unknown until built)."""

    path: Path
    copies: int
    pages: int | None
    label: str
    cuts_per_sheet: int = 0  # a card sheet's cuts (a grid of C columns and R rows: C + R + 2)
    first_pages: int | None = None  # only the file's first pages (a spare sheet: its first fronts and backs)


@dataclass
class Run:
    """One printer run: the files that go through the printer on one stock, one after another."""

    route: str
    name: str
    stock: str
    paper: str
    duplex: str
    items: list[RunItem] = field(default_factory=list)

    @property
    def file(self) -> str:
        return f"{self.route}-{self.name}-{self.paper}.pdf"

    @property
    def pages(self) -> int | None:
        known = [(i.pages, i.copies) for i in self.items if i.pages is not None]
        if len(known) < len(self.items):
            return None
        return sum(pages * copies for pages, copies in known)

    @property
    def sheets(self) -> int | None:
        pages = self.pages
        if pages is None:
            return None
        two_sided = self.duplex != "none" or self.name == "cards"  # cards with duplex none: backs turned by hand
        return -(-pages // 2) if two_sided else pages


@dataclass
class KitArithmetic:
    """What a kit needs: its groups (builds), its printer runs, and its tables numbered."""

    groups: list[Group]
    runs: list[Run]
    numbered: list[tuple[int, str, str, int]]  # (table number, game, first language, players)


def groups_of(project: Project, plan: KitPlan) -> list[Group]:
    """The builds a kit needs, in plan order: per route, game and language."""
    groups: dict[tuple[str, str, str], Group] = {}

    def group(route: str, game: str, lang: str) -> Group:
        return groups.setdefault((route, game, lang), Group(game, lang, route))

    number = 0
    spared: set[str] = set()
    printed = next((name for name, r in plan.routes.items() if r.preset is None), None)
    for table in plan.tables:
        game = project.games[table.game]
        first = group(table.route, table.game, table.langs[0])
        # a shop's tables get their booklets and documents from the first route printed here
        paper_route = printed if plan.routes[table.route].preset is not None and printed else table.route
        papers = group(paper_route, table.game, table.langs[0])
        for need in table_decks(project, game, table.players):
            first.deck_copies[need.deck.label] = first.deck_copies.get(need.deck.label, 0) + need.copies * table.count
        if plan.spare_decks and table.game not in spared and plan.routes[table.route].preset is None:
            spared.add(table.game)
            for need in table_decks(project, game, table.players):
                first.deck_copies[need.deck.label] += plan.spare_decks
        for doc in table_documents(game):
            papers.documents[doc] = papers.documents.get(doc, 0) + table.count
        first.tables += list(range(number + 1, number + table.count + 1))
        number += table.count
        for lang in table.langs:
            group(paper_route, table.game, lang).booklets += table.count
    return list(groups.values())


def numbered_tables(plan: KitPlan) -> list[tuple[int, str, str, int]]:
    """(number, game, first language, players) of every table, numbered from 1 in plan order."""
    found: list[tuple[int, str, str, int]] = []
    for table in plan.tables:
        for _ in range(table.count):
            found.append((len(found) + 1, table.game, table.langs[0], table.players))
    return found


def kit_arithmetic(project: Project, plan: KitPlan, out: Path, built_pages=None) -> KitArithmetic:
    """Groups and runs of ``plan`` building into ``out`` (the kit's build folder); ``built_pages(path)``
    answers the pages of a file built before (booklets: their count is known only once laid out)."""
    from deckgen.documents import document_names
    from deckgen.outputs.extra import plan_build

    groups = groups_of(project, plan)
    runs: dict[tuple[str, str], Run] = {}
    for g in groups:
        route = plan.routes[g.route]
        if route.preset is not None:
            continue
        for name, stock, duplex in RUNS:
            runs.setdefault((g.route, name), Run(g.route, name, stock, "a4" if name == "booklets" and
                                                 route.paper != "letter" else route.paper, duplex or route.duplex))
        options = g.options(out, route.paper, route.duplex)
        game = project.games[g.game]
        planned = plan_build(project, [g.game], options)
        doc_names = {name: doc for doc in g.documents
                     for name in _on_paper(document_names(game.documents[doc], g.lang, route.paper), route.paper)}
        decks = {d.label: d for base in game.decks.values() for d in (base, *base.variants.values())}
        for p in planned:
            pages = p.pages if p.pages is not None else (built_pages(p.path) if built_pages else None)
            if p.kind == "sheets":
                cuts = _sheet_cuts(project, game, p.path, g, route.paper)
                runs[(g.route, "cards")].items.append(RunItem(p.path, 1, pages, p.path.stem, cuts))
                if plan.spare_sheet:  # the deck's first sheet once more, for lost or damaged cards
                    side = 1 if p.duplex in ("none", "folded") else 2
                    runs[(g.route, "cards")].items.append(RunItem(p.path, 1, side, f"{p.path.stem} (spare)", cuts,
                                                                  side))
            elif p.kind == "booklet imposed" and g.booklets:
                runs[(g.route, "booklets")].items.append(RunItem(p.path, g.booklets, pages, p.path.stem))
            elif p.kind == "document" and p.path.name in doc_names:
                runs[(g.route, "documents")].items.append(RunItem(p.path, g.documents[doc_names[p.path.name]],
                                                                  pages, p.path.stem))
            elif p.kind == "tuck box":
                label = next((lab for lab, d in decks.items()
                              if p.path.name.startswith(f"{deck_stem(d, g.lang)}-tuckbox-")), None)
                if label in g.deck_copies:
                    runs[(g.route, "boxes")].items.append(RunItem(p.path, g.deck_copies[label], pages, p.path.stem))
    numbered = numbered_tables(plan)
    for (route_name, name), run in runs.items():
        if name == "documents":  # a folded label per table of the route (the first printed here: every shop's too)
            mine = [t for t in plan.tables if t.route in label_routes(plan, route_name)]
            run.items.append(RunItem(labels_path(out, route_name), 1, sum(t.count for t in mine), "table labels"))
            for gid, players in tournament_players(project, plan, route_name).items():
                run.items.append(RunItem(tournament_path(out, gid), 1, tournament_pages(players),
                                         f"tournament-{gid}"))
    return KitArithmetic(groups, [r for r in runs.values() if r.items], numbered)


def _on_paper(names: list[tuple[str, str, str]], paper: str) -> list[str]:
    """The file of a document that prints on the route's ``paper`` (a board: its tiles, not its A3 sheet); all
    of them when none does."""
    on_paper = [name for _, name, on in names if on == paper]
    return on_paper or [name for _, name, _ in names]


def _sheet_cuts(project: Project, game, path: Path, g: Group, paper: str) -> int:
    """The cuts of one sheet of the deck whose sheets file is ``path``: C + R + 2 for a grid of C x R."""
    from deckgen.layout.geometry import plan_sheet
    from deckgen.layout.layouts import load_layout
    from deckgen.layout.papers import PAPERS_MM

    for base in game.decks.values():
        for deck in (base, *base.variants.values()):
            if path.name.startswith(f"{deck_stem(deck, g.lang)}-"):
                sheet = plan_sheet(*PAPERS_MM[paper], deck.size, load_layout("grid", project.root))
                return sheet.cols + sheet.rows + 2
    return 0


def tournament_players(project: Project, plan: KitPlan, route: str) -> dict[str, int]:
    """{game with tournament pages: its players at every table} for the games whose pages print with
    ``route``'s documents (see :func:`label_routes`)."""
    from deckgen.kit.tournament import has_tournament

    found: dict[str, int] = {}
    for t in plan.tables:
        if t.route in label_routes(plan, route) and has_tournament(project.games[t.game]):
            found[t.game] = found.get(t.game, 0) + t.count * t.players
    return found


def label_routes(plan: KitPlan, route: str) -> set[str]:
    """The routes whose tables' labels print with ``route``'s documents: its own, and — for the first route
    printed here — every shop route's."""
    first = next((name for name, r in plan.routes.items() if r.preset is None
                  and any(t.route == name for t in plan.tables)), None)
    shops = {name for name, r in plan.routes.items() if r.preset is not None}
    return {route} | (shops if route == first else set())


def labels_path(out: Path, route: str) -> Path:
    """The table labels of a route, beside the kit's build folder ``out``."""
    return Path(out).parent / f"labels-{route}.pdf"
