"""Where the layer-2 checks touch the screen.

Preferred source: the kiosk's own `ctl list` (per control "frame", "points", "open", "keys"; see
README "Kiosk contract"), because the program computes its geometry in one place. While the kiosk does
not report it, each point is derived from the config file and the spec, and says so:
  - frames: the config's `frame` (the fixture sets `scale = 1`, so points are pixels);
  - dial handle: the magenta (`handle_color = "#FF00FF"`) blob on a screendump, inside the dial's frame;
  - spinner centre: the frame's centre (RVS-22: the closed control is a circle centred in its bounds);
  - value-slider thumb: NP-3, x = i + v (W - 2i) with i = 11.5, y = the middle of the lower half;
  - number-pad keys: NP-22 offsets from the green ✓ key (NP-23: RGB 0, 0.5, 0) found on a screendump.
"""

import tomllib

import numpy as np

from report import require

THUMB_TRAVEL_INSET = 11.5      # NP-3's default i
CHECK_KEY = (157, 108, 44, 93)  # NP-22: the ✓ key in pad coordinates
KEY_CENTRES = {"C": (157 + 22, 10 + 22), "4": (10 + 22, 59 + 22), "2": (59 + 22, 108 + 22),
               "\u2713": (157 + 22, 108 + 46.5)}


def config_controls(path):
    """id -> control table of the config's first screen."""
    with open(path, "rb") as f:
        config = tomllib.load(f)
    return {c["id"]: c for c in config["screens"][0].get("controls", [])}


def blob(picture, box, test):
    """Bounding box (x0, y0, x1, y1) and centre of the pixels inside box that pass test(r, g, b)
    (test gets whole channel arrays: combine conditions with & and |)."""
    x0, y0 = max(0, int(box[0])), max(0, int(box[1]))
    area = picture[y0:max(y0, int(box[3])), x0:max(x0, int(box[2]))].astype(int)
    ys, xs = np.nonzero(test(area[..., 0], area[..., 1], area[..., 2]))
    if not len(xs):
        return None, None
    xs, ys = xs + x0, ys + y0
    return (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1), (float(xs.mean()), float(ys.mean()))


class Geometry:
    """Touch points for one listing of the controls (reported by the kiosk, or derived)."""

    def __init__(self, listed, config_path):
        self.listed = listed
        self.configured = config_controls(config_path)
        self.derived = []  # what was not reported by the kiosk, for the check's reason

    def frame(self, cid):
        reported = self.listed.get(cid, {}).get("frame")
        if isinstance(reported, list) and len(reported) == 4:
            return reported
        self.derived.append(f"{cid} frame from the config")
        return self.configured[cid]["frame"]

    def reported_point(self, cid, name):
        p = self.listed.get(cid, {}).get("points", {}).get(name)
        return p if isinstance(p, list) and len(p) == 2 else None

    def centre(self, cid):
        x, y, w, h = self.frame(cid)
        return self.reported_point(cid, "center") or [x + w / 2, y + h / 2]

    def switch(self, cid):
        """Where to tap a toggle: the point `ctl list` reports, else the capsule at its right end (the
        knob travels within 70 points)."""
        x, y, w, h = self.frame(cid)
        return self.reported_point(cid, "switch") or (x + w - 35, y + h / 2)

    def dial_handle(self, shot):
        """The dial's handle: reported, or the magenta blob's centre on `shot`."""
        reported = self.reported_point("dial", "handle")
        if reported:
            return reported
        x, y, w, h = self.frame("dial")
        _, centre = blob(shot, (x, y, x + w, y + h), lambda r, g, b: (r > 200) & (g < 80) & (b > 200))
        require(centre is not None, "no magenta handle inside the dial's frame (handle_color = #FF00FF)")
        self.derived.append("dial handle found by colour")
        return list(centre)

    def thumb(self, cid, value):
        reported = self.reported_point(cid, "thumb")
        if reported:
            return reported
        x, y, w, h = self.frame(cid)
        c = self.configured[cid]
        v = (value - c.get("min", 0)) / (c.get("max", 100) - c.get("min", 0))
        self.derived.append(f"{cid} thumb from NP-3")
        return [x + THUMB_TRAVEL_INSET + v * (w - 2 * THUMB_TRAVEL_INSET), y + 0.75 * h]

    def pad_keys(self, cid, shot):
        """Centres of the keys C, 4, 2 and ✓ of the open pad: reported, or from the green ✓ key."""
        reported = self.listed.get(cid, {}).get("keys")
        if isinstance(reported, dict) and {"C", "4", "2", "\u2713"} <= set(reported):
            return reported
        box, _ = blob(shot, (0, 0, shot.shape[1], shot.shape[0]),
                      lambda r, g, b: (g >= 90) & (r <= 70) & (b <= 70) & (g - np.maximum(r, b) >= 50))
        require(box is not None, "no open number pad: neither `ctl list` keys nor a green \u2713 key on screen")
        ox, oy = box[0] - CHECK_KEY[0], box[1] - CHECK_KEY[1]
        self.derived.append("pad keys from the green \u2713 key and NP-22")
        return {k: [ox + dx, oy + dy] for k, (dx, dy) in KEY_CENTRES.items()}

    def is_open(self, cid):
        """True/False when the kiosk reports it, None when it does not say."""
        flag = self.listed.get(cid, {}).get("open")
        return flag if isinstance(flag, bool) else None

    def provenance(self):
        return "geometry: " + ("as reported by `ctl list`" if not self.derived else
                               "derived (" + "; ".join(dict.fromkeys(self.derived)) + ")")
