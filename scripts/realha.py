"""A real Home Assistant core for the scripts that need one (scripts/bench-ha, scripts/symbol-order): the
venv scripts/setup makes (/opt/thumbwheel-ha, or $THUMBWHEEL_HA_VENV), started on a free local port
with the entities given, onboarded for a token by the tests' own onboarding helper."""
import os
import socket
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.environ.get("THUMBWHEEL_HA_VENV", "/opt/thumbwheel-ha")


def available():
    return os.access(f"{VENV}/bin/hass", os.X_OK)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class HomeAssistant:
    """Home Assistant in `folder`/ha with `entities` (configuration.yaml text after the integrations the
    kiosk needs); `url`, `token` once `start()` returned. `stop()` kills its whole process group."""

    def __init__(self, folder, entities):
        self.folder, self.port = folder, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        os.makedirs(f"{folder}/ha", exist_ok=True)
        with open(f"{folder}/ha/configuration.yaml", "w") as f:
            f.write(f"""homeassistant:
  name: thumbwheel
  latitude: 52.0
  longitude: 4.0
  elevation: 0
  unit_system: metric
  time_zone: UTC
http:
  server_host: 127.0.0.1
  server_port: {self.port}
api:
websocket_api:
onboarding:
{entities}""")
        self.process, self.token = None, None

    def start(self, timeout=120):
        """Starts HA and onboards it; raises RuntimeError (with its log's path) when it does not come up."""
        self.process = subprocess.Popen([f"{VENV}/bin/hass", "-c", f"{self.folder}/ha", "--skip-pip"],
                                        stdout=open(f"{self.folder}/hass.out", "w"), stderr=subprocess.STDOUT,
                                        start_new_session=True)
        onboard = subprocess.run([f"{VENV}/bin/python",
                                  os.path.join(REPO, "Tests/HomeAssistantTests/HAFixtures/onboard.py"),
                                  self.url, f"{self.folder}/ha", str(timeout)], capture_output=True, text=True)
        if onboard.returncode != 0:
            raise RuntimeError(f"HA did not onboard: {onboard.stderr} (log {self.folder}/hass.out)")
        self.token = onboard.stdout.strip()
        return self

    def stop(self):
        if self.process:
            os.killpg(self.process.pid, 9)
            self.process.wait()
