"""Talking to the kiosk in the guest for the layer-2 checks: `thumbwheel ctl` over the agent, waiting
for values and pictures to settle, and the touch paths the checks draw."""

import json
import math
import time

import pictures
from report import CheckFailed, require

# Where the Debian package installs the kiosk (layer 2 installs the .deb, not scripts/install).
BINARY_IN_GUEST = "/usr/bin/thumbwheel"


def reply(vm, *args, want_json=True):
    """Runs `thumbwheel ctl ARGS` in the guest and returns its JSON reply (the last line of stdout)."""
    command = " ".join(["timeout", "20", BINARY_IN_GUEST, "ctl"] + [f"'{a}'" for a in args])
    rc, out = vm.run(command + " 2>&1")
    lines = [line for line in out.strip().splitlines() if line.strip()]
    if rc != 0 or not lines:
        raise CheckFailed(f"`thumbwheel ctl {' '.join(args)}` exited {rc}: {out.strip()[:300]!r}")
    if not want_json:
        return lines[-1]
    try:
        return json.loads(lines[-1])
    except ValueError:
        raise CheckFailed(f"`thumbwheel ctl {' '.join(args)}` did not print JSON: {lines[-1][:200]!r}")


def controls(vm):
    answer = reply(vm, "list")
    items = answer.get("controls") if isinstance(answer, dict) else answer
    require(isinstance(items, list), f"`ctl list` reply has no control list: {answer!r:.200}")
    return {c["id"]: c for c in items if isinstance(c, dict) and "id" in c}


def value(vm, control_id):
    answer = reply(vm, "get", control_id)
    v = answer.get("value") if isinstance(answer, dict) else answer
    require(isinstance(v, (int, float)), f"`ctl get {control_id}` gave no number: {answer!r:.200}")
    return v


def values(vm):
    return {cid: c.get("value") for cid, c in controls(vm).items()}


def frame_box(frame, margin):
    x, y, w, h = frame
    return x - margin, y - margin, x + w + margin, y + h + margin


def inside(box, outer):
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] and box[3] <= outer[3]


def settle(vm, control_id, quiet=1.5, timeout=25):
    """Waits until a control's value stops changing for `quiet` seconds; returns it."""
    deadline = time.monotonic() + timeout
    last, since = value(vm, control_id), time.monotonic()
    while time.monotonic() - since < quiet:
        require(time.monotonic() < deadline, f"{control_id} still changing after {timeout} s")
        time.sleep(0.3)
        now = value(vm, control_id)
        if now != last:
            last, since = now, time.monotonic()
    return last


def still_screen(vm, name, timeout=25):
    """Screendumps until two in a row are equal (an animation or a coasting wheel has stopped)."""
    deadline = time.monotonic() + timeout
    last = pictures.read(vm.screendump(f"{name}.png"))
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = pictures.read(vm.screendump(f"{name}.png"))
        if pictures.compare(last, now).count == 0:
            return now
        last = now
    raise CheckFailed(f"the screen still moves {timeout} s later ({name}.png)")


def arc(center, start, degrees, steps):
    """Points along the circle through `start` around `center`, turning `degrees` clockwise on screen."""
    cx, cy = center
    r = math.hypot(start[0] - cx, start[1] - cy)
    a0 = math.atan2(start[1] - cy, start[0] - cx)
    return [(cx + r * math.cos(a0 + math.radians(degrees) * i / steps),
             cy + r * math.sin(a0 + math.radians(degrees) * i / steps)) for i in range(steps + 1)]
