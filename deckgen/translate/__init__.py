"""Translators' tools: what each translation was made from, its status, and a gettext PO round trip.

A *unit* is one text a translator translates: a string of a language file
(``data/GAME/lang/LANG.yaml``) or a paragraph, list item, heading or caption
of a booklet source (``data/GAME/rules/LANG.md``).  :mod:`.units` finds
them with their exact place in the file, :mod:`.baseline` remembers which
source-language text each translation was made from, :mod:`.status` counts
what is translated, stale or missing, and :mod:`.po` writes and reads PO
files that :mod:`.writeback` puts back into the project's own files.
"""
