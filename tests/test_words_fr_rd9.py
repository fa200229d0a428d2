"""The French words keep the fixes of the tenth fresh native-level read (issue 30, reviews10/fr.md).

Data files only, no build: Archeon's setup hides the entourage « aux autres joueurs » (not the calque
« cachées des »), the spike action no longer says the multiplier « multiplie », the two Sylops of a
Pure Sabacc take masculine pronouns, the spike that nobody accepts is said plainly, reveal step 5 and
the reference sheet speak of the « nature » of pairs (not « qualifiées »); classic leftover credits
are plural; Pazaak's custom side deck is agreed on and addressed to « vous » alone; the print
instructions name the « coupe-coins ».
"""

from __future__ import annotations

from tests.words import data_yaml, lang, rules


def test_archeon_entourage_is_hidden_from_the_others_in_french():
    booklet = rules("archeon", "fr")
    assert "cachées des autres joueurs" not in booklet
    assert "Cachez-les aux autres joueurs et gardez-les à l'écart de votre **main**" in booklet


def test_archeon_spike_action_has_no_multiplier_that_multiplies():
    booklet = rules("archeon", "fr")
    assert "par lequel on multiplie" not in booklet
    assert "Doublez le **multiplicateur** de la manche, qui s'applique à la pénalité" in booklet


def test_archeon_two_sylops_take_masculine_pronouns():
    booklet = rules("archeon", "fr")
    assert "Aucune des deux n'a d'autre carte" not in booklet
    assert "deux Sylops. Aucun des deux n'a d'autre carte à copier : tous deux comptent" in booklet


def test_archeon_spike_nobody_accepts_is_plain():
    booklet = rules("archeon", "fr")
    assert "taxer à bon compte" not in booklet
    spike = booklet[booklet.index("## La surenchère {#spike}"):booklet.index("# L'entourage {#abilities}")]
    assert "Si personne n'accepte, tous les autres sont sortis" in spike
    assert "personne\n  ne paie de pénalité" in spike


def test_archeon_pairs_have_a_nature_not_a_qualification():
    booklet = rules("archeon", "fr")
    sheet = lang("archeon", "fr")["strings"]["ref.reveal.5"]
    assert "Qualification des paires" not in booklet
    assert "qualifiées" not in sheet
    assert "5. **Nature des paires.**" in booklet
    assert sheet.startswith("On détermine la nature des paires")


def test_classic_leftover_credits_are_plural():
    booklet = rules("classic", "fr")
    decision = lang("classic", "fr")["decisions"]["empty-deck"]
    for text in (booklet, decision):
        assert "le crédit qui ne se partage pas" not in text
        assert "les crédits qui ne se partagent pas finissent dans le pot du sabacc" in text


def test_pazaak_custom_side_deck_is_agreed_and_speaks_to_you():
    booklet = rules("pazaak", "fr")
    assert "chacun peut aussi composer le sien" not in booklet
    assert "vous pouvez aussi convenir de composer chacun le vôtre" in booklet


def test_print_instructions_name_the_corner_cutter():
    corners = data_yaml("deckgen/layout/instructions.yaml")["fr"]["corners"]
    assert "pince à coins" not in corners
    assert "coupe-coins" in corners
