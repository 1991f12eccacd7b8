"""Replays a checkpointed estimate's trace under other weightings of its work items (docs/progress.md).

The trace of eta_accuracy.py's downsample-checkpoint workload (m = 196, 32 items, grid
k = 1, 2, 4, 7, 14, 28) was recorded with items weighted ∝ Σ blocks·k^EXPONENT. Each report is
mapped back to (item, fraction within it) and re-weighted as equal items, ∝ k, ∝ k^1.5 and ∝ k²;
the table gives the ETA errors of each (as eta_accuracy.py).

    python3 bench/progress/replay_items.py results/downsample-checkpoint-k-weights.jsonl 1
"""

import itertools
import json
import sys

import eta_accuracy

BLOCK_SIZES = (1, 2, 4, 7, 14, 28)
M, ITEMS = 196, 32


def blocks(item, k):
    return len(range(item, M // k, ITEMS))


def weights(exponent):
    return [sum(blocks(j, k) * k**exponent for k in BLOCK_SIZES) for j in range(ITEMS)]


def replay(reports, recorded, other):
    before = [0.0] + list(itertools.accumulate(recorded))
    after = [0.0] + list(itertools.accumulate(other))
    out = []
    for t, stage, done, total in reports:
        if done >= total:
            out.append((t, stage, 10**6, 10**6))
            continue
        units = done / total * before[-1]
        item = max(i for i in range(ITEMS) if before[i] <= units)
        within = min(1.0, (units - before[item]) / recorded[item])
        out.append((t, stage, int((after[item] + within * other[item]) / after[-1] * 10**6), 10**6))
    return out


def main():
    reports = [tuple(json.loads(line)) for line in open(sys.argv[1])]
    reports = [r for r in reports if r[1] == "entropy estimate"]
    recorded = weights(float(sys.argv[2]))
    print("| weighting | seconds | reports after 10% | max error | median error |")
    print("|---|---:|---:|---:|---:|")
    for name, other in [("equal items (before)", [1.0] * ITEMS), ("∝ k", weights(1)), ("∝ k^1.5", weights(1.5)),
                        ("∝ k²", weights(2))]:
        for _, _, seconds, count, worst, median in eta_accuracy.table(name, replay(reports, recorded, other)):
            print(f"| {name} | {seconds:.1f} | {count} | {100 * worst:.0f}% | {100 * median:.0f}% |")


if __name__ == "__main__":
    main()
