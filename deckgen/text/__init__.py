"""Text layout for card SVGs: markup, locale typography, hyphenation, line
breaking and auto-fit with the bundled fonts' real metrics, emitted as glyph
outlines so the rendered cards never depend on installed fonts.
"""

from .fonts import Font, FontSet
from .layout import Icon, LayoutResult, TextBox, layout_text
from .plurals import plural, plural_category

__all__ = ["Font", "FontSet", "Icon", "LayoutResult", "TextBox", "layout_text", "plural", "plural_category"]
