"""The guest machine of the real-kernel test: its disk image, the QEMU process, the command agent.

A run directory (under .vm/run/) holds everything of one run: root.img, serial.log, qmp.sock,
agent.sock and share/ (the 9p folder the guest sees as /mnt/host). The host listens on both sockets
and QEMU connects to them as it starts, so there is nothing to poll for.
"""

import base64
import os
import shutil
import socket
import subprocess
import time

from qemu.qmp.legacy import QEMUMonitorProtocol

from touch import Touchscreen

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# The guest's architecture (scripts/vm-test --arch): amd64 (q35, Debian 12) or arm64 (virt, Debian 13).
ARCH = os.environ.get("THUMBWHEEL_VM_ARCH", "amd64")
CACHE = os.environ.get("THUMBWHEEL_VM_CACHE", os.path.join(REPO, ".vm" if ARCH == "amd64" else ".vm-" + ARCH))

# The panel the guest shows: a common 7" kiosk resolution, small enough for fast screendumps.
SCREEN_WIDTH, SCREEN_HEIGHT = 800, 480
# QEMU's user-mode network maps this guest-side address to the host's 127.0.0.1.
HOST_FROM_GUEST = "10.0.2.2"


class GuestError(Exception):
    """The guest did not do what was asked in time (the message says what and where to look)."""


def sh(*command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def build_image(run_dir, binary, config, extra_files=(), with_install=True):
    """Makes run_dir/root.img: the cached mmdebstrap root + the test agent + Thumbwheel installed by
    scripts/install (binary as /usr/local/bin/thumbwheel, config as /etc/thumbwheel/config.toml), or,
    with with_install=False, no Thumbwheel at all (the test installs its Debian package in the guest).
    extra_files: (source, path in guest, mode) for test fixtures. Returns the image path."""
    root = os.path.join(run_dir, "rootfs")
    image = os.path.join(run_dir, "root.img")
    shutil.rmtree(root, ignore_errors=True)
    sh("cp", "-a", "--reflink=auto", os.path.join(CACHE, "rootfs-base"), root)
    guest_dir = os.path.join(HERE, "guest")
    sh("install", "-D", "-m", "0755", os.path.join(guest_dir, "tw-agent"), root + "/usr/local/sbin/tw-agent")
    sh("install", "-D", "-m", "0644", os.path.join(guest_dir, "tw-agent.service"),
       root + "/etc/systemd/system/tw-agent.service")
    os.makedirs(root + "/etc/systemd/system/sysinit.target.wants", exist_ok=True)
    os.symlink("/etc/systemd/system/tw-agent.service", root + "/etc/systemd/system/sysinit.target.wants/tw-agent.service")
    with open(root + "/etc/hostname", "w") as f:
        f.write("thumbwheel-vm\n")
    for source, path, mode in extra_files:
        sh("install", "-D", "-m", mode, source, root + path)
    if with_install:
        done = subprocess.run([os.path.join(REPO, "scripts", "install"), "--destdir", root, "--binary", binary,
                               "--config", config], capture_output=True, text=True)
        if done.returncode != 0:
            raise GuestError(f"scripts/install failed: {(done.stdout + done.stderr).strip()[-500:]}")
    if os.path.exists(image):
        os.unlink(image)
    with open(image, "wb") as f:  # an existing (sparse) file keeps mke2fs quiet
        f.truncate(1 << 30)
    sh("mke2fs", "-q", "-F", "-t", "ext4", "-L", "twroot", "-d", root, image)
    shutil.rmtree(root)
    return image


class Agent:
    """Host side of scripts/vm/guest/tw-agent: runs bash scripts in the guest as root."""

    def __init__(self, path):
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(path)
        self.listener.listen(1)
        self.sock, self.buffer = None, b""
        self.counter = 0
        self.boot_id = None

    def accept(self, timeout=15):
        """Takes QEMU's connection (made as it starts)."""
        self.listener.settimeout(timeout)
        try:
            self.sock, _ = self.listener.accept()
        except TimeoutError:
            raise GuestError(f"QEMU did not connect to the agent socket within {timeout} s (see qemu.log)")
        finally:
            self.listener.close()

    def _line(self, deadline):
        """The next line, or None when `deadline` (time.monotonic) passes first."""
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                continue
            if not chunk:
                raise GuestError("the agent channel closed (QEMU exited?)")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode(errors="replace")

    def wait_boot(self, timeout):
        """Waits for the agent's READY line of a boot other than the last one seen; returns the boot id."""
        deadline = time.monotonic() + timeout
        while True:
            line = self._line(deadline)
            if line is None:
                raise GuestError(f"the guest did not reach userspace within {timeout} s (see serial.log)")
            if line.startswith("@@TW-AGENT-READY ") and line.split()[1] != self.boot_id:
                self.boot_id = line.split()[1]
                return self.boot_id

    def run(self, script, timeout=70):
        """Runs a bash script in the guest; returns (exit code, output)."""
        self.counter += 1
        tag = str(self.counter)
        self.sock.sendall(f"{tag} {base64.b64encode(script.encode()).decode()}\n".encode())
        deadline = time.monotonic() + timeout
        while True:
            line = self._line(deadline)
            if line is None:
                raise GuestError(f"the agent did not answer within {timeout} s: {script[:80]}")
            parts = line.split(" ", 3)
            if parts[0] == "@@R" and parts[1] == tag:
                output = base64.b64decode(parts[3]).decode(errors="replace") if len(parts) > 3 else ""
                return int(parts[2]), output
            if line.startswith("@@TW-AGENT-READY "):
                raise GuestError("the guest rebooted while a command ran")


class Guest:
    """One QEMU process running the guest (TCG, virtio-gpu, virtio-multitouch behind a hot-plug port)."""

    def __init__(self, run_dir, image, touch=True, network=False):
        self.run_dir, self.image, self.with_touch, self.with_network = run_dir, image, touch, network
        self.share = os.path.join(run_dir, "share")
        os.makedirs(self.share, exist_ok=True)
        self.serial_log = os.path.join(run_dir, "serial.log")
        self.process = None

    def command_line(self):
        kernel_dir = os.path.join(CACHE, "kernel")
        d = self.run_dir
        if ARCH == "arm64":
            # A Cortex-A72 (Pi 4's core) on the generic virt board: PCIe for the same virtio devices.
            machine = ["qemu-system-aarch64", "-machine", "virt", "-cpu", "cortex-a72"]
            kernel, console = os.path.join(kernel_dir, "Image"), "ttyAMA0"
        else:
            machine = ["qemu-system-x86_64", "-machine", "q35"]
            kernel, console = os.path.join(kernel_dir, "vmlinux"), "ttyS0"
        line = machine + [
            "-accel", "tcg", "-m", "768", "-smp", "1",
            "-nodefaults", "-no-user-config", "-display", "none",
            "-kernel", kernel, "-initrd", os.path.join(CACHE, "initrd.img"),
            "-append", f"console={console} root=/dev/vda rw quiet panic=-1 systemd.show_status=error",
            "-serial", f"file:{self.serial_log}",
            "-qmp", f"unix:{d}/qmp.sock",
            "-drive", f"file={self.image},format=raw,if=virtio,cache=unsafe",
            "-device", f"virtio-gpu-pci,id=gpu,xres={SCREEN_WIDTH},yres={SCREEN_HEIGHT}",
            "-device", "virtio-serial-pci,id=vser",
            "-chardev", f"socket,id=agent,path={d}/agent.sock",
            "-device", "virtserialport,chardev=agent,name=tw.agent",
            "-virtfs", f"local,path={self.share},mount_tag=host,security_model=none,id=share",
            # The touch device sits on its own PCIe root port so it can be unplugged and plugged again.
            "-device", "pcie-root-port,id=touchport,chassis=1,slot=1",
        ]
        if self.with_touch:
            line += ["-device", "virtio-multitouch-pci,id=touch,bus=touchport"]
        if self.with_network:
            # User-mode networking: the guest is 10.0.2.15 (set by the initramfs) and reaches the host's
            # loopback as HOST_FROM_GUEST, where the test's MQTT broker listens.
            line += ["-netdev", "user,id=net", "-device", "virtio-net-pci,netdev=net"]
        return line

    def start(self):
        for name in ("qmp.sock", "agent.sock", "serial.log"):
            path = os.path.join(self.run_dir, name)
            if os.path.exists(path):
                os.unlink(path)
        self.qmp = QEMUMonitorProtocol(os.path.join(self.run_dir, "qmp.sock"), server=True)
        self.qmp.settimeout(30)
        self.agent = Agent(os.path.join(self.run_dir, "agent.sock"))
        self.qemu_log = open(os.path.join(self.run_dir, "qemu.log"), "w")
        self.process = subprocess.Popen(self.command_line(), stdout=self.qemu_log, stderr=subprocess.STDOUT)
        try:
            self.qmp.accept(timeout=15)
            self.agent.accept(timeout=15)
        except Exception:
            self.stop()
            raise
        self.touch = Touchscreen(self.qmp, SCREEN_WIDTH, SCREEN_HEIGHT)

    def wait_boot(self, timeout=90):
        return self.agent.wait_boot(timeout)

    def run(self, script, timeout=70):
        return self.agent.run(script, timeout)

    def wait_for(self, script, timeout, interval=0.3):
        """Runs `script` until it exits 0; returns (ok, last output)."""
        deadline = time.monotonic() + timeout
        while True:
            rc, out = self.run(script)
            if rc == 0:
                return True, out
            if time.monotonic() > deadline:
                return False, out
            time.sleep(interval)

    def screendump(self, name):
        """Writes the scanned-out picture as run_dir/name (PNG) and returns its path."""
        path = os.path.abspath(os.path.join(self.run_dir, name))
        if os.path.exists(path):
            os.unlink(path)
        self.qmp.cmd("screendump", filename=path, format="png")
        return path

    def unplug_touch(self, timeout=20):
        """device_del of the touch device; True once QEMU reports it gone (the guest let go of it)."""
        self.qmp.clear_events()
        self.qmp.cmd("device_del", id="touch")
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                event = self.qmp.pull_event(wait=float(left))
            except TimeoutError:
                break
            if event["event"] == "DEVICE_DELETED" and event.get("data", {}).get("device") == "touch":
                return True
        return False

    def plug_touch(self):
        self.qmp.cmd("device_add", driver="virtio-multitouch-pci", id="touch", bus="touchport")
        self.touch.forget()

    def reboot(self, timeout=90):
        """Reboots through systemd (a clean shutdown, as a kiosk would) and waits for the next boot."""
        try:  # the agent channel stays open across the reset; the reply may never come
            self.run("(sleep 0.5; systemctl reboot) >/dev/null 2>&1 &", timeout=10)
        except GuestError:
            pass
        return self.wait_boot(timeout)

    def power_cut(self, timeout=90):
        """QMP system_reset: the guest loses everything not yet on its disk, like a pulled plug."""
        self.qmp.cmd("system_reset")
        self.touch.forget()
        return self.wait_boot(timeout)

    def stop(self):
        if not self.process:
            return
        try:
            self.qmp.settimeout(5)
            self.qmp.cmd("quit")
        except Exception:  # noqa: BLE001 - QEMU may go before it answers; it is killed below if not
            pass
        try:
            self.qmp.close()
        except Exception:  # noqa: BLE001 - the connection is gone with QEMU
            pass
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None
        self.qemu_log.close()

    def serial_tail(self, lines=15):
        try:
            with open(self.serial_log, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""
