"""The opt-in CMYK path: RGB card rasters -> CMYK with an ICC profile, total-ink and gamut checks.

Card faces are drawn in sRGB (cairo); a print preset with ``colour: {mode:
cmyk}`` converts every face with Pillow's ImageCms (LittleCMS) from sRGB to
the preset's output profile — the bundled ``fogra39`` (built once from
FOGRA's characterization data, see ``deckgen/colour/README.md``) or an
``.icc`` file of the project — with relative colorimetric (black-point
compensated) or perceptual intent.  Pillow's CMYK bytes are ink amounts, 0
(none) to 255 (100 %), exactly what a PDF DeviceCMYK image holds.

Two measurements of every converted face:

``total ink``  C+M+Y+K per pixel in %, its maximum over the face and the
               share of the face above the preset's limit (a shop's "TAC");
``gamut``      the colour each pixel would print as, read back to L*a*b*
               relative colorimetric without black-point compensation
               (the soft proof, :mod:`deckgen.colour.softproof`), against
               the colour drawn: CIEDE2000 per
               colour, the worst 1 % of the face's area, and which drawn
               colours shift most (the saturated blues, violets and greens
               a CMYK press cannot reach).

numpy does the per-pixel arithmetic; colours are measured once per
distinct colour, weighted by how many pixels have it.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from deckgen.colour.softproof import delta_e_2000, lab_from_pillow, srgb_to_lab

#: Bundled output profiles: name -> (file, output condition identifier, registry, condition text).
COLOUR_DIR = Path(__file__).resolve().parent
BUNDLED = {
    "fogra39": {
        "file": "fogra39.icc",
        "identifier": "FOGRA39",
        "registry": "http://www.color.org",
        "condition": "Coated FOGRA39 (ISO 12647-2:2004/Amd 1, offset, paper type 1 or 2, coated art)",
    },
}

INTENTS = {"perceptual": 0, "relative": 1}
#: A neutral stroke narrower than this (pixels, odd) is type or a rule and prints in black ink alone;
#: at 300 dpi 7 px is 0.6 mm, wider than the strokes of body text.
THIN_PX = 7
_BLACKPOINT_COMPENSATION = 0x2000  # LittleCMS cmsFLAGS_BLACKPOINTCOMPENSATION


@dataclass(frozen=True)
class OutputProfile:
    """An ICC output profile and the output condition a PDF/X output intent names."""

    name: str
    path: Path
    identifier: str
    registry: str
    condition: str

    @property
    def data(self) -> bytes:
        return _read(str(self.path))

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def channels(self) -> int:
        """Colour channels of the profile's device space (4 for CMYK)."""
        return {b"CMYK": 4, b"RGB ": 3, b"GRAY": 1}.get(self.data[16:20], 0)


@lru_cache(maxsize=8)
def _read(path: str) -> bytes:
    return Path(path).read_bytes()


def bundled_profile(name: str) -> OutputProfile:
    """A profile shipped with deckgen, by name (``fogra39``)."""
    info = BUNDLED[name]
    return OutputProfile(name, COLOUR_DIR / info["file"], info["identifier"], info["registry"], info["condition"])


def profile_description(path: Path) -> str:
    """The profile's own description (its ``desc`` tag), or its file name."""
    from PIL import ImageCms

    try:
        return ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(str(path))).strip() or path.name
    except (OSError, ImageCms.PyCMSError):
        return path.name


@dataclass(frozen=True)
class FaceColour:
    """What converting one face to CMYK found."""

    max_ink: float  # % (0-400)
    over: float  # share (0-1) of the face's pixels above the ink limit
    delta_e: float  # CIEDE2000 of the worst 1 % of the face's area
    shifts: tuple[tuple[str, float, float, tuple[int, int, int, int]], ...] = field(default=())
    # the drawn colours that shift most: (#rrggbb, ΔE, share of the face, CMYK %)

    def as_json(self) -> dict:
        return {"max_ink": self.max_ink, "over": self.over, "delta_e": self.delta_e,
                "shifts": [list(s[:3]) + [list(s[3])] for s in self.shifts]}

    @classmethod
    def from_json(cls, data: dict) -> "FaceColour":
        return cls(data["max_ink"], data["over"], data["delta_e"],
                   tuple((s[0], s[1], s[2], tuple(s[3])) for s in data["shifts"]))


class Converter:
    """sRGB -> the output profile's CMYK, and the measurements of each converted face.

    Transforms are built once (LittleCMS transforms cannot be pickled, so
    conversion runs in this process; it costs ~30 ms a poker card at 300 dpi).
    """

    def __init__(self, profile: OutputProfile, intent: str = "relative"):
        from PIL import ImageCms

        if profile.channels != 4:
            raise ValueError(f"{profile.path.name} is not a CMYK output profile")
        self.profile, self.intent = profile, intent
        srgb = ImageCms.createProfile("sRGB")
        cmyk = ImageCms.ImageCmsProfile(str(profile.path))
        lab = ImageCms.createProfile("LAB", 5000)
        flags = ImageCms.Flags(_BLACKPOINT_COMPENSATION)
        relative = ImageCms.Intent(INTENTS["relative"])
        self._to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", ImageCms.Intent(INTENTS[intent]),
                                                flags=flags)
        # black generation for thin neutral strokes: the K ramp's lightness (relative colorimetric, BPC)
        self._back = ImageCms.buildTransform(cmyk, srgb, "CMYK", "RGB", relative, flags=flags)
        self._lab = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", relative)
        # the soft proof (see deckgen.colour.softproof): what the press sheet measures, relative colorimetric
        # without black-point compensation, in L*a*b* and shown on an sRGB screen
        self._printed_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", relative)
        self._printed_rgb = ImageCms.buildTransform(cmyk, srgb, "CMYK", "RGB", relative)

    @property
    def key(self) -> str:
        """What a conversion depends on besides the pixels (for the cache)."""
        import PIL
        from PIL import ImageCms

        return f"{self.profile.digest}; {self.intent}; bpc; neutral K thin 7; soft proof relative no bpc; " \
               f"Pillow {PIL.__version__}; lcms {getattr(ImageCms.core, 'littlecms_version', '?')}"

    def to_cmyk(self, rgb: bytes, width: int, height: int) -> bytes:
        """Raw RGB bytes -> raw CMYK bytes (0 = no ink, 255 = 100 %).

        Thin neutral strokes (red = green = blue: black text, grey rules)
        print in black ink alone, at the K that gives the same lightness,
        instead of the profile's four-ink mix, which blurs small type when
        the plates are slightly off register: #000000 text is 100 % K.
        Neutral *areas* — wider than :data:`THIN_PX` pixels both ways —
        keep the profile's rich black, deeper than black ink alone.
        """
        from PIL import Image, ImageCms, ImageFilter

        image = Image.frombytes("RGB", (width, height), rgb)
        converted = ImageCms.applyTransform(image, self._to_cmyk)
        assert converted is not None  # (None only for a conversion in place)
        cmyk = np.frombuffer(converted.tobytes(), dtype=np.uint8).reshape(-1, 4)
        pixels = np.frombuffer(rgb, dtype=np.uint8).reshape(-1, 3)
        neutral = (pixels[:, 0] == pixels[:, 1]) & (pixels[:, 1] == pixels[:, 2]) & (pixels[:, 0] < 255)
        if not neutral.any():
            return cmyk.tobytes()
        mask = Image.frombytes("L", (width, height), (neutral * 255).astype(np.uint8).tobytes())
        areas = mask.filter(ImageFilter.MinFilter(THIN_PX)).filter(ImageFilter.MaxFilter(THIN_PX))
        neutral &= np.frombuffer(areas.tobytes(), dtype=np.uint8) == 0  # thin strokes only
        if not neutral.any():
            return cmyk.tobytes()
        out = cmyk.copy()
        out[neutral, :3] = 0
        out[neutral, 3] = self._grey_to_k()[pixels[neutral, 0]]
        return out.tobytes()

    def colours_to_cmyk(self, rgb: np.ndarray) -> np.ndarray:
        """8-bit sRGB rows (n×3) -> their CMYK rows (n×4, 0-255 ink) by the preset's intent (vector colours)."""
        return self._apply(self._to_cmyk, rgb, "RGB", "CMYK")

    def grey_to_k(self, grey: int) -> int:
        """The black ink (0-255) alone that prints an 8-bit sRGB grey's lightness (255 for black)."""
        return int(self._grey_to_k()[max(0, min(255, grey))])

    def _grey_to_k(self) -> np.ndarray:
        """For every sRGB grey 0-255, the black-ink amount (0-255) printing the same lightness L*."""
        if getattr(self, "_k_table", None) is None:
            greys = np.repeat(np.arange(256, dtype=np.uint8)[:, None], 3, axis=1)
            grey_l = self._lab_of(greys)[:, 0]
            ramp = np.zeros((256, 4), dtype=np.uint8)
            ramp[:, 3] = np.arange(256)
            k_l = self._lab_of(self._apply(self._back, ramp, "CMYK", "RGB"))[:, 0]  # falls as K grows
            table = np.searchsorted(-k_l, -grey_l, side="left").clip(0, 255).astype(np.uint8)
            table[0] = 255  # black is full black ink
            self._k_table = table
        return self._k_table

    def measure(self, rgb: bytes, cmyk: bytes, ink_limit: float | None, top: int = 3) -> FaceColour:
        """Total ink and gamut shift of one face (``rgb`` and its conversion ``cmyk``)."""
        ink = np.frombuffer(cmyk, dtype=np.uint8).reshape(-1, 4).sum(axis=1, dtype=np.uint16)
        max_ink = float(ink.max()) / 2.55 if ink.size else 0.0
        over = 0.0
        if ink_limit is not None and ink.size:
            over = float(np.count_nonzero(ink > ink_limit * 2.55 + 0.5)) / ink.size
        # every distinct drawn colour once, with its pixel count
        packed = np.frombuffer(rgb, dtype=np.uint8).reshape(-1, 3).astype(np.uint32)
        codes = (packed[:, 0] << 16) | (packed[:, 1] << 8) | packed[:, 2]
        colours, counts = np.unique(codes, return_counts=True)
        drawn = np.stack([(colours >> 16) & 255, (colours >> 8) & 255, colours & 255], axis=1).astype(np.uint8)
        printed_cmyk, _, _, de = self.soft_proof(drawn)
        order = np.argsort(-de, kind="stable")
        weights = counts[order] / counts.sum()
        reached = np.searchsorted(np.cumsum(weights), 0.01)  # the colours covering the worst 1 %
        worst = float(de[order[min(int(reached), len(order) - 1)]])
        shifts: list[tuple[str, float, float, tuple[int, int, int, int]]] = []
        for i in order:
            if len(shifts) >= top or de[i] < 1.0:
                break
            share = counts[i] / counts.sum()
            if share < 0.001:  # an antialiased edge pixel is not a colour anyone chose
                continue
            r, g, b = (int(v) for v in drawn[i])
            ink_c, ink_m, ink_y, ink_k = (int(round(v / 2.55)) for v in printed_cmyk[i])
            cmyk_pct = (ink_c, ink_m, ink_y, ink_k)
            shifts.append((f"#{r:02x}{g:02x}{b:02x}", round(float(de[i]), 1), round(float(share), 4), cmyk_pct))
        return FaceColour(round(max_ink, 1), round(over, 4), round(worst, 1), tuple(shifts))

    def soft_proof(self, drawn: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For 8-bit sRGB rows: their CMYK (the preset's intent, BPC), the drawn and the printed L*a*b* (D50;
        printed = that CMYK read back relative colorimetric without BPC) and the CIEDE2000 between them."""
        cmyk = self._apply(self._to_cmyk, drawn, "RGB", "CMYK")
        drawn_lab = srgb_to_lab(drawn)
        printed_lab = lab_from_pillow(self._apply(self._printed_lab, cmyk, "CMYK", "LAB"))
        return cmyk, drawn_lab, printed_lab, delta_e_2000(drawn_lab, printed_lab)

    def as_printed(self, rgb: bytes, width: int, height: int) -> bytes:
        """A face's RGB bytes as the press will print them, shown in sRGB (the soft proof's picture)."""
        from PIL import Image, ImageCms

        image = Image.frombytes("RGB", (width, height), rgb)
        cmyk = ImageCms.applyTransform(image, self._to_cmyk)
        assert cmyk is not None
        shown = ImageCms.applyTransform(cmyk, self._printed_rgb)
        assert shown is not None
        return shown.tobytes()

    def _lab_of(self, rgb: np.ndarray) -> np.ndarray:
        return lab_from_pillow(self._apply(self._lab, rgb, "RGB", "LAB"))

    @staticmethod
    def _apply(transform, pixels: np.ndarray, mode_in: str, mode_out: str) -> np.ndarray:
        from PIL import Image, ImageCms

        n = len(pixels)
        if n == 0:
            return np.zeros((0, len(mode_out)), dtype=np.uint8)
        image = Image.frombytes(mode_in, (n, 1), np.ascontiguousarray(pixels, dtype=np.uint8).tobytes())
        out = ImageCms.applyTransform(image, transform)
        assert out is not None  # (None only for a conversion in place)
        return np.frombuffer(out.tobytes(), dtype=np.uint8).reshape(n, len(mode_out) if mode_out != "LAB" else 3)


_CONVERTERS: dict[tuple[str, str], Converter] = {}


def converter(profile: OutputProfile, intent: str = "relative") -> Converter:
    """A :class:`Converter`, built once per profile and intent in this process."""
    key = (profile.digest, intent)
    if key not in _CONVERTERS:
        _CONVERTERS[key] = Converter(profile, intent)
    return _CONVERTERS[key]


def flate(raw: bytes) -> bytes:
    """Flate-compress image rows for a PDF stream (level 6: CMYK files are uploaded, so size counts)."""
    return zlib.compress(raw, 6)
