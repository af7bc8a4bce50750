"""Layer 2: an invalid config at boot must not leave a dead panel (issue 37 item 9). The installed config
is edited into an invalid one and the guest rebooted: the kiosk comes up on the last config that started
it, with the located errors drawn over the top of the panel; touch still works below them; saving the fixed
file brings the panel back exactly, without a restart."""

import time

import guest as G
import pictures
from checks_infra import BOOT_TIMEOUT, main_pid, wait_active
from kiosk_ctl import BINARY_IN_GUEST, controls, value
from report import require

CONFIG = "/etc/thumbwheel/config.toml"
LAST_GOOD = "/var/lib/thumbwheel/last-good-config.toml"
# NoticeBanner's band: at most this share of the screen's height, from the top.
BAND_SHARE = 0.45
# An error the loader names by file, line and key: a screen id outside the id grammar.
BREAKAGE = '\\n[[screens]]\\nid = "bad page"\\n'


def _banner_red(picture):
    """Whether the top-left corner shows the notice's dark red (NoticeBanner.background)."""
    r, g, b = (int(c) for c in picture[4, 4])
    return r > 0x30 and g < 0x20 and b < 0x20


def _below_band(picture):
    return picture[int(G.SCREEN_HEIGHT * BAND_SHARE) + 2:]


def invalid_at_boot(vm):
    rc, _ = vm.run(f"test -s {LAST_GOOD}")
    require(rc == 0, f"no last good config kept at {LAST_GOOD}")
    vm.run("systemctl restart thumbwheel")
    wait_active(vm)
    time.sleep(0.5)
    good = pictures.read(vm.screendump("recovery-good.png"))
    require(not _banner_red(good), "the good config already shows a notice")
    vm.run(f"cp {CONFIG} /root/config.good && printf '{BREAKAGE}' >> {CONFIG}")
    rc, out = vm.run(f"{BINARY_IN_GUEST} check-config {CONFIG} 2>&1")
    require(rc != 0 and "bad page" in out, f"check-config accepted the broken file: {out.strip()[:200]}")

    vm.reboot(BOOT_TIMEOUT)
    wait_active(vm)
    pid = main_pid(vm)
    time.sleep(0.5)
    shot = pictures.read(vm.screendump("recovery-invalid-boot.png"))
    require(_banner_red(shot), "after the reboot with an invalid config no notice shows (recovery-invalid-boot.png)")
    below = pictures.compare(_below_band(good), _below_band(shot), 0)
    require(below.count == 0, f"below the notice the panel is not the last good one: {below}")
    _, log = vm.run("journalctl -b -u thumbwheel -o cat --no-pager | grep -c 'id: expected a letter, then letters'")
    require(int(log.strip() or 0) >= 1, "the journal does not name the error")

    switch = controls(vm).get("pump", {}).get("points", {}).get("switch")
    require(switch and switch[1] > G.SCREEN_HEIGHT * BAND_SHARE, f"the pump toggle is not below the notice: {switch}")
    before = value(vm, "pump")
    vm.touch.tap(*switch)
    deadline = time.monotonic() + 10
    while value(vm, "pump") == before:
        require(time.monotonic() < deadline, f"a tap on the pump toggle under the notice did not flip it ({before})")
        time.sleep(0.3)
    vm.touch.tap(*switch)
    deadline = time.monotonic() + 10
    while value(vm, "pump") != before:
        require(time.monotonic() < deadline, "the second tap did not flip the pump toggle back")
        time.sleep(0.3)

    # The fix, saved over the file: taken in place (same process), the picture as before the breakage.
    vm.run(f"cp /root/config.good {CONFIG}.new && mv {CONFIG}.new {CONFIG}")
    deadline = time.monotonic() + 15
    while True:
        time.sleep(0.5)
        fixed = pictures.read(vm.screendump("recovery-fixed.png"))
        diff = pictures.compare(good, fixed, 0)
        if diff.count == 0:
            break
        require(time.monotonic() < deadline, f"after the fix the screen is not the good panel: {diff} (recovery-fixed.png)")
    require(main_pid(vm) == pid, "the service restarted to take the fix")
    return (f"invalid config + reboot: notice over the last good panel (exact below it), a tap flipped the toggle under it; "
            f"the fixed file was taken by PID {pid} and the screen equals the panel before the breakage")
