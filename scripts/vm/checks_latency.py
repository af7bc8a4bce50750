"""Layer 2's latency figure on virtio-gpu: `thumbwheel-dev bench-latency` in the guest plays a recorded drag
through a uinput device (kernel timestamps) into the kiosk loop drawing on the real DRM panel, and reports
input → submit and input → flip (the page-flip event's time). TCG makes the guest's CPU ~10x slower than
the host's, so the figures are an upper bound; the check proves the path and records them."""

import os
import subprocess

import guest as G
from report import require

GUEST_DIR = "/opt/tw-test/bench"
RECORDING = "EP0430M09.1-finger-drag-up-down"
PANELS = ["demo.toml", "thermostat.toml"]


def build(repo):
    """The benchmark binary, built like the kiosk the guest runs (static, baseline CPU)."""
    target = ["--arch", "arm64"] if G.ARCH == "arm64" else ["--portable"]
    done = subprocess.run([os.path.join(repo, "scripts", "build-release"), "--static", "--dev"] + target,
                          cwd=repo, capture_output=True, text=True)
    require(done.returncode == 0, f"build-release --dev failed: {done.stderr.strip()[-400:]!r}")
    return done.stdout.strip().splitlines()[-1]


def image_files(repo, binary):
    """(source, guest path, mode) for guest.build_image: the binary, the example panels and their icons, the recording."""
    files = [(binary, f"{GUEST_DIR}/thumbwheel-dev", "0755")]
    config = os.path.join(repo, "Config")
    for name in PANELS:
        files.append((os.path.join(config, name), f"{GUEST_DIR}/Config/{name}", "0644"))
    for icon in sorted(os.listdir(os.path.join(config, "icons"))):
        files.append((os.path.join(config, "icons", icon), f"{GUEST_DIR}/Config/icons/{icon}", "0644"))
    # The recording carries its device's description (axes, slots), which the uinput device copies.
    recording = os.path.join(repo, "Tests", "InputTests", "Fixtures", RECORDING + ".events")
    return files + [(recording, f"{GUEST_DIR}/{RECORDING}.events", "0644")]


def measure(vm):
    """Stops the service (it holds DRM master and the touch device), runs the bench on DRM with uinput,
    and reads its table: every panel must have frames with input → submit and input → flip."""
    vm.run("systemctl stop thumbwheel")
    panels = " ".join(f"Config/{p}" for p in PANELS)
    rc, out = vm.run(f"cd {GUEST_DIR} && ./thumbwheel-dev bench-latency --repeats 1 --recording {RECORDING}.events "
                     f"{panels} 2>&1", timeout=240)
    require(rc == 0, f"bench-latency exited {rc}: {out.strip()[-500:]!r}")
    require("uinput" in out, f"bench-latency did not use uinput: {out.strip()[:300]!r}")
    figures = {}
    panel = None
    for line in out.splitlines():
        if line.startswith("Config/"):
            panel = line.split(":")[0].split("/")[-1]
        for name in ("input → submit", "input → flip"):
            if panel and line.strip().startswith(name):
                count, p50, p99, worst = line.strip()[len(name):].split()[-4:]
                figures[(panel, name)] = (int(count), float(p50), float(p99), float(worst))
    for p in PANELS:
        for name in ("input → submit", "input → flip"):
            require(figures.get((p, name), (0,))[0] > 0, f"{p}: no {name} figure in bench-latency's output: {out.strip()[-600:]!r}")
    return "; ".join(f"{p}: input → submit p50 {figures[(p, 'input → submit')][1]:.2f} ms / p99 {figures[(p, 'input → submit')][2]:.2f}, "
                     f"input → flip p50 {figures[(p, 'input → flip')][1]:.2f} / p99 {figures[(p, 'input → flip')][2]:.2f} ms "
                     f"({figures[(p, 'input → flip')][0]} frames)" for p in PANELS)
