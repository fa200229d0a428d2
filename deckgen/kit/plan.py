"""A convention kit's plan: its tables, routes and spares, read from PLAN.yaml or from the short form
(``classic:6 pazaak:4 --lang de,en``) and checked against the project before anything is made.

Every mistake is one located problem (``PLAN.yaml:LINE:COL: tables.0.game: ...``): the plan's schema
(``deckgen/schemas/kit.schema.json``, published by ``deckgen schema``), then what only the project knows —
an unknown game, preset or language, players outside a game's range, a route no table's decks can take.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError, Problem
from deckgen.layout.papers import PAPERS_MM
from deckgen.model import Project
from deckgen.yamlpos import Located, load_yaml, parse_yaml

#: The languages the kit's own words (plan.pdf, table labels) are written in.
KIT_LANGUAGES = ("en", "de", "fr", "ru")
#: The players a game without rules of deckgen's (a ``deckgen new`` game) may have at a table: the registry's
#: default range.
DEFAULT_PLAYERS = (2, 8)
#: The route of a table that names none, when the plan names no routes: printed at home.
HOME = "home"


@dataclass(frozen=True)
class Route:
    """How a table's decks are made: printed here (paper, duplex, a printer profile) or ordered (a preset)."""

    name: str
    paper: str = "a4"
    duplex: str = "long"
    profile: Path | None = None
    preset: str | None = None


@dataclass(frozen=True)
class Table:
    """``count`` tables of a game, each with ``players`` players and a booklet in each of ``langs``."""

    game: str
    count: int
    players: int
    langs: tuple[str, ...]
    route: str


@dataclass(frozen=True)
class Assumptions:
    """What the time and toner estimates assume (the plan prints them; PLAN.yaml's ``assumptions:`` sets
    them)."""

    pages_per_minute: float = 20.0
    cuts_per_minute: float = 6.0
    toner_pages: float = 2000.0  # pages a cartridge prints at 5 % coverage (ISO/IEC 19752 counts so)


@dataclass(frozen=True)
class KitPlan:
    """A whole kit: its tables (in print and number order), routes, spares and the organiser's language."""

    tables: tuple[Table, ...]
    routes: dict[str, Route]
    organiser_lang: str
    spare_decks: int = 0
    spare_sheet: bool = False
    separators: bool = False
    assumptions: Assumptions = field(default_factory=Assumptions)


def read_plan(project: Project, path: Path) -> KitPlan:
    """The plan in the YAML file ``path``; a DeckgenError with every located problem, nothing made."""
    from deckgen.validate import schema, validate

    doc = load_yaml(Path(path), str(path))
    problems = validate(doc, schema("kit"))
    if problems:
        raise DeckgenError(problems)
    return _checked(project, doc)


def plan_from_text(project: Project, text: str, name: str = "PLAN.yaml") -> KitPlan:
    """The plan in YAML ``text`` (tests, and a plan piped in)."""
    from deckgen.validate import schema, validate

    doc = parse_yaml(text, name)
    problems = validate(doc, schema("kit"))
    if problems:
        raise DeckgenError(problems)
    return _checked(project, doc)


def short_plan(project: Project, items: tuple[str, ...], langs: tuple[str, ...], paper: str = "a4",
               duplex: str = "long", profile: Path | None = None) -> KitPlan:
    """The plan of ``deckgen kit classic:6 pazaak:4 --lang de,en``: every table a booklet in each of
    ``langs``, its decks in the first; one route, printed here."""
    tables: list[dict[str, Any]] = []
    for item in items:
        game, _, count = item.partition(":")
        if count and not count.lstrip("-").isdigit():
            raise DeckgenError(Problem(None, None, None, item, "GAME:TABLES, the tables a whole number"))
        tables.append({"game": game, "count": int(count) if count else 1,
                       **({"langs": list(langs)} if langs else {})})
    printer: dict[str, Any] = {"paper": paper, "duplex": duplex, **({"profile": str(profile)} if profile else {})}
    doc = Located({"tables": tables, "routes": {HOME: {"printer": printer}}}, "")
    return _checked(project, doc, short=items)


def _checked(project: Project, doc: Located, short: tuple[str, ...] = ()) -> KitPlan:
    """The plan ``doc`` holds, checked against the project: every problem at once, located."""
    data = doc.data
    problems: list[Problem] = []

    def problem(path: tuple, message: str) -> None:
        if short and path[:1] == ("tables",) and len(path) > 1:  # the short form: name the argument
            problems.append(Problem(None, None, None, short[path[1]], message))
        elif short:
            problems.append(Problem(None, None, None, "--" + str(path[-1]), message))
        else:
            problems.append(doc.problem(path, message))

    routes = _routes(project, data.get("routes") or {HOME: {"printer": {}}}, problem)
    first_route = next(iter(routes))
    tables = []
    for n, raw in enumerate(data["tables"]):
        table = _table(project, raw, ("tables", n), routes, first_route, problem)
        if table is not None:
            tables.append(table)
    organiser = data.get("organiser_lang") or (tables[0].langs[0].split("-")[0] if tables else "en")
    if organiser not in KIT_LANGUAGES:
        problem(("organiser_lang",), f"the kit's words are in {', '.join(KIT_LANGUAGES)}, not {organiser!r}")
    if problems:
        raise DeckgenError(problems)
    spares = data.get("spares") or {}
    return KitPlan(tuple(tables), routes, organiser, spares.get("decks", 0), spares.get("sheet", False),
                   bool(data.get("separators", False)), Assumptions(**(data.get("assumptions") or {})))


def _routes(project: Project, raw: dict, problem) -> dict[str, Route]:
    from deckgen.presets import preset_files

    routes: dict[str, Route] = {}
    for name, spec in raw.items():
        if "preset" in spec:
            if spec["preset"] not in preset_files(project.root):
                from deckgen.suggest import did_you_mean

                problem(("routes", name, "preset"), f"no preset {spec['preset']!r}"
                        f"{did_you_mean(spec['preset'], preset_files(project.root))} (there are: "
                        f"{', '.join(sorted(preset_files(project.root)))})")
            routes[name] = Route(name, preset=spec["preset"])
            continue
        printer = spec.get("printer") or {}
        paper = str(printer.get("paper", "a4")).lower()
        if paper not in PAPERS_MM:
            problem(("routes", name, "printer", "paper"), f"unknown paper {paper!r} (choose from "
                                                          f"{', '.join(PAPERS_MM)})")
        profile = Path(printer["profile"]) if printer.get("profile") else None
        if profile is not None and not (project.root / profile).is_file() and not profile.is_file():
            problem(("routes", name, "printer", "profile"), f"no printer profile {str(profile)!r} "
                                                            f"(deckgen calibrate writes one)")
        routes[name] = Route(name, paper, printer.get("duplex", "long"), profile)
    return routes


def _table(project: Project, raw: dict, path: tuple, routes: dict[str, Route], first_route: str, problem
           ) -> Table | None:
    """One entry of ``tables:``, or None (its problems said) if it names what the project lacks."""
    from deckgen.suggest import did_you_mean

    gid = raw["game"]
    game = project.games.get(gid)
    if game is None:
        problem((*path, "game"), f"unknown game {gid!r}{did_you_mean(gid, project.games)} (this project has: "
                                 f"{', '.join(project.games)})")
        return None
    count = raw.get("count", 1)
    if count < 1:
        problem((*path, "count"), f"a game is played at 1 table or more, not {count}")
    descriptor = project.descriptor(game)
    fewest, most = descriptor.players if descriptor is not None else DEFAULT_PLAYERS
    players = raw.get("players", most)
    if not fewest <= players <= most:
        problem((*path, "players"), f"{game.id} is played by {fewest} to {most} players, not {players}")
    langs = tuple(raw.get("langs") or project.languages[:1])
    for k, lang in enumerate(langs):
        if lang not in project.languages:
            problem((*path, "langs", k), f"the project has no language {lang!r} (it has: "
                                         f"{', '.join(project.languages)})")
    route = raw.get("route", first_route)
    if route not in routes:
        problem((*path, "route"), f"no route {route!r} (routes: {', '.join(routes)})")
    elif routes[route].preset is not None:
        _check_shop(project, game, routes[route], (*path, "route"), problem)
    return Table(gid, count, players, langs, route)


def _check_shop(project: Project, game, route: Route, path: tuple, problem) -> None:
    """A problem for each deck of ``game`` the shop of ``route`` has no product for."""
    from deckgen.kit.needs import table_decks
    from deckgen.presets import load_preset
    from deckgen.presets.products import product_for

    try:
        preset = load_preset(str(route.preset), project.root)
    except DeckgenError:
        return  # the route's own problem says it
    for deck in table_decks(project, game, 1):
        if product_for(preset.products, deck.deck.size) is None:
            problem(path, f"the {route.preset} route cannot print the {deck.deck.label} deck of {game.id} "
                          f"({deck.deck.size.name} {deck.deck.size.width:g}x{deck.deck.size.height:g} mm): the "
                          f"shop has no product for it")
