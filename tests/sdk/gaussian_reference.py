#!/usr/bin/env python3
"""Independent numbers for the `gaussian` example plugin (examples/plugins/gaussian), from
the standard library only, and the checks of the SDK test that compare them.

gamma K SIGMA JSON         γ = k/(2σ² ln 2) bits against "gamma_bits" of `reconbound leakage --json`
epsilon-json K SIGMA DELTA JSON
                           ε(δ) against "epsilon_lower"/"epsilon_upper" of `reconbound epsilon --json`
epsilon-lines FILE         the same for lines "epsilon k sigma noise_scale delta lower estimate upper"

ε(δ) here does not use the plugin's closed form. k releases of a sensitivity-1 query with
noise N(0, σ²) have a likelihood ratio that depends only on the sum of the releases; that
sum divided by σ√k is N(μ, 1) against N(0, 1) with μ = √k/σ. So
    δ(ε) = ∫ max(0, p(x) − e^ε q(x)) dx,   p = N(μ, 1), q = N(0, 1),
integrated by composite Simpson on [μ − 14, μ + 14] (where p lives; the integrand is ≤ p),
split where p − e^ε q changes sign so that no panel holds the kink, and ε(δ) =
inf{ε ≥ 0 : δ(ε) ≤ δ} by bisection. Exit code 1 on a mismatch.
"""
import json
import math
import sys

STEP = 1e-3  # Simpson step
HALF_WIDTH = 14.0  # p outside μ ± 14 holds < 1e-44


def normal_pdf(x):
    return math.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)


def simpson(f, a, b):
    n = max(2, 2 * math.ceil((b - a) / (2 * STEP)))
    h = (b - a) / n
    total = f(a) + f(b) + sum((4 if i % 2 else 2) * f(a + i * h) for i in range(1, n))
    return total * h / 3


def sign_change(f, a, b):
    """A root of f in [a, b], where f(a) and f(b) differ in sign, by bisection."""
    negative_at_a = f(a) < 0
    for _ in range(100):
        m = (a + b) / 2
        if (f(m) < 0) == negative_at_a:
            a = m
        else:
            b = m
    return (a + b) / 2


def hockey_stick(mu, epsilon):
    """δ(ε) = ∫ max(0, p − e^ε q) dx by numerical integration."""
    scale = math.exp(epsilon)

    def difference(x):
        return normal_pdf(x - mu) - scale * normal_pdf(x)

    lo, hi = mu - HALF_WIDTH, mu + HALF_WIDTH
    n = math.ceil((hi - lo) / STEP)
    grid = [lo + (hi - lo) * i / n for i in range(n + 1)]
    cuts = [lo]
    for left, right in zip(grid, grid[1:]):
        if (difference(left) < 0) != (difference(right) < 0):
            cuts.append(sign_change(difference, left, right))
    cuts.append(hi)
    positive = lambda x: max(0.0, difference(x))
    return sum(simpson(positive, a, b) for a, b in zip(cuts, cuts[1:]))


def epsilon_of_delta(mu, delta):
    """inf{ε ≥ 0 : δ(ε) ≤ δ} by bisection; δ(ε) decreases in ε."""
    if hockey_stick(mu, 0.0) <= delta:
        return 0.0
    lo, hi = 0.0, 1.0
    while hockey_stick(mu, hi) > delta:
        lo, hi = hi, 2 * hi
    while hi - lo > 1e-11 * hi:
        m = (lo + hi) / 2
        if hockey_stick(mu, m) > delta:
            lo = m
        else:
            hi = m
    return (lo + hi) / 2


def check(ok, what):
    print(("PASS " if ok else "FAIL ") + what, file=sys.stderr)
    return ok


def check_epsilon(k, sigma, delta, lower, upper, what):
    """The reference ε within the certified bracket, up to the reference's own accuracy."""
    reference = epsilon_of_delta(math.sqrt(k) / sigma, delta)
    slack = 1e-8 * max(1.0, reference)
    return check(lower - slack <= reference <= upper + slack and upper - lower <= 0.01,
                 f"{what}: eps(delta={delta:g}) of k={k}, sigma={sigma:g}: reference {reference:.13g} "
                 f"in [{lower:.13g}, {upper:.13g}]")


def main(argv):
    command = argv[1]
    if command == "gamma":
        k, sigma = int(argv[2]), float(argv[3])
        expected = k / (2 * sigma * sigma * math.log(2))  # k·KL(N(1,σ²) ‖ N(0,σ²)) in bits
        with open(argv[4]) as f:
            gamma = json.load(f)["gamma_bits"]
        return check(abs(gamma - expected) <= 1e-12 * expected,
                     f"leakage gamma {gamma!r} = k/(2 sigma^2 ln 2) = {expected!r} bits")
    if command == "epsilon-json":
        k, sigma, delta = int(argv[2]), float(argv[3]), float(argv[4])
        with open(argv[5]) as f:
            result = json.load(f)
        return check_epsilon(k, sigma, delta, result["epsilon_lower"], result["epsilon_upper"],
                             "reconbound epsilon")
    if command == "epsilon-lines":
        ok = True
        with open(argv[2]) as f:
            for line in f:
                fields = line.split()
                if not fields or fields[0] != "epsilon":
                    continue
                k, sigma, scale, delta, lower, _, upper = fields[1:8]
                ok &= check_epsilon(int(k), float(sigma) * float(scale), float(delta), float(lower),
                                    float(upper), f"accountant, sigma={float(sigma):g} x noise factor {float(scale):g}")
        return ok
    raise SystemExit(f"unknown command {command!r}")


if __name__ == "__main__":
    sys.exit(0 if main(sys.argv) else 1)
