"""A small QMP (QEMU Machine Protocol) client: JSON over a Unix socket, standard library only.

Used by the real-kernel test to take screendumps, inject multitouch frames with input-send-event,
unplug and replug devices, reset and quit the guest. Asynchronous events (DEVICE_DELETED, RESET,
SHUTDOWN ...) that arrive while a command is pending are kept in `events` for `wait_event`.
"""

import json
import os
import socket
import time


class QMPError(Exception):
    """QEMU answered a command with {"error": ...}, or the connection broke."""


def connect_unix(path, timeout, error):
    """A connected Unix stream socket at `path`, retried until `timeout` s pass (QEMU creates its
    sockets a moment after it starts); raises `error(message)` when it never appears."""
    deadline = time.monotonic() + timeout
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(path)
            return sock
        except OSError:
            sock.close()
            if time.monotonic() > deadline:
                raise error(f"no socket at {path}")
            time.sleep(0.05)


class LineSocket:
    """Newline-delimited messages over a connected stream socket, read with a deadline."""

    def __init__(self, sock, closed_message, error):
        self.sock, self.buffer = sock, b""
        self.closed_message, self.error = closed_message, error

    def line(self, deadline):
        """The next line as bytes, or None when `deadline` (time.monotonic) passes first."""
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                continue
            if not chunk:
                raise self.error(self.closed_message)
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line


class QMP:
    def __init__(self, path, connect_timeout=10.0):
        self.sock = connect_unix(path, connect_timeout, QMPError)
        self.lines = LineSocket(self.sock, "QEMU closed the QMP connection", QMPError)
        self.events = []
        greeting = self._read_message(timeout=10)
        if "QMP" not in greeting:
            raise QMPError(f"unexpected greeting {greeting}")
        self.command("qmp_capabilities")

    def _read_message(self, timeout):
        line = self.lines.line(time.monotonic() + timeout)
        if line is None:
            raise QMPError("timed out waiting for QEMU")
        return json.loads(line)

    def command(self, name, timeout=30, **arguments):
        """Runs one command and returns its "return" value; raises QMPError on {"error": ...}."""
        message = {"execute": name}
        if arguments:
            message["arguments"] = arguments
        self.sock.sendall(json.dumps(message).encode() + b"\n")
        while True:
            reply = self._read_message(timeout)
            if "event" in reply:
                self.events.append(reply)
                continue
            if "error" in reply:
                raise QMPError(f"{name}: {reply['error'].get('desc', reply['error'])}")
            return reply.get("return")

    def wait_event(self, name, timeout=10, match=None):
        """Returns the first event called `name` (already received or arriving within timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, event in enumerate(self.events):
                if event["event"] == name and (match is None or match(event)):
                    return self.events.pop(i)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                message = self._read_message(left)
            except QMPError:
                return None
            if "event" in message:
                self.events.append(message)

    def screendump(self, path, device=None):
        """Writes the guest's scanned-out picture as PNG (QEMU 10) and returns the path."""
        if os.path.exists(path):
            os.unlink(path)
        arguments = {"filename": os.path.abspath(path), "format": "png"}
        if device:
            arguments["device"] = device
        self.command("screendump", **arguments)
        return path

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Touchscreen:
    """Injects real multitouch frames into a virtio-multitouch-pci device through input-send-event.

    Coordinates are screen pixels; they are scaled to the device's 0..32767 axes. QEMU turns
    begin/update into ABS_MT_SLOT + ABS_MT_TRACKING_ID, "data" events into ABS_MT_POSITION_X/Y, "end"
    into tracking id -1, and ends each input-send-event call with SYN_REPORT: one call = one evdev frame.
    """

    AXIS_MAX = 32767

    def __init__(self, qmp, width, height, device=None):
        self.qmp, self.width, self.height, self.device = qmp, width, height, device
        self.next_tracking_id = 100
        self.down = {}  # slot -> tracking id

    def _scale(self, x, y):
        sx = round(x * self.AXIS_MAX / (self.width - 1))
        sy = round(y * self.AXIS_MAX / (self.height - 1))
        return max(0, min(self.AXIS_MAX, sx)), max(0, min(self.AXIS_MAX, sy))

    def _send(self, events):
        arguments = {"events": events}
        if self.device:
            arguments["device"] = self.device
        self.qmp.command("input-send-event", **arguments)

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


def line(a, b, steps):
    """`steps` + 1 points evenly spaced from a to b, both included."""
    return [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(steps + 1)]
