"""Layer 2's screen checks: what the panel shows after a page change and after a variable is set,
each compared pixel for pixel with `thumbwheel render` of the same config on the host."""

import os
import time

import guest as G
import pictures
from geometry import Geometry
from kiosk_ctl import controls, frame_box, inside, reply
from report import require

# Pixel-exact: the guest runs the very binary that renders on the host, with the same bookworm FreeType,
# libpng and DejaVu fonts, so any difference is a real bug (a stale damage rect, a lost flush ...).
TOLERANCE = 0


def navigate(vm, render, reference, config):
    """A tap on the navigation bar's "Second" shows that screen exactly as `render --screen second`
    draws it; a tap on "Main" brings back the first screen as it was."""
    second = render("render-second.png", config, "second")
    bar = controls(vm).get("nav-bar", {}).get("points", {})
    if not ("second" in bar and "main" in bar):
        # Not reported: the fixture's top bar has one equal segment per screen, "main" then "second".
        bar = {"main": [G.SCREEN_WIDTH / 4, 32], "second": [G.SCREEN_WIDTH * 3 / 4, 32]}

    def tap_and_compare(page, expected, name):
        x, y = bar[page]
        vm.touch.tap(x, y)
        deadline = time.monotonic() + 10
        while True:
            time.sleep(0.3)
            shot = pictures.read(vm.screendump(name))
            diff = pictures.compare(expected, shot, TOLERANCE)
            if diff.count == 0:
                return
            require(time.monotonic() < deadline, f"after a tap on {page!r}: screendump vs render: {diff} ({name})")
    tap_and_compare("second", second, "kiosk-second.png")
    tap_and_compare("main", reference["drm"], "kiosk-main-again.png")
    return "a tap on Second: screendump equals `render --screen second`; a tap on Main: the first screen again, exact"


def set_variable(vm, render, config):
    """A variable set over the socket reaches the panel: the screendump equals the host's render of the
    same config with the variable's `initial` at that value, and only the label's frame changed."""
    run_dir = vm.run_dir
    with open(config) as f:
        text = f.read()
    marker = 'id = "outdoor"\n'
    require(marker in text, f"{os.path.basename(config)} declares no variable outdoor")
    variant = os.path.join(run_dir, "kiosk-outdoor.toml")
    with open(variant, "w") as f:
        f.write(text.replace(marker, marker + "initial = 4.5\n", 1))
    icons = os.path.join(run_dir, "icons")
    if not os.path.exists(icons):
        os.symlink(os.path.join(os.path.dirname(config), "icons"), icons)
    expected = render("render-outdoor.png", variant)
    before = pictures.read(vm.screendump("kiosk-before-set-var.png"))
    answer = reply(vm, "set-var", "outdoor", "4.5")
    require(answer.get("value") == 4.5, f"set-var reply: {answer!r:.200}")
    time.sleep(0.5)
    shot = pictures.read(vm.screendump("kiosk-set-var.png"))
    diff = pictures.compare(expected, shot, TOLERANCE)
    require(diff.count == 0, f"screendump after set-var vs render with initial = 4.5: {diff}")
    changed = pictures.compare(before, shot)
    label = frame_box(Geometry(controls(vm), config).frame("outside"), 2)
    require(changed.count > 0 and inside(changed.box, label), f"set-var changed {changed}, not only the label {label}")
    return f"`ctl set-var outdoor 4.5`: screendump equals the render with it set; {changed.count} pixels changed, all in the label"
