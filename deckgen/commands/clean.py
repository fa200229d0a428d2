"""``deckgen clean``: empty the build cache a build would use, and say what that freed."""

from __future__ import annotations

from pathlib import Path

import click

from deckgen.commands.common import load_for, output_folder, project_option
from deckgen.project import cache_home


@click.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Empty the cache a build into this folder would use (and its killed builds' temporary "
                   "files). Default: output/ of the project.")
@click.option("--cache", "cache_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="The cache folder to empty (default: the folder DECKGEN_CACHE names, else the project's "
                   "output/.cache).")
@project_option
def clean(out, cache_dir, project_dir):
    """Empty the build cache (rasters, faces, build records); output files stay.

    Empties the cache a build would use (with --out X, a build into X) and
    says what it freed.  Only a cache deckgen made (marked with its
    CACHEDIR.TAG) is emptied, only of deckgen's own entries, never through a
    link; an older deckgen's OUT/.cache and killed builds' temporary files in
    the output folder go too.

    \b
    Examples:
      deckgen clean
      deckgen clean --out /tmp/print
    """
    from deckgen.output import cache_folder, is_deckgen_cache, sweep_stale

    project = load_for(project_dir, untrusted="skip")
    output = output_folder(project, out)
    folder = cache_folder(output, cache_dir, home=cache_home(project.root))
    swept = sweep_stale([output, *(output / g for g in project.games)])
    if folder.is_symlink() or folder.is_dir():
        click.echo(_emptied(folder))
    else:
        click.echo(f"no cache at {_shown(folder)}")
    own = output / ".cache"  # where a deckgen before the shared cache kept the cache of this output folder
    if cache_dir is None and own != folder and not own.is_symlink() and is_deckgen_cache(own):
        click.echo(_emptied(own))
    if swept:
        click.echo(f"removed {len(swept)} temporary file{'s' if len(swept) != 1 else ''} of killed builds")


def _emptied(folder: Path) -> str:
    """Empty the cache ``folder`` (deckgen.output.empty_cache's refusals apply); a line saying what it freed."""
    from deckgen.output import empty_cache
    from deckgen.render.cachelimit import format_count, format_size, usage

    size, files = usage(folder) if not folder.is_symlink() else (0, 0)
    empty_cache(folder)
    return f"emptied {_shown(folder)}: freed {format_size(size)} in {format_count(files)} file{'s' if files != 1 else ''}"


def _shown(path: Path) -> str:
    """``path`` relative to the current folder when it lies under it, else as it is."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)
