"""A print shop's products as data: which decks each product takes, and at what trim, bleed, safe zone and size.

A preset lists its shop's products under ``products:`` — a poker card, a
tarot card, a mini card, a round chit — each with the deck sizes it takes
(``fits:``, the names of game.yaml's ``size:``, or ``any``), its trim,
bleed and safe zone in millimetres, its image size (``pixels`` or
``dpi``), its shape (a round deck only goes to a round product) and,
where the product wants other file names, its own ``files`` and
``back_file`` patterns.  The older ``sizes:`` form (one entry per deck
size, ``default`` for any) reads as the same products.

A deck that no product fits is not printed by that shop: the export says so
naming the deck and the shop (:mod:`deckgen.presets.run`), unless the user
leaves the deck out with ``--skip``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckgen.errors import Problem
from deckgen.model import CardSize
from deckgen.yamlpos import Located

#: ``fits:`` value of a product that takes any deck (the ``default`` entry of ``sizes:``).
ANY = "any"


@dataclass(frozen=True)
class Product:
    """One product a shop sells, as a preset describes it."""

    id: str
    title: str
    fits: tuple[str, ...]  # deck size names it takes, or ("any",)
    trim: tuple[float, float] | None  # mm; None: the deck's own trim
    bleed: float | None  # mm; None: the deck's
    safe: float | None  # mm; None: the deck's
    pixels: tuple[int, int] | None  # the whole image, bleed included (fixed), or None (dpi)
    dpi: int | None
    shape: str  # rect | round
    files: str | None  # this product's own file-name pattern (None: the preset's)
    back_file: str | None
    where: tuple  # its path in the preset file: ("products", id) or ("sizes", key)

    def takes(self, size: CardSize) -> bool:
        """Whether a deck of ``size`` prints as this product (its size name listed, or any; the shape alike)."""
        if self.trim is not None and size.round != (self.shape == "round"):
            return False
        return ANY in self.fits or size.name in self.fits

    def describe(self) -> str:
        """``poker: 63.5×88.9 mm + 3.048 mm bleed, 822×1122 px`` (what the order summary shows)."""
        trim = f"{self.trim[0]:g}×{self.trim[1]:g} mm" if self.trim else "the deck's trim"
        bleed = f" + {self.bleed:g} mm bleed" if self.bleed is not None else ""
        image = f"{self.pixels[0]}×{self.pixels[1]} px" if self.pixels else f"{self.dpi} dpi"
        return f"{self.id}: {trim}{bleed}, {image}"


def product_for(products: tuple[Product, ...], size: CardSize) -> Product | None:
    """The product a deck of ``size`` prints as: one naming its size first, else one taking any deck."""
    named = [p for p in products if ANY not in p.fits and p.takes(size)]
    if named:
        return named[0]
    return next((p for p in products if ANY in p.fits and p.takes(size)), None)


def sold(products: tuple[Product, ...]) -> str:
    """What a shop sells, for messages: ``poker (poker, poker-us), tarot (tarot)``."""
    return ", ".join(f"{p.id} ({', '.join(p.fits)}{', round' if p.shape == 'round' else ''})" for p in products)


def read_products(doc: Located, raw: dict) -> tuple[tuple[Product, ...], list[Problem]]:
    """The preset's products from ``products:`` (or the older ``sizes:``), and the problems of their fields."""
    if "products" in raw and "sizes" in raw:
        return (), [doc.problem(("sizes",), "give products: or sizes:, not both (sizes: is the older form of "
                                            "products:)")]
    if "products" not in raw and "sizes" not in raw:
        return (), [doc.problem((), "a preset needs products: (what the shop prints: trim, bleed, safe zone, "
                                    "pixels or dpi, and the deck sizes each takes)")]
    problems: list[Problem] = []
    products = []
    if "products" in raw:
        entries = [(key, spec, ("products", key), tuple(spec.get("fits") or ())) for key, spec in
                   raw["products"].items()]
    else:
        entries = [(key, spec, ("sizes", key), (ANY,) if key == "default" else (key,)) for key, spec in
                   raw["sizes"].items()]
    claimed: dict[str, str] = {}
    for key, spec, where, fits in entries:
        problems += _check_product(doc, spec, where)
        for name in fits:
            if name in claimed:
                problems.append(doc.problem(where + ("fits",), f"{name} decks are taken by products {claimed[name]}"
                                                               f" and {key}: list each size under one product"))
            claimed.setdefault(name, key)
        trim = spec.get("trim", "deck")
        products.append(Product(
            id=key, title=str(spec.get("title", key)), fits=fits,
            trim=None if trim == "deck" else (float(trim[0]), float(trim[1])),
            bleed=float(spec["bleed"]) if "bleed" in spec else None,
            safe=float(spec["safe"]) if "safe" in spec else None,
            pixels=(int(spec["pixels"][0]), int(spec["pixels"][1])) if "pixels" in spec else None,
            dpi=int(spec["dpi"]) if "dpi" in spec else None, shape=spec.get("shape", "rect"),
            files=spec.get("files"), back_file=spec.get("back_file"), where=where))
    return tuple(products), problems


def _check_product(doc: Located, spec: dict[str, Any], where: tuple) -> list[Problem]:
    """What the schema cannot say about one product: pixels or dpi, their shape, room inside the safe zone."""
    problems = []
    if ("pixels" in spec) == ("dpi" in spec):
        return [doc.problem(where, "give either pixels: [width, height] or dpi:, not both" if "dpi" in spec
                            else "needs pixels: [width, height] or dpi:")]
    if where[0] == "products" and not spec.get("fits"):
        problems.append(doc.problem(where, "needs fits: the deck sizes it takes (poker, tarot, ...) or [any]"))
    if "pixels" in spec and spec.get("trim", "deck") != "deck" and "bleed" in spec:
        w, h = spec["trim"]
        b = spec["bleed"]
        px, py = spec["pixels"]
        ppi_x, ppi_y = px / (w + 2 * b), py / (h + 2 * b)
        if abs(ppi_x - ppi_y) > 0.01 * max(ppi_x, ppi_y):
            problems.append(doc.problem(where + ("pixels",),
                                        f"{px}×{py} px is not the shape of {w:g}×{h:g} mm + {b:g} mm bleed "
                                        f"({ppi_x * 25.4:.0f} vs {ppi_y * 25.4:.0f} dpi): the faces would "
                                        f"be stretched"))
    if "safe" in spec and spec.get("trim", "deck") != "deck":
        w, h = spec["trim"]
        if 2 * spec["safe"] >= min(w, h):
            problems.append(doc.problem(where + ("safe",), "the safe zone leaves no room inside the trim"))
    if spec.get("shape") == "round" and spec.get("trim", "deck") == "deck":
        problems.append(doc.problem(where + ("shape",), "a round product names its trim: [diameter, diameter]"))
    return problems
