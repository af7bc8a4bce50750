"""The stand-in's test pattern, computed on the host (scripts/vm/probe.c draws the same function)."""

from png import Image


def pattern_pixel(x, y):
    return x & 0xFF, y & 0xFF, ((x >> 8) * 64 + (y >> 8) * 16 + 8) & 0xFF


def pattern_image(width, height):
    rows = [bytes(c for x in range(width) for c in pattern_pixel(x, y)) for y in range(height)]
    return Image(width, height, rows)
