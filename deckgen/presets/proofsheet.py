"""``deckgen export --preset NAME --proof``: a soft-proof picture of the faces whose colours shift most.

For each game, the few faces of the order with the largest CIEDE2000 shift
(:mod:`deckgen.colour.softproof`) side by side: as designed (the sRGB face)
and as they will print (separated with the preset's profile and intent, then
shown relative colorimetric without black-point compensation: paper white
stays white, the press's black is only as deep as its inks).  Each pair is
labelled with the face and its ΔE2000 over the face's worst 1 %.  Written as
OUT/GAME/PRESET/soft-proof.png next to the order; not a file for the shop.
"""

from __future__ import annotations

import io
from pathlib import Path

from deckgen.presets.colourpass import ColourPass, ProofFace

PROOF_NAME = "soft-proof.png"
#: PT Sans (shipped with deckgen's starters): it has the Δ the labels need
FONT = Path(__file__).resolve().parent.parent / "starters" / "common" / "fonts" / "PTS55F.ttf"
FACE_HEIGHT = 420  # px of each face on the sheet
GAP = 24
LABEL = 44


def proof_path(out: Path, gid: str, preset_name: str) -> Path:
    """Where the soft proof of game ``gid`` goes."""
    return Path(out) / gid / preset_name / PROOF_NAME


def proof_png(colour: ColourPass, faces: list[ProofFace]) -> bytes:
    """The proof sheet: one row per face, designed | as printed, each labelled; PNG bytes."""
    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(str(FONT), 18)
    small = ImageFont.truetype(str(FONT), 14)
    rows = []
    for face in faces:
        rgb = colour.store.load_raster(face.key).rgb()
        designed = Image.frombytes("RGB", (face.width, face.height), rgb)
        printed = Image.frombytes("RGB", (face.width, face.height),
                                  colour.converter.as_printed(rgb, face.width, face.height))
        scale = FACE_HEIGHT / face.height
        size = (max(1, round(face.width * scale)), FACE_HEIGHT)
        rows.append((face, designed.resize(size, Image.Resampling.LANCZOS),
                     printed.resize(size, Image.Resampling.LANCZOS)))
    width = max((2 * r[1].width + 3 * GAP for r in rows), default=400)
    width = max(width, 560)
    height = GAP + sum(LABEL + FACE_HEIGHT + GAP for _ in rows) + 30
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    profile = colour.profile.identifier
    draw.text((GAP, 8), f"soft proof, preset {colour.preset.name}: {profile}, {colour.preset.colour.intent} "
                        f"intent; left as designed, right as printed", fill="black", font=small)
    y = 30
    for face, designed, printed in rows:
        draw.text((GAP, y + 4), f"{face.name}: ΔE2000 {face.delta_e:g} (worst 1 %)", fill="black", font=font)
        draw.text((GAP, y + 26), "as designed", fill="#555555", font=small)
        draw.text((2 * GAP + designed.width, y + 26), "as printed", fill="#555555", font=small)
        sheet.paste(designed, (GAP, y + LABEL))
        sheet.paste(printed, (2 * GAP + designed.width, y + LABEL))
        y += LABEL + FACE_HEIGHT + GAP
    buffer = io.BytesIO()
    sheet.save(buffer, "PNG", optimize=True)
    return buffer.getvalue()
