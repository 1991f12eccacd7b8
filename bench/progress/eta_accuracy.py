"""How far the progress bar's ETA is from the time a stage really has left (docs/progress.md).

Runs three bounds of different shapes through the Python module with a progress callback that
records (time, stage, done, total), and for every report after the first 10% of a stage computes
the ETA that the CLI's bar shows (apps/reconbound/progress_bar.cpp: elapsed·(1 − f)/f, f =
done/total, elapsed since the stage's first report) against the stage's actual remaining time
(until its last report: done = total, or the next stage's name). The error of a report is |ETA − remaining| / max(remaining,
1 s) (the bar shows whole seconds). Stages shorter than 5 s are left out.

    PYTHONPATH=build/release/python python3 bench/progress/eta_accuracy.py [--threads 2] [--repeat 2]

Writes the raw reports to bench/progress/results/<workload>-threads<T>-<run>.jsonl and prints the
table.
With --replay-items FILE it instead replays a whole-grid trace as the estimator reported before
(one stage per block size, done/total counted in work items over all block sizes; reports
counted after the first 10% of each stage's duration; see docs/progress.md).
"""

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
MIN_STAGE_S = 5.0

WORKLOADS = {
    # Whole grid of pixel Fashion-MNIST (m = 784, k = 1..28, six levels): Taylor boxes at k = 1,
    # whole k = 2 blocks, chained tiles at k = 4..8, product tiles at k = 14..28.
    "whole-grid": dict(data="fashion-mnist", n_perp=2000, n_est=2000, gamma=1.0, grid_select="none"),
    # The pilot (three sizes, <= 8 blocks per block size, one draw) and the certified run of the
    # few pairs it selects, on more records.
    "pilot-selected": dict(data="fashion-mnist", n_perp=12000, n_est=20000, gamma=1.0),
    # A smaller representation (m = 196: k = 1, 2, 4, 7, 14, 28) with a checkpoint: the estimate
    # runs as 32 work items of unequal cost (core/engine/src/ranks/work_items.cpp); items 0-6 hold the
    # seven blocks of k = 28.
    "downsample-checkpoint": dict(data="fashion-mnist", n_perp=2000, n_est=4000, gamma=1.0,
                                  representation="downsample:2", grid_select="none", checkpoint=True),
}


def record(name, options, threads):
    import reconbound

    reports = []
    start = time.monotonic()
    options = dict(options)
    with tempfile.TemporaryDirectory() as scratch:
        if options.pop("checkpoint", False):
            options["checkpoint"] = str(Path(scratch) / "run.ckpt")
        reconbound.bound(threads=threads, progress=lambda s, d, t: reports.append((time.monotonic() - start, s, d, t)),
                         **options)
    return reports


def stages(reports):
    """Maximal runs of reports of one stage name, as the bar sees them (its clock restarts on a new name)."""
    runs = []
    for report in reports:
        if not runs or runs[-1][0][1] != report[1]:
            runs.append([])
        runs[-1].append(report)
    return runs


def errors(stage, by_time=False):
    """The relative ETA errors of a stage's reports after its first 10% (of its reported fraction f,
    or with by_time of its duration), or None when it is too short."""
    begin, end = stage[0][0], stage[-1][0]  # the stage's first and last reports
    if end - begin < MIN_STAGE_S:
        return None
    out = []
    for t, _, done, total in stage:
        f = done / total
        early = t - begin < 0.1 * (end - begin) if by_time else f < 0.1
        if early or f >= 1.0 or t >= end:
            continue
        eta = (t - begin) * (1.0 - f) / f
        remaining = end - t
        out.append(abs(eta - remaining) / max(remaining, 1.0))
    return out, end - begin


def table(name, reports, by_time=False):
    rows = []
    for stage in stages(reports):
        result = errors(stage, by_time)
        if result is None or not result[0]:
            continue
        errs, seconds = result
        rows.append((name, stage[0][1], seconds, len(errs), max(errs), statistics.median(errs)))
    return rows


def replay_items(reports, groups):
    """A trace re-labelled as the estimator reported before: report i (in time order) is item i of
    the items of all block sizes, in a stage named after its block size."""
    entropy = [r for r in reports if r[1] == "entropy estimate"]
    total = sum(count for _, count in groups)
    out = []
    for i, (t, _, _, _) in enumerate(entropy, start=1):
        before = 0
        for k, count in groups:
            if i <= before + count:
                out.append((t, f"entropy k={k} (all nu2)", i, total))
                break
            before += count
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=list(WORKLOADS))
    parser.add_argument("--replay-items", help="a whole-grid trace (.jsonl) to replay with item counts")
    args = parser.parse_args()
    rows = []
    if args.replay_items:
        reports = [tuple(json.loads(line)) for line in open(args.replay_items)]
        n = 2000  # the whole-grid workload: tiles of 32 rows, whole blocks at k <= 2
        tiles = (n + 31) // 32
        groups = [(k, 784 // k * (1 if k <= 2 else tiles)) for k in (1, 2, 4, 7, 8, 14, 16, 28)]
        # The old fraction was global (f < 0.1 for the first block sizes), so "after the first
        # 10%" is taken by time here.
        rows = table("whole-grid (before: item counts)", replay_items(reports, groups), by_time=True)
    else:
        RESULTS.mkdir(exist_ok=True)
        for name in args.only:
            for run in range(args.repeat):
                reports = record(name, WORKLOADS[name], args.threads)
                with open(RESULTS / f"{name}-threads{args.threads}-{run}.jsonl", "w") as out:
                    for report in reports:
                        out.write(json.dumps(report) + "\n")
                rows += table(f"{name} #{run}", reports)
    print(f"| workload | stage | seconds | reports after 10% | max error | median error |")
    print(f"|---|---|---:|---:|---:|---:|")
    for name, stage, seconds, count, worst, median in rows:
        print(f"| {name} | {stage} | {seconds:.1f} | {count} | {100 * worst:.0f}% | {100 * median:.0f}% |")


if __name__ == "__main__":
    main()
