#!/usr/bin/env python3
"""ρ* against the noise multiplier σ on Fashion-MNIST, notebook style (one cell per step).

More noise leaks less (γ falls with σ, Theorem 4.1) and certifies a larger ρ* (eq 14). The
entropies do not depend on γ, so one bound call with every σ's γ estimates them once. Draws
ρ* against σ with matplotlib when it is installed; otherwise prints the table only.

    PYTHONPATH=build/release/python python3 examples/python/rho_vs_sigma.py --quick
"""

# %% Settings: the paper's Fashion-MNIST schedule (q = 1024/60000, 100 epochs) and a range of σ.
import argparse
import sys

import reconbound

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--sample-rate", type=float, default=1024 / 60000)
parser.add_argument("--steps", type=int, default=5860)
parser.add_argument("--sigmas", default="0.6,0.8,1.0,1.2,1.5,2,3,4", help="comma separated")
parser.add_argument("--representation", default="pixel")
parser.add_argument("--quick", action="store_true", help="quick-look split of 2,000 + 2,000 records")
parser.add_argument("--output", default="rho_vs_sigma.png", help="the figure (with matplotlib)")
args = parser.parse_args()
sigmas = [float(s) for s in args.sigmas.split(",")]

# %% The leakage of each σ, then ρ* for all of them from one entropy estimate.
gammas = [reconbound.leakage(q=args.sample_rate, sigma=s, steps=args.steps) for s in sigmas]
result = reconbound.bound(data="fashion-mnist", representation=args.representation, gamma=gammas,
                          quick=args.quick)
rhos = [r.rho_star for r in result.results]

# %% The table.
print(f"{'sigma':>8} {'gamma (bits)':>14} {'rho*':>8}")
for sigma, gamma, rho in zip(sigmas, gammas, rhos):
    print(f"{sigma:>8.4g} {gamma:>14.6g} {rho:>8.4f}")
# What is certified (docs/mathematics.md §6.8): one event covers every row at once.
certificate = result.certificate
if certificate.certifies == "rho_star":
    print(f"every rho* above holds, all rows at once, with probability >= {certificate.level:.4g}")
else:  # normaliser="sample": rho* divides the certified absolute bound by the point estimate of tr Sigma
    print(f"every row's absolute bound holds, all rows at once, with probability >= {certificate.level:.4g}; "
          "rho* is not certified")

# %% The figure.
try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("matplotlib is missing: the table above is the result (install python3-matplotlib for the figure)",
          file=sys.stderr)
else:
    figure, axes = plt.subplots(figsize=(5, 3.5))
    axes.plot(sigmas, rhos, marker="o")
    axes.set_xlabel("noise multiplier σ")
    axes.set_ylabel(certificate.rho_label)  # "certified" only where the certificate says so
    axes.set_ylim(0, 1)
    axes.set_title(f"Fashion-MNIST, {args.representation}, T = {args.steps}")
    figure.tight_layout()
    figure.savefig(args.output, dpi=150)
    print(f"wrote {args.output}", file=sys.stderr)
