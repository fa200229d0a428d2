"""deckgen: publish card games for print.

YAML card data is validated into a model, rendered through Jinja2 SVG
templates, rasterized with cairosvg and imposed with reportlab into
print-ready PDFs.  Reference rule engines judge hands and check decks.
"""

__version__ = "0.1.0"
