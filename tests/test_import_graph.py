"""No import cycle among deckgen's modules, counting every import: at module level, inside functions and under
``if TYPE_CHECKING:`` alike (a cycle held apart only by a deferred import still tangles the layers)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "deckgen"


def module_names() -> dict[str, Path]:
    """{dotted module name: file} of every module under deckgen/."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def statements(tree: ast.AST):
    """Every statement in ``tree``, at any depth: in function and class bodies, under if/try/with/for/while/
    match, in except handlers and match cases.  An import is a statement, and statements sit only in those
    bodies, never inside an expression (a lambda holds one expression), so the expressions, which are most of
    a module's nodes, need not be walked to find every import."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(child for child in ast.iter_child_nodes(node)
                    if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)))


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The deckgen modules ``name`` imports anywhere in its file.  ``from P import X`` names the module P.X
    when there is one, else P; an import names the module itself, not the packages above it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in statements(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules else source)
    return {m for m in found if m in modules and m != name}


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """{module: the deckgen modules it imports}, read once per test process (the tests only read it)."""
    modules = module_names()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (iterative: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return components


def test_tarjan_finds_a_cycle_and_only_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert strongly_connected(graph) == [["a", "b", "c"]]


def test_the_graph_sees_imports_inside_functions_and_type_checking():
    graph = import_graph()
    assert "deckgen.errors" in graph["deckgen.registry"]  # module level
    assert "deckgen.trust" in graph["deckgen.registry"]  # inside a function
    assert "deckgen.model" in graph["deckgen.registry"]  # under if TYPE_CHECKING:


def test_no_import_cycle_among_deckgens_modules():
    cycles = strongly_connected(import_graph())
    assert cycles == [], "import cycles (each a set of modules that import one another):\n" + "\n".join(
        " <-> ".join(c) for c in cycles)
