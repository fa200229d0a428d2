"""Templates parsed and compiled once per source, not once per project folder.

Every copy of a project (a test's, a preview's, a print shop's retarget)
gets its own Jinja environment, and Jinja compiles each template again for
it; the template-reads look (deckgen.render.reads) parses each template
again for every deck and language.  Both depend only on the template's text
and the environment's syntax settings, so they are kept here by those:

* :class:`SourceCodeCache`, the Jinja bytecode cache of the face
  environments: compiled code by template name and source checksum, handed
  out with the file name of the template being loaded (Jinja names a
  template, and deckgen locates its problems, by its code's file name);
* :func:`parse_once`: a template's syntax tree by its source (read only:
  nothing changes a tree it is given);
* :func:`per_tree`: what a walk of such a tree found (the templates it
  names, the boxes it draws), kept with the tree while the tree is kept.

A changed template has another checksum and is compiled again.
"""

from __future__ import annotations

from collections import OrderedDict
from hashlib import sha1
from types import CodeType
from typing import Any, Callable, TypeVar, cast
from weakref import WeakKeyDictionary

import jinja2
from jinja2 import nodes
from jinja2.bccache import Bucket

#: Sources kept, in each cache (the bundled games have about a hundred templates).
KEPT = 512


def syntax_key(env: jinja2.Environment) -> tuple[Any, ...]:
    """What of ``env`` decides how a template's text parses and compiles."""
    return (type(env).__module__, type(env).__qualname__, env.block_start_string, env.block_end_string,
            env.variable_start_string, env.variable_end_string, env.comment_start_string,
            env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks,
            env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.autoescape,
            tuple(sorted(env.extensions)), tuple(sorted(env.filters)), tuple(sorted(env.tests)))


def _moved(code: CodeType, filename: str) -> CodeType:
    """``code`` and the code objects inside it, named after ``filename``."""
    consts = tuple(_moved(c, filename) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


class SourceCodeCache(jinja2.BytecodeCache):
    """Compiled templates in memory, by environment syntax, template name and source checksum."""

    def __init__(self, kept: int = KEPT):
        self.kept = kept
        self._code: OrderedDict[tuple[str, str], CodeType] = OrderedDict()

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None,
                   source: str) -> Bucket:
        # keyed by name, not folder: the same template in a copy of the project is the same code
        key = sha1(repr((syntax_key(environment), name)).encode("utf-8")).hexdigest()
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        if bucket.code is not None and filename and bucket.code.co_filename != filename:
            bucket.code = _moved(bucket.code, filename)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get((bucket.key, bucket.checksum))
        if code is not None:
            self._code.move_to_end((bucket.key, bucket.checksum))
            bucket.code = code

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is None:
            return
        self._code[(bucket.key, bucket.checksum)] = bucket.code
        while len(self._code) > self.kept:
            self._code.popitem(last=False)


_TREES: OrderedDict[tuple[Any, ...], nodes.Template] = OrderedDict()


def parse_once(env: jinja2.Environment, source: str, name: str | None = None,
               filename: str | None = None) -> nodes.Template:
    """``env.parse(source, name, filename)``, kept by ``env``'s syntax and ``source`` (a syntax error is
    raised every time, and kept nowhere).  The tree is shared: read it, never change it."""
    key = (syntax_key(env), source)
    tree = _TREES.get(key)
    if tree is None:
        tree = env.parse(source, name, filename)
        _TREES[key] = tree
        while len(_TREES) > KEPT:
            _TREES.popitem(last=False)
    else:
        _TREES.move_to_end(key)
    return tree


T = TypeVar("T")
_FOUND: WeakKeyDictionary[nodes.Template, dict[str, Any]] = WeakKeyDictionary()


def per_tree(tree: nodes.Template, what: str, walk: Callable[[nodes.Template], T]) -> T:
    """``walk(tree)``, once per tree and ``what``: the trees of :func:`parse_once` are shared and never change,
    so what a walk of one finds stays true while it lives (and is forgotten with it)."""
    found = _FOUND.setdefault(tree, {})
    if what not in found:
        found[what] = walk(tree)
    return cast(T, found[what])
