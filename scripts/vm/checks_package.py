"""Layer 2's Debian package checks: the kiosk is installed in the guest with `dpkg -i` of the .deb that
scripts/package builds (as an integrator would), upgraded to a higher version of it, and purged.

The guest image holds the packages and the test's own files under GUEST_DIR (outside every path the
package owns, so that purge can be checked for leaving nothing behind)."""

import os
import subprocess

import guest as G

from checks_infra import main_pid, wait_active
from kiosk_ctl import BINARY_IN_GUEST, reply, values
from report import require

GUEST_DIR = "/opt/tw-test"
INSTALLED_CONFIG = "/etc/thumbwheel/config.toml"
# Every path the package or the running service makes; none may survive `dpkg --purge`.
OWNED = [BINARY_IN_GUEST, "/etc/thumbwheel", "/var/lib/thumbwheel", "/run/thumbwheel",
         "/lib/systemd/system/thumbwheel.service", "/etc/systemd/system/multi-user.target.wants/thumbwheel.service",
         "/usr/lib/udev/rules.d/70-thumbwheel.rules", "/usr/lib/sysusers.d/thumbwheel.conf",
         "/usr/share/man/man1/thumbwheel.1.gz", "/usr/share/bash-completion/completions/thumbwheel"]


def build(repo, binary, out_dir):
    """Two packages of `binary`: the version of the source tree and a higher one (for the upgrade).
    Returns {"install": path, "upgrade": path, "version": upgrade's version}."""
    debs = {}
    for name, extra in (("install", []), ("upgrade", None)):
        if extra is None:
            base = subprocess.run(["dpkg-deb", "-f", debs["install"], "Version"], capture_output=True, text=True,
                                  check=True).stdout.strip()
            debs["version"] = base + "+vmtest1"  # "+" sorts after the end of a version: a real upgrade
            extra = ["--version", debs["version"]]
        done = subprocess.run([os.path.join(repo, "scripts", "package"), "--binary", binary,
                               "--out", os.path.join(out_dir, name)] + extra
                              + (["--arch", "arm64"] if G.ARCH == "arm64" else []), capture_output=True, text=True)
        require(done.returncode == 0, f"scripts/package {' '.join(extra)} failed: {done.stderr.strip()[-400:]!r}")
        debs[name] = done.stdout.strip().splitlines()[-1]
    return debs


def image_files(debs):
    """(source, guest path, mode) for guest.build_image's extra_files."""
    return [(debs[name], f"{GUEST_DIR}/{name}/{os.path.basename(debs[name])}", "0644") for name in ("install", "upgrade")]


def install(vm, config_in_guest):
    """`dpkg -i` (the package enables and starts the service with its default config), then the test's
    config put in place as an integrator edits the conffile, and the service restarted with it."""
    rc, out = vm.run(f"DEBIAN_FRONTEND=noninteractive dpkg -i {GUEST_DIR}/install/*.deb </dev/null 2>&1", timeout=180)
    require(rc == 0, f"dpkg -i exited {rc}: {out.strip()[-400:]!r}")
    wait_active(vm)
    rc, out = vm.run(f"install -m 0644 {config_in_guest} {INSTALLED_CONFIG} && sync && systemctl restart thumbwheel 2>&1")
    require(rc == 0, f"putting the test config in place failed: {out.strip()[-300:]!r}")
    return "dpkg -i: installed, enabled, started with its default config; restarted with the test's"


def upgrade(vm, debs):
    """A higher version over the running kiosk: dpkg asks nothing, the edited conffile and every value stay,
    and the service runs again (a new process)."""
    vm.run("systemctl is-active thumbwheel >/dev/null || systemctl start thumbwheel")
    wait_active(vm)
    # A value that differs from the config's, so that a kiosk starting from its config would show.
    reply(vm, "set", "dial", "77")
    before = values(vm)
    require(before.get("dial") == 77, f"`ctl set dial 77` left the dial at {before.get('dial')}")
    pid = main_pid(vm)
    _, config_sum = vm.run(f"md5sum {INSTALLED_CONFIG}")
    rc, out = vm.run(f"DEBIAN_FRONTEND=noninteractive dpkg -i {GUEST_DIR}/upgrade/*.deb </dev/null 2>&1", timeout=180)
    require(rc == 0, f"dpkg -i of the upgrade exited {rc}: {out.strip()[-400:]!r}")
    _, version = vm.run("dpkg-query -W -f='${Version}' thumbwheel")
    require(version.strip() == debs["version"], f"installed version {version.strip()!r}, expected {debs['version']!r}")
    wait_active(vm)
    require(main_pid(vm) not in (0, pid), "the upgrade did not restart the service")
    _, config_after = vm.run(f"md5sum {INSTALLED_CONFIG}")
    require(config_after == config_sum, f"the edited config changed: {config_sum.split()[0]} -> {config_after.split()[0]}")
    after = values(vm)
    require(after == before, f"values before the upgrade {before}, after {after}")
    return f"{version.strip()} over the running kiosk: no prompt, edited config kept, {len(after)} values kept, restarted"


def purge(vm):
    """`dpkg --purge`: the service gone and nothing of the package or its data left (the system user stays,
    as Debian keeps system users)."""
    rc, out = vm.run("DEBIAN_FRONTEND=noninteractive dpkg --purge thumbwheel </dev/null 2>&1", timeout=120)
    require(rc == 0, f"dpkg --purge exited {rc}: {out.strip()[-400:]!r}")
    _, running = vm.run("pgrep -x thumbwheel || true")
    require(not running.strip(), f"thumbwheel still runs after purge (pid {running.strip()})")
    _, left = vm.run("for p in " + " ".join(OWNED) + "; do [ -e $p ] && echo $p; done; true")
    require(not left.strip(), f"left after purge: {left.split()}")
    _, state = vm.run("dpkg-query -W -f='${db:Status-Status}' thumbwheel 2>&1 || true")
    require("installed" not in state.split(), f"dpkg still lists thumbwheel: {state.strip()!r}")
    return f"service stopped; none of {len(OWNED)} package and data paths left; dpkg: {state.strip() or 'unknown'}"
