#!/usr/bin/python3
"""What `reconbound bound` may and may not depend on (docs/mathematics.md §4, §6.5, §7), seen
through its --json output:

  splits  tr Σ̂ and the rotation (the "rotation_probe" field, U·p for p = (1, …, m)) come from
          D⊥ alone: changing D_est leaves them bit for bit unchanged; changing D⊥ changes tr Σ̂
          and the eigenbasis rotation, but not the data-free signs rotation. The UCB on tr Σ
          reads both (eq 6.5a: D_est's records centred at D⊥'s mean): changing either moves it.
  seed    --seed drives the sign diagonal and the dither: the same seed gives the same output
          bit for bit; another seed changes the probe and every ĥ_MC but neither tr Σ̂ nor the
          UCB, which involve no random draw.

Usage: /usr/bin/python3 cli_invariance_check.py RECONBOUND IDX_IMAGES (exit 1 on a failure).
"""
import json
import subprocess
import sys

REGION = "select:rect:9,9,10,10"   # m = 100 ≤ |D⊥|, padded to the Hadamard order 104


def run(binary, data, perp, est, rotation, seed, entropy):
    cmd = [binary, "bound", "--data", "idx:" + data, "--perp-range", perp, "--est-range", est,
           "--representation", REGION, "--rotation", rotation, "--seed", str(seed),
           "--grid-k", "13", "--grid-nu2", "1.6", "--gamma", "1", "--grid-select", "none",
           "--json", "--quiet"]
    cmd += ["--exact", "--mc-samples", "2"] if entropy else ["--select-only"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"CLI failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    out = json.loads(proc.stdout)
    if len(out.get("rotation_probe", [])) != 8:
        raise RuntimeError("the CLI JSON has no 8-value rotation_probe")
    return out


class Checks:
    def __init__(self):
        self.failed = 0

    def expect(self, ok, line):
        self.failed += 0 if ok else 1
        print(("OK   " if ok else "FAIL ") + line)

    def same(self, what, a, b, key):
        self.expect(a[key] == b[key], f"{what}: {key} unchanged ({a[key]} vs {b[key]})")

    def differs(self, what, a, b, key):
        self.expect(a[key] != b[key], f"{what}: {key} changes ({a[key]} vs {b[key]})")


def check_splits(binary, data, checks):
    for rotation in ("eigenbasis", "signs"):
        base = run(binary, data, "0:400", "1000:1300", rotation, 5, entropy=False)
        new_est = run(binary, data, "0:400", "2000:2300", rotation, 5, entropy=False)
        new_perp = run(binary, data, "400:800", "1000:1300", rotation, 5, entropy=False)
        what = f"{rotation}, D_est changed"
        for key in ("trace_sigma", "rotation_probe"):
            checks.same(what, base, new_est, key)
        checks.differs(what, base, new_est, "trace_sigma_ucb")
        what = f"{rotation}, D_perp changed"
        checks.differs(what, base, new_perp, "trace_sigma")
        checks.differs(what, base, new_perp, "trace_sigma_ucb")
        if rotation == "eigenbasis":
            checks.differs(what, base, new_perp, "rotation_probe")
        else:
            checks.same(what, base, new_perp, "rotation_probe")


def check_seed(binary, data, checks):
    first = run(binary, data, "0:400", "1000:1300", "signs", 3, entropy=True)
    again = run(binary, data, "0:400", "1000:1300", "signs", 3, entropy=True)
    other = run(binary, data, "0:400", "1000:1300", "signs", 4, entropy=True)
    h = lambda out: [p["h_mc"] for p in out["grid"]]
    for key in ("rotation_probe", "trace_sigma_ucb"):
        checks.same("same seed", first, again, key)
    checks.differs("another seed", first, other, "rotation_probe")
    checks.expect(h(first) == h(again), f"same seed: h_mc unchanged ({h(first)} vs {h(again)})")
    checks.expect(h(first) != h(other), f"another seed: h_mc changes ({h(first)} vs {h(other)})")
    for key in ("trace_sigma", "trace_sigma_ucb"):
        checks.same("another seed", first, other, key)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: cli_invariance_check.py RECONBOUND IDX_IMAGES\n")
        return 2
    checks = Checks()
    check_splits(sys.argv[1], sys.argv[2], checks)
    check_seed(sys.argv[1], sys.argv[2], checks)
    return 1 if checks.failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (RuntimeError, OSError, ValueError) as err:
        sys.stderr.write(f"cli_invariance_check.py: {err}\n")
        sys.exit(2)
