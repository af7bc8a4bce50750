"""scripts/vm-soak's output: DIR/samples.csv (every sample) and DIR/report.md (the curve as a table of
about 20 rows, the load, the journal's counts and the verdict), laid out like scripts/soak's docs/soak.md."""

import os
import subprocess
import time

import guest as G


def _commit():
    done = subprocess.run(["git", "-C", G.REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", G.REPO, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return done.stdout.strip() + (" (with uncommitted changes)" if dirty else "")


def write(soak, out, args, first, last):
    """Writes both files; returns the report's text."""
    s = soak.samples
    with open(os.path.join(out, "samples.csv"), "w") as f:
        f.write("seconds,rss_kib,fds,cpu_seconds,frames\n")
        for row in s:
            f.write(f"{row[0]:.1f},{row[1]},{row[2]},{row[3]:.2f},{row[4]}\n")
    minutes = f"{args.minutes:g}"
    lines = [f"# VM soak: {minutes} min, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", "",
             f"Command: `scripts/vm-soak --minutes {minutes}` (seed {args.seed}, warm-up {args.warmup:g} s), commit {_commit()}, "
             f"kiosk PID {getattr(soak, 'pid', '?')}.", "",
             "Load: " + ", ".join(f"{v} {k}" for k, v in soak.counts.items()) + ".", ""]
    if getattr(soak, "seen", None):
        lines += ["Logged by the kiosk (journal, this boot): " + ", ".join(f"{v} {k}" for k, v in soak.seen.items()) + ".", ""]
    if s:
        lines += ["| minute | RSS MiB | open fds | CPU % (since last row) | frames |", "|---|---|---|---|---|"]
        step = max(1, len(s) // 20)
        rows = s[::step] + ([s[-1]] if (len(s) - 1) % step else [])
        previous = s[0]
        for row in rows:
            span = row[0] - previous[0]
            cpu = 100 * (row[3] - previous[3]) / span if span > 0 else 0.0
            minute = f"{row[0] / 60:.1f}" + (" (warm-up)" if row[0] < args.warmup else "")
            lines.append(f"| {minute} | {row[1] / 1024:.1f} | {row[2]} | {cpu:.0f} | {row[4]} |")
            previous = row
        total_cpu = 100 * (s[-1][3] - s[0][3]) / (s[-1][0] - s[0][0]) if s[-1][0] > s[0][0] else 0.0
        lines += ["", f"{len(s)} samples. RSS {s[0][1] / 1024:.2f} MiB at start, {s[-1][1] / 1024:.2f} MiB at the end; "
                  f"after the warm-up: first quarter {first / 1024:.2f} MiB, last quarter {last / 1024:.2f} MiB; open fds {s[0][2]} → {s[-1][2]} "
                  f"(min {min(r[2] for r in s)}, max {max(r[2] for r in s)}); CPU {total_cpu:.1f} % on average (guest time, TCG)."]
    verdict = "no problems" if not soak.problems else "PROBLEMS:\n" + "\n".join(f"- {p}" for p in soak.problems)
    lines += ["", f"Verdict: {verdict}"]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write(text)
    return text
