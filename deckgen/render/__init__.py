"""Card rendering: Jinja2 SVG templates -> SVG text -> raster pixels."""
