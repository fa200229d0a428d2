"""``deckgen calibrate``: a duplex test sheet for a home printer, and the printer profile saved from it."""

from __future__ import annotations

from pathlib import Path

import click

from deckgen.commands.common import PAPERS, load_for, out_option, output_folder, project_option
from deckgen.errors import DeckgenError, Problem


def _pair(text: str, option: str) -> tuple[float, float]:
    try:
        a, b = (float(v) for v in text.replace(";", ",").split(","))
    except ValueError:
        raise DeckgenError(Problem(None, None, None, option, f"expected two numbers X,Y, not {text!r}")) from None
    return a, b


@click.command()
@click.option("--paper", type=click.Choice(PAPERS, case_sensitive=False), default="a4", show_default=True,
              help="Paper size of the calibration sheet.")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="How your printer turns the sheet: over its long or its short edge.")
@out_option("the calibration sheet")
@click.option("--shift", default=None, metavar="X,Y",
              help="Save the centre reading (mm) of a printed sheet as the printer profile, and stop.")
@click.option("--scale", default=None, metavar="SX,SY", help="With --shift: the scale of the backs (e.g. 1.002,1).")
@click.option("--name", default="", help="With --shift: a name for the printer.")
@click.option("--printer", "printer_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="With --shift: the profile file to write (default: printer.yaml in deckgen's configuration "
                   "folder, which every build then uses).")
@project_option
def calibrate(paper, duplex, out, shift, scale, name, printer_file, project_dir):
    """Print a duplex test sheet, or save what you measured on it as a printer profile.

    The sheet (OUT/calibrate-PAPER-DUPLEX.pdf) has crosses on the front
    and scales behind them on the back: print it double-sided at actual
    size, push a pin through each cross and read on the back where it came
    out.  Then save the centre reading; every build moves its backs pages
    by it (see docs/home-printing.md).

    \b
    Examples:
      deckgen calibrate --paper letter
      deckgen calibrate --shift 0.8,-0.4
      deckgen calibrate --shift 0.8,-0.4 --scale 1.002,1 --printer office.yaml
    """
    from deckgen.layout.printer import (MAX_SHIFT_MM, SCALE_RANGE, PrinterProfile, default_profile_path,
                                        save_profile)

    if shift is not None:
        dx, dy = _pair(shift, "--shift")
        sx, sy = _pair(scale, "--scale") if scale is not None else (1.0, 1.0)
        if max(abs(dx), abs(dy)) > MAX_SHIFT_MM:
            raise DeckgenError(Problem(None, None, None, "--shift", f"{shift} is more than {MAX_SHIFT_MM:g} mm: "
                                                                    f"check the reading (a printer this far off "
                                                                    f"needs repair, not a profile)"))
        if not all(SCALE_RANGE[0] <= v <= SCALE_RANGE[1] for v in (sx, sy)):
            raise DeckgenError(Problem(None, None, None, "--scale", f"{scale} is outside "
                                                                    f"{SCALE_RANGE[0]:g}..{SCALE_RANGE[1]:g}"))
        path = printer_file or default_profile_path()
        profile = PrinterProfile(name, dx, dy, sx, sy)
        save_profile(profile, path)
        click.echo(f"wrote {path}: {profile.describe()}")
        return
    if scale is not None:
        raise DeckgenError(Problem(None, None, None, "--scale", "give --scale together with --shift"))
    from deckgen.build import SLUG_FONT
    from deckgen.layout.calibrate import calibration_pdf
    from deckgen.layout.pdfcanvas import register_font
    from deckgen.output import write_atomic

    project = load_for(project_dir)
    body = project.fonts.get("body") or next(iter(project.fonts.values()))
    font = register_font(SLUG_FONT, project.fonts_dir / body)
    path = output_folder(project, out) / f"calibrate-{paper.lower()}-{duplex}.pdf"
    write_atomic(path, calibration_pdf(paper.lower(), duplex, font))
    click.echo(f"wrote {path}")
