"""Screen pictures of the real-kernel test: PNG files read with Pillow into numpy arrays
(height x width x 3, uint8; alpha is dropped, screens have none) and compared pixel by pixel.

As a command: pictures.py A.png B.png [--tolerance N] [--diff OUT.png]
prints the comparison and exits 0 when the pictures match within the tolerance.
"""

import argparse
import sys

import numpy as np
from PIL import Image


def read(path):
    with Image.open(path) as image:
        return np.asarray(image.convert("RGB"))


def write(path, picture):
    Image.fromarray(np.ascontiguousarray(picture, dtype=np.uint8)).save(path)


def size(picture):
    return f"{picture.shape[1]}x{picture.shape[0]}"


class Difference:
    """How two same-sized pictures differ: pixels over the tolerance, the largest channel
    difference and the bounding box (x0, y0, x1, y1; exclusive ends) of those pixels."""

    def __init__(self, count, worst, box):
        self.count, self.worst, self.box = count, worst, box

    def __str__(self):
        if self.count == 0:
            return f"identical within tolerance (largest channel difference {self.worst})"
        x0, y0, x1, y1 = self.box
        return f"{self.count} pixels differ (largest channel difference {self.worst}) in x {x0}..{x1 - 1}, y {y0}..{y1 - 1}"


def _over(a, b, tolerance):
    """Each pixel's largest channel difference, and where it exceeds `tolerance`."""
    if a.shape != b.shape:
        raise ValueError(f"sizes differ: {size(a)} vs {size(b)}")
    largest = np.abs(a.astype(np.int16) - b.astype(np.int16)).max(axis=2)
    return largest, largest > tolerance


def compare(a, b, tolerance=0):
    """A pixel differs when any channel differs by more than `tolerance`; ValueError when the sizes differ."""
    largest, over = _over(a, b, tolerance)
    ys, xs = np.nonzero(over)
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1) if len(xs) else None
    return Difference(len(xs), int(largest.max(initial=0)), box)


def diff_image(a, b, tolerance=0):
    """b dimmed to a quarter, with the differing pixels in full red."""
    out = b >> 2
    out[_over(a, b, tolerance)[1]] = (255, 0, 0)
    return out


def main():
    parser = argparse.ArgumentParser(description="Compares two PNG pictures pixel by pixel.")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--tolerance", type=int, default=0)
    parser.add_argument("--diff", metavar="OUT.png", help="write b with the differing pixels in red")
    args = parser.parse_args()
    a, b = read(args.a), read(args.b)
    result = compare(a, b, args.tolerance)
    print(result)
    if args.diff and result.count:
        write(args.diff, diff_image(a, b, args.tolerance))
    return 0 if result.count == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
