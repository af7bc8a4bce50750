"""Real multitouch frames for the guest's virtio-multitouch-pci device, sent through QMP input-send-event
(qmp: a qemu.qmp.legacy.QEMUMonitorProtocol, or anything with its `cmd(name, **arguments)`)."""

import time


class Touchscreen:
    """Injects real multitouch frames into a virtio-multitouch-pci device through input-send-event.

    Coordinates are screen pixels; they are scaled to the device's 0..32767 axes. QEMU turns
    begin/update into ABS_MT_SLOT + ABS_MT_TRACKING_ID, "data" events into ABS_MT_POSITION_X/Y, "end"
    into tracking id -1, and ends each input-send-event call with SYN_REPORT: one call = one evdev frame.
    """

    AXIS_MAX = 32767

    def __init__(self, qmp, width, height):
        self.qmp, self.width, self.height = qmp, width, height
        self.next_tracking_id = 100
        self.down = {}  # slot -> tracking id

    def _scale(self, x, y):
        sx = round(x * self.AXIS_MAX / (self.width - 1))
        sy = round(y * self.AXIS_MAX / (self.height - 1))
        return max(0, min(self.AXIS_MAX, sx)), max(0, min(self.AXIS_MAX, sy))

    def _send(self, events):
        self.qmp.cmd("input-send-event", events=events)

    @staticmethod
    def _contact(kind, slot, tid):
        # QEMU sends ABS_MT_SLOT and ABS_MT_TRACKING_ID=tracking-id for begin/update/end alike (so "end"
        # must carry -1 itself); the schema requires axis/value on every mtt event, ignored here.
        return {"type": "mtt", "data": {"type": kind, "slot": slot, "tracking-id": tid, "axis": "x", "value": 0}}

    def _position(self, kind, slot, tid, x, y):
        sx, sy = self._scale(x, y)
        return [self._contact(kind, slot, tid),
                {"type": "mtt", "data": {"type": "data", "slot": slot, "tracking-id": tid, "axis": "x", "value": sx}},
                {"type": "mtt", "data": {"type": "data", "slot": slot, "tracking-id": tid, "axis": "y", "value": sy}}]

    def press(self, x, y, slot=0):
        tid = self.next_tracking_id
        self.next_tracking_id += 1
        first = not self.down
        self.down[slot] = tid
        events = self._position("begin", slot, tid, x, y)
        if first:
            events.append({"type": "btn", "data": {"button": "touch", "down": True}})
        self._send(events)

    def move(self, x, y, slot=0):
        self._send(self._position("update", slot, self.down[slot], x, y))

    def release(self, slot=0):
        self.down.pop(slot)
        events = [self._contact("end", slot, -1)]
        if not self.down:
            events.append({"type": "btn", "data": {"button": "touch", "down": False}})
        self._send(events)

    def forget(self):
        """Drops the touches in flight (after the device was unplugged under them)."""
        self.down.clear()

    def tap(self, x, y, hold=0.08):
        self.press(x, y)
        time.sleep(hold)
        self.release()

    def drag(self, points, step_delay=0.016, release=True):
        """Presses at points[0], moves through the rest one frame per point, then lifts."""
        self.press(*points[0])
        for point in points[1:]:
            time.sleep(step_delay)
            self.move(*point)
        if release:
            time.sleep(step_delay)
            self.release()

