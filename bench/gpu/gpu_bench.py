#!/usr/bin/python3
"""The GPU benchmark of the certified entropy (issue 37, item 6; docs/fast_estimator.md, "The GPU
benchmark"), in one run on one machine:

1. synthetic records of the paper's shape (70,000 × 28 × 28 bytes; --size celeba: 60,000 × 3 × 64
   × 64; --size small: 6,000 × 28 × 28 for trying the script) — uniform random grey levels, so
   that no centre is pruned (the device prunes none anyway);
2. the device's float32 FMA rate, measured (bench fma_peak);
3. the certified entropy of one pair (paper: k = 28, ν² = 1.6; celeba: k = 16, ν² = 1.6) at one
   draw per record on the OpenCL device (`--estimator-param device=opencl`), twice: the first run
   compiles the kernel (a driver caches it), the second is the one compared; and on the CPU kernel
   of the same machine (all its cores);
4. the whole `bound` (default grid, pilot, certified pair) on the device: wall and CPU seconds,
   peak memory and the stage times;
5. the PyTorch peer (torch.cdist + logsumexp, float32; bench/peer/peer.py's torch_plug_in) on the
   same rotated points (bench peer_export), on CUDA when torch has it (--peer-device to force).

Prints a markdown table (ps per (query, centre, block), the fraction of the FMA peak that the
k + 1 multiply-adds of each exponent make, ratios to the device's certified entropy) and writes it
with the raw JSON to --out. Usage: bash bench/gpu/run.sh [--root DIR] [--size paper|celeba|small]
[--out DIR] [--peer-device cuda|cpu|none] [--skip-cpu] [--layouts Q,GROUP ...] (each layout's
device entropy timed too: the kernel's queries per work item and work-group size, for tuning).
"""
import argparse
import json
import math
import os
import resource
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "peer"))

SIZES = {  # records, record shape, |D⊥|, k, ν²
    "paper": (70000, (28, 28), 10000, 28, 1.6),
    "celeba": (60000, (3, 64, 64), 10000, 16, 1.6),
    "small": (6000, (28, 28), 2000, 28, 1.6),
}


def write_records(path, count, shape):
    out = np.lib.format.open_memmap(path, mode="w+", dtype=np.uint8, shape=(count,) + shape)
    rng = np.random.default_rng(20261204)
    for first in range(0, count, 5000):
        out[first:first + 5000] = rng.integers(0, 256, size=(min(5000, count - first),) + shape, dtype=np.uint8)
    out.flush()


def run(command, what, env=None):
    """Runs command; returns (stdout, wall s, CPU s of the child, peak RSS MB of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"gpu_bench: {what} failed (exit {done.returncode}): {done.stderr.strip()[-600:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, wall, cpu, after.ru_maxrss / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", required=True, help="a build folder or bundle with bin/reconbound and bench/")
    parser.add_argument("--size", choices=sorted(SIZES), default="paper")
    parser.add_argument("--out", required=True)
    parser.add_argument("--peer-device", default="auto", help="cuda, cpu, none or auto (cuda when torch has it)")
    parser.add_argument("--skip-cpu", action="store_true", help="leave out the CPU kernel's run")
    parser.add_argument("--layouts", nargs="*", default=[],
                        help="kernel layouts Q,GROUP to time besides the default (RECONBOUND_OPENCL_LAYOUT; "
                             "the sums are the same bits in every layout)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    reconbound = os.path.join(args.root, "bin", "reconbound")
    records, shape, n_perp, k, nu2 = SIZES[args.size]
    n_est = records - n_perp
    data = os.path.join(args.out, f"records_{args.size}.npy")
    print(f"writing {records} synthetic records of {shape} to {data}", file=sys.stderr)
    write_records(data, records, shape)
    raw = {"size": args.size, "records": records, "n_perp": n_perp, "n_est": n_est, "k": k, "nu2": nu2}

    listing = json.loads(run([reconbound, "plugins", "--json"], "plugins")[0])["opencl"]
    raw["opencl_devices"] = listing["devices"]
    usable = [d for d in listing["devices"] if d["usable_for_certified_work"]]
    if not usable:
        sys.exit("gpu_bench: no OpenCL device usable for certified work (reconbound plugins lists them)")
    index = next((d["index"] for d in usable if d["type"] in ("gpu", "accelerator")), usable[0]["index"])
    raw["fma_peak"] = json.loads(run([os.path.join(args.root, "bench", "fma_peak"), str(index)], "fma_peak")[0])

    split = ["--data", f"npy:{data}", "--perp-range", f"0:{n_perp}", "--est-range", f"{n_perp}:{records}",
             "--gamma", "1", "--json", "--quiet"]
    pair = split + ["--grid-k", str(k), "--grid-nu2", str(nu2), "--grid-select", "none", "--mc-samples", "1"]
    device = ["--estimator-param", f"device=opencl:{index}"]
    for name, command in (("device_cold", pair + device), ("device", pair + device),
                          ("cpu", None if args.skip_cpu else pair + ["--estimator-param", "device=cpu"]),
                          ("whole_bound", split + device)):
        if command is None:
            continue
        print(f"{name}: reconbound bound {' '.join(command[len(split) - 2:])}", file=sys.stderr)
        out, wall, cpu, rss = run([reconbound, "bound"] + command, name)
        result = json.loads(out)
        raw[name] = {"wall_s": wall, "cpu_s": cpu, "peak_rss_mb": rss, "timings_s": result["timings_s"],
                     "rho_star": result["rho_star"], "grid": result["grid"], "m_padded": result["m_padded"]}

    for layout in args.layouts:
        print(f"layout {layout}: the device's pair again", file=sys.stderr)
        env = dict(os.environ, RECONBOUND_OPENCL_LAYOUT=layout)
        out, wall, cpu, rss = run([reconbound, "bound"] + pair + device, f"layout {layout}", env)
        result = json.loads(out)
        raw.setdefault("layouts", []).append({"layout": layout, "timings_s": result["timings_s"],
                                              "h_mc": result["grid"][0]["h_mc"]})

    peer_device = args.peer_device
    if peer_device != "none":
        import torch  # only the peer needs it

        if peer_device == "auto":
            peer_device = "cuda" if torch.cuda.is_available() else "none"
    if peer_device != "none":
        from peer import torch_plug_in

        rotated_path = os.path.join(args.out, "rotated.npy")
        export = run([os.path.join(args.root, "bench", "peer_export"), f"npy:{data}", "0", str(n_perp),
                      str(n_perp), str(records), rotated_path], "peer_export")[0]
        trace = json.loads(export)["trace_sigma"]
        rotated = np.load(rotated_path)
        runs = [torch_plug_in(rotated, k, nu2, trace, 1 + rep, 4096, "cdist", peer_device) for rep in range(3)]
        raw["peer"] = {"device": peer_device, "torch": torch.__version__,
                       "runs": [{"h_bits": h, "stderr_bits": e, "seconds": t} for h, e, t, _ in runs]}

    table = markdown(raw)
    print(table)
    with open(os.path.join(args.out, f"gpu_{args.size}.json"), "w", encoding="utf-8") as f:
        json.dump(raw, f, indent=2)
    with open(os.path.join(args.out, f"gpu_{args.size}.md"), "w", encoding="utf-8") as f:
        f.write(table)


def markdown(raw):
    k, n = raw["k"], raw["n_est"]
    block_count = raw["device"]["m_padded"] // k
    pairs_per_block = n * n  # one draw per record: n queries × n centres
    rows = []
    fma_rate = raw["fma_peak"]["fma_per_s"]

    def row(name, seconds, h_bits, blocks_count, on_device):
        """A table row; the fraction of the FMA peak only for computations on the measured device."""
        pairs = pairs_per_block * blocks_count
        ps = 1e12 * seconds / pairs
        fraction = f"{100 * pairs * (k + 1) / seconds / fma_rate:.1f} %" if on_device else "–"
        ratio = seconds / raw["device"]["timings_s"]["entropy"]
        rows.append(f"| {name} | {seconds:.3f} | {ps:.1f} | {fraction} | {ratio:.2f} | {h_bits} |")

    device_grid = raw["device"]["grid"][0]
    row("certified entropy, OpenCL device (warm)", raw["device"]["timings_s"]["entropy"],
        f"{device_grid['h_mc']:.5f} ± t_num {device_grid['t_num']:.2g}", block_count, True)
    row("certified entropy, OpenCL device (first run, compiles)", raw["device_cold"]["timings_s"]["entropy"],
        "", block_count, True)
    if "cpu" in raw:
        cpu_grid = raw["cpu"]["grid"][0]
        row("certified entropy, CPU kernel, all cores", raw["cpu"]["timings_s"]["entropy"],
            f"{cpu_grid['h_mc']:.5f} ± t_num {cpu_grid['t_num']:.2g}", block_count, False)
    if "peer" in raw:
        best = min(raw["peer"]["runs"], key=lambda r: r["seconds"])
        row(f"PyTorch peer, cdist + logsumexp, float32, {raw['peer']['device']} (best of 3)", best["seconds"],
            f"{best['h_bits']:.5f} ± {best['stderr_bits']:.2g} (own draws)", block_count,
            raw["peer"]["device"] == "cuda")
    for entry in raw.get("layouts", []):
        same = "the same ĥ_MC" if entry["h_mc"] == device_grid["h_mc"] else f"ĥ_MC {entry['h_mc']!r} DIFFERS"
        row(f"certified entropy, OpenCL device, layout Q,GROUP = {entry['layout']}", entry["timings_s"]["entropy"],
            same, block_count, True)
    whole = raw["whole_bound"]
    lines = [
        f"# GPU benchmark, size {raw['size']}: n_est = {n}, |D⊥| = {raw['n_perp']}, (k, ν²) = ({k}, {raw['nu2']}), "
        f"{block_count} blocks, one draw per record",
        "",
        f"Device: {raw['fma_peak']['device']}; float32 FMA rate measured {fma_rate:.4g}/s.",
        "",
        "| computation | seconds | ps per (query, centre, block) | of the device's FMA peak (k + 1 FMAs per pair) "
        "| ratio to the device | ĥ_MC bits |",
        "|---|---|---|---|---|---|",
    ] + rows + [
        "",
        f"Whole `bound` (default grid, pilot, device): {whole['wall_s']:.2f} s wall, {whole['cpu_s']:.2f} CPU-s, "
        f"peak {whole['peak_rss_mb']:.0f} MB, ρ* = {whole['rho_star']:.5f}; stages (s): "
        + ", ".join(f"{key} {value:.2f}" for key, value in whole["timings_s"].items()),
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
