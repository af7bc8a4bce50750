"""The guest side of scripts/vm-soak: the bash the agent runs to sample the kiosk, force the panel off
and on, reload the config and wait for the journal lines that prove each step was taken.

Every step that must be seen by the kiosk waits in the guest for its journal line after a cursor taken
just before the step (`journalctl --after-cursor`), so one agent round trip does the step and its proof.
"""

from kiosk_ctl import BINARY_IN_GUEST
from report import require

CTL = f"timeout 20 {BINARY_IN_GUEST} ctl"
CONFIG = "/etc/thumbwheel/config.toml"
DRM_EVENT = "/sys/class/drm/card0/uevent"

# Shell functions every script below starts with.
PRELUDE = r"""
cursor() { journalctl -u thumbwheel -n 1 --show-cursor -q -o cat --no-pager | sed -n 's/^-- cursor: //p'; }
# wait_line CURSOR REGEX SECONDS: a service journal line after CURSOR matches REGEX within SECONDS.
wait_line() {
  local end=$((SECONDS + $3))
  while [ $SECONDS -le $end ]; do
    journalctl -u thumbwheel --after-cursor="$1" -o cat --no-pager | grep -E -q "$2" && return 0
    sleep 0.3
  done
  echo "no journal line matching '$2' within $3 s; the service said:"
  journalctl -u thumbwheel --after-cursor="$1" -o cat --no-pager | tail -5
  return 1
}
"""


def run(vm, script, timeout=90):
    """Runs PRELUDE + script; returns (exit code, output)."""
    return vm.run(PRELUDE + script, timeout=timeout)


def sample(vm):
    """The kiosk's PID, VmRSS (KiB), open fds, CPU ticks (utime + stime), clock ticks per second and
    the frames it has drawn, read in the guest in one round trip."""
    rc, out = run(vm, f"""
pid=$(systemctl show -p MainPID --value thumbwheel)
echo pid $pid
awk '/^VmRSS:/ {{print "rss", $2}}' /proc/$pid/status
echo fds $(ls /proc/$pid/fd | wc -l)
echo ticks $(sed 's/.*) //' /proc/$pid/stat | awk '{{print $12 + $13}}')
echo hz $(getconf CLK_TCK)
echo stats $({CTL} stats)
""")
    fields = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    require(rc == 0 and all(k in fields for k in ("pid", "rss", "fds", "ticks", "hz")),
            f"sampling failed (exit {rc}): {out.strip()[-300:]!r}")
    frames = 0
    if '"frames":' in fields.get("stats", ""):
        frames = int(fields["stats"].split('"frames":', 1)[1].split(",", 1)[0].split("}", 1)[0])
    return {"pid": int(fields["pid"]), "rss": int(fields["rss"]), "fds": int(fields["fds"]),
            "cpu": int(fields["ticks"]) / int(fields["hz"]), "frames": frames}


def connector_status(vm):
    """The sysfs status file of card0's one connector (the panel check in checks_kiosk uses the same)."""
    _, paths = vm.run("ls -d /sys/class/drm/card0-*/status")
    paths = paths.split()
    require(len(paths) == 1, f"expected one connector of card0, found {paths}")
    return paths[0]


def panel(vm, status, on):
    """Forces the connector off (or back to detection) plus the DRM change uevent a real unplug makes,
    and waits for the kiosk to log that it saw it."""
    word, line = ("detect", "display: panel connected again") if on else ("off", "display: panel disconnected")
    rc, out = run(vm, f'c=$(cursor); echo {word} > {status} && echo change > {DRM_EVENT} && wait_line "$c" "{line}" 30')
    require(rc == 0, f"panel {'on' if on else 'off'}: {out.strip()[-300:]!r}")


def reload(vm, share_name, broken, restore_name):
    """Puts /mnt/host/SHARE_NAME in place as the config and reloads the service (SIGHUP through the
    unit's ExecReload); waits for "loaded", or for "is invalid" when `broken`, and then puts the good
    /mnt/host/RESTORE_NAME back (the one the kiosk still runs) without reloading."""
    expect = "is invalid; keeping the running config" if broken else r"reload: .* loaded \("
    restore = f" && install -m 0644 /mnt/host/{restore_name} {CONFIG}" if broken else ""
    rc, out = run(vm, f'c=$(cursor); install -m 0644 /mnt/host/{share_name} {CONFIG} && systemctl reload thumbwheel '
                      f'&& wait_line "$c" "{expect}" 30{restore}')
    require(rc == 0, f"{'bad' if broken else 'good'} reload: {out.strip()[-300:]!r}")


def touch_node_present(vm, timeout=30):
    """Waits until udev made the event node of the virtio multitouch device (after a replug)."""
    ok, out = vm.wait_for("for e in /sys/class/input/event*; do grep -q MultiTouch $e/device/name 2>/dev/null "
                          "&& [ -c /dev/input/${e##*/} ] && exit 0; done; exit 1", timeout, interval=0.5)
    require(ok, f"no MultiTouch event node {timeout} s after the replug: {out.strip()[-200:]!r}")


def churn_client(vm, seconds):
    """A subscriber that stays `seconds` and is killed (a socket client that drops without a goodbye)."""
    vm.run(f"(timeout -s KILL {seconds} {BINARY_IN_GUEST} ctl watch >/dev/null 2>&1 &)")


def cursor(vm):
    """The service journal's cursor now: what the service logs later is counted by `counts`."""
    _, out = run(vm, "cursor")
    require(out.strip(), "the service's journal has no entries to take a cursor from")
    return out.strip()


def counts(vm, since):
    """How often the service logged each event the soak causes, after the cursor `since`."""
    patterns = {"panel off seen": "display: panel disconnected", "panel on seen": "display: panel connected again",
                "reloads loaded": r"reload: .* loaded \(", "reloads refused": "is invalid; keeping the running config",
                "touch device lost": "input: .*: lost", "touch device taken": r"input: .*(touchscreen|matches)"}
    script = f"j=$(journalctl -u thumbwheel --after-cursor='{since}' -o cat --no-pager)\n" + "".join(
        f'echo "{name}=$(printf "%s\\n" "$j" | grep -E -c \'{regex}\')"\n' for name, regex in patterns.items())
    _, out = vm.run(script)
    vm.run("journalctl -b -u thumbwheel -o short-monotonic --no-pager > /mnt/host/journal.txt")
    return dict((k, int(v or 0)) for k, v in (line.split("=", 1) for line in out.splitlines() if "=" in line))
