"""The stand-in's test pattern, computed on the host (scripts/vm/probe.c draws the same function)."""

import numpy as np


def pattern_image(width, height):
    """Pixel (x, y) is (x & 0xFF, y & 0xFF, ((x >> 8) * 64 + (y >> 8) * 16 + 8) & 0xFF)."""
    y, x = np.mgrid[0:height, 0:width]
    return np.dstack([x & 0xFF, y & 0xFF, ((x >> 8) * 64 + (y >> 8) * 16 + 8) & 0xFF]).astype(np.uint8)
