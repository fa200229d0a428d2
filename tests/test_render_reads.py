"""Faces that read the same of their cards are rendered once, and come out as if each had been rendered."""

from __future__ import annotations

import jinja2
import pytest

from deckgen.render.reads import TRUTH, card_reads
from deckgen.render.sandbox import FaceEnvironment
from deckgen.render.templates import DeckRenderer
from tests.conftest import bundled_project


def env(**templates: str) -> FaceEnvironment:
    return FaceEnvironment(loader=jinja2.DictLoader({f"{k}.j2": v for k, v in templates.items()}))


@pytest.mark.parametrize("source,reads", [
    ("{{ card.family }} {{ card['value'] }}", {("card", "family"), ("card", "value")}),
    ("{% if card %}{{ card.fields.sign }}{% endif %}", {("card", TRUTH), ("card", "fields")}),
    ("{{ 'x' if not card else name }}", {("card", TRUTH), ("name", "")}),
    ("{{ texts.rule }}", {("texts", "")}),
    ("{% set card = deck %}{{ deck.id }}", set()),  # storing the name reads nothing of the card
    ("drawn the same for every card", set()),
])
def test_the_reads_of_a_template_are_listed(source, reads):
    assert card_reads(env(face=source), "face.j2") == reads


@pytest.mark.parametrize("source", [
    "{{ show(card) }}",  # handed to a macro
    "{{ card | attr('family') }}",  # to a filter
    "{% set other = card %}{{ other.family }}",  # to another name
    "{% for k in card %}{{ k }}{% endfor %}",  # looped over
    "{% if card is defined %}x{% endif %}",  # tested
    "{{ card[key] }}",  # a field named by an expression
    "{% include card.family ~ '.j2' %}",  # a template chosen by an expression
])
def test_a_card_handed_on_or_looked_into_by_an_expression_is_not_listed(source):
    assert card_reads(env(face=source), "face.j2") is None


def test_the_reads_of_the_templates_it_extends_includes_and_imports_count():
    e = env(base="{{ card.value }}{% block body %}{% endblock %}",
            part="{{ card.sign }}",
            macros="{% macro m() %}{{ card.era }}{% endmacro %}",
            face="{% extends 'base.j2' %}{% import 'macros.j2' as x with context %}"
                 "{% block body %}{% include 'part.j2' %}{{ x.m() }}{% endblock %}")
    assert card_reads(e, "face.j2") == {("card", "value"), ("card", "sign"), ("card", "era")}
    e = env(base="{{ show(card) }}", face="{% extends 'base.j2' %}")
    assert card_reads(e, "face.j2") is None


def test_a_template_that_does_not_parse_is_not_listed():
    assert card_reads(env(face="{% if %}"), "face.j2") is None


@pytest.mark.parametrize("game,deck,side", [("archeon", "archive", "back"), ("pazaak", "main", "front"),
                                            ("classic", "classic", "front")])
def test_faces_rendered_once_for_cards_that_read_the_same_are_the_faces_each_card_renders(game, deck, side):
    project = bundled_project()
    g = project.games[game]
    d = g.decks[deck]
    shared = DeckRenderer(project, g, d, "en")
    for card in d.cards:
        once = getattr(shared, f"render_{side}")(card)
        alone = getattr(DeckRenderer(project, g, d, "en"), f"render_{side}")(card)
        assert (once.key, once.svg, once.problems, once.strings) == \
               (alone.key, alone.svg, alone.problems, alone.strings)
    if game == "archeon":  # 96 archive cards, each naming its own back: two backs rendered
        assert len({f.svg for f in shared._same.values()}) == 2 == len(shared._same)
