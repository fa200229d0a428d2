"""Rule booklets: per-language source files in data/GAME/rules/, set with reportlab Platypus.

``source`` reads a rules file (Markdown with a YAML header and fenced
directives) into blocks with their lines; ``structure`` checks that every
language has the same sections, examples, tables and placeholders;
``context`` holds what a booklet is built from and ``styles`` how it
looks (fonts, hyphenation, theme, tables); ``story`` turns blocks into
Platypus flowables (card pictures, tables generated from data, judged
examples); ``files`` names the sources and the booklet files;
``pdf`` lays the pages out (A5 or half-letter, bleed and boxes, contents,
bookmarks) and places card faces as vectors; ``impose`` imposes the pages
for saddle stitching.  :func:`deckgen.rulebook.build.build_rulebooks` is the
entry point.
"""
