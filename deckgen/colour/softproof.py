"""The soft proof: how far each drawn sRGB colour moves once printed, as a press sheet measures it.

A card is drawn in sRGB and separated for the press with the preset's
profile and intent (and black-point compensation, as the export does).
What the sheet then shows is that CMYK read back through the same profile
to CIE L*a*b* (D50) *relative colorimetric without* black-point
compensation: paper white stays white, but the press's black is only as
deep as its inks, so dark grounds print lighter and duller.  Comparing the
drawn colour's own L*a*b* with that gives the honest CIEDE2000 shift.  (A
round trip that compensates the black point both ways cancels the lift and
understates the shift several times over.)

The drawn colour's L*a*b* is exact arithmetic (the sRGB curve, the
Bradford-adapted sRGB matrix of the ICC sRGB profiles, D50 white); the
printed one comes from LittleCMS through Pillow's ImageCms, 8 bits a
channel (L* within 0.2, a* b* within 0.5).
"""

from __future__ import annotations

import numpy as np

#: ICC D50 white (X, Y, Z).
D50 = np.array([0.9642, 1.0, 0.8249])
#: linear sRGB -> XYZ (D50), the Bradford-adapted matrix of the ICC sRGB profiles.
SRGB_TO_XYZ_D50 = np.array([
    [0.4360747, 0.3850649, 0.1430804],
    [0.2225045, 0.7168786, 0.0606169],
    [0.0139322, 0.0971045, 0.7141733],
])


def srgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    """8-bit sRGB rows -> CIE L*a*b* (D50) rows, in floating point."""
    v = np.asarray(rgb, dtype=np.float64) / 255.0
    linear = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    return xyz_to_lab(linear @ SRGB_TO_XYZ_D50.T)


def xyz_to_lab(xyz: np.ndarray) -> np.ndarray:
    """CIE XYZ (D50, Y of white = 1) rows -> L*a*b* rows."""
    t = np.asarray(xyz, dtype=np.float64) / D50
    eps, kappa = 216 / 24389, 24389 / 27
    f = np.where(t > eps, np.cbrt(t), (kappa * t + 16) / 116)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)


def lab_from_pillow(lab: np.ndarray) -> np.ndarray:
    """Pillow's 8-bit ``LAB`` pixels (L* scaled to 0-255, a* b* as signed bytes) -> L*a*b* floats."""
    lab = np.ascontiguousarray(lab, dtype=np.uint8)
    out = lab.astype(np.float64)
    out[:, 0] *= 100.0 / 255.0
    out[:, 1:] = lab[:, 1:].view(np.int8).astype(np.float64)
    return out


def delta_e_2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 colour difference of two arrays of L*a*b* rows (Sharma, Wu and Dalal 2005)."""
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
