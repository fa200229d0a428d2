"""Compare two renderings of the same PDF pages, pixel by pixel.

Usage: python scripts/pixeldiff.py BEFORE_DIR AFTER_DIR [--out DIFF_DIR] [--threshold 48]

Both folders hold PNGs with the same names (e.g. from `pdftoppm -r 60 -png`).
For each pair it prints the share of pixels whose colour differs by more
than the threshold (max channel difference), and writes a diff image that
shows the after-image faded with the changed pixels in magenta, so every
difference can be looked at.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageChops


def compare(before: Path, after: Path, threshold: int) -> tuple[float, Image.Image]:
    a = Image.open(before).convert("RGB")
    b = Image.open(after).convert("RGB")
    if a.size != b.size:
        b = b.resize(a.size)
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > threshold else 0)
    changed = sum(1 for v in diff.getdata() if v) / (a.width * a.height)
    faded = Image.blend(b, Image.new("RGB", b.size, "white"), 0.6)
    faded.paste(Image.new("RGB", b.size, (255, 0, 255)), mask=diff)
    return changed, faded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--threshold", type=int, default=48)
    args = parser.parse_args()
    for before in sorted(args.before.glob("*.png")):
        after = args.after / before.name
        if not after.is_file():
            print(f"{before.name}: missing after")
            continue
        changed, image = compare(before, after, args.threshold)
        print(f"{before.name}: {changed:6.2%} of pixels differ")
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            image.save(args.out / before.name)


if __name__ == "__main__":
    main()
