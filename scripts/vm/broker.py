"""A real mosquitto broker on the host for the guest kiosk's MQTT, read and written with the Debian
clients mosquitto_sub and mosquitto_pub (the same tools an integrator would use to check a panel)."""

import os
import socket
import subprocess
import time


class Broker:
    """mosquitto on 127.0.0.1 at a free port (the guest reaches it as guest.HOST_FROM_GUEST)."""

    def __init__(self, run_dir):
        self.run_dir = run_dir
        self.port = _free_port()
        self.process = None

    def start(self):
        config = os.path.join(self.run_dir, "mosquitto.conf")
        with open(config, "w") as f:
            f.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.log = open(os.path.join(self.run_dir, "mosquitto.log"), "w")
        self.process = subprocess.Popen(["mosquitto", "-c", config, "-v"], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"mosquitto did not listen on port {self.port} within 10 s (see mosquitto.log)")

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(5)
            self.process = None
            self.log.close()

    def messages(self, topic, count=1, seconds=2):
        """Up to `count` payloads on `topic` (retained first) within `seconds`; a list of strings."""
        done = subprocess.run(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(self.port), "-t", topic,
                               "-C", str(count), "-W", str(seconds)], capture_output=True, text=True)
        return done.stdout.splitlines()

    def wait(self, topic, predicate, timeout=20):
        """The first payload on `topic` for which predicate(payload) holds, or None after `timeout` s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for payload in self.messages(topic, count=1, seconds=2):
                if predicate(payload):
                    return payload
        return None

    def publish(self, topic, payload, retain=False):
        subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(self.port), "-t", topic, "-m", payload]
                       + (["-r"] if retain else []), check=True, timeout=10)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
