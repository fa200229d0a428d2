"""Sheet layouts as data: how cards are arranged on a home-printing sheet.

``deckgen build --layout NAME`` looks NAME up in the project's
``layouts/`` folder first (``layouts/NAME.yaml``), then among the layouts
shipped with deckgen (``deckgen/layouts/``): ``grid`` (the default: cards
touching, shared cut lines), ``gutters`` (every card with its own bleed),
``print-and-cut`` (registration marks for a cutting machine) and
``gutter-fold`` (fronts and backs on one page, folded together).  A layout
file is checked against ``schemas/layout.schema.json``; a problem names
the file, line and field.
"""

from __future__ import annotations

from pathlib import Path

from deckgen.errors import DeckgenError, Problem
from deckgen.layout.geometry import GRID, Registration, SheetLayout  # noqa: F401 (the layout data, planned there)

BUILTIN_DIR = Path(__file__).resolve().parent.parent / "layouts"


def layout_files(root: Path | None) -> dict[str, Path]:
    """Every layout a project can use, by name: the project's own first, then deckgen's."""
    found = {p.stem: p for p in sorted(BUILTIN_DIR.glob("*.yaml"))}
    if root is not None and (Path(root) / "layouts").is_dir():
        found.update({p.stem: p for p in sorted((Path(root) / "layouts").glob("*.yaml"))})
    return found


def load_layout(name: str, root: Path | None = None) -> SheetLayout:
    """The layout NAME of the project at ``root`` (or deckgen's); DeckgenError, located, if it is wrong."""
    from deckgen.validate import schema, validate
    from deckgen.yamlpos import Located, load_yaml

    files = layout_files(root)
    if name not in files:
        raise DeckgenError(Problem(None, None, None, "--layout",
                                   f"no layout {name!r} (known: {', '.join(sorted(files))}; a project adds "
                                   f"one as layouts/{name}.yaml)"))
    path = files[name]
    shown = _shown(path, root)
    if root is not None and Path(path).parent == Path(root) / "layouts":  # the project's: held to its folder
        from deckgen.boundary import held_inside

        held_inside(path, Path(root) / "layouts", base=root, what="layouts/")
        held_inside(Path(root) / "layouts", root, base=root)
    located = load_yaml(path, shown)
    if located.data is None:
        located = Located({}, located.file, located.lines, located.columns)
    if not isinstance(located.data, dict):
        raise DeckgenError(Problem(shown, 1, None, None, "a layout file is a mapping of settings"))
    problems = validate(located, schema("layout"))
    if problems:
        raise DeckgenError(problems[:1])
    data = located.data
    gutter = data.get("gutter", 0)
    reg = data.get("registration")
    return SheetLayout(name=name, description=str(data.get("description", "")),
                       gutter=None if gutter == "bleed" else float(gutter),
                       orientation=data.get("orientation", "portrait"),
                       crop_marks=bool(data.get("crop_marks", True)), rulers=bool(data.get("rulers", True)),
                       registration=Registration(**reg) if isinstance(reg, dict) else None,
                       fold=data.get("fold", "none"), fold_gap=float(data.get("fold_gap", 4.0)),
                       min_gutter=float(data["min_gutter"]) if "min_gutter" in data else None)


def describe_layouts(root: Path | None) -> list[tuple[str, str, str]]:
    """(name, description, file) of every layout, for ``--list-layouts``."""
    rows = []
    for name, path in layout_files(root).items():
        try:
            text = load_layout(name, root).description
        except DeckgenError as exc:
            text = f"(broken: {exc.problems[0]})"
        rows.append((name, text, _shown(path, root)))
    return rows


def _shown(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return str(path.relative_to(root))
        except ValueError:
            pass
    return f"deckgen/layouts/{path.name}" if path.parent == BUILTIN_DIR else str(path)
