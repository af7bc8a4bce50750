"""Layer 2: the screen's power from outside, written to a real backlight class device.

QEMU's virtio-gpu has no backlight, so the guest loads backlight/tw_backlight.ko (built by build-guest for
the guest's kernel): a backlight class device, "tw-backlight", 0..255, that logs every update the kernel's
backlight class hands it. The check proves the whole path on the real kernel: udev applies the package's
rule (brightness group video, group-writable), the unprivileged, sandboxed service finds the device and
writes it; `ctl brightness` and `ctl screen-power` and MQTT's `<base>/backlight/set` reach the driver
(read back from sysfs and from the driver's own log lines); a tap on the dark screen wakes it and moves
no control."""

import json
import time

import checks_mqtt
import checks_package
from checks_infra import wait_active
from kiosk_ctl import controls, reply, value
from report import require

MODULE = f"{checks_package.GUEST_DIR}/tw_backlight.ko"
DEVICE = "/sys/class/backlight/tw-backlight"
MAX = 255


def image_files(cache):
    """The module for the guest image: (source, path in guest, mode)."""
    return [(f"{cache}/backlight/tw_backlight.ko", MODULE, "0644")]


def _actual(vm):
    rc, out = vm.run(f"cat {DEVICE}/actual_brightness")
    require(rc == 0, f"cannot read {DEVICE}/actual_brightness: {out.strip()[:200]}")
    return int(out.strip())


def _wait_level(vm, level, what, timeout=15):
    ok, out = vm.wait_for(f"test \"$(cat {DEVICE}/actual_brightness)\" = {level}", timeout)
    require(ok, f"{what}: actual_brightness stayed {_actual(vm)}, expected {level}")


def _driver_levels(vm):
    """The brightness values the kernel handed the driver, oldest first (its log lines)."""
    _, out = vm.run("dmesg | grep -o 'tw_backlight: brightness=[0-9]*' | cut -d= -f2")
    return [int(x) for x in out.split()]


def screen_power(vm, broker):
    rc, out = vm.run(f"grep -q '^tw_backlight ' /proc/modules || insmod {MODULE}")
    require(rc == 0, f"insmod {MODULE}: {out.strip()[:300]}")
    ok, mode = vm.wait_for(f"stat -c '%G %A' {DEVICE}/brightness | grep -q '^video -rw-rw'", 15)
    _, mode = vm.run(f"stat -c '%G %A' {DEVICE}/brightness")
    require(ok, f"udev did not make {DEVICE}/brightness group video and writable: {mode.strip()}")
    # The kiosk looks for the first backlight when it starts: this one came after it.
    vm.run("systemctl reset-failed thumbwheel; systemctl restart thumbwheel")
    wait_active(vm)
    heard = len(_driver_levels(vm))

    reply(vm, "brightness", "0.4")
    level = round(0.4 * MAX)
    _wait_level(vm, level, "`ctl brightness 0.4`")
    reply(vm, "screen-power", "off")
    _wait_level(vm, 0, "`ctl screen-power off`")

    # A tap on the dark screen wakes it at the brightness it had, and moves nothing under the finger.
    # Off, so this is the raw point the Home Assistant check's first touch after a restart repeats.
    reply(vm, "set", "pump", "0")
    pump = controls(vm)["pump"]
    switch = pump.get("points", {}).get("switch")
    require(switch, f"`ctl list` gives no switch point for the pump toggle: {pump!r:.200}")
    before = value(vm, "pump")
    vm.touch.tap(*switch)
    _wait_level(vm, level, "a tap on the dark screen")
    time.sleep(0.5)
    require(value(vm, "pump") == before, "the tap that woke the screen also flipped the pump toggle under it")

    # MQTT, as Home Assistant's JSON light sends it: brightness 0-100, then off and on again.
    topic = f"{checks_mqtt.BASE_TOPIC}/backlight"
    broker.publish(f"{topic}/set", json.dumps({"state": "ON", "brightness": 80}))
    bright = round(0.8 * MAX)
    _wait_level(vm, bright, f"{topic}/set brightness 80")
    state = broker.wait(f"{topic}/state", lambda p: '"brightness":80' in p.replace(" ", ""), timeout=20)
    require(state is not None, f"{topic}/state never said brightness 80")
    broker.publish(f"{topic}/set", "OFF")
    _wait_level(vm, 0, f"{topic}/set OFF")
    broker.publish(f"{topic}/set", "ON")
    _wait_level(vm, bright, f"{topic}/set ON")

    seen = _driver_levels(vm)[heard:]
    expected = [level, 0, level, bright, 0, bright]
    require(_in_order(expected, seen), f"the driver was handed {seen}, expected {expected} in this order")
    return (f"tw-backlight (udev: video, g+w): ctl brightness 0.4 -> {level}/255, screen-power off -> 0, "
            f"a tap woke it at {level} and left the toggle alone; MQTT 80 % -> {bright}, OFF -> 0, ON -> {bright}; "
            f"the driver was handed {seen}")


def _in_order(expected, seen):
    """Whether `expected` occurs in `seen` as a subsequence (a level may be written more than once)."""
    position = 0
    for level in seen:
        if position < len(expected) and level == expected[position]:
            position += 1
    return position == len(expected)
