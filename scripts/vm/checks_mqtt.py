"""Layer 2's MQTT check: the guest kiosk talks to a real mosquitto broker on the host (over QEMU's
user-mode network). A tap on the panel arrives on the host as a retained state message, and a set
published on the host changes the panel back, pixel for pixel."""

import time

import guest as G
import pictures
from geometry import Geometry
from kiosk_ctl import controls, value
from report import require

BASE_TOPIC = "tw/vm"


def section(port):
    """The [mqtt] table the guest's config gets (appended to the fixture)."""
    return (f'\n[mqtt]\nhost = "{G.HOST_FROM_GUEST}"\nport = {port}\nbase_topic = "{BASE_TOPIC}"\n'
            'client_id = "thumbwheel-vm"\nkeepalive = 10\n')


def tap_and_set(vm, broker, config):
    """The toggle `pump`: the kiosk says online; a tap flips it and the host receives the new value;
    the host publishes the old value to its set topic and the screen equals the screendump before the tap."""
    status = broker.wait(f"{BASE_TOPIC}/status", lambda p: p == "online", timeout=60)
    require(status == "online", f"no 'online' on {BASE_TOPIC}/status within 60 s (see mosquitto.log in the run folder)")
    topic = f"{BASE_TOPIC}/pump/state"
    start = value(vm, "pump")
    retained = broker.wait(topic, lambda p: _number(p) == start, timeout=20)
    require(retained is not None, f"{topic} never carried the kiosk's value {start}")
    before = pictures.read(vm.screendump("mqtt-before.png"))
    vm.touch.tap(*Geometry(controls(vm), config).switch("pump"))
    flipped = broker.wait(topic, lambda p: _number(p) not in (None, start), timeout=20)
    require(flipped is not None, f"after a tap on pump ({start}), {topic} did not change within 20 s")
    now = value(vm, "pump")
    require(_number(flipped) == now, f"{topic} says {flipped}, the kiosk {now}")
    broker.publish(f"{BASE_TOPIC}/pump/set", _plain(start))
    deadline = time.monotonic() + 15
    while True:
        time.sleep(0.3)
        shot = pictures.read(vm.screendump("mqtt-after-set.png"))
        diff = pictures.compare(before, shot, 0)
        if diff.count == 0 and value(vm, "pump") == start:
            break
        require(time.monotonic() < deadline, f"after the host's set of {_plain(start)}: screen vs before the tap: {diff}")
    back = broker.wait(topic, lambda p: _number(p) == start, timeout=20)
    require(back is not None, f"{topic} did not return to {start} after the set")
    return (f"online; tap: {topic} {_plain(start)} -> {flipped} on the host; host set {_plain(start)}: "
            "screen equals the one before the tap, state published back")


def _number(payload):
    try:
        return float(payload)
    except (TypeError, ValueError):
        return None


def _plain(number):
    return str(int(number)) if float(number).is_integer() else str(number)
