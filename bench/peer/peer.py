#!/usr/bin/python3
"""The PyTorch peer of the goldfeld estimator (issue 25, item 4; docs/fast_estimator.md,
"The PyTorch peer").

One grid pair (k, ν²), the Monte Carlo plug-in entropy of eq 31 (docs/mathematics.md §6): for
each of the N_k = m_pad/k blocks b, the n points y_{b,i} = sqrt(N_k)·(U·Ψ(x_i))[b·k:(b+1)·k] of
the rotated estimation sample, the dither s = ν·sqrt(tr Σ̂/k), one draw per point
(n_MC = 1), queries t_i = y_{b,i} + s·Z_i and

    ĥ_MC(Π_b) = (1/n) Σ_i −log2 f̂_b(t_i),   f̂_b(t) = (1/n) Σ_l N(t; y_{b,l}, s² I_k),
    −ln f̂_b(t) = ln n + (k/2)·ln(2π s²) − logsumexp_l(−‖t − y_{b,l}‖²/(2s²))     (nats),

and ĥ_MC = (1/N_k) Σ_b ĥ_MC(Π_b) in bits, computed twice in one run:

* by `reconbound bound --perp-range 0:P --est-range P:P+n --grid-k K --grid-nu2 NU2
  --grid-select none --mc-samples 1 --threads T` (its JSON: h_mc, s, the entropy stage's
  seconds; the whole process's wall time measured here);
* by PyTorch as a user would write it: float32 tensors, the squared distances of a batch of
  queries to all n centres by torch.cdist (or ‖t‖² − 2 t·yᵀ + ‖y‖² with a matmul,
  --distance matmul), torch.logsumexp over the centres, torch.set_num_threads(T), on the CPU.
  Its own draws (torch.Generator), so the two estimates differ by Monte Carlo noise: the
  difference is reported with its standard error.

Both see the same points: bench/peer_export (bench/peer/peer_export.cpp) writes the rotated
D_est and tr Σ̂ as the CLI computes them (pixel Ψ, eigenbasis rotation) and the rotation's
fingerprint, which is checked against the CLI's rotation_probe.

Before each timed measurement the script waits until the machine is quiet (the 1-minute load
average below --max-load and bench/mpi/common.sh's wait_quiet), and it repeats the whole
comparison --reps times. Writes bench/peer/results/peer_<k>_<nu2>_<n>.md and .json.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LN2 = math.log(2.0)


def wait_until_quiet(max_load, deadline_s):
    """The 1-minute load average below max_load, then wait_quiet (10 s at ≥ 90 % idle); gives up
    after deadline_s and measures anyway. Returns the load average when it stopped waiting."""
    deadline = time.monotonic() + deadline_s
    while os.getloadavg()[0] >= max_load and time.monotonic() < deadline:
        time.sleep(5)
    env = dict(os.environ, QUIET_WAIT_S=str(max(10, int(deadline - time.monotonic()))))
    subprocess.run(["bash", "-c", f"source '{ROOT}/bench/mpi/common.sh' && wait_quiet"], env=env, check=False)
    return os.getloadavg()[0]


def child_env():
    """The environment of the reconbound processes: bench/peer/run.sh puts OpenBLAS on torch's
    LD_LIBRARY_PATH only; the CLI and peer_export keep the library path they had without it."""
    env = dict(os.environ)
    if "PEER_CHILD_LD_LIBRARY_PATH" in env:
        env["LD_LIBRARY_PATH"] = env["PEER_CHILD_LD_LIBRARY_PATH"]
    return env


def export_pair(export, data, n_perp, n_est, directory):
    """The rotated D_est, tr Σ̂ and the rotation's fingerprint (peer_export)."""
    path = os.path.join(directory, "rotated_est.npy")
    out = subprocess.run([export, data, "0", str(n_perp), str(n_perp), str(n_perp + n_est), path],
                         check=True, capture_output=True, text=True, env=child_env())
    info = json.loads(out.stdout)
    info["rotated"] = np.load(path)
    return info


def run_reconbound(reconbound, data, n_perp, n_est, k, nu2, threads):
    """The CLI on the same split and pair; returns its JSON and the process's wall time."""
    command = [reconbound, "bound", "--data", data, "--perp-range", f"0:{n_perp}",
               "--est-range", f"{n_perp}:{n_perp + n_est}", "--grid-k", str(k), "--grid-nu2", str(nu2),
               "--grid-select", "none", "--mc-samples", "1", "--gamma", "1", "--threads", str(threads),
               "--json", "--quiet"]
    start = time.perf_counter()
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=child_env())
    wall = time.perf_counter() - start
    return json.loads(out.stdout), wall, command


def torch_plug_in(rotated, k, nu2, trace, seed, chunk, distance, device="cpu"):
    """ĥ_MC (bits) of the pair in float32 PyTorch, as a user would write it; also the standard
    error of the estimate from the spread of the per-query values (bits), and the seconds. On
    `device` (bench/gpu/peer_gpu.py: "cuda"), the points copied there inside the timed part."""
    start = time.perf_counter()
    n, m_pad = rotated.shape
    blocks = m_pad // k
    s = math.sqrt(nu2 * trace / k)
    generator = torch.Generator(device=device).manual_seed(seed)
    points = torch.from_numpy(rotated).to(device=device, dtype=torch.float32) * math.sqrt(blocks)
    constant = math.log(n) + 0.5 * k * math.log(2.0 * math.pi * s * s)  # ln n + (k/2) ln(2πs²)
    block_means, block_variances = [], []
    for b in range(blocks):
        y = points[:, b * k:(b + 1) * k]
        y = y - y.mean(dim=0)  # centred, as the estimator centres: the matmul form cancels less
        y_norm2 = (y * y).sum(dim=1)
        values = []
        for first in range(0, n, chunk):
            t = y[first:first + chunk] + s * torch.randn(min(chunk, n - first), k, generator=generator,
                                                          device=device)
            if distance == "cdist":
                d2 = torch.cdist(t, y).square()
            else:
                d2 = (t * t).sum(dim=1, keepdim=True) - 2.0 * (t @ y.T) + y_norm2
            values.append(constant - torch.logsumexp(d2 * (-0.5 / (s * s)), dim=1))  # −ln f̂(t), nats
        v = torch.cat(values).to(torch.float64) / LN2
        block_means.append(v.mean())
        block_variances.append(v.var())
    block_means = [value.item() for value in block_means]  # waits for the device's work
    block_variances = [value.item() for value in block_variances]
    seconds = time.perf_counter() - start
    h = sum(block_means) / blocks
    # Var ĥ = (1/N_k²) Σ_b Var_b/n, blocks dithered independently (mathematics §6.3).
    stderr = math.sqrt(sum(block_variances) / n) / blocks
    return h, stderr, seconds, s


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reconbound", default=os.path.join(ROOT, "build/release/bin/reconbound"))
    parser.add_argument("--export", default=os.path.join(ROOT, "build/release/bench/peer_export"))
    parser.add_argument("--data", default="fashion-mnist")
    parser.add_argument("--perp", type=int, default=10000, help="|D_perp|: records 0..perp-1")
    parser.add_argument("--n-est", type=int, default=10000, help="n_est: the next n-est records")
    parser.add_argument("--k", type=int, default=28)
    parser.add_argument("--nu2", type=float, default=1.6)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=256, help="queries per batch")
    parser.add_argument("--distance", default="cdist,matmul", help="comma separated: cdist, matmul")
    parser.add_argument("--reps", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-load", type=float, default=0.5)
    parser.add_argument("--quiet-deadline", type=float, default=180.0,
                        help="seconds to wait for quiet before each measurement, then measure anyway")
    parser.add_argument("--out", default=os.path.join(ROOT, "bench/peer/results"))
    parser.add_argument("--render", metavar="JSON", help="only print the table of an earlier run's JSON")
    args = parser.parse_args()
    if args.render:
        with open(args.render) as f:
            summary = json.load(f)
        print(markdown(summary, list(summary["runs"][0]["torch"])))
        return
    distances = args.distance.split(",")
    torch.set_num_threads(args.threads)

    with tempfile.TemporaryDirectory() as directory:
        pair = export_pair(args.export, args.data, args.perp, args.n_est, directory)
    rotated = pair.pop("rotated")
    runs = []
    for rep in range(args.reps):
        load = wait_until_quiet(args.max_load, args.quiet_deadline)
        ours, wall, command = run_reconbound(args.reconbound, args.data, args.perp, args.n_est, args.k, args.nu2,
                                             args.threads)
        if ours["rotation_probe"] != pair["rotation_probe"] or ours["trace_sigma"] != pair["trace_sigma"]:
            sys.exit("peer_export and the CLI disagree on the rotation or tr Sigma: not the same pair")
        grid = ours["grid"][0]
        run = {"rep": rep, "load_before_ours": load, "ours_wall_s": wall, "ours_entropy_s": ours["timings_s"]["entropy"],
               "ours_h_bits": grid["h_mc"], "ours_s": grid["s"], "ours_t_num": grid["t_num"], "torch": {}}
        print(f"rep {rep}: reconbound wall {wall:.2f} s, entropy {run['ours_entropy_s']:.2f} s, "
              f"h = {grid['h_mc']:.5f} bits (load {load:.2f})", flush=True)
        for distance in distances:
            load = wait_until_quiet(args.max_load, args.quiet_deadline)
            h, stderr, seconds, s = torch_plug_in(rotated, args.k, args.nu2, pair["trace_sigma"],
                                                  args.seed + 1000 * rep, args.chunk, distance)
            run["torch"][distance] = {"seconds": seconds, "h_bits": h, "stderr_bits": stderr, "s": s, "load_before": load}
            print(f"rep {rep}: torch ({distance}) {seconds:.2f} s, h = {h:.5f} ± {stderr:.5f} bits (load {load:.2f}); "
                  f"ratio to reconbound's entropy stage {seconds / run['ours_entropy_s']:.1f}, "
                  f"to its wall {seconds / wall:.1f}", flush=True)
        runs.append(run)

    # σ_MC of §6.3, the data-free bound on the standard deviation of either estimate (bits).
    blocks = pair["m_padded"] // args.k
    sigma_mc = math.sqrt(args.k / (blocks * args.n_est)) / LN2
    shown = ["reconbound"] + command[1:]  # the snapshot's path says nothing
    summary = {"command": " ".join(shown), "pair": {"k": args.k, "nu2": args.nu2, "n_est": args.n_est,
               "n_perp": args.perp, "n_mc": 1, "blocks": blocks, "pairs_per_run": blocks * args.n_est ** 2},
               "threads": args.threads, "chunk": args.chunk, "torch_version": torch.__version__,
               "torch_parallel": torch.__config__.parallel_info().splitlines()[:4], "sigma_mc_bound_bits": sigma_mc,
               "blas": blas_library(), "cpu": cpu_model(), "runs": runs}
    os.makedirs(args.out, exist_ok=True)
    blas = "openblas" if "openblas" in summary["blas"] else "refblas"
    stem = os.path.join(args.out, f"peer_k{args.k}_nu{args.nu2:g}_n{args.n_est}_{blas}")
    with open(stem + ".json", "w") as f:
        json.dump(summary, f, indent=1)
    table = markdown(summary, distances)
    with open(stem + ".md", "w") as f:
        f.write(table)
    print(table)


def blas_library():
    """The BLAS library torch's matrix products run on (the process's mapped libblas/openblas):
    Debian's python3-torch calls the system libblas.so.3, by default the reference BLAS."""
    torch.ones(64, 64) @ torch.ones(64, 64)
    with open("/proc/self/maps") as maps:
        paths = sorted({line.split()[-1] for line in maps
                        if "blas" in line.split()[-1] and "lapack" not in line.split()[-1]})
    return ", ".join(paths) if paths else "none found"


def cpu_model():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
        return next(line.split(":", 1)[1].strip() for line in out.splitlines() if line.startswith("Model name"))
    except (OSError, StopIteration):
        return "unknown"


def spread(values, fmt):
    return f"{fmt.format(min(values))}–{fmt.format(max(values))}" if len(values) > 1 else fmt.format(values[0])


def markdown(summary, distances):
    runs = summary["runs"]
    p = summary["pair"]
    lines = [f"PyTorch peer, (k, ν²) = ({p['k']}, {p['nu2']:g}), n_est = {p['n_est']}, |D⊥| = {p['n_perp']}, "
             f"n_MC = 1, {p['blocks']} blocks ({p['pairs_per_run']:.3g} (query, centre) pairs), "
             f"{summary['threads']} threads, {summary['cpu']}, torch {summary['torch_version']} "
             f"(BLAS: {summary['blas']}, chunks of {summary['chunk']} queries); "
             f"{len(runs)} runs (min–max).", "",
             "| implementation | wall s | ratio to reconbound (entropy stage), per run | best / best "
             "| ratio to reconbound (whole CLI), per run | best / best | ĥ_MC bits "
             "| ĥ − reconbound's ĥ, bits (σ of the difference) |",
             "|---|---|---|---|---|---|---|---|"]
    best_entropy = min(r["ours_entropy_s"] for r in runs)
    best_wall = min(r["ours_wall_s"] for r in runs)
    lines.append(f"| reconbound, entropy stage | {spread([r['ours_entropy_s'] for r in runs], '{:.2f}')} | 1 | 1 | | | "
                 f"{spread([r['ours_h_bits'] for r in runs], '{:.5f}')} | |")
    lines.append(f"| reconbound, whole CLI process | {spread([r['ours_wall_s'] for r in runs], '{:.2f}')} | | | 1 | 1 | | |")
    for d in distances:
        secs = [r["torch"][d]["seconds"] for r in runs]
        ratio_e = [r["torch"][d]["seconds"] / r["ours_entropy_s"] for r in runs]
        ratio_w = [r["torch"][d]["seconds"] / r["ours_wall_s"] for r in runs]
        hs = [r["torch"][d]["h_bits"] for r in runs]
        diffs = [r["torch"][d]["h_bits"] - r["ours_h_bits"] for r in runs]
        sd = [math.sqrt(2.0) * r["torch"][d]["stderr_bits"] for r in runs]
        lines.append(f"| PyTorch float32, {d} + logsumexp | {spread(secs, '{:.1f}')} | {spread(ratio_e, '{:.1f}')} | "
                     f"{min(secs) / best_entropy:.1f} | {spread(ratio_w, '{:.1f}')} | {min(secs) / best_wall:.1f} | "
                     f"{spread(hs, '{:.5f}')} | "
                     + ", ".join(f"{x:+.5f} ({s:.5f})" for x, s in zip(diffs, sd)) + " |")
    loads = "; ".join(f"run {r['rep'] + 1}: reconbound {r['load_before_ours']:.2f}, "
                      + ", ".join(f"{d} {r['torch'][d]['load_before']:.2f}" for d in distances) for r in runs)
    lines += ["", f"1-minute load average before each measurement: {loads}. Best / best: the ratio of the "
                  f"shortest times over the runs (the shared machine only ever adds time)."]
    lines += ["", f"σ of the difference: √2 × the PyTorch estimate's standard error from its per-query values "
                  f"(both estimates use independent draws of the same variance); the data-free bound of "
                  f"mathematics §6.3 on either estimate's σ is {summary['sigma_mc_bound_bits']:.5f} bits.",
              f"reconbound: `{summary['command']}`", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
