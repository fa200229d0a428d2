"""Build hook: ship the bundled games inside the package.

The bundled project (deckgen.yaml, data/, templates/, fonts/) lives at the
top of the source tree, where it is edited.  A built wheel carries a copy in
``deckgen/bundled/`` so that ``pip install .`` or pipx gives working bundled
games from any folder (see deckgen/project.py).  All metadata is in
pyproject.toml.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

BUNDLED = ("deckgen.yaml", "data", "templates", "fonts", "glossary")


class BuildWithBundledGames(build_py):
    def run(self):
        super().run()
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "deckgen" / "bundled"
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        for name in BUNDLED:
            source = here / name
            if source.is_dir():
                shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif source.is_file():
                shutil.copy2(source, target / name)


setup(cmdclass={"build_py": BuildWithBundledGames})
