"""PASS/FAIL bookkeeping of the real-kernel test: every check prints one line with its reason, and a
check that cannot run (no guest, no binary, a command the program lacks) is a FAIL, never a skip."""

import sys
import time
import traceback


class CheckFailed(Exception):
    """Raised inside a check with the reason it failed."""


def require(condition, reason):
    if not condition:
        raise CheckFailed(reason)


class Reporter:
    def __init__(self):
        self.passed, self.failed = 0, 0
        self.started = time.monotonic()

    def elapsed(self):
        return time.monotonic() - self.started

    def _line(self, text):
        print(text, flush=True)

    def note(self, text):
        """Information that is not a check (timings, what cannot be tested and why)."""
        self._line(f"NOTE  {text}")

    def record(self, ok, name, reason):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        self._line(f"{'PASS' if ok else 'FAIL'}  {name}: {reason}  [{self.elapsed():.0f} s]")
        return ok

    def check(self, name, function, *args):
        """Runs function(*args); its return value (a string) is the PASS reason, CheckFailed's message
        the FAIL reason. Any other exception fails the check with its type and message."""
        try:
            reason = function(*args)
            return self.record(True, name, reason or "ok")
        except CheckFailed as failure:
            return self.record(False, name, str(failure))
        except Exception as error:  # noqa: BLE001 - every surprise is a failed check, with its trace
            trace = traceback.format_exc(limit=3).strip().splitlines()
            where = trace[-3].strip() if len(trace) >= 3 else ""
            return self.record(False, name, f"{type(error).__name__}: {error} ({where})")

    def not_run(self, names, why):
        """Counts checks that could not run as failures, saying why."""
        for name in names:
            self.record(False, name, f"not run: {why}")

    def summary(self):
        self._line(f"{self.passed} passed, {self.failed} failed")
        sys.stdout.flush()
        return 0 if self.failed == 0 else 1
