"""The French words keep the fixes of the ninth fresh native-level read (issue 30, reviews9/fr.md).

Data files only, no build: Gladbach's dice line names the new cards it speaks of, with the complement of « autant »; Pazaak's tiebreaker
decision says « à totaux égaux » where it belongs; Archeon's organisers' block has an antecedent for
« ces deux paquets », the entourage is kept hidden apart from the hand (not « près de la table »),
the draw price has one name, reveal step 7 says what happens on Mon Calamari and after a tie, and
the penalty is no longer « multipliée par le multiplicateur ».
"""

from __future__ import annotations

from tests.words import lang, rules, strings


def test_gladbach_dice_line_names_the_new_cards():
    words = lang("gladbach", "fr")["strings"]
    for key in ("ref.dice.text", "board.dice.text"):
        assert "en pioche autant de nouvelles." not in words[key]
        assert words[key].endswith("pioche autant de nouvelles cartes qu'il en avait.")


def test_pazaak_tiebreaker_decision_places_equal_totals_first():
    decision = lang("pazaak", "fr")["decisions"]["tiebreaker"]
    assert "Départage à totaux égaux" not in decision
    assert "Si, à totaux égaux, les deux tables se terminent chacune par un Départage" in decision


def test_archeon_organisers_block_lists_two_decks():
    booklet = rules("archeon", "fr")
    assert "tirer ces deux listes" not in booklet
    assert "deckgen tire ces deux paquets pour vous et en dresse la liste" in booklet


def test_archeon_entourage_is_kept_apart_from_the_hand():
    booklet = rules("archeon", "fr")
    assert "posées près de la table" not in booklet
    assert "les cartes que vous gardez cachées, à l'écart de votre main" in booklet
    notes = [entry.get("note", "") for entry in lang("archeon", "fr")["glossary"]]
    assert not any("près de la table" in note for note in notes)


def test_archeon_draw_price_has_one_name():
    words = lang("archeon", "fr")
    texts = strings(words["strings"]) + strings(words["decisions"]) + strings(words["glossary"])
    texts.append(rules("archeon", "fr"))
    assert not any("frais de pioche" in text for text in texts)
    assert "Le prix des pioches y retourne" in words["decisions"]["reserve"]


def test_archeon_settlement_step_covers_mon_calamari_and_ties():
    booklet = rules("archeon", "fr")
    step = booklet[booklet.index("7. **Règlement.**"):booklet.index("# Mettre des cartes en jeu")]
    assert "Vorzyd V, Rodia et\n   Hutta" in step
    assert "sur\n   Mon Calamari" in step
    assert "reviennent à leur propriétaire après une égalité" in step


def test_archeon_penalty_is_not_multiplied_by_the_multiplier():
    booklet = rules("archeon", "fr")
    formula = lang("archeon", "fr")["strings"]["ref.penalty.formula"]
    for text in (booklet, formula):
        assert "multipli" + "ée par le **multiplicateur**" not in text
        assert "multiplié par le multiplicateur" not in text
    assert "on applique alors le multiplicateur de la manche" in formula
