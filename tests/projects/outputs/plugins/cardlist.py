"""An output kind of this project's own: a checklist of each deck's cards, one text file per language.

``deckgen build`` writes OUT/GAME/DECK-LANG-checklist.txt beside the PDFs and
``deckgen build --plan`` lists it (docs/plugins.md, "Output generators").
"""

from pathlib import Path

from deckgen.outputs import PlannedFile, register_output


class Checklist:
    kind = "checklist"

    def plan(self, selection):
        options = selection.options
        files = []
        for game_id in selection.game_ids:
            game = selection.project.games[game_id]
            for deck in game.decks.values():
                for lang in selection.project.languages:
                    if options.languages and lang not in options.languages:
                        continue
                    path = Path(options.out) / game_id / f"{deck.id}-{lang}-checklist.txt"
                    files.append(PlannedFile(path, self.kind, paper=None, duplex=None, pages=1))
        return files

    def render(self, selection, planned):
        game_id = planned.path.parent.name
        deck_id, lang = planned.path.name.split("-")[:2]
        game = selection.project.games[game_id]
        lines = [f"{game.name(lang)}: {deck_id}"]
        for card in game.decks[deck_id].cards:
            name = card.texts.get(lang, {}).get("name", card.id)
            lines.append(f"[ ] {card.count} x {name}")
        return ("\n".join(lines) + "\n").encode("utf-8")


register_output(Checklist())
