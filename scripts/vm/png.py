"""PNG reading, writing and comparison with the Python standard library only (zlib for the pixels).

Reads the 8-bit, non-interlaced grey/RGB/RGBA/grey+alpha PNGs that QEMU's screendump and Thumbwheel
write, into RGB rows. Used by the real-kernel test to compare the guest's screen with pictures made
on the host.

As a command: png.py A.png B.png [--tolerance N] [--diff OUT.png]
prints the comparison and exits 0 when the pictures match within the tolerance.
"""

import struct
import sys
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # colour type -> samples per pixel


class Image:
    """width x height RGB picture; rows[y] is a bytes object of 3 * width samples."""

    def __init__(self, width, height, rows):
        self.width, self.height, self.rows = width, height, rows

    def pixel(self, x, y):
        row = self.rows[y]
        return tuple(row[3 * x:3 * x + 3])


def _unfilter(data, width, height, bpp):
    stride = width * bpp
    rows = []
    previous = bytearray(stride)
    pos = 0
    for _ in range(height):
        kind = data[pos]
        line = bytearray(data[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = previous[i]
                c = previous[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + predictor) & 0xFF
        elif kind != 0:
            raise ValueError(f"bad PNG filter type {kind}")
        rows.append(line)
        previous = line
    return rows


def read(path):
    """Decodes a PNG file into an Image (alpha is dropped: screens have none)."""
    with open(path, "rb") as f:
        blob = f.read()
    if not blob.startswith(SIGNATURE):
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(blob):
        length, kind = struct.unpack(">I4s", blob[pos:pos + 8])
        body = blob[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    bpp = CHANNELS[colour]
    rows = _unfilter(zlib.decompress(b"".join(idat)), width, height, bpp)
    rgb = []
    for line in rows:
        if colour == 2:
            rgb.append(bytes(line))
        elif colour == 6:
            out = bytearray(3 * width)
            out[0::3], out[1::3], out[2::3] = line[0::4], line[1::4], line[2::4]
            rgb.append(bytes(out))
        else:
            grey = line[0::bpp]
            out = bytearray(3 * width)
            out[0::3] = out[1::3] = out[2::3] = grey
            rgb.append(bytes(out))
    return Image(width, height, rgb)


def write(path, image):
    """Writes an Image as an 8-bit RGB PNG (filter 0, good enough for test artefacts)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + row for row in image.rows)
    blob = (SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(blob)


class Difference:
    """How two same-sized pictures differ: pixels over the tolerance, the largest channel
    difference and the bounding box (x0, y0, x1, y1), exclusive ends) of those pixels."""

    def __init__(self, count, worst, box):
        self.count, self.worst, self.box = count, worst, box

    def __str__(self):
        if self.count == 0:
            return f"identical within tolerance (largest channel difference {self.worst})"
        x0, y0, x1, y1 = self.box
        return f"{self.count} pixels differ (largest channel difference {self.worst}) in x {x0}..{x1 - 1}, y {y0}..{y1 - 1}"


def compare(a, b, tolerance=0):
    """Compares two Images pixel by pixel; a pixel differs when any channel differs by more than
    `tolerance`. Raises ValueError when the sizes differ."""
    if (a.width, a.height) != (b.width, b.height):
        raise ValueError(f"sizes differ: {a.width}x{a.height} vs {b.width}x{b.height}")
    count, worst = 0, 0
    x0 = y0 = 1 << 30
    x1 = y1 = -1
    for y in range(a.height):
        ra, rb = a.rows[y], b.rows[y]
        if ra == rb:
            continue
        for x in range(a.width):
            i = 3 * x
            d = max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2]))
            worst = max(worst, d)
            if d > tolerance:
                count += 1
                x0, x1, y0, y1 = min(x0, x), max(x1, x + 1), min(y0, y), max(y1, y + 1)
    return Difference(count, worst, (x0, y0, x1, y1) if count else None)


def diff_image(a, b, tolerance=0):
    """A picture of b dimmed to a quarter, with the differing pixels in full red."""
    rows = []
    for y in range(a.height):
        ra, rb = a.rows[y], b.rows[y]
        out = bytearray(x >> 2 for x in rb)
        if ra != rb:
            for x in range(a.width):
                i = 3 * x
                if max(abs(ra[i] - rb[i]), abs(ra[i + 1] - rb[i + 1]), abs(ra[i + 2] - rb[i + 2])) > tolerance:
                    out[i:i + 3] = b"\xff\x00\x00"
        rows.append(bytes(out))
    return Image(a.width, a.height, rows)


def main(argv):
    args, tolerance, diff_path = [], 0, None
    it = iter(argv)
    for arg in it:
        if arg == "--tolerance":
            tolerance = int(next(it))
        elif arg == "--diff":
            diff_path = next(it)
        else:
            args.append(arg)
    if len(args) != 2:
        print("usage: png.py A.png B.png [--tolerance N] [--diff OUT.png]", file=sys.stderr)
        return 2
    a, b = read(args[0]), read(args[1])
    result = compare(a, b, tolerance)
    print(result)
    if diff_path and result.count:
        write(diff_path, diff_image(a, b, tolerance))
    return 0 if result.count == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
