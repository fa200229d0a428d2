"""What of its card a template reads: so that faces that read the same get rendered once.

A card may name its own back template (Archeon's archive cards each name
``archive-back.svg.j2``, which draws the Blood or the Sand back from the
card's family).  Rendering that back once per card draws the same two
pictures ninety-six times.  :func:`card_reads` looks at the template's
source — and every template it extends, includes or imports — and lists
the card's fields it reads (``card.family``, ``card["value"]``), and
whether it reads the card's ``name`` or ``texts``.  Two cards that agree
on all of them render to the same face.

The answer is ``None`` — render every card — whenever the card is used in
a way that cannot be listed: passed to a macro or a filter, assigned to
another name, looped over, or a template named by an expression.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, cast

import jinja2
from jinja2 import nodes

from deckgen.render.compiled import parse_once, per_tree

#: Context names that hold the card or something made from it.
CARD_NAMES = ("card", "name", "texts")

#: A read of the card's truth (``{% if card %}``): constant for a face rendered with a card.
TRUTH = "?"


def template_chain(load: Callable[[str], nodes.Template | None], name: str
                   ) -> Iterator[tuple[str | None, nodes.Template | None]]:
    """``name`` and every template it extends, includes or imports, each once, as (name, parsed template).

    ``load(name)`` gives the parsed template, or None when it is missing or does not parse (yielded as
    such).  A template named by an expression yields (None, None): which one it is, is not known.
    """
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        tree = load(current)
        yield current, tree
        if tree is None:
            continue
        for named in per_tree(tree, "names", _names):
            if named is not None:
                todo.append(named)
            else:
                yield None, None


def _names(tree: nodes.Template) -> tuple[str | None, ...]:
    """The templates ``tree`` extends, includes or imports, in its order: None for one named by an expression."""
    names: list[str | None] = []
    for node in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)):
        # (jinja2 types what find_all finds as the common base of these node types: Stmt)
        loaded = cast("nodes.Extends | nodes.Include | nodes.Import | nodes.FromImport", node).template
        names.append(loaded.value if isinstance(loaded, nodes.Const) and isinstance(loaded.value, str) else None)
    return tuple(names)


def card_reads(env: jinja2.Environment, template_name: str) -> frozenset[tuple[str, str]] | None:
    """The (context name, field) pairs ``template_name`` reads of the card: ("card", "family"), ("name", ""),
    ("card", TRUTH); None when it uses the card in a way that cannot be listed."""

    loader = env.loader
    assert loader is not None, "a face environment always has a loader"

    def load(name: str) -> nodes.Template | None:
        try:
            source, filename, _ = loader.get_source(env, name)
            return parse_once(env, source, name, filename)
        except jinja2.TemplateError:
            return None  # the render says what is wrong

    reads: set[tuple[str, str]] = set()
    for _name, tree in template_chain(load, template_name):
        found = None if tree is None else _reads(tree)
        if found is None:
            return None
        reads |= found
    return frozenset(reads)


def _reads(tree: nodes.Template) -> set[tuple[str, str]] | None:
    reads: set[tuple[str, str]] = set()
    stack: list[tuple[nodes.Node, nodes.Node | None]] = [(tree, None)]
    while stack:
        node, parent = stack.pop()
        if isinstance(node, nodes.Name) and node.name in CARD_NAMES and node.ctx == "load":
            read = _read(node, parent)
            if read is None:
                return None
            reads.add(read)
        for child in node.iter_child_nodes():
            stack.append((child, node))
    return reads


def _read(name: nodes.Name, parent: nodes.Node | None) -> tuple[str, str] | None:
    """What this use of a card name reads, or None if it hands the value on."""
    if name.name != "card":
        return (name.name, "")  # the card's name or texts, read whole
    if isinstance(parent, nodes.Getattr) and parent.node is name:
        return ("card", parent.attr)
    if isinstance(parent, nodes.Getitem) and parent.node is name and isinstance(parent.arg, nodes.Const) \
            and isinstance(parent.arg.value, str):
        return ("card", parent.arg.value)
    if isinstance(parent, (nodes.If, nodes.CondExpr)) and parent.test is name:
        return ("card", TRUTH)
    if isinstance(parent, (nodes.Not, nodes.And, nodes.Or)):
        return ("card", TRUTH)
    return None


def read_values(env: jinja2.Environment, reads: frozenset[tuple[str, str]], context: dict[str, Any]) -> str | None:
    """The values the ``reads`` take in ``context``, as one comparable text; None when one cannot be read
    (the render then says why)."""
    values = []
    for where, field in sorted(reads):
        value = context.get(where)
        if where == "card" and field == TRUTH:
            value = bool(value)
        elif where == "card":
            try:
                value = env.getattr(value, field)
            except Exception:  # noqa: BLE001 - a field the sandbox refuses: the render reports it
                return None
            if isinstance(value, jinja2.Undefined):
                return None
        values.append([where, field, value])
    return json.dumps(values, sort_keys=True, default=repr)
