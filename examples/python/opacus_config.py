#!/usr/bin/env python3
"""γ, ε and ρ* for an Opacus-style DP-SGD configuration, on Fashion-MNIST.

Opacus describes DP-SGD training by a sample rate q (Poisson sampling: each record joins each
batch with probability q), a noise multiplier σ, a number of epochs and the data-set size N.
One epoch is 1/q steps in expectation, so training takes T = ceil(epochs / q) steps. reconbound's
functions take Opacus's names (sample_rate, noise_multiplier, epochs, target_delta) and state the
steps they used (``steps_from_epochs``). For that schedule reconbound gives

    γ   the leakage in bits: what one record can reveal at most (Theorem 4.1),
    ε   at δ = N^-1.1 (the paper's choice; --delta to set it), with its error bar, and
    ρ*  a lower bound on every attack's reconstruction error, relative to the
        prior's, on Fashion-MNIST pixels (Algorithm 1; eq 14): ρ* = 0.65 means every attack's
        pixel RMSE is at least 65 % of that of the best guess made without the model. It holds
        with probability >= 95 % over the data sample and the Monte Carlo draws; the last line
        is the result's certificate (docs/mathematics.md §6.8), which says so.

Opacus itself is not needed. The defaults are the paper's: 1024-record batches out of 60,000,
100 epochs, σ = 1.0512 (ε = 8). --quick uses the quick-look split of 2,000 + 2,000 records
(seconds instead of minutes; a smaller ρ*).

    PYTHONPATH=build/release/python python3 examples/python/opacus_config.py --quick
"""

import argparse
import sys

import reconbound


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample-rate", type=float, default=1024 / 60000, help="Poisson sampling rate q")
    parser.add_argument("--noise-multiplier", type=float, default=1.0512, help="noise multiplier sigma")
    parser.add_argument("--epochs", type=float, default=100)
    parser.add_argument("--dataset-size", type=int, default=60000, help="N, for delta = N^-1.1")
    parser.add_argument("--delta", type=float, help="delta instead of N^-1.1")
    parser.add_argument("--representation", default="pixel", help="e.g. pixel, downsample:4, dct:8")
    parser.add_argument("--quick", action="store_true", help="quick-look split of 2,000 + 2,000 records")
    parser.add_argument("--threads", type=int, default=0, help="0: all cores")
    args = parser.parse_args()

    training = {"sample_rate": args.sample_rate, "noise_multiplier": args.noise_multiplier, "epochs": args.epochs}
    delta = {"target_delta": args.delta} if args.delta else {"delta_exponent": 1.1, "n_train": args.dataset_size}
    try:
        from tqdm import tqdm  # a progress bar when tqdm is installed
        progress = tqdm(file=sys.stderr)
    except ImportError:
        progress = None

    leakage = reconbound.leakage_report(**training)
    eps = reconbound.epsilon(**training, **delta)
    result = reconbound.bound(data="fashion-mnist", representation=args.representation, **training,
                              quick=args.quick, threads=args.threads, progress=progress)
    steps = leakage.steps_from_epochs.steps
    print(f"schedule: q = {args.sample_rate:.6g}, sigma = {args.noise_multiplier:.6g}, T = {steps} steps "
          f"({args.epochs:g} epochs)")
    print(f"gamma:    {leakage.gamma_bits:.6g} bits")
    print(f"epsilon:  {eps.epsilon:.4f} in [{eps.epsilon_lower:.4f}, {eps.epsilon_upper:.4f}] at delta = {eps.delta:.3g}")
    certificate = result.certificate  # what is certified, and with which probability
    print(f"rho*:     {result.rho_star:.4f} ({args.representation}; (k, nu2) = ({result.k_star}, {result.nu2_star:g}), "
          f"|D_perp| = {result.n_perp}, n_est = {result.n_est}; certifies {certificate.certifies} "
          f"at level {certificate.level:g})")
    print(certificate.statement)


if __name__ == "__main__":
    main()
