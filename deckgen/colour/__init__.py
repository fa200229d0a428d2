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
``gamut``      the colour each pixel would print as, converted back to sRGB
               the same way, against the colour drawn: CIEDE2000 per
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
        # the round trip: what the press prints, shown back in sRGB (relative colorimetric, BPC)
        self._back = ImageCms.buildTransform(cmyk, srgb, "CMYK", "RGB", relative, flags=flags)
        self._lab = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", relative)

    @property
    def key(self) -> str:
        """What a conversion depends on besides the pixels (for the cache)."""
        import PIL
        from PIL import ImageCms

        return f"{self.profile.digest}; {self.intent}; bpc; neutral K thin 7; Pillow {PIL.__version__}; " \
               f"lcms {getattr(ImageCms.core, 'littlecms_version', '?')}"

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
        printed_cmyk = self._apply(self._to_cmyk, drawn, "RGB", "CMYK")
        printed = self._apply(self._back, printed_cmyk, "CMYK", "RGB")
        de = delta_e_2000(self._lab_of(drawn), self._lab_of(printed))
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

    def _lab_of(self, rgb: np.ndarray) -> np.ndarray:
        lab = self._apply(self._lab, rgb, "RGB", "LAB")
        out = lab.astype(np.float64)
        out[:, 0] *= 100.0 / 255.0
        out[:, 1:] = lab[:, 1:].view(np.int8).astype(np.float64)  # Pillow keeps a*, b* as signed bytes
        return out

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


def delta_e_2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 colour difference of two arrays of L*a*b* rows."""
    L1, a1, b1 = lab1[:, 0], lab1[:, 1], lab1[:, 2]
    L2, a2, b2 = lab2[:, 0], lab2[:, 1], lab2[:, 2]
    C1, C2 = np.hypot(a1, b1), np.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - np.sqrt(Cm ** 7 / (Cm ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp = L2 - L1
    dCp = C2p - C1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(C1p * C2p == 0, 0.0, dh)
    dHp = 2 * np.sqrt(C1p * C2p) * np.sin(np.radians(dh / 2))
    Lpm = (L1 + L2) / 2
    Cpm = (C1p + C2p) / 2
    hsum = h1p + h2p
    hpm = np.where(np.abs(h1p - h2p) > 180, np.where(hsum < 360, hsum + 360, hsum - 360), hsum) / 2
    hpm = np.where(C1p * C2p == 0, hsum, hpm)
    T = (1 - 0.17 * np.cos(np.radians(hpm - 30)) + 0.24 * np.cos(np.radians(2 * hpm))
         + 0.32 * np.cos(np.radians(3 * hpm + 6)) - 0.20 * np.cos(np.radians(4 * hpm - 63)))
    dtheta = 30 * np.exp(-(((hpm - 275) / 25) ** 2))
    Rc = 2 * np.sqrt(Cpm ** 7 / (Cpm ** 7 + 25.0 ** 7))
    Sl = 1 + 0.015 * (Lpm - 50) ** 2 / np.sqrt(20 + (Lpm - 50) ** 2)
    Sc = 1 + 0.045 * Cpm
    Sh = 1 + 0.015 * Cpm * T
    Rt = -np.sin(np.radians(2 * dtheta)) * Rc
    return np.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


def flate(raw: bytes) -> bytes:
    """Flate-compress image rows for a PDF stream (level 6: CMYK files are uploaded, so size counts)."""
    return zlib.compress(raw, 6)
