"""Imposition: where cards, crop marks and slug lines go on paper, and the PDF writers."""
