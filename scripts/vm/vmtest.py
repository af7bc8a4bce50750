"""The real-kernel test's driver (run by scripts/vm-test after the host packages and guest parts exist).

Layer 1 (checks_infra): the harness, proven with a stand-in kiosk.
Layer 2 (checks_kiosk): Thumbwheel itself, built in release mode and installed by scripts/install.
THUMBWHEEL_VM_ONLY_INFRA=1 runs layer 1 only. The last line is "N passed, N failed"; the exit status is
non-zero when anything failed.
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import checks_infra  # noqa: E402
import guest  # noqa: E402
from report import Reporter  # noqa: E402


def main():
    reporter = Reporter()
    run_root = os.path.join(guest.CACHE, "run")
    started = time.monotonic()
    if guest.ARCH != "amd64":
        # Layer 1 proves the harness, which is the same on both guests, with a stand-in kiosk that is a
        # static x86-64 program; the arm64 guest runs layer 2 only.
        reporter.note("layer 1 (the harness with its x86-64 stand-in kiosk) is run on the x86-64 guest only")
    elif os.environ.get("THUMBWHEEL_VM_SMOKE") == "1":
        reporter.note("layer 1 (infrastructure) not run: a smoke run (--smoke) is layer 2's few checks")
    elif os.environ.get("THUMBWHEEL_VM_SKIP_INFRA") == "1":  # for working on layer 2 only; said, not hidden
        reporter.note("layer 1 (infrastructure) not run: THUMBWHEEL_VM_SKIP_INFRA=1")
    else:
        checks_infra.run(reporter, os.path.join(run_root, "infra"))
        reporter.note(f"layer 1 (infrastructure) took {time.monotonic() - started:.0f} s")
    if os.environ.get("THUMBWHEEL_VM_ONLY_INFRA") != "1":
        import checks_kiosk
        started = time.monotonic()
        checks_kiosk.run(reporter, os.path.join(run_root, "kiosk"))
        reporter.note(f"layer 2 (Thumbwheel) took {time.monotonic() - started:.0f} s")
    reporter.note(f"artefacts (screendumps, serial logs) in {run_root}")
    return reporter.summary()


if __name__ == "__main__":
    sys.exit(main())
