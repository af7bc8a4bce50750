"""Layer 1: the harness itself, proven with the stand-in kiosk (probe.c) installed by scripts/install
as /usr/local/bin/thumbwheel and started by the real systemd/thumbwheel.service.

What a PASS here proves: the guest kernel, initramfs and systemd root boot; the unit's hardening and
the udev rules let the unprivileged service open the display and the touch device; QMP screendumps
return the scanned-out pixels exactly; QMP input-send-event produces real evdev multitouch frames;
device_del/device_add, SIGKILL restarts, reboots and the fbdev path all work in this guest.
"""

import os
import re
import subprocess
import time

import guest as G
import pattern
import pictures
from report import CheckFailed, require

NAMES = ["stand-in builds", "guest boots", "unit file verifies", "unit ready", "service unprivileged and hardened",
         "device nodes for groups video/input", "screendump pixel-exact", "tap reaches evdev",
         "drag frames in order", "touch drawn where injected", "unplug/replug mid-drag",
         "SIGKILL restarts service", "reboot", "fbdev path"]

BOOT_TIMEOUT = 240   # seconds; ~12 s on an idle host, over a minute with five compilers beside it
READY_TIMEOUT = 180


class ServiceLog:
    """Reads the service's journal lines in order; `new()` returns the lines since the last call."""

    def __init__(self, vm):
        self.vm, self.seen = vm, 0

    def lines(self):
        _, out = self.vm.run("journalctl -b -u thumbwheel -o cat --no-pager")
        return out.splitlines()

    def new(self):
        lines = self.lines()
        fresh, self.seen = lines[self.seen:], len(lines)
        return fresh

    def wait(self, regex, timeout):
        """Waits for a new line matching regex; returns all new lines up to and including it."""
        deadline, collected = time.monotonic() + timeout, []
        while True:
            collected += self.new()
            if any(re.search(regex, line) for line in collected):
                return collected
            if time.monotonic() > deadline:
                # The first lines say what happened instead, the last where it ended.
                raise CheckFailed(f"no log line matching /{regex}/ within {timeout} s; "
                                  f"first: {collected[:4]}, last: {collected[-3:]}")
            time.sleep(0.3)


def program_log(vm):
    """The service's own journal lines of this boot, without systemd's lines about the unit."""
    _, out = vm.run("journalctl -b -u thumbwheel -o cat --no-pager")
    ours = [line for line in out.splitlines()
            if not re.match(r"(thumbwheel\.service: |Started |Starting |Stopped |Stopping |Failed to start )", line)]
    return list(dict.fromkeys(ours)) or ["(nothing)"]  # a restart loop repeats the same words


def main_pid(vm):
    _, out = vm.run("systemctl show -p MainPID --value thumbwheel")
    return int(out.strip() or 0)


def wait_active(vm, timeout=READY_TIMEOUT):
    # "failed" is final (the start limit was hit): stop waiting then rather than at the timeout.
    ok, state = vm.wait_for("s=$(systemctl is-active thumbwheel); echo $s; [ $s = active ] || "
                            "{ [ $s = failed ] && exit 0; exit 1; }", timeout)
    state = state.strip()
    if not ok or state != "active":
        raise CheckFailed(f"thumbwheel.service is '{state}' (waited up to {timeout} s); "
                          f"the program's last words: {program_log(vm)[-3:]!r}")
    return state


def expect_pattern(vm, name):
    shot = pictures.read(vm.screendump(name))
    diff = pictures.compare(shot, pattern.pattern_image(G.SCREEN_WIDTH, G.SCREEN_HEIGHT))
    require(diff.count == 0, f"screendump {name} differs from the test pattern: {diff}")
    return shot


def axis(value, size):
    """The device coordinate QEMU delivers for a screen pixel (the Touchscreen's scaling)."""
    return max(0, min(32767, round(value * 32767 / (size - 1))))


def run(reporter, run_dir):
    """Runs every layer-1 check; returns True when the guest was usable."""
    os.makedirs(run_dir, exist_ok=True)
    probe = os.path.join(run_dir, "tw-probe")

    def build_probe():
        subprocess.run(["gcc", "-static", "-O2", "-Wall", "-I/usr/include/libdrm", "-o", probe,
                        os.path.join(G.HERE, "probe.c")], check=True, capture_output=True, text=True)
        return "gcc -static scripts/vm/probe.c"
    if not reporter.check("stand-in builds", build_probe):
        reporter.not_run(NAMES[1:], "the stand-in did not build")
        return False

    fixtures = os.path.join(G.HERE, "fixtures")
    started = time.monotonic()
    image = G.build_image(run_dir, probe, os.path.join(fixtures, "probe-drm.toml"),
                          extra_files=[(os.path.join(fixtures, "probe-fbdev.toml"), "/etc/thumbwheel/fbdev.toml", "0644")])
    reporter.note(f"guest image with the stand-in built in {time.monotonic() - started:.1f} s")
    vm = G.Guest(run_dir, image)
    vm.start()
    try:
        return _checks(reporter, vm)
    finally:
        vm.stop()


def _checks(reporter, vm):
    log = ServiceLog(vm)
    width, height = G.SCREEN_WIDTH, G.SCREEN_HEIGHT
    t0 = time.monotonic()

    def boots():
        boot = vm.wait_boot(BOOT_TIMEOUT)
        return f"agent up after {time.monotonic() - t0:.1f} s (boot {boot[:8]})"
    if not reporter.check("guest boots", boots):
        reporter.note("serial log tail:\n" + vm.serial_tail())
        reporter.not_run(NAMES[2:], "the guest did not boot")
        return False

    def verify():
        rc, out = vm.run("systemd-analyze verify /etc/systemd/system/thumbwheel.service 2>&1")
        complaints = [line for line in out.splitlines() if "thumbwheel" in line]
        require(rc == 0 and not complaints, f"systemd-analyze verify: {out.strip()[:400]!r}")
        return "systemd-analyze verify reports nothing about thumbwheel.service"
    reporter.check("unit file verifies", verify)

    def ready():
        wait_active(vm)
        log.wait(r"TW-PROBE ready", 10)
        return f"active (READY=1) {time.monotonic() - t0:.1f} s after power-on"
    if not reporter.check("unit ready", ready):
        reporter.not_run(NAMES[4:], "the service never became ready")
        return True

    def unprivileged():
        pid = main_pid(vm)
        _, status = vm.run(f"grep -E '^(Uid|Groups|NoNewPrivs):' /proc/{pid}/status; id -u thumbwheel; "
                           "getent group video input | cut -d: -f3; systemctl show -p ProtectSystem,ProtectHome,"
                           "PrivateTmp,DevicePolicy,NoNewPrivileges thumbwheel")
        lines = status.split("\n")
        uid_line = next(line for line in lines if line.startswith("Uid:"))
        groups_line = next(line for line in lines if line.startswith("Groups:"))
        uid = lines[3].strip()
        video, input_ = lines[4].strip(), lines[5].strip()
        require(uid_line.split()[1] == uid, f"runs as uid {uid_line.split()[1]}, not thumbwheel ({uid})")
        require({video, input_} <= set(groups_line.split()[1:]), f"groups {groups_line} lack video/input")
        for want in ("NoNewPrivs:\t1", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes",
                     "DevicePolicy=closed", "NoNewPrivileges=yes"):
            require(want in status, f"missing {want!r} in {status!r}")
        return f"uid {uid}, groups video+input, NoNewPrivs, ProtectSystem=strict, DevicePolicy=closed"
    reporter.check("service unprivileged and hardened", unprivileged)

    def nodes():
        _, out = vm.run("stat -c '%n %G %a' /dev/dri/card0 /dev/fb0; for e in /sys/class/input/event*; do "
                        "grep -q MultiTouch $e/device/name && stat -c '%n %G %a' /dev/input/${e##*/}; done")
        found = dict((line.split()[0], line.split()[1:]) for line in out.strip().splitlines())
        require(found.get("/dev/dri/card0") == ["video", "660"], f"card0: {found.get('/dev/dri/card0')}")
        require(found.get("/dev/fb0") == ["video", "660"], f"fb0: {found.get('/dev/fb0')}")
        touch = [k for k in found if k.startswith("/dev/input/")]
        require(touch and found[touch[0]] == ["input", "660"], f"touch node: {out!r}")
        return f"card0, fb0 video 0660; {touch[0]} input 0660"
    reporter.check("device nodes for groups video/input", nodes)

    def exact():
        expect_pattern(vm, "infra-ready.png")
        return f"{width}x{height} screendump equals the pattern drawn through DRM (tolerance 0)"
    reporter.check("screendump pixel-exact", exact)

    tap_at = (400, 240)

    def tap():
        log.new()
        vm.touch.tap(*tap_at)
        x, y = axis(tap_at[0], width), axis(tap_at[1], height)
        lines = log.wait(r"id=-1 .* touch=0", 20)
        down = [line for line in lines if re.search(rf"slot=0 id=(\d+) x={x} y={y} touch=1", line)]
        require(down, f"no press frame at x={x} y={y}: {lines}")
        return f"press frame slot 0 at ({x},{y}) then release (tracking id -1, BTN_TOUCH 0)"
    tap_ok = reporter.check("tap reaches evdev", tap)

    def drawn():
        require(tap_ok, "depends on the tap")
        time.sleep(0.5)
        shot = pictures.read(vm.screendump("infra-tap.png"))
        diff = pictures.compare(shot, pattern.pattern_image(width, height))
        require(diff.count > 0, "the screen did not change after the tap")
        x0, y0, x1, y1 = diff.box
        require(x0 <= tap_at[0] < x1 and y0 <= tap_at[1] < y1 and x1 - x0 <= 9 and y1 - y0 <= 9,
                f"changed area {diff.box} is not the 9x9 square at {tap_at}")
        return f"only the 9x9 square around {tap_at} changed: {diff}"
    reporter.check("touch drawn where injected", drawn)

    def drag():
        log.new()
        points = [(100 + 40 * i, 300 - 10 * i) for i in range(12)]
        vm.touch.drag(points)
        lines = log.wait(r"id=-1 .* touch=0", 20)
        xs = [int(m.group(1)) for m in (re.search(r"slot=0 id=\d+ x=(\d+) .*touch=1", line) for line in lines) if m]
        want = [axis(p[0], width) for p in points]
        require(xs == want, f"frames x {xs} != injected {want}")
        return f"{len(xs)} frames, positions exactly as injected"
    reporter.check("drag frames in order", drag)

    def hotplug():
        pid = main_pid(vm)
        log.new()
        vm.touch.press(200, 200)
        for i in range(3):
            vm.touch.move(210 + 10 * i, 200)
        require(vm.unplug_touch(60), "QEMU never reported DEVICE_DELETED for the touch device")
        log.wait(r"TW-PROBE input gone", 20)
        vm.plug_touch()
        log.wait(r"TW-PROBE input found", 30)
        require(main_pid(vm) == pid, "the service restarted during the unplug")
        vm.touch.tap(300, 300)
        log.wait(rf"x={axis(300, width)} y={axis(300, height)} touch=1", 20)
        return "device_del mid-drag -> input gone; device_add -> found again, same PID, taps arrive"
    reporter.check("unplug/replug mid-drag", hotplug)

    def sigkill():
        pid = main_pid(vm)
        _, before = vm.run("systemctl show -p NRestarts --value thumbwheel")
        vm.run("systemctl kill -s SIGKILL thumbwheel")
        deadline = time.monotonic() + READY_TIMEOUT
        while main_pid(vm) in (0, pid):
            require(time.monotonic() < deadline, "no new main process after SIGKILL")
            time.sleep(0.5)
        wait_active(vm)
        _, after = vm.run("systemctl show -p NRestarts --value thumbwheel")
        require(int(after) == int(before) + 1, f"NRestarts {before.strip()} -> {after.strip()}")
        expect_pattern(vm, "infra-restarted.png")
        return f"PID {pid} killed, systemd restarted it as PID {main_pid(vm)} (Restart=on-failure)"
    reporter.check("SIGKILL restarts service", sigkill)

    def reboot():
        old = vm.agent.boot_id
        new = vm.reboot(BOOT_TIMEOUT)
        require(new != old, "same boot id after reboot")
        wait_active(vm)
        log.seen = 0
        expect_pattern(vm, "infra-rebooted.png")
        return "systemctl reboot -> new boot, service active again, picture back"
    reporter.check("reboot", reboot)

    def fbdev():
        vm.run("cp /etc/thumbwheel/fbdev.toml /etc/thumbwheel/config.toml && systemctl restart thumbwheel")
        wait_active(vm)
        log.wait(r"TW-PROBE fbdev .* vt=graphics", 20)
        time.sleep(0.5)
        expect_pattern(vm, "infra-fbdev.png")
        return "config naming /dev/fb0 -> pattern through fbdev, screendump exact"
    reporter.check("fbdev path", fbdev)
    return True
