"""Layer 2: Thumbwheel itself on the real kernel, installed from its Debian package (scripts/package,
`dpkg -i` in the guest) and run by the package's unit; at the end the package is upgraded and purged.

What the program must provide for these checks (scripts/vm/README.md, "Kiosk contract"):
  - `scripts/build-release --static --portable` builds the `thumbwheel` product (baseline x86-64: the
    guest has QEMU's default CPU model);
  - `thumbwheel render --config F --out P.png` draws the config's first screen at its display size;
  - `thumbwheel run --config F` sends READY=1 after the first frame is on screen (Type=notify);
  - `thumbwheel ctl list|get ID|screenshot FILE`, talking to /run/thumbwheel/control.sock, printing the
    JSON reply on stdout and exiting 0 (non-zero with {"error": ...} on failure);
  - `ctl list` reports, per control, its id and value (and ideally its frame and touch points: see
    geometry.py for what the test derives from the config and the spec while they are missing).
The control ids and kinds are those of scripts/vm/fixtures/kiosk.toml.
"""

import os
import socket
import subprocess
import time

import checks_backlight
import checks_ha
import checks_latency
import checks_mqtt
import checks_package
import checks_recovery
import checks_screens
import guest as G
import pictures
from broker import Broker
from checks_infra import BOOT_TIMEOUT, ServiceLog, main_pid, wait_active
from geometry import Geometry
from kiosk_ctl import BINARY_IN_GUEST, arc, controls, frame_box, inside, reply, settle, still_screen, value, values
from report import require

NAMES = ["release build", "Debian packages", "bench binary", "host render", "dpkg -i: service ready", "screen matches host render",
         "ctl screenshot matches screen", "nav bar switches screens", "set-var shows on the panel",
         "MQTT: tap to host, set from host", "ctl list reports the controls", "drag on slider handle",
         "tap opens spinner", "flick spins spinner", "number-pad entry", "values survive SIGKILL",
         "values survive power cut", "values survive reboot", "unplug/replug mid-drag", "panel unplug/replug",
         "invalid config at boot shows errors", "screen power on a real backlight",
         "Home Assistant binding", "fbdev path matches render",
         "calibrate writes the matrix", "latency on virtio-gpu", "package upgrade keeps config and values", "package purge leaves nothing"]

# THUMBWHEEL_VM_SMOKE=1 (`scripts/vm-test --smoke`): the few checks CI runs on the aarch64 guest within
# its time (the first frame exact, a real touch to the host's broker and a set back, the package
# installed and purged); the full run stays a script (docs/testing.md).
SMOKE = os.environ.get("THUMBWHEEL_VM_SMOKE") == "1"
SMOKE_NAMES = ["release build", "Debian packages", "host render", "dpkg -i: service ready", "screen matches host render",
               "MQTT: tap to host, set from host", "package purge leaves nothing"]
if SMOKE:
    NAMES = SMOKE_NAMES

FIXTURES = os.path.join(G.HERE, "fixtures")
CONFIG = os.environ.get("THUMBWHEEL_VM_CONFIG", os.path.join(FIXTURES, "kiosk.toml"))
FBDEV_CONFIG = os.environ.get("THUMBWHEEL_VM_FBDEV_CONFIG", os.path.join(FIXTURES, "kiosk-fbdev.toml"))
from checks_screens import TOLERANCE


def after(name):
    """The checks that follow `name` (for counting those that cannot run as failures)."""
    return NAMES[NAMES.index(name) + 1:]


def geometry(vm):
    return Geometry(controls(vm), CONFIG)


def run(reporter, run_dir):
    os.makedirs(run_dir, exist_ok=True)
    binary = {}

    def build():
        # Portable: the guest runs on QEMU's default CPU model (no AVX), not on this machine's CPU. The
        # arm64 guest runs the cross build (scripts/build-release --arch arm64), the binary a Pi runs.
        command = (["scripts/build-release", "--arch", "arm64", "--static"] if G.ARCH == "arm64"
                   else ["scripts/build-release", "--static", "--portable"])
        done = subprocess.run(command, cwd=G.REPO, capture_output=True, text=True)
        require(done.returncode == 0, f"`{' '.join(command)}` failed: {(done.stdout + done.stderr)[-400:]!r}")
        binary["path"] = os.path.join(G.REPO, done.stdout.strip().splitlines()[-1])
        return f"{binary['path']} ({os.path.getsize(binary['path']) // 1024} KiB)"
    given = os.environ.get("THUMBWHEEL_VM_BINARY")
    started = time.monotonic()
    if given:
        # A binary built elsewhere (a CI artefact, another checkout): said, and not counted as a build.
        binary["path"] = os.path.abspath(given)
        reporter.note(f"THUMBWHEEL_VM_BINARY: testing {binary['path']}, not building this checkout")
    elif not reporter.check("release build", build):
        reporter.not_run(after("release build"), "no release binary")
        return
    else:
        reporter.note(f"release build took {time.monotonic() - started:.0f} s")

    debs = {}

    def packages():
        debs.update(checks_package.build(G.REPO, binary["path"], run_dir))
        return f"{os.path.basename(debs['install'])} and {os.path.basename(debs['upgrade'])}"
    if not reporter.check("Debian packages", packages):
        reporter.not_run(after("Debian packages"), "no package to install")
        return

    bench = {}

    def bench_binary():
        bench["path"] = checks_latency.build(G.REPO)
        return f"{bench['path']} ({os.path.getsize(bench['path']) // 1024} KiB)"
    if not SMOKE:
        reporter.check("bench binary", bench_binary)

    reference = {}

    def render(name, config, screen=None):
        out = os.path.join(run_dir, name)
        if os.path.exists(out):
            os.unlink(out)
        # The arm64 binary renders under qemu-user with Debian 13's arm64 libraries (scripts/arm64-sysroot);
        # scripts/arm64-pixels shows its pictures equal the x86-64 build's, byte for byte.
        prefix = (["qemu-aarch64", "-L", _arm64_sysroot()] if G.ARCH == "arm64" else [])
        done = subprocess.run(prefix + [binary["path"], "render", "--config", config, "--out", out]
                              + (["--screen", screen] if screen else []), capture_output=True, text=True, timeout=300)
        require(done.returncode == 0 and os.path.exists(out),
                f"`thumbwheel render --config {os.path.basename(config)} --out {name}` exited {done.returncode}: "
                f"{(done.stdout + done.stderr).strip()[-300:]!r}")
        picture = pictures.read(out)
        require(picture.shape[:2] == (G.SCREEN_HEIGHT, G.SCREEN_WIDTH),
                f"render is {pictures.size(picture)}, the guest screen {G.SCREEN_WIDTH}x{G.SCREEN_HEIGHT}")
        return picture

    def host_render():
        reference["drm"] = render("render.png", CONFIG)
        return f"{os.path.basename(CONFIG)} -> render.png {G.SCREEN_WIDTH}x{G.SCREEN_HEIGHT}"
    reporter.check("host render", host_render)

    broker = Broker(run_dir)
    broker.start()
    # Started now: its start and onboarding (seconds) overlap the guest's boot and the first checks.
    home_assistant = None if SMOKE else checks_ha.HomeAssistant(run_dir, _free_port())
    if home_assistant:
        home_assistant.start()
    started = time.monotonic()
    files = checks_package.image_files(debs) + ([] if SMOKE else checks_backlight.image_files(G.CACHE))
    if "path" in bench:
        files += checks_latency.image_files(G.REPO, bench["path"])
    for source, name in ((CONFIG, "config.toml"), (FBDEV_CONFIG, "fbdev.toml")):
        files.append((_guest_config(source, broker.port, run_dir), f"{checks_package.GUEST_DIR}/{name}", "0644"))
    for icon in sorted(os.listdir(os.path.join(FIXTURES, "icons"))):
        files.append((os.path.join(FIXTURES, "icons", icon), f"{checks_package.GUEST_DIR}/icons/{icon}", "0644"))
    image = G.build_image(run_dir, binary["path"], CONFIG, extra_files=files, with_install=False)
    reporter.note(f"guest image (packages, no Thumbwheel installed) built in {time.monotonic() - started:.1f} s")
    vm = G.Guest(run_dir, image, network=True)
    vm.start()
    try:
        _checks(reporter, vm, reference, render, broker, debs, home_assistant)
    finally:
        vm.stop()
        broker.stop()
        if home_assistant:
            home_assistant.stop()


def _arm64_sysroot():
    done = subprocess.run([os.path.join(G.REPO, "scripts", "arm64-sysroot")], capture_output=True, text=True, check=True)
    return done.stdout.strip().splitlines()[-1]


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _guest_config(fixture, port, run_dir):
    """The fixture as the guest runs it: icons from the test's folder (outside /etc/thumbwheel, which purge
    must remove whole) and an [mqtt] section for the host's broker. Draws exactly what the fixture draws."""
    with open(fixture) as f:
        text = f.read().replace('icon = "icons/', f'icon = "{checks_package.GUEST_DIR}/icons/')
    path = os.path.join(run_dir, "guest-" + os.path.basename(fixture))
    with open(path, "w") as f:
        f.write(text + checks_mqtt.section(port))
    return path


def _checks(reporter, vm, reference, render, broker, debs, home_assistant):
    t0 = time.monotonic()

    def ready():
        vm.wait_boot(BOOT_TIMEOUT)
        installed = checks_package.install(vm, f"{checks_package.GUEST_DIR}/config.toml")
        _, missing = vm.run(f"ldd {BINARY_IN_GUEST} | grep 'not found' || true")
        require(not missing.strip(), f"libraries missing in the guest: {missing.strip()}")
        wait_active(vm)
        _, rss = vm.run(f"awk '/^VmRSS/ {{print $2}}' /proc/{main_pid(vm)}/status")
        _, arch = vm.run("uname -m")
        return (f"{installed}; active (READY=1) {time.monotonic() - t0:.1f} s after power-on; "
                f"{arch.strip()} VmRSS {int(rss.strip() or 0) / 1024:.2f} MiB at {G.SCREEN_WIDTH}x{G.SCREEN_HEIGHT}")
    if not reporter.check("dpkg -i: service ready", ready):
        _, log = vm.run("journalctl -b -u thumbwheel -o cat --no-pager | tail -12")
        reporter.note("service log tail:\n" + log.rstrip())
        reporter.not_run(after("dpkg -i: service ready"), "the service never became ready")
        return

    def matches_render():
        require("drm" in reference, "no host render to compare with")
        time.sleep(0.5)
        shot = pictures.read(vm.screendump("kiosk-ready.png"))
        diff = pictures.compare(reference["drm"], shot, TOLERANCE)
        if diff.count:
            pictures.write(os.path.join(vm.run_dir, "kiosk-ready-diff.png"), pictures.diff_image(reference["drm"], shot, TOLERANCE))
        require(diff.count == 0, f"screendump vs render: {diff} (kiosk-ready-diff.png)")
        # The same portable binary draws with the vector kernels of the CPU it runs on: the guest's
        # emulated CPU has no AVX, the host's may, and the pictures must still be the same bytes.
        _, kernels = vm.run("journalctl -b -u thumbwheel -o cat --no-pager | grep -o 'raster kernels [a-z0-9]*' | tail -1")
        require(kernels.strip(), "the service's ready line names no raster kernels")
        return f"screendump equals `thumbwheel render` (tolerance {TOLERANCE}); guest drew with {kernels.strip()}, host with its CPU's"
    reporter.check("screen matches host render", matches_render)
    if SMOKE:
        reporter.check("MQTT: tap to host, set from host", lambda: checks_mqtt.tap_and_set(vm, broker, CONFIG))
        reporter.check("package purge leaves nothing", lambda: checks_package.purge(vm))
        return

    def screenshot():
        reply(vm, "screenshot", "/mnt/host/ctl-screenshot.png", want_json=False)
        shot = pictures.read(vm.screendump("kiosk-screendump.png"))
        theirs = pictures.read(os.path.join(vm.share, "ctl-screenshot.png"))
        diff = pictures.compare(shot, theirs, 0)
        require(diff.count == 0, f"ctl screenshot vs screendump: {diff}")
        return "the socket's PNG equals what QEMU scans out"
    reporter.check("ctl screenshot matches screen", screenshot)
    reporter.check("nav bar switches screens", lambda: checks_screens.navigate(vm, render, reference, CONFIG))
    reporter.check("set-var shows on the panel", lambda: checks_screens.set_variable(vm, render, CONFIG))
    reporter.check("MQTT: tap to host, set from host", lambda: checks_mqtt.tap_and_set(vm, broker, CONFIG))

    found = {}

    def listing():
        found.update(controls(vm))
        for cid in ("dial", "source", "setpoint"):
            require(cid in found, f"`ctl list` lacks control {cid!r}; has {sorted(found)}")
            c = found[cid]
            require(isinstance(c.get("value"), (int, float)), f"{cid}: no numeric value in {c!r:.200}")
        geo = Geometry(found, CONFIG)
        for cid in ("dial", "source", "setpoint"):
            geo.frame(cid)
        geo.reported_point("dial", "handle") or geo.derived.append("touch points derived")
        return f"dial, source, setpoint with numeric values; {geo.provenance()}"
    if not reporter.check("ctl list reports the controls", listing):
        reporter.not_run(after("ctl list reports the controls")[:4], "no controls from `ctl list`")
    else:
        _interaction_checks(reporter, vm)
    _survival_checks(reporter, vm)
    reporter.check("panel unplug/replug", lambda: panel_hotplug(vm))
    reporter.check("invalid config at boot shows errors", lambda: checks_recovery.invalid_at_boot(vm))
    reporter.check("screen power on a real backlight", lambda: checks_backlight.screen_power(vm, broker))
    reporter.check("Home Assistant binding",
                   lambda: checks_ha.bound(vm, home_assistant, _guest_config(CONFIG, broker.port, vm.run_dir)))

    def fbdev():
        vm.run("systemctl stop thumbwheel; rm -f /var/lib/thumbwheel/state.json; "
               f"cp {checks_package.GUEST_DIR}/fbdev.toml /etc/thumbwheel/config.toml; systemctl start thumbwheel")
        wait_active(vm)
        _, maps = vm.run(f"ls -l /proc/{main_pid(vm)}/fd | grep -c /dev/fb0; ls -l /proc/{main_pid(vm)}/fd | grep -c /dev/dri")
        fb_open, dri_open = (int(x) for x in maps.split())
        require(fb_open >= 1 and dri_open == 0, f"service holds /dev/fb0 x{fb_open}, /dev/dri x{dri_open}")
        expected = render("render-fbdev.png", FBDEV_CONFIG)
        time.sleep(0.5)
        shot = pictures.read(vm.screendump("kiosk-fbdev.png"))
        diff = pictures.compare(expected, shot, TOLERANCE)
        require(diff.count == 0, f"fbdev screendump vs render: {diff}")
        return "config forcing /dev/fb0: service holds fb0 (no DRM), screendump equals render"
    reporter.check("fbdev path matches render", fbdev)
    reporter.check("calibrate writes the matrix", lambda: calibrate(vm))
    reporter.check("latency on virtio-gpu", lambda: checks_latency.measure(vm))
    reporter.check("package upgrade keeps config and values", lambda: checks_package.upgrade(vm, debs))
    reporter.check("package purge leaves nothing", lambda: checks_package.purge(vm))


def panel_hotplug(vm):
    """QEMU cannot pull a virtio-gpu output. The kernel can force the connector off and on through sysfs
    (its status really changes), but virtio-gpu does not poll connectors, so no hotplug uevent follows
    by itself: the check sends the DRM change uevent by hand (`echo change > .../card0/uevent`), as the
    kernel does with HOTPLUG=1 when a real cable is pulled."""
    _, paths = vm.run("ls -d /sys/class/drm/card0-*/status")
    paths = paths.split()
    require(len(paths) == 1, f"expected one connector of card0, found {paths}")
    status, event = paths[0], "/sys/class/drm/card0/uevent"
    pid = main_pid(vm)
    log = ServiceLog(vm)
    log.new()
    vm.run(f"echo off > {status} && echo change > {event}")
    log.wait(r"display: panel disconnected", 20)
    require(main_pid(vm) == pid, "the service restarted when the panel went away")
    vm.run(f"echo detect > {status} && echo change > {event}")
    log.wait(r"display: panel connected again", 20)
    time.sleep(1.0)
    require(main_pid(vm) == pid, "the service restarted when the panel came back")
    reply(vm, "screenshot", "/mnt/host/ctl-screenshot-replug.png", want_json=False)
    shot = pictures.read(vm.screendump("kiosk-after-panel-replug.png"))
    diff = pictures.compare(shot, pictures.read(os.path.join(vm.share, "ctl-screenshot-replug.png")), 0)
    require(diff.count == 0, f"after the panel came back, ctl screenshot vs screendump: {diff}")
    name = status.split("/")[-2]
    return (f"{name} forced off in sysfs + DRM change uevent: logged, same PID {pid}; back on: mode set again, "
            "screen equals the kiosk's picture")


# The panel misreports every touch by this affine map (screen pixels): x' = 0.9 x + 30, y' = 0.95 y + 12.
def _misreported(x, y):
    return 0.9 * x + 30, 0.95 * y + 12


def calibrate(vm):
    """`thumbwheel calibrate` on the real panel: each target is touched where a miscalibrated panel
    would report it; the matrix written into the config must map those reports back onto the targets."""
    vm.run("systemctl stop thumbwheel; rm -f /tmp/calibrate.log")
    vm.run(f"nohup {BINARY_IN_GUEST} calibrate --config /etc/thumbwheel/config.toml > /tmp/calibrate.log 2>&1 &")
    time.sleep(3)
    w, h = 800.0, 480.0
    targets = [(w * 0.1, h * 0.1), (w * 0.9, h * 0.1), (w * 0.9, h * 0.9), (w * 0.1, h * 0.9), (w / 2, h / 2)]
    for tx, ty in targets:
        vm.touch.tap(*_misreported(tx, ty))
        time.sleep(0.6)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        rc, _ = vm.run("pgrep -x thumbwheel >/dev/null")  # the service is stopped: only calibrate runs
        if rc != 0:
            break
        time.sleep(0.5)
    _, log = vm.run("cat /tmp/calibrate.log")
    _, line = vm.run("grep '^calibration = ' /etc/thumbwheel/config.toml")
    require(line.strip(), f"no calibration line in the config; calibrate said: {log.strip()[-300:]!r}")
    numbers = [float(v) for v in line.split("[", 1)[1].split("]", 1)[0].split(",")]
    require(len(numbers) == 6, f"calibration has {len(numbers)} numbers: {line.strip()!r}")
    a, b, c, d, e, f = numbers
    worst = 0.0
    for tx, ty in targets:
        rx, ry = _misreported(tx, ty)
        nx, ny = rx / w, ry / h
        worst = max(worst, abs((a * nx + b * ny + c) * w - tx), abs((d * nx + e * ny + f) * h - ty))
    require(worst < 3, f"the matrix {numbers} misses a target by {worst:.1f} px")
    return f"5 targets touched through a miscalibrated panel; matrix {[round(n, 3) for n in numbers]} maps them within {worst:.2f} px"


def _interaction_checks(reporter, vm):
    def drag():
        geo = geometry(vm)
        before = value(vm, "dial")
        shot0 = pictures.read(vm.screendump("dial-before.png"))
        vm.touch.drag(arc(geo.centre("dial"), geo.dial_handle(shot0), 45, 15))
        after = settle(vm, "dial")
        require(after > before, f"dial value {before} -> {after} after a 45 degree clockwise drag of its handle")
        shot1 = pictures.read(vm.screendump("dial-after.png"))
        diff = pictures.compare(shot0, shot1)
        require(diff.count > 0, "the screen did not change")
        require(inside(diff.box, frame_box(geo.frame("dial"), 4)),
                f"changes at {diff.box} outside the dial's frame {geo.frame('dial')}")
        return f"dial {before} -> {after}; screen changed only inside its frame ({diff.box}); {geo.provenance()}"
    reporter.check("drag on slider handle", drag)

    closed = {}

    def tap():
        geo = geometry(vm)
        closed["frame"] = geo.frame("source")
        closed["shot"] = pictures.read(vm.screendump("source-closed.png"))
        vm.touch.tap(*geo.centre("source"))
        time.sleep(1.5)
        now = geometry(vm)
        require(now.is_open("source") is not False, "`ctl list` says source is still closed after a tap on its centre")
        # The opening animation finished (it can outlast the 1.5 s on a busy host): the wheel's whole extent.
        diff = pictures.compare(closed["shot"], still_screen(vm, "source-open"))
        require(diff.count > 0 and not inside(diff.box, frame_box(closed["frame"], 0)),
                f"the wheel did not appear beyond the closed control (changes: {diff})")
        closed["wheel"] = diff.box
        return f"tap on centre opened the wheel; screen changed in {diff.box}; {geo.provenance()}"
    tap_ok = reporter.check("tap opens spinner", tap)

    def flick():
        require(tap_ok, "needs the open wheel from the tap check")
        geo = geometry(vm)
        before = value(vm, "source")
        cx, cy = geo.centre("source")
        wheel = closed["wheel"]  # the open wheel's extent, from the tap check's screendumps
        r = min(wheel[2] - wheel[0], wheel[3] - wheel[1]) / 2
        # The wheel's opening animation must have ended (on a busy host it can outlast the tap check).
        shot0 = still_screen(vm, "wheel-before")
        # The kiosk's own event stream tells whether the selection moved: after whole turns the wheel
        # may well come to rest on the item it started from (1 in 6 here), so the value alone cannot.
        vm.run(f"timeout 30 {BINARY_IN_GUEST} ctl 'watch' > /tmp/flick-watch.log 2>&1 &")
        time.sleep(0.5)
        # A fast tangential stroke on the right of the wheel: 0.8 r in 5 frames of 10 ms.
        vm.touch.drag([(cx + 0.7 * r, cy - 0.4 * r + 0.16 * r * i) for i in range(6)], step_delay=0.010)
        shot1 = still_screen(vm, "wheel-after")
        diff = pictures.compare(shot0, shot1)
        require(diff.count > 0, "the wheel did not turn after a flick")
        require(inside(diff.box, (wheel[0] - 4, wheel[1] - 4, wheel[2] + 4, wheel[3] + 4)),
                f"changes {diff} not inside the wheel {wheel}")
        # The selection is reported at the latest when the wheel closes (a tap on the centre, RVS-26).
        vm.touch.tap(cx, cy)
        time.sleep(1.5)
        after = settle(vm, "source")
        _, counted = vm.run("grep -c '\"event\":\"selected\"' /tmp/flick-watch.log")  # the watcher ends by its timeout
        steps = int((counted.split() or ["0"])[0])
        require(steps > 0, f"no selection change was reported during the flick (source {before} -> {after})")
        require(geometry(vm).is_open("source") is not True, "`ctl list` says the wheel is still open after a tap")
        gone = pictures.compare(closed["shot"], pictures.read(vm.screendump("source-closed-again.png")))
        require(gone.count == 0 or inside(gone.box, frame_box(closed["frame"], 2)),
                f"after a tap on the centre the wheel is still on screen: {gone}")
        return f"flick turned the wheel through {steps} selection steps (coasted to rest); source {before} -> {after}; a tap closed it"
    reporter.check("flick spins spinner", flick)

    def number_pad():
        geo = geometry(vm)
        # The wheel of the flick check may still be closing on a busy host: start from a still screen.
        shot0 = still_screen(vm, "setpoint-before")
        vm.touch.tap(*geo.thumb("setpoint", value(vm, "setpoint")))
        time.sleep(1.5)
        opened = geometry(vm)
        require(opened.is_open("setpoint") is not False, "`ctl list` says the pad is closed after a thumb tap")
        keys = opened.pad_keys("setpoint", pictures.read(vm.screendump("setpoint-pad.png")))
        # The pad opens showing the current value (NP-38): clear it, then type.
        for key in ("C", "4", "2", "\u2713"):
            vm.touch.tap(*keys[key])
            time.sleep(0.6)
        time.sleep(1.0)
        got = value(vm, "setpoint")
        require(got == 42, f"setpoint is {got} after typing C 4 2 \u2713 ({opened.provenance()})")
        diff = pictures.compare(shot0, still_screen(vm, "setpoint-after"))
        require(diff.count > 0 and inside(diff.box, frame_box(geo.frame("setpoint"), 40)),
                f"after the pad closed, changes {diff} are not at the slider {geo.frame('setpoint')}")
        return f"thumb tap opened the pad; C 4 2 \u2713 set 42; the pad closed, the thumb moved; {opened.provenance()}"
    reporter.check("number-pad entry", number_pad)


def _survival_checks(reporter, vm):
    def turn_dial(why):
        """Moves the dial 20 degrees by touch; returns (old, new) once the kiosk reports the new value."""
        geo = geometry(vm)
        start = value(vm, "dial")
        handle = geo.dial_handle(pictures.read(vm.screendump(f"dial-before-{why.replace(' ', '-')}.png")))
        vm.touch.drag(arc(geo.centre("dial"), handle, 20, 8))
        changed = settle(vm, "dial", quiet=0.4)
        require(changed != start, f"the drag before the {why} did not change the dial ({start})")
        return start, changed

    def flip_pump():
        """Taps the toggle at the point `ctl list` reports; returns once it reads 1."""
        vm.touch.tap(*geometry(vm).switch("pump"))
        deadline = time.monotonic() + 10
        while value(vm, "pump") != 1:
            require(time.monotonic() < deadline, "a tap on the pump toggle did not switch it on")
            time.sleep(0.3)

    def sigkill():
        flip_pump()
        start, changed = turn_dial("SIGKILL")
        before = values(vm)
        require(before.get("pump") == 1, f"the pump toggle is not on before the kill: {before}")
        pid = main_pid(vm)
        vm.run("systemctl kill -s SIGKILL thumbwheel")
        deadline = time.monotonic() + 120
        while main_pid(vm) in (0, pid):
            require(time.monotonic() < deadline, "no new main process after SIGKILL")
            time.sleep(0.5)
        wait_active(vm)
        after = values(vm)
        require(after == before, f"values before SIGKILL {before}, after restart {after}")
        rc, _ = vm.run("grep -q . /var/lib/thumbwheel/state.json")
        require(rc == 0, "no /var/lib/thumbwheel/state.json")
        return (f"pump toggled on and dial {start} -> {changed} by touch; SIGKILL; restarted by systemd "
                f"(PID {pid} -> {main_pid(vm)}), values {after} kept")
    reporter.check("values survive SIGKILL", sigkill)

    def power_cut():
        # Change a value by touch and cut the power as soon as the kiosk reports it: well inside ext4's
        # 5 s commit interval, so only a write + fsync on release can have put it on the disk.
        start, changed = turn_dial("power cut")
        before = values(vm)
        vm.power_cut(BOOT_TIMEOUT)
        wait_active(vm)
        after = values(vm)
        require(after == before, f"values before the power cut {before}, after {after}")
        return f"dial {start} -> {changed} by touch, QMP system_reset at once: values {after} kept"
    reporter.check("values survive power cut", power_cut)

    def reboot():
        # A clean reboot right after a change: systemd's SIGTERM must make the kiosk save and exit.
        start, changed = turn_dial("reboot")
        before = values(vm)
        vm.reboot(BOOT_TIMEOUT)
        wait_active(vm)
        after = values(vm)
        require(after == before, f"values before reboot {before}, after {after}")
        return f"dial {start} -> {changed} by touch, then systemctl reboot: values {after} kept"
    reporter.check("values survive reboot", reboot)

    def hotplug():
        geo = geometry(vm)
        pid = main_pid(vm)
        path = arc(geo.centre("dial"), geo.dial_handle(pictures.read(vm.screendump("dial-before-unplug.png"))), 30, 10)
        vm.touch.press(*path[0])
        for p in path[1:4]:
            time.sleep(0.016)
            vm.touch.move(*p)
        require(vm.unplug_touch(60), "QEMU never reported DEVICE_DELETED for the touch device")
        time.sleep(1.0)
        require(main_pid(vm) == pid, "the service died when the touch device went away")
        vm.plug_touch()
        time.sleep(3.0)
        geo = geometry(vm)
        before = value(vm, "dial")
        vm.touch.drag(arc(geo.centre("dial"), geo.dial_handle(pictures.read(vm.screendump("dial-after-replug.png"))), 30, 10))
        after = settle(vm, "dial")
        require(main_pid(vm) == pid, "the service restarted around the replug")
        require(after != before, f"no touch taken after replug: dial stayed {before}")
        return f"unplugged mid-drag, same PID {pid}; after replug a drag moved the dial {before} -> {after}"
    reporter.check("unplug/replug mid-drag", hotplug)
