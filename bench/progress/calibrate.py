"""Per-kind cost of the goldfeld estimator's work items (docs/progress.md).

Runs small bounds through the Python module on Fashion-MNIST with one block size per run, one
thread, and times the entropy stage (from the end of the stage before it to its last report).
Prints one JSON line per run: the shape (n, k, levels, n_mc, kernel) and the seconds, so that
the constants of plugins/estimators/goldfeld/item_cost.cpp can be fitted (fit.py).

    PYTHONPATH=build/release/python python3 bench/progress/calibrate.py > results/calibration.jsonl
"""

import json
import sys
import time

import reconbound

GRID6 = [0.2, 0.4, 0.8, 1.6, 3.2, 6.4]

# (label, k, nu2 levels, n_mc, n_est, estimator params, exact)
RUNS = [
    ("chained", 4, GRID6, 1, 2000, "precision=double", False),
    ("chained", 4, GRID6, 4, 2000, "precision=double", False),
    ("chained", 8, GRID6, 1, 2000, "precision=double", False),
    ("chained", 8, GRID6, 4, 2000, "precision=double", False),
    ("chained", 4, GRID6[:4], 2, 2000, "precision=double", False),
    ("chained", 7, GRID6, 2, 3000, "precision=double", False),
    ("product", 14, [0.2], 1, 2000, "precision=double", False),
    ("product", 14, [0.2], 4, 2000, "precision=double", False),
    ("product", 14, GRID6[:3], 2, 2000, "precision=double", False),
    ("product", 28, [0.8], 2, 2000, "precision=double", False),
    ("product", 28, GRID6, 1, 2000, "precision=double", False),
    ("product", 4, [0.2, 0.8], 2, 2000, "precision=double", False),
    ("single", 14, [0.2], 1, 2000, None, False),
    ("single", 14, [0.2], 4, 2000, None, False),
    ("single", 14, GRID6[:3], 2, 2000, None, False),
    ("single", 28, [0.8], 2, 2000, None, False),
    ("single", 28, GRID6, 1, 2000, None, False),
    ("single", 4, [0.2, 0.8], 2, 2000, None, False),
    ("single", 8, GRID6, 1, 2000, None, False),
    ("series1", 1, GRID6, 1, 2000, None, False),
    ("series1", 1, GRID6, 4, 2000, None, False),
    ("series1", 1, GRID6, 4, 4000, None, False),
    ("series1", 1, [0.2], 8, 4000, None, False),
    ("series2", 2, GRID6, 4, 4000, "series=on", False),
    ("series2", 2, [1.6], 4, 4000, "series=on", False),
    ("chained", 2, GRID6, 2, 2000, "series=off,precision=double", False),
    ("product", 2, [0.4], 2, 2000, "series=off,precision=double", False),
    ("single", 2, [0.4], 2, 2000, "series=off", False),
    ("exact", 4, [0.4], 1, 1000, None, True),
    ("exact", 28, [0.4], 1, 1000, None, True),
    ("exact", 14, [0.4, 1.6], 2, 1000, None, True),
]


def timed(k, levels, n_mc, n_est, params, exact):
    reports = []
    start = time.monotonic()
    options = {"estimator_params": params} if params else {}
    reconbound.bound(data="fashion-mnist", n_perp=2000, n_est=n_est, gamma=1.0, grid_select="none",
                     grid_k=[k], grid_nu2=levels, mc_samples=n_mc, exact=exact, threads=1,
                     progress=lambda s, d, t: reports.append((time.monotonic() - start, s, d, t)), **options)
    entropy = [r for r in reports if r[1].startswith("entropy")]
    before = [r for r in reports if r[0] <= entropy[0][0] and not r[1].startswith("entropy")]
    return entropy[-1][0] - before[-1][0], len(entropy)


def main():
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    for label, k, levels, n_mc, n_est, params, exact in RUNS:
        seconds = min(timed(k, levels, n_mc, n_est, params, exact)[0] for _ in range(repeats))
        print(json.dumps({"kind": label, "k": k, "levels": levels, "n_mc": n_mc, "n": n_est, "m": 784,
                          "params": params, "exact": exact, "seconds": round(seconds, 4)}), flush=True)


if __name__ == "__main__":
    main()
