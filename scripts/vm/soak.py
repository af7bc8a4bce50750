"""scripts/vm-soak: the soak test on the real kernel. Thumbwheel is installed from its Debian package in the
QEMU guest of scripts/vm-test (TCG, virtio-gpu, virtio-multitouch behind a hot-plug port) and, for MINUTES
minutes, interleaved in one loop:
  - random touches through QMP: taps and drags anywhere on the panel (~2 a second);
  - `thumbwheel ctl set` of random values on every control (and `set-var`), each acknowledged value
    remembered; now and then a `ctl watch` subscriber that is killed after a few seconds;
  - the touch device unplugged (device_del; sometimes in the middle of a drag) every 20-40 s and plugged
    in again 1-4 s later; after each replug a tap on the pump toggle must switch it (touches arrive);
  - the panel forced off (sysfs connector status + the DRM change uevent) every 30-60 s for 2-6 s;
  - a SIGHUP reload (`systemctl reload`) every 30-60 s, every third one with a broken config that must
    be refused while the running one goes on;
  - every ~10 s, in the guest: the kiosk's PID, VmRSS, open fds and CPU ticks from /proc.
The warm-up first does each kind of action once, in a fixed order (the wheel opened and closed, the number
pad opened, the second screen, a set of every control, a subscriber, two good reloads and a broken one, a
touch unplug and replug, a panel off and on, a `ctl screenshot`): each first time allocates what the kiosk keeps for good (a
glyph cache, a reload's new tables, a repaint after the panel returns), and in a short run those first
times otherwise fall inside the measured window and read as growth. The random load then runs for WARMUP
seconds (default 60); RSS is judged on the samples after it.
At the end (load stopped): the PID never changed (no restart); a tap still arrives; every control is set
once more and reads back what the set acknowledged; after a last panel off/on the screendump equals
`ctl screenshot`; after `systemctl restart` every value is still the last acknowledged one. Fails
(exit 1) on any of those, on any step that did not do what it should, when RSS grew by more than 2 MiB
from the first to the last quarter of the samples of the load (after the warm-up, up to the load's end), or when open fds end above the start + 4.
Writes DIR/samples.csv and DIR/report.md, and prints the summary.
"""

import argparse
import os
import random
import subprocess
import sys
import time

import checks_package
import guest as G
import pictures
import soak_guest
import soak_report
from checks_infra import BOOT_TIMEOUT, wait_active
from geometry import Geometry
from kiosk_ctl import controls, reply, still_screen
from report import CheckFailed, require

FIXTURE = os.path.join(G.HERE, "fixtures", "kiosk.toml")
LABEL = 'text = "Outside {outdoor:.1} °C"'
# Every control of the fixture that takes `set`, with the values it may be given (from the fixture).
SETTABLE = {"dial": (0, 100), "setpoint": (0, 100), "source": (0, 5), "pump": (0, 1)}
WHOLE = {"source", "pump"}
RSS_GROWTH_LIMIT_KIB = 2048
FD_GROWTH_LIMIT = 4


def guest_config(variant, broken=False):
    """The fixture as the guest runs it (icons from the test folder), its label changed by `variant` so a
    reload really changes something; `broken` adds a located error (a screen id that is not a string)."""
    with open(FIXTURE) as f:
        text = f.read().replace('icon = "icons/', f'icon = "{checks_package.GUEST_DIR}/icons/')
    require(LABEL in text, f"the fixture has no {LABEL!r} to vary")
    text = text.replace(LABEL, LABEL[:-1] + (f' ({variant})"' if variant else '"'))
    return text + ("\n[[screens]]\nid = 42\n" if broken else "")


class Soak:
    def __init__(self, vm, seconds, seed, warmup):
        self.vm, self.seconds, self.warmup = vm, seconds, warmup
        self.random = random.Random(seed)
        self.acked = {}           # control id -> the value the last acknowledged `ctl set` gave it
        self.samples = []         # (seconds, rss KiB, fds, cpu seconds, frames)
        self.problems = []
        self.counts = dict.fromkeys(["taps", "drags", "sets", "set-vars", "subscribers", "touch unplugs",
                                     "of them mid-drag", "touch checks after replug", "panel off/on",
                                     "reloads", "refused reloads"], 0)
        self.unplugged_until = None   # when the touch device goes back in (None: it is in)
        self.panel_on_at = None       # when the panel goes back on (None: it is on)
        self.variant = 0              # the config variant the kiosk runs

    # --- setup -------------------------------------------------------------------------------------
    def start(self):
        vm = self.vm
        vm.wait_boot(BOOT_TIMEOUT)
        self.share("good-0.toml", guest_config(0))
        checks_package.install(vm, "/mnt/host/good-0.toml")
        wait_active(vm)
        time.sleep(1.0)
        listed = controls(vm)
        self.pump = Geometry(listed, FIXTURE).switch("pump")
        self.status = soak_guest.connector_status(vm)
        first = soak_guest.sample(vm)
        self.pid = first["pid"]
        self.journal_cursor = soak_guest.cursor(vm)
        self.started = time.monotonic()
        self.record(first)

    def share(self, name, text):
        with open(os.path.join(self.vm.share, name), "w") as f:
            f.write(text)

    def problem(self, text):
        stamp = f"[{(time.monotonic() - self.started) / 60:.1f} min] " if hasattr(self, "started") else ""
        print(f"PROBLEM {stamp}{text}", flush=True)
        self.problems.append(stamp + text)

    def record(self, s):
        if s["pid"] != self.pid:
            self.problem(f"the kiosk's PID changed from {self.pid} to {s['pid']} (a restart)")
            self.pid = s["pid"]
        self.samples.append((time.monotonic() - self.started, s["rss"], s["fds"], s["cpu"], s["frames"]))
        if len(self.samples) % 6 == 1:
            print(f"{self.samples[-1][0] / 60:5.1f} min  RSS {s['rss'] / 1024:.1f} MiB  fds {s['fds']}  "
                  f"frames {s['frames']}  {self.counts}", flush=True)

    # --- the load ----------------------------------------------------------------------------------
    def touch(self):
        if self.unplugged_until is not None:
            return
        r, t = self.random, self.vm.touch
        if r.random() < 0.6:
            t.tap(r.uniform(0, G.SCREEN_WIDTH - 1), r.uniform(0, G.SCREEN_HEIGHT - 1), hold=r.uniform(0.03, 0.2))
            self.counts["taps"] += 1
        else:
            t.drag(self.random_path(r.randint(4, 16)))
            self.counts["drags"] += 1

    def random_path(self, steps):
        r = self.random
        x0, y0 = r.uniform(0, G.SCREEN_WIDTH - 1), r.uniform(0, G.SCREEN_HEIGHT - 1)
        x1, y1 = r.uniform(0, G.SCREEN_WIDTH - 1), r.uniform(0, G.SCREEN_HEIGHT - 1)
        return [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps) for i in range(steps + 1)]

    def set_value(self, cid=None):
        r = self.random
        if cid is None and r.random() < 0.15:
            reply(self.vm, "set-var", "outdoor", f"{r.uniform(-20, 40):.1f}")
            self.counts["set-vars"] += 1
            return
        cid = cid or r.choice(sorted(SETTABLE))
        low, high = SETTABLE[cid]
        value = r.randint(low, high) if cid in WHOLE else round(r.uniform(low, high), 1)
        answer = reply(self.vm, "set", cid, str(value))
        require(isinstance(answer, dict) and isinstance(answer.get("value"), (int, float)),
                f"`ctl set {cid} {value}` acknowledged nothing: {answer!r:.200}")
        self.acked[cid] = answer["value"]
        self.counts["sets"] += 1
        if r.random() < 0.1:
            soak_guest.churn_client(self.vm, r.randint(1, 6))
            self.counts["subscribers"] += 1

    def unplug(self):
        """Unplugs the touch device, in the middle of a drag two times in five."""
        vm, r = self.vm, self.random
        if r.random() < 0.4:
            path = self.random_path(12)
            vm.touch.press(*path[0])
            for p in path[1:r.randint(2, 8)]:
                time.sleep(0.016)
                vm.touch.move(*p)
            self.counts["of them mid-drag"] += 1
        gone = vm.unplug_touch(60)
        vm.touch.forget()
        require(gone, "QEMU never reported DEVICE_DELETED for the touch device")
        self.counts["touch unplugs"] += 1
        self.unplugged_until = time.monotonic() + r.uniform(1, 4)

    def replug(self):
        self.vm.plug_touch()
        self.unplugged_until = None
        soak_guest.touch_node_present(self.vm)
        taps = self.touch_arrives()
        self.counts["touch checks after replug"] += 1
        return f"a tap switched the pump ({taps} tap(s))"

    def touch_arrives(self, attempts=3):
        """Shows the main screen (closing any open wheel or pad) and taps the pump toggle until it
        switches: proof that the (replugged) device's touches reach the kiosk."""
        vm = self.vm
        for attempt in range(attempts):
            reply(vm, "screen", "main")
            before = reply(vm, "get", "pump").get("value")
            time.sleep(1.0 if attempt == 0 else 2.0)  # the kiosk's inotify watch opens the new node
            vm.touch.tap(*self.pump)
            # Polls `ctl get pump` (up to 10 s) until it reports a value other than `before`.
            rc, _ = vm.run(f"for i in $(seq 40); do v=$({soak_guest.CTL} get pump); case \"$v\" in "
                           f"*'\"value\":{before}}}'*|*'\"value\":{before},'*) ;; *'\"value\":'*) exit 0;; esac; "
                           "sleep 0.25; done; exit 1")
            if rc == 0:
                return attempt + 1
        raise CheckFailed(f"{attempts} taps on the pump toggle after the replug did not switch it")

    def panel_off(self):
        soak_guest.panel(self.vm, self.status, on=False)
        self.panel_on_at = time.monotonic() + self.random.uniform(2, 6)

    def panel_on(self):
        soak_guest.panel(self.vm, self.status, on=True)
        self.panel_on_at = None
        self.counts["panel off/on"] += 1
        return "the kiosk logged the panel back"

    def reload(self):
        n = self.counts["reloads"] + self.counts["refused reloads"] + 1
        if n % 3 == 0:
            self.share("broken.toml", guest_config(n, broken=True))
            soak_guest.reload(self.vm, "broken.toml", broken=True, restore_name=f"good-{self.variant}.toml")
            self.counts["refused reloads"] += 1
        else:
            self.share(f"good-{n}.toml", guest_config(n))
            soak_guest.reload(self.vm, f"good-{n}.toml", broken=False, restore_name=None)
            self.variant = n
            self.counts["reloads"] += 1

    def first_of_each(self):
        """Each kind of action once, in a fixed order, before the random warm-up (see the module's text)."""
        vm = self.vm
        geo = Geometry(controls(vm), FIXTURE)
        centre = geo.centre("source")
        vm.touch.tap(*centre)  # opens the wheel
        time.sleep(0.8)
        vm.touch.tap(*centre)  # closes it
        time.sleep(0.8)
        vm.touch.tap(*geo.thumb("setpoint", reply(vm, "get", "setpoint").get("value", 0)))  # opens the pad
        time.sleep(0.8)
        reply(vm, "screen", "second")
        time.sleep(0.5)
        reply(vm, "screen", "main")
        for cid in sorted(SETTABLE):
            self.set_value(cid)
        soak_guest.churn_client(vm, 1)
        self.counts["subscribers"] += 1
        for _ in range(3):  # good, good, broken (every third reload is broken)
            self.reload()
        self.unplug()
        time.sleep(1.0)
        self.replug()
        self.panel_off()
        time.sleep(2.0)
        self.panel_on()
        reply(vm, "screenshot", "/mnt/host/ctl-screenshot-warm-up.png", want_json=False)  # as the final checks do
        self.record(soak_guest.sample(vm))

    def run(self):
        """The interleaved load until the time is up: each action runs when due, then schedules its next."""
        self.first_of_each()
        self.measured_from = time.monotonic() - self.started + self.warmup
        r, now = self.random, time.monotonic()
        due = {"touch": now, "set": now + 1, "sample": now + 10, "unplug": now + r.uniform(20, 40),
               "panel": now + r.uniform(30, 60), "reload": now + r.uniform(30, 60)}
        end = self.started + self.measured_from + self.seconds
        while True:
            now = time.monotonic()
            if self.unplugged_until is not None:
                due["unplug"] = self.unplugged_until
            if self.panel_on_at is not None:
                due["panel"] = self.panel_on_at
            name = min(due, key=due.get)
            if due[name] > end:
                # The load's last sample: RSS is judged up to here (the final checks' own steps after it
                # are checked for what they do, not for the memory they take once).
                self.record(soak_guest.sample(self.vm))
                self.load_ended = time.monotonic() - self.started
                break
            if due[name] > now:
                time.sleep(due[name] - now)
            try:
                self.act(name, due)
            except (CheckFailed, G.GuestError) as failure:
                self.problem(f"{name}: {failure}")
                if isinstance(failure, G.GuestError) and "channel closed" in str(failure):
                    raise
            except Exception as error:  # noqa: BLE001 - a QMP error is a problem of the run, not a crash of the soak
                self.problem(f"{name}: {type(error).__name__}: {error}")

    def act(self, name, due):
        r, now = self.random, time.monotonic()
        if name == "touch":
            due[name] = now + r.uniform(0.2, 0.6)
            self.touch()
        elif name == "set":
            due[name] = now + r.uniform(1.5, 3.0)
            self.set_value()
        elif name == "sample":
            due[name] = now + 10
            self.record(soak_guest.sample(self.vm))
        elif name == "unplug":
            due[name] = now + r.uniform(20, 40)
            self.replug() if self.unplugged_until is not None else self.unplug()
        elif name == "panel":
            due[name] = now + r.uniform(30, 60)
            self.panel_on() if self.panel_on_at is not None else self.panel_off()
        elif name == "reload":
            due[name] = now + r.uniform(30, 60)
            self.reload()

    # --- the end -----------------------------------------------------------------------------------
    def step(self, what, function):
        try:
            result = function()
            print(f"final: {what}: {result}", flush=True)
            return result
        except Exception as error:  # noqa: BLE001 - every failed final step is a problem with its reason
            kind = "" if isinstance(error, CheckFailed) else f"{type(error).__name__}: "
            self.problem(f"final {what}: {kind}{error}")

    def finish(self):
        vm = self.vm
        if self.unplugged_until is not None:
            self.step("replug", self.replug)
        if self.panel_on_at is not None:
            self.step("panel on", self.panel_on)
        self.step("a tap after the last replug switches the pump", lambda: f"{self.touch_arrives()} tap(s)")
        self.step("every control set once more", lambda: [self.set_value(cid) for cid in sorted(SETTABLE)] and self.acked)
        self.step("values read back as acknowledged", self.values_as_acked)
        self.step("screendump equals ctl screenshot after the last panel replug", self.screen_after_panel)
        time.sleep(1.0)
        self.step("last sample", lambda: self.record(soak_guest.sample(vm)) or self.samples[-1])
        self.step("journal", lambda: self.journal_counts())
        self.step("values after systemctl restart", self.values_after_restart)

    def values_as_acked(self):
        got = {cid: reply(self.vm, "get", cid).get("value") for cid in self.acked}
        require(got == self.acked, f"acknowledged {self.acked}, `ctl get` says {got}")
        return got

    def screen_after_panel(self):
        vm = self.vm
        still_screen(vm, "before-last-panel-cycle")
        self.panel_off()
        time.sleep(1.0)
        self.panel_on()
        still_screen(vm, "after-last-panel-cycle")
        reply(vm, "screenshot", "/mnt/host/ctl-screenshot-final.png", want_json=False)
        shot = pictures.read(vm.screendump("screendump-final.png"))
        diff = pictures.compare(shot, pictures.read(os.path.join(vm.share, "ctl-screenshot-final.png")), 0)
        require(diff.count == 0, f"ctl screenshot vs screendump: {diff}")
        return "identical"

    def journal_counts(self):
        seen = soak_guest.counts(self.vm, self.journal_cursor)
        self.seen = seen
        expected = {"panel off seen": self.counts["panel off/on"], "panel on seen": self.counts["panel off/on"],
                    "reloads loaded": self.counts["reloads"], "reloads refused": self.counts["refused reloads"],
                    "touch device lost": self.counts["touch unplugs"]}
        wrong = {k: (seen.get(k), v) for k, v in expected.items() if seen.get(k) != v}
        require(not wrong, f"journal count vs caused (name: (logged, caused)): {wrong}")
        return seen

    def values_after_restart(self):
        vm = self.vm
        vm.run("systemctl restart thumbwheel")
        wait_active(vm)
        got = {cid: reply(vm, "get", cid).get("value") for cid in self.acked}
        require(got == self.acked, f"acknowledged {self.acked}, after the restart {got}")
        return got

    def verdict(self):
        """RSS over the samples after the warm-up, fds from before the load to the end (the PID and the
        values were judged as they were read)."""
        until = getattr(self, "load_ended", float("inf"))
        s = [x for x in self.samples if getattr(self, "measured_from", self.warmup) <= x[0] <= until] or self.samples
        quarter = max(1, len(s) // 4)
        first = sum(x[1] for x in s[:quarter]) / quarter
        last = sum(x[1] for x in s[-quarter:]) / quarter
        if last - first > RSS_GROWTH_LIMIT_KIB:
            self.problem(f"RSS grew from {first / 1024:.2f} MiB (first quarter) to {last / 1024:.2f} MiB (last)")
        start, end = self.samples[0][2], self.samples[-1][2]
        if end > start + FD_GROWTH_LIMIT:
            self.problem(f"open fds {start} at start, {end} at the end")
        return first, last


def release_binary(given):
    if given:
        return os.path.abspath(given)
    done = subprocess.run([os.path.join(G.REPO, "scripts", "build-release"), "--static", "--portable"],
                          cwd=G.REPO, capture_output=True, text=True)
    require(done.returncode == 0, f"scripts/build-release failed: {(done.stdout + done.stderr)[-400:]!r}")
    return os.path.join(G.REPO, done.stdout.strip().splitlines()[-1])


def image(run_dir, binary):
    """The guest disk: the cached root + agent, the Debian package of `binary` and the fixture's icons."""
    done = subprocess.run([os.path.join(G.REPO, "scripts", "package"), "--binary", binary, "--out",
                           os.path.join(run_dir, "deb")], capture_output=True, text=True)
    require(done.returncode == 0, f"scripts/package failed: {done.stderr.strip()[-400:]!r}")
    deb = done.stdout.strip().splitlines()[-1]
    files = [(deb, f"{checks_package.GUEST_DIR}/install/{os.path.basename(deb)}", "0644")]
    icons = os.path.join(G.HERE, "fixtures", "icons")
    files += [(os.path.join(icons, i), f"{checks_package.GUEST_DIR}/icons/{i}", "0644") for i in sorted(os.listdir(icons))]
    return G.build_image(run_dir, binary, FIXTURE, extra_files=files, with_install=False), deb


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--out", default=os.path.join(G.REPO, ".vm-soak-out"))
    parser.add_argument("--binary", default=os.environ.get("THUMBWHEEL_VM_BINARY"),
                        help="a portable static release binary (default: THUMBWHEEL_VM_BINARY, else built)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=float, default=60,
                        help="seconds of the same load before the measured MINUTES (first draws, fonts, caches)")
    args = parser.parse_args()
    out = os.path.abspath(args.out)
    run_dir = os.path.join(out, "run")
    os.makedirs(run_dir, exist_ok=True)
    binary = release_binary(args.binary)
    disk, deb = image(run_dir, binary)
    print(f"NOTE  {os.path.basename(deb)} of {binary}; guest files in {run_dir}", flush=True)
    vm = G.Guest(run_dir, disk)
    vm.start()
    soak = Soak(vm, int(args.minutes * 60), args.seed, args.warmup)
    try:
        soak.start()
        print(f"NOTE  kiosk PID {soak.pid} ready; soaking for {args.warmup:g} s of warm-up + {args.minutes:g} min",
              flush=True)
        soak.run()
        soak.finish()
    except Exception as error:  # noqa: BLE001 - the report is still written, with the reason
        soak.problems.append(f"the soak stopped: {type(error).__name__}: {error}")
        print(vm.serial_tail(), file=sys.stderr)
    finally:
        vm.stop()
    first, last = soak.verdict() if soak.samples else (0, 0)
    text = soak_report.write(soak, out, args, first, last)
    print(text, end="")
    print("vm-soak FAILED" if soak.problems else "vm-soak passed")
    return 1 if soak.problems else 0


if __name__ == "__main__":
    sys.exit(main())
