#!/usr/bin/env python3
"""The reference side of TOMLParserTests' differential test.

Prints one line per TOML file named on the command line: the document as parsed by Python's tomllib
(3.11+), in a canonical type-tagged text that the Swift test renders too, or `error: ...` when tomllib
rejects it. Integers beyond 64 bits count as errors: tomllib keeps them (Python ints are unbounded), but
TOML 1.0 requires an error where an integer cannot be represented losslessly.

    table   {"key":value,...}   keys in document order (tomllib's dicts keep it)
    array   [value,...]
    string  "text"   printable ASCII but " and \\ as is, everything else as \\u{HEX}
    integer i:123
    float   f:<the 64 bits in hex>, or f:nan for any NaN
    boolean true / false
    dates   d:dateTime (offset or local), d:date, d:time
"""
import datetime
import struct
import sys
import tomllib


def text(s):
    return '"' + "".join(c if 0x20 <= ord(c) < 0x7F and c not in '"\\' else "\\u{%X}" % ord(c) for c in s) + '"'


def tag(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        if not -(2**63) <= v < 2**63:
            raise OverflowError("integer beyond 64 bits")
        return "i:%d" % v
    if isinstance(v, float):
        return "f:nan" if v != v else "f:%016X" % struct.unpack("<Q", struct.pack("<d", v))[0]
    if isinstance(v, str):
        return text(v)
    if isinstance(v, datetime.datetime):
        return "d:dateTime"
    if isinstance(v, datetime.date):
        return "d:date"
    if isinstance(v, datetime.time):
        return "d:time"
    if isinstance(v, list):
        return "[" + ",".join(map(tag, v)) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(text(k) + ":" + tag(x) for k, x in v.items()) + "}"
    raise TypeError(type(v))


for path in sys.argv[1:]:
    try:
        with open(path, "rb") as f:
            print(tag(tomllib.load(f)))
    except (tomllib.TOMLDecodeError, OverflowError, UnicodeDecodeError) as e:
        print("error: " + str(e).replace("\n", " "))
