"""Self-test of the layer-2 check logic without a guest: a fake kiosk that keeps the contract of
scripts/vm/README.md ("Kiosk contract") answers the checks, and every check must PASS; broken fakes
(one that ignores touches, one that forgets its values) must make exactly the matching checks FAIL. Run: scripts/vm/python scripts/vm/selftest.py
This proves the checks' bookkeeping, parsing and geometry before the real program can answer them."""

import json
import os
import re
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import checks_kiosk  # noqa: E402
import geometry  # noqa: E402
import pictures  # noqa: E402
from report import Reporter  # noqa: E402

W, H = 800, 480
# The fixture's layout, so a fake that reports no geometry is found where the test derives it.
FRAMES = {cid: c["frame"] for cid, c in geometry.config_controls(checks_kiosk.CONFIG).items()}
SOURCE_CENTRE = (FRAMES["source"][0] + FRAMES["source"][2] / 2, FRAMES["source"][1] + FRAMES["source"][3] / 2)
WHEEL = [int(SOURCE_CENTRE[0]) - 120, int(SOURCE_CENTRE[1]) - 120, 240, 240]
PAD_ORIGIN = (100, 60)
PUMP_SWITCH = [FRAMES["pump"][0] + FRAMES["pump"][2] - 35, FRAMES["pump"][1] + FRAMES["pump"][3] / 2]
NAV_POINTS = {"main": [200, 32], "second": [600, 32]}


class FakeTouch:
    def __init__(self, kiosk):
        self.kiosk, self.down = kiosk, {}

    def tap(self, x, y, hold=0.08):
        self.kiosk.tapped(x, y)

    def drag(self, points, step_delay=0.016, release=True):
        self.kiosk.dragged(points)

    def press(self, x, y, slot=0):
        self.down[slot] = 1

    def move(self, x, y, slot=0):
        pass

    def forget(self):
        self.down.clear()


class FakeKiosk:
    """Stands in for the guest: ctl replies, systemctl answers and screendumps from a tiny model."""

    def __init__(self, run_dir, obeys_touches=True, forgetful=False, terse=False, hears_hotplug=True):
        self.run_dir, self.forgetful, self.terse, self.hears_hotplug = run_dir, forgetful, terse, hears_hotplug
        self.share = os.path.join(run_dir, "share")
        os.makedirs(self.share, exist_ok=True)
        self.obeys = obeys_touches
        self.values = {"dial": 20, "source": 0, "setpoint": 10, "pump": 0}
        self.open = {"source": False, "setpoint": False}
        self.typed = ""
        self.pid = 100
        self.touch = FakeTouch(self)
        self.journal = []   # the service's log lines, as `journalctl -o cat` prints them
        self.outdoor = None  # the variable the label shows
        self.page = "main"   # the screen shown

    def handle(self):
        x, y, w, h = FRAMES["dial"]
        return [x + w / 2 + 100, y + h / 2 - 100 + 2 * self.values["dial"]]

    def keys(self):
        return {k: [PAD_ORIGIN[0] + dx, PAD_ORIGIN[1] + dy] for k, (dx, dy) in geometry.KEY_CENTRES.items()}

    def thumb(self):
        x, y, w, h = FRAMES["setpoint"]
        return [x + 11.5 + self.values["setpoint"] / 100 * (w - 23), y + 0.75 * h]

    def listing(self):
        source_frame = WHEEL if self.open["source"] else FRAMES["source"]
        items = [
            {"id": "dial", "kind": "circular-slider", "value": self.values["dial"], "frame": FRAMES["dial"],
             "points": {"center": [200, 230], "handle": self.handle()}},
            {"id": "source", "kind": "spinner", "value": self.values["source"], "open": self.open["source"],
             "frame": source_frame, "points": {"center": list(SOURCE_CENTRE)}},
            {"id": "setpoint", "kind": "value-slider", "value": self.values["setpoint"], "open": self.open["setpoint"],
             "frame": FRAMES["setpoint"], "points": {"thumb": self.thumb()}},
        ]
        if self.open["setpoint"]:
            items[2]["keys"] = self.keys()
        items.append({"id": "outside", "kind": "label", "value": None, "frame": FRAMES["outside"], "points": {}})
        items.append({"id": "pump", "kind": "toggle", "value": self.values["pump"], "frame": FRAMES["pump"],
                      "points": {"switch": PUMP_SWITCH}})
        items.append({"id": "nav-bar", "kind": "nav-bar", "value": None, "frame": [0, 0, W, 64], "points": NAV_POINTS})
        if self.terse:  # like a kiosk whose list has only ids, kinds and values
            items = [{k: c[k] for k in ("id", "kind", "value")} for c in items]
        return {"ok": True, "controls": items}

    def near(self, p, q):
        return abs(p[0] - q[0]) < 3 and abs(p[1] - q[1]) < 3

    def tapped(self, x, y):
        if not self.obeys:
            return
        if self.calibration_taps is not None:  # `thumbwheel calibrate` is running instead of the service
            self.calibration_taps.append((x, y))
            return
        for page, point in NAV_POINTS.items():
            if self.near((x, y), point):
                self.page = page
                return
        if self.near((x, y), PUMP_SWITCH):
            self.values["pump"] = 1 - self.values["pump"]
            return
        if self.near((x, y), SOURCE_CENTRE):
            self.open["source"] = not self.open["source"]
        elif self.near((x, y), self.thumb()) and not self.open["setpoint"]:
            self.open["setpoint"], self.typed = True, str(self.values["setpoint"])  # NP-38: starts with the value
        elif self.open["setpoint"]:
            for label, point in self.keys().items():
                if self.near((x, y), point):
                    if label == "\u2713":
                        self.values["setpoint"], self.open["setpoint"] = int(self.typed), False
                    elif label == "C":
                        self.typed = ""
                    else:
                        self.typed += label

    def dragged(self, points):
        if not self.obeys:
            return
        if self.near(points[0], self.handle()):
            self.values["dial"] += 10
        elif self.open["source"]:
            self.values["source"] = (self.values["source"] + 3) % 8
            self.selection_steps += 3

    def picture(self):
        if self.page == "second":  # the second screen: one caption band
            picture = np.full((H, W, 3), 0x20, np.uint8)
            picture[200:260, 40:760] = 180
            return picture
        picture = np.full((H, W, 3), 0x20, np.uint8)

        def box(frame, colour):
            x, y, w, h = frame
            picture[y:y + h, x:x + w] = colour
        box(FRAMES["dial"], 60 + self.values["dial"])
        box(WHEEL if self.open["source"] else FRAMES["source"], 90 + 10 * self.values["source"])
        box(FRAMES["setpoint"], 40 + self.values["setpoint"])
        if self.outdoor is not None:  # the label's text, as a stripe inside its frame
            x, y, w, h = FRAMES["outside"]
            box([x + 10, y + 10, w - 20, h - 20], 200)
        hx, hy = (int(round(v)) for v in self.handle())
        box([hx - 5, hy - 5, 11, 11], (255, 0, 255))
        if self.open["setpoint"]:
            box([PAD_ORIGIN[0], PAD_ORIGIN[1], 211, 211], 50)
            gx, gy, gw, gh = geometry.CHECK_KEY
            box([PAD_ORIGIN[0] + gx, PAD_ORIGIN[1] + gy, gw, gh], (20, 120, 20))
        return picture

    def screendump(self, name):
        path = os.path.join(self.run_dir, name)
        pictures.write(path, self.picture())
        return path

    calibration_taps = None
    selection_steps = 0

    def calibration_line(self):
        """What calibrate would write: the x and y maps fitted from the first and third touches (the
        targets at 10 % and 90 % of each side), so a kiosk that missed touches writes a wrong matrix."""
        taps = self.calibration_taps or []
        if len(taps) < 5:
            return ""
        (x0, y0), (x1, y1) = taps[0], taps[2]
        a = (0.9 - 0.1) * W / (x1 - x0)
        e = (0.9 - 0.1) * H / (y1 - y0)
        c, f = 0.1 - a * x0 / W, 0.1 - e * y0 / H
        return f"calibration = [{a}, 0.0, {c}, 0.0, {e}, {f}]\n"

    version = "0.1.0"

    def package(self, script):
        """dpkg's part: install, upgrade (a restart of the service) and purge; None for other scripts."""
        if "dpkg -i" in script and "/upgrade/" in script:
            self.pid += 1
            self.restarted()
            self.version = UPGRADE["version"]
            return 0, ""
        if "bench-latency" in script:
            table = "".join(f"Config/{p}: the drag starts on dial\n  input → submit  9  0.5  1.0  1.2\n"
                            f"  input → flip  9  0.9  2.0  2.1\n" for p in ("demo.toml", "thermostat.toml"))
            return 0, "recording x.events: 735 events, played 1x through uinput\n" + table
        if "dpkg -i" in script or "dpkg --purge" in script or script.startswith("for p in"):
            return 0, ""
        if "${Version}" in script:
            return 0, self.version
        if "${db:Status-Status}" in script:
            return 0, "not-installed"
        if "md5sum" in script:
            return 0, "0123456789abcdef  /etc/thumbwheel/config.toml\n"
        return None

    def run(self, script, timeout=70):
        answer = self.package(script)
        if answer is not None:
            return answer
        if "calibrate --config" in script:
            self.calibration_taps = []
            return 0, ""
        if "grep '^calibration = '" in script:
            return (0, self.calibration_line()) if self.calibration_line() else (1, "")
        if "pgrep -x thumbwheel" in script:
            return 1, ""
        if "flick-watch.log" in script:
            return 0, f"{self.selection_steps}\n" if "grep -c" in script else ""
        ctl = re.search(r"/thumbwheel ctl (.*?) 2>&1", script)
        if ctl:
            args = re.findall(r"'([^']*)'", ctl.group(1))
            if args[0] == "list":
                return 0, json.dumps(self.listing()) + "\n"
            if args[0] == "set-var":
                self.outdoor = float(args[2])
                return 0, json.dumps({"id": args[1], "ok": True, "value": self.outdoor}) + "\n"
            if args[0] == "set":
                self.values[args[1]] = int(float(args[2]))
                return 0, json.dumps({"id": args[1], "ok": True, "value": self.values[args[1]]}) + "\n"
            if args[0] == "get":
                return 0, json.dumps({"id": args[1], "value": self.values[args[1]]}) + "\n"
            if args[0] == "screenshot":
                pictures.write(os.path.join(self.share, os.path.basename(args[1])), self.picture())
                return 0, "{}\n"
        if "/sys/class/drm/card0-*/status" in script:
            return 0, "/sys/class/drm/card0-Virtual-1/status\n"
        if "echo change > /sys/class/drm/card0/uevent" in script:
            if not self.hears_hotplug:
                return 0, ""
            self.journal.append("display: panel disconnected (fake)" if "echo off" in script
                                else "display: panel connected again; mode set again and the screen repainted")
            return 0, ""
        if "journalctl -b -u thumbwheel" in script:
            return 0, "".join(line + "\n" for line in self.journal)
        if "is-active" in script:
            return 0, "active\n"
        if "MainPID" in script:
            return 0, f"{self.pid}\n"
        if "rm -f /var/lib/thumbwheel/state.json" in script:
            self.values, self.outdoor = {"dial": 20, "source": 0, "setpoint": 10, "pump": 0}, None
        if "kill -s SIGKILL" in script:
            self.pid += 1
            self.restarted()
        if "/proc/" in script and "grep -c" in script:
            return 0, "1\n0\n"
        return 0, ""

    def wait_for(self, script, timeout, interval=0.3):
        rc, out = self.run(script)
        return rc == 0, out

    def wait_boot(self, timeout):
        return "boot"

    def restarted(self):
        self.outdoor = None  # variables are not saved: a restarted kiosk shows "—" until set again
        if self.forgetful:  # a kiosk that never wrote its state starts from the config's values
            self.values = {"dial": 20, "source": 0, "setpoint": 10, "pump": 0}

    def reboot(self, timeout=90):
        self.restarted()
        return "boot2"

    def power_cut(self, timeout=90):
        self.restarted()
        return "boot3"

    def unplug_touch(self, timeout=20):
        return True

    def plug_touch(self):
        self.touch.forget()


class FakeBroker:
    """The host's broker as the MQTT check sees it: the kiosk's values as retained state, sets applied."""

    def __init__(self, kiosk):
        self.kiosk = kiosk

    def wait(self, topic, predicate, timeout=20):
        name = topic.rsplit("/", 2)
        payload = "online" if name[-1] == "status" else str(self.kiosk.values[name[-2]])
        return payload if predicate(payload) else None

    def publish(self, topic, payload, retain=False):
        if self.kiosk.obeys:
            self.kiosk.values[topic.rsplit("/", 2)[-2]] = int(float(payload))


UPGRADE = {"version": "0.1.0+vmtest1"}


def run_fake(obeys, forgetful=False, terse=False, hears_hotplug=True):
    with tempfile.TemporaryDirectory() as tmp:
        kiosk = FakeKiosk(tmp, obeys, forgetful, terse, hears_hotplug)
        reporter = Reporter()
        reference = {"drm": kiosk.picture()}
        checks_kiosk.time.sleep = lambda s: None  # the fake answers at once
        def render(name, config, screen=None):
            # The host's render of a config: the fixture at its initial values, or with the variable set.
            fresh = FakeKiosk(tmp)
            fresh.outdoor = 4.5 if "initial = 4.5" in open(config).read() else None
            fresh.page = screen or "main"
            return fresh.picture()
        checks_kiosk._checks(reporter, kiosk, reference, render, FakeBroker(kiosk), UPGRADE, None)
        return reporter


def main():
    print("-- a kiosk that keeps the contract: every check must pass")
    good = run_fake(True)
    print("-- a kiosk that ignores touches: the touch checks must fail")
    bad = run_fake(False)
    print("-- a kiosk whose `ctl list` has no geometry: derived touch points must still pass everything")
    terse = run_fake(True, terse=True)
    print("-- a kiosk that does not persist its values: the survival checks must fail")
    forgetful = run_fake(True, forgetful=True)
    print("-- a kiosk that does not listen for DRM hotplug events: the panel check must fail")
    blind = run_fake(True, hears_hotplug=False)
    # Every check of _checks passes for the good fake (all but the release build, the packages, the bench
    # binary and the host render, made before it); the eleven that need touches (calibrate, the nav bar and MQTT's tap included) fail for
    # the deaf one. A forgetful one fails SIGKILL, power cut, reboot and the upgrade; one deaf to hotplug
    # events the panel check.
    ok = (good.failed == 0 and good.passed == len(checks_kiosk.NAMES) - 4 and bad.failed == 11
          and terse.failed == 0 and terse.passed == good.passed
          and forgetful.failed == 4 and blind.failed == 1)
    print(f"selftest {'PASS' if ok else 'FAIL'}: contract kiosk {good.passed} passed/{good.failed} failed, "
          f"terse kiosk {terse.passed} passed/{terse.failed} failed, deaf kiosk {bad.failed} failed, "
          f"forgetful kiosk {forgetful.failed} failed, hotplug-deaf kiosk {blind.failed} failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
