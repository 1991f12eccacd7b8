#!/usr/bin/python3
"""The markdown table of bench/floor/run.sh from the JSON of one or more floor_benchmark runs
(docs/fast_estimator.md, "The floor"). Each number is the median over the runs, with the
range (min–max) when there are several. Every ratio (fraction of the floor) is taken within
one run — the kernel and the floor measured in the same iterations — before the median.

    /usr/bin/python3 bench/floor/table.py RUN1.json [RUN2.json ...]
"""
import json
import statistics
import subprocess
import sys

def cpu():
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    except OSError:
        return "unknown CPU", "unknown"
    fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
    flags = fields.get("Flags", "").split()
    model = fields.get("Model name", "unknown").strip()
    vector = "AVX-512 (avx512f)" if "avx512f" in flags else "AVX2" if "avx2" in flags else "no AVX2"
    return model, vector


def cell(values, fmt):
    mid = fmt.format(statistics.median(values))
    if len(values) == 1:
        return mid
    return f"{mid} ({fmt.format(min(values))}–{fmt.format(max(values))})"


def main(paths):
    runs = [json.load(open(p)) for p in paths]
    rows = {}  # (benchmark, k) -> list of entries, one per run
    for run in runs:
        for entry in run["benchmarks"]:
            if entry.get("run_type", "iteration") != "iteration" or "error_occurred" in entry:
                continue
            name, arg = entry["name"].split("/")[:2]
            rows.setdefault((name, int(arg.split(":")[1])), []).append(entry)
    model, vector = cpu()
    first = runs[0]
    n = int(next(iter(rows.values()))[0]["n"])
    isa = next(iter(rows.values()))[0].get("label", "")
    loads = ", ".join(f"{r['context'].get('load_avg', [float('nan')])[0]:.2f}" for r in runs)
    out = [f"Machine: {model}, {first['context'].get('num_cpus', '?')} CPUs, {vector}; kernels and floor run "
           f"{isa}, one thread. {len(runs)} runs (1-minute load average at their start: {loads}); "
           f"median (min–max) over the runs. Block 0 of Fashion-MNIST, n = {n} centres, one tile of 32 queries "
           f"(a lone level at n_MC = 1), ν² = {next(iter(rows.values()))[0].get('nu2', float('nan')):g}.", ""]

    out += ["| k | double: kernel ns/pair | double: floor ns/pair | double: fraction of floor | single: kernel ns/pair "
            "| single: floor ns/pair | single: fraction of floor | single / double speed | skipped share "
            "| single: largest exponent bound (nats) |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for (name, k), entries in sorted(rows.items()):
        if name != "BM_ProductFloor":
            continue
        get = lambda key: [e[key] for e in entries]
        out.append(f"| {k} | {cell(get('kernel64_ns_per_pair'), '{:.3f}')} | {cell(get('floor64_ns_per_pair'), '{:.3f}')} "
                   f"| {cell([100 * x for x in get('fraction64')], '{:.0f} %')} "
                   f"| {cell(get('kernel32_ns_per_pair'), '{:.3f}')} | {cell(get('floor32_ns_per_pair'), '{:.3f}')} "
                   f"| {cell([100 * x for x in get('fraction32')], '{:.0f} %')} | {cell(get('speedup32'), '{:.2f}')} "
                   f"| {cell(get('skipped_share'), '{:.3f}')} | {cell(get('max_single_bound'), '{:.2g}')} |")

    chained = [(k, e) for (name, k), e in sorted(rows.items()) if name == "BM_ChainedFloor"]
    if chained:
        out += ["", "Chained kernel (the plan at k ≤ 8 with the whole six-level grid; n_MC = k draws per row):", "",
                "| k | kernel ns per (draw, centre), 6 levels | per (pair, level) | floor ns per (draw, centre) "
                "| fraction of floor |", "|---|---|---|---|---|"]
        for k, entries in chained:
            get = lambda key: [e[key] for e in entries]
            out.append(f"| {k} | {cell(get('kernel64_ns_per_draw_centre'), '{:.3f}')} "
                       f"| {cell(get('kernel64_ns_per_pair_level'), '{:.3f}')} "
                       f"| {cell(get('floor64_ns_per_draw_centre'), '{:.3f}')} "
                       f"| {cell([100 * x for x in get('fraction64')], '{:.0f} %')} |")

    # The floor's ingredients: every benchmark row measures them; per run the median over rows.
    def per_run(key):
        values = []
        for run in runs:
            row_values = [e[key] for e in run["benchmarks"] if key in e and e.get("run_type", "iteration") == "iteration"]
            if row_values:
                values.append(statistics.median(row_values))
        return values

    out += ["", "The floor's ingredients (per run the median over the benchmark rows, which each measure them):", "",
            "| quantity | value |", "|---|---|"]
    for label, key, fmt in [("clock, GHz (dependent integer adds)", "ghz", "{:.2f}"),
                            ("double FMA peak, multiply-adds per ns", "fma64_per_ns", "{:.1f}"),
                            ("double FMA peak, multiply-adds per cycle", "fma64_per_cycle", "{:.1f}"),
                            ("float FMA peak, multiply-adds per ns", "fma32_per_ns", "{:.1f}"),
                            ("float FMA peak, multiply-adds per cycle", "fma32_per_cycle", "{:.1f}"),
                            ("exp_neg (double), exponentials per ns", "exp64_per_ns", "{:.2f}"),
                            ("exp_neg (double), cycles per exponential", "exp64_cycles", "{:.2f}"),
                            ("exp_neg_single (float), exponentials per ns", "exp32_per_ns", "{:.2f}"),
                            ("exp_neg_single (float), cycles per exponential", "exp32_cycles", "{:.2f}")]:
        values = per_run(key)
        if values:
            out.append(f"| {label} | {cell(values, fmt)} |")
    out += ["", "floor(k) = k / P_fma + 1 / P_exp ns per (query, centre) pair (k multiply-adds and one exponential), "
            "in double and in float; fraction = floor / kernel time and single / double speed = double kernel time / "
            "single kernel time, within each run."]
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1:])
