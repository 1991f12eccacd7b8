#!/usr/bin/python3
"""Independent NumPy implementation of §3–6 of docs/mathematics.md for cross-checking
`reconbound bound`.

Written from the mathematics alone (no code shared with the C++ estimator), for an IDX image
file and the representations `pixel` (identity) and `select:rect:y0,x0,h,w` (a rectangle,
row-major):

  * §4: U = m_pad^{-1/2} · H · [Vᵀ; 0] (`eigenbasis`: V = eigenvectors of the D⊥ covariance
    by decreasing eigenvalue) or U = m_pad^{-1/2} · H · [D; 0] (`signs`: D = diag(±1) from
    std::mt19937_64(seed ^ 0x5157a7e5), +1 when bit 63 of a draw is set); H of order m_pad, the
    smallest constructible order ≥ m or --padded-order (independent_hadamard.py); blocks
    y_{b,i} = sqrt(N_k) · (U ψ_i)[bk:(b+1)k], N_k = m_pad/k.
  * §6.5: tr Σ̂ (unbiased, on D⊥), which sets the dither scale, and the upper confidence
    bound on tr Σ from D_est centred at D⊥'s mean c (eq 6.5a–b): Z_i = ‖ψ_i − c‖²/B over the
    n_est records of D_est, B = 255² · m, UCB = B · min(1, Z̄ + sqrt(2 V ln(2/α_T)/n_est)
    + 7 ln(2/α_T)/(3(n_est − 1))), V the unbiased sample variance of the Z_i. No randomness.
  * §6.8: one α split over the certificate's events: with --normaliser ucb (the default, as in
    the CLI) α_T = f·α for the UCB, f = --normaliser-alpha-share (default 0.1), and
    α₁ = α₂ = (1 − f)·α/2 for the entropy margins; with --normaliser sample α_T = 0 and
    α₁ = α₂ = α/2 (the UCB is still computed, at f·α, for information, as the CLI reports it).
  * §6: Monte Carlo plug-in ĥ_MC (eq 31) by an exact log-sum-exp over all n centres,
    McDiarmid margin t_MD (eq 35) at α₂, Cantelli margin t_MC (eq 34) at α₁ with the §6.3
    variance bound, n_MC from the §6.7 budget rule (at α₁) or --mc-samples, over the whole grid
    given (the CLI is run with --grid-select none: the pilot of §6.6 is not reimplemented).
  * §5: ρ = sqrt([k/(2πe·T) · 2^{2(h_LB − γ)/k} − k·s²/T]_+) (eq 13–14), capped at 1, with
    s = ν·sqrt(tr Σ̂/k) and T = the UCB (--normaliser ucb) or tr Σ̂ (sample).

Entropies are in bits, tr Σ̂ in squared grey levels (pixel values 0..255).

Usage (run with Debian's interpreter, which has python3-numpy):
  /usr/bin/python3 tools/independent_bound.py --data PATH.gz --perp-range 0:2000 \
      --est-range 2000:4000 --grid-k 14,28 --grid-nu2 0.4,1.6 --gamma 1.782
  add  --compare PATH/TO/reconbound  to run the CLI on the same split, settings and seed and
  assert, pair by pair, n_MC, s, t_MC, t_MD (to 1e-9 relative), ĥ_MC (within a stated
  tolerance), 0 < t_num ≤ 1e-9 with --exact, then tr Σ̂, the UCB, the normaliser, the α shares of the
  certificate, the rotation probe (signs rotation: exactly) and ρ* and the point estimate for
  every γ (within the interval the ĥ_MC tolerance implies). Exit status 1 when any assertion
  fails. tools/README.md states the tolerances.
"""
import argparse
import gzip
import json
import math
import struct
import subprocess
import sys
import time

try:
    import numpy as np
except ImportError:
    sys.stderr.write("independent_bound.py: NumPy is missing for this interpreter; "
                     "install Debian's python3-numpy (apt-get install -y python3-numpy) "
                     "and run with /usr/bin/python3\n")
    sys.exit(2)

import independent_hadamard
from independent_mt19937_64 import MersenneTwister64, self_check as mt_self_check

MAX_GREY = 255.0
SIGNS_SEED_XOR = 0x5157A7E5     # the sign diagonal's stream: seed ^ this (docs/mathematics.md §4)
PROBE_LENGTH = 8                 # coordinates of U·p reported as the rotation probe
EXACT_RELATIVE = 1e-9            # quantities that involve no randomness the two sides do not share


# ---------------------------------------------------------------- data -------------------
def read_idx_images(path):
    """Reads a (gzipped) IDX3 ubyte file; returns ((N, rows*cols) float64 of 0..255, (rows, cols))."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        raw = f.read()
    zero, dtype_code, ndim = struct.unpack(">HBB", raw[:4])
    if zero != 0 or dtype_code != 0x08 or ndim != 3:
        raise ValueError(f"{path}: not an unsigned-byte IDX3 file (magic {raw[:4].hex()})")
    count, rows, cols = struct.unpack(">III", raw[4:16])
    body = np.frombuffer(raw, dtype=np.uint8, offset=16)
    if body.size != count * rows * cols:
        raise ValueError(f"{path}: expected {count * rows * cols} bytes of pixels, got {body.size}")
    return body.reshape(count, rows * cols).astype(np.float64), (rows, cols)


def parse_range(text, total, name):
    """'a:b' -> (a, b), a half-open range of record indices."""
    try:
        a, b = (int(v) for v in text.split(":"))
    except ValueError:
        raise ValueError(f"{name} '{text}': expected a:b with integers a < b")
    if not 0 <= a < b <= total:
        raise ValueError(f"{name} '{text}': must satisfy 0 <= a < b <= {total}")
    return a, b


def representation_columns(spec, shape):
    """Ψ as the column indices it keeps (docs/mathematics.md §3): pixel = all, row-major;
    select:rect:y0,x0,h,w = rows y0..y0+h−1 × columns x0..x0+w−1, row-major."""
    rows, cols = shape
    if spec == "pixel":
        return np.arange(rows * cols)
    prefix = "select:rect:"
    if not spec.startswith(prefix):
        raise ValueError(f"--representation '{spec}': this checker knows pixel and "
                         "select:rect:y0,x0,h,w")
    y0, x0, h, w = (int(v) for v in spec[len(prefix):].split(","))
    if h < 1 or w < 1 or y0 + h > rows or x0 + w > cols:
        raise ValueError(f"--representation '{spec}': the rectangle does not fit {rows} x {cols}")
    return np.array([i * cols + j for i in range(y0, y0 + h) for j in range(x0, x0 + w)])


# ------------------------------------------------ rotation (mathematics §4) --------------
def eigenbasis_vt(perp):
    """Vᵀ with V the eigenvectors of the unbiased D⊥ covariance, decreasing eigenvalue."""
    centred = perp - perp.mean(axis=0)
    cov = centred.T @ centred / (perp.shape[0] - 1)
    eigval, eigvec = np.linalg.eigh(cov)
    return eigvec[:, np.argsort(eigval)[::-1]].T


def random_signs(m, seed):
    """diag(D): +1 when bit 63 of the next std::mt19937_64(seed ^ 0x5157a7e5) draw is set."""
    generator = MersenneTwister64(seed ^ SIGNS_SEED_XOR)
    return np.array([1.0 if generator.next() >> 63 else -1.0 for _ in range(m)])


def rotation_matrix(kind, perp, seed, m_pad):
    """U = m_pad^{-1/2} · H · [Vᵀ; 0] or m_pad^{-1/2} · H · [D; 0], shape (m_pad, m) (§4)."""
    m = perp.shape[1]
    h = independent_hadamard.hadamard(m_pad)[:, :m]   # H·[X; 0] = H[:, :m]·X
    inner = eigenbasis_vt(perp) if kind == "eigenbasis" else np.diag(random_signs(m, seed))
    U = h @ inner / math.sqrt(m_pad)
    if not np.allclose(U.T @ U, np.eye(m), atol=1e-10):
        raise RuntimeError("the rotation U does not have orthonormal columns")
    return U


def rotation_probe(U):
    """The first coordinates of U·p, p = (1, 2, …, m): a data-free fingerprint of U."""
    return (U @ np.arange(1.0, U.shape[1] + 1.0))[:PROBE_LENGTH]


def project_blocks(est, U, k):
    """y_{b,i} = sqrt(N_k) · (U ψ_i)[bk:(b+1)k]; returns shape (N_k, n, k)."""
    n = est.shape[0]
    n_blocks = U.shape[0] // k
    rotated = est @ U.T * math.sqrt(n_blocks)
    return rotated.reshape(n, n_blocks, k).transpose(1, 0, 2).copy()


# ------------------------------------------------ tr Σ̂ and its UCB (mathematics §6.5) ----
def covariance_trace(perp):
    centred = perp - perp.mean(axis=0)
    return float(np.einsum("ij,ij->", centred, centred)) / (perp.shape[0] - 1)


def trace_ucb(perp, est, range_bound, alpha_t):
    """The upper confidence bound on tr Σ of mathematics §6.5, at level 1 − α_T.

    eq 6.5a: Z_i = ‖ψ_i − c‖²/B for the n_est records of D_est, c = the mean of Ψ over D⊥;
    given D⊥ the Z_i are i.i.d. in [0, 1] with E Z_i = (tr Σ + ‖μ − c‖²)/B ≥ tr Σ/B.
    eq 6.5b (Maurer & Pontil 2009, Thm 4, times B, capped at B since E Z ≤ 1):
      UCB = B · min(1, Z̄ + sqrt(2·V·ln(2/α_T)/n_est) + 7·ln(2/α_T)/(3(n_est − 1))),
    V the unbiased sample variance of the Z_i. B = 255²·m bounds ‖Ψ(x) − Ψ(x′)‖² for pixels
    and rectangles; a record further than that from c means B is no bound: an error."""
    n = est.shape[0]
    if n < 2:
        raise ValueError(f"the tr Sigma UCB needs n_est >= 2 records, got {n}")
    if not 0.0 < alpha_t < 1.0:
        raise ValueError(f"alpha_T = {alpha_t} must lie in (0, 1)")
    centre = perp.mean(axis=0)                                   # c, a function of D⊥ alone
    offsets = est - centre
    squared = np.einsum("ij,ij->i", offsets, offsets)            # ‖ψ_i − c‖²
    worst = int(np.argmax(squared))
    if squared[worst] > range_bound * (1.0 + 1e-12):
        raise ValueError(f"D_est record {worst} lies at squared distance {squared[worst]} > "
                         f"B = {range_bound} from the mean of D_perp: B is not a bound")
    z = np.minimum(1.0, squared / range_bound)                   # eq 6.5a
    log_term = math.log(2.0 / alpha_t)
    upper = (float(z.mean()) + math.sqrt(2.0 * float(z.var(ddof=1)) * log_term / n)
             + 7.0 * log_term / (3.0 * (n - 1)))                 # eq 6.5b
    return range_bound * min(1.0, upper)


def alpha_split(args):
    """Mathematics §6.8: (α₁, α₂, α_T, α of the UCB as computed).

    --normaliser ucb: α_T = f·α (f = --normaliser-alpha-share), α₁ = α₂ = (1 − f)·α/2.
    --normaliser sample: α_T = 0 and α₁ = α₂ = α/2; the UCB is computed at f·α for the report."""
    f = args.normaliser_alpha_share
    ucb_alpha = f * args.alpha
    if args.normaliser == "ucb":
        entropy_half = (1.0 - f) * args.alpha / 2.0
        return entropy_half, entropy_half, ucb_alpha, ucb_alpha
    return args.alpha / 2.0, args.alpha / 2.0, 0.0, ucb_alpha


# ---------------------------------------------------------------- entropy (mathematics §6) 
def neg_log2_density_stats(queries, centres, s, chunk_elems=4_000_000):
    """Mean and variance over queries t of −log2 f̂(t), f̂ = (1/n) Σ_l φ_s(t − y_l).

    Exact log-sum-exp over all n centres, float64:
      ln f̂(t) = −ln n − (k/2) ln(2π s²) − ‖t‖²/(2s²) + LSE_l[(2 t·y_l − ‖y_l‖²)/(2s²)]."""
    n, k = centres.shape
    inv_two_s2 = 1.0 / (2.0 * s * s)
    yy = np.einsum("ij,ij->i", centres, centres) * inv_two_s2
    const = -math.log(n) - 0.5 * k * math.log(2.0 * math.pi * s * s)
    rows = max(1, chunk_elems // n)
    values = []
    centres_t = np.ascontiguousarray(centres.T) * (2.0 * inv_two_s2)
    for start in range(0, queries.shape[0], rows):
        t = queries[start:start + rows]
        a = np.einsum("ik,kl->il", t, centres_t) if k >= 12 else t @ centres_t
        a -= yy
        peak = a.max(axis=1)
        a -= peak[:, None]
        np.exp(a, out=a)
        lse = peak + np.log(a.sum(axis=1))
        tt = np.einsum("ij,ij->i", t, t) * inv_two_s2
        values.append(-(const + lse - tt) / math.log(2.0))
    values = np.concatenate(values)
    return float(values.mean()), float(values.var(ddof=1))


def binary_entropy(p):
    return -p * math.log2(p) - (1.0 - p) * math.log2(1.0 - p)


def sigma_mc_bits(k, n_blocks, n, n_mc):
    """§6.3: σ_MC = sqrt(k/(N_k·n·n_MC))/ln 2 bits (Gaussian Poincaré, blocks independent)."""
    return math.sqrt(k / (n_blocks * n * n_mc)) / math.log(2.0)


def budget_n_mc(k, n_blocks, n, g_size, alpha1, t_md):
    """§6.7: the smallest n_MC ≥ 1 with t_MC ≤ t_MD (both data-free)."""
    n_mc = 1
    while sigma_mc_bits(k, n_blocks, n, n_mc) * math.sqrt(g_size / alpha1 - 1.0) > t_md:
        n_mc += 1
    return n_mc


def evaluate_grid(est, U, trace, args, log):
    """All grid pairs: s, n_MC, ĥ_MC with its realised standard error, t_MC, t_MD, h_LB (§5–6)."""
    n = est.shape[0]
    m_pad = U.shape[0]
    g_size = len(args.grid_k) * len(args.grid_nu2)
    alpha1, alpha2, _, _ = alpha_split(args)           # the entropy's shares of α (§6.8)
    t_md = binary_entropy(1.0 / n) * math.sqrt(n / 2.0 * math.log(g_size / alpha2))  # eq 35
    rng = np.random.default_rng(args.seed)
    pairs = []
    for k in args.grid_k:
        if m_pad % k:
            raise ValueError(f"k = {k} does not divide m_pad = {m_pad}")
        n_blocks = m_pad // k
        n_mc = args.mc_samples or budget_n_mc(k, n_blocks, n, g_size, alpha1, t_md)
        y = project_blocks(est, U, k)
        scales = [math.sqrt(nu2 * trace / k) for nu2 in args.grid_nu2]   # s = ν·sqrt(tr Σ̂/k)
        sums = [[0.0, 0.0] for _ in scales]            # Σ_b ĥ_MC(Π_b), Σ_b se_b²
        for b in range(n_blocks):
            # one standard-normal draw per block, independent across blocks, shared by the
            # ν levels of the block (each grid pair is its own statement, §6.3)
            z = rng.standard_normal((n * n_mc, k))
            for v, s in enumerate(scales):
                queries = np.repeat(y[b], n_mc, axis=0) + s * z      # y_{b,i} + W_{ij,b}
                mean, var = neg_log2_density_stats(queries, y[b], s)  # eq 31, bits
                sums[v][0] += mean
                sums[v][1] += var / (n * n_mc)
        for v, nu2 in enumerate(args.grid_nu2):
            h_mc = sums[v][0] / n_blocks
            t_mc = sigma_mc_bits(k, n_blocks, n, n_mc) * math.sqrt(g_size / alpha1 - 1.0)  # eq 34
            entry = {"k": k, "nu2": nu2, "s": scales[v], "n_mc": n_mc, "h_mc": h_mc,
                     "h_mc_se": math.sqrt(sums[v][1]) / n_blocks, "t_mc": t_mc, "t_md": t_md,
                     "h_lb": h_mc - t_mc - t_md}          # §6.4
            log(f"k={k} nu2={nu2}: h_mc={h_mc:.6f} (se {entry['h_mc_se']:.2g}) t_mc={t_mc:.6f} "
                f"t_md={t_md:.6f} h_lb={entry['h_lb']:.6f}")
            pairs.append(entry)
    return pairs


def rho_of(h, gamma, k, s, normaliser):
    """eq 13–14: sqrt([k/(2πe·T) · 2^{2(h − γ)/k} − k·s²/T]_+), capped at 1."""
    inner = (k / (2.0 * math.pi * math.e * normaliser) * 2.0 ** (2.0 * (h - gamma) / k)
             - k * s * s / normaliser)
    return min(1.0, math.sqrt(max(0.0, inner)))


def rho_star_of(pairs, gamma, normaliser, key, shift):
    """max over the grid of eq 14 at h = pair[key] + shift(pair)."""
    return max(rho_of(p[key] + shift(p), gamma, p["k"], p["s"], normaliser) for p in pairs)


# ---------------------------------------------------------------- CLI comparison ---------
def run_cli(binary, args):
    cmd = [binary, "bound", "--data", "idx:" + args.data, "--perp-range", args.perp_range,
           "--est-range", args.est_range, "--gamma", ",".join(repr(g) for g in args.gamma),
           "--representation", args.representation, "--rotation", args.rotation,
           "--grid-k", ",".join(str(k) for k in args.grid_k),
           "--grid-nu2", ",".join(repr(v) for v in args.grid_nu2),
           "--alpha", repr(args.alpha), "--seed", str(args.seed),
           "--normaliser", args.normaliser,
           "--normaliser-alpha-share", repr(args.normaliser_alpha_share),
           "--json", "--quiet", "--grid-select", "none"]
    if args.padded_order:
        cmd += ["--padded-order", str(args.padded_order)]
    if args.mc_samples:
        cmd += ["--mc-samples", str(args.mc_samples)]
    if args.exact:
        cmd.append("--exact")
    started = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"CLI failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    return cmd, json.loads(proc.stdout), time.time() - started


class Checks:
    """Collects assertions; prints one line each."""

    def __init__(self):
        self.failed = 0
        self.count = 0

    def close(self, name, ours, theirs, tolerance):
        ok = abs(ours - theirs) <= tolerance
        self._report(ok, f"{name}: python={ours:.9g} cli={theirs:.9g} "
                         f"|delta|={abs(ours - theirs):.3g} tolerance={tolerance:.3g}")

    def relative(self, name, ours, theirs):
        self.close(name, ours, theirs, EXACT_RELATIVE * max(abs(ours), abs(theirs), 1e-300))

    def inside(self, name, value, low, high):
        ok = low - EXACT_RELATIVE <= value <= high + EXACT_RELATIVE
        self._report(ok, f"{name}: cli={value:.9g} python interval [{low:.9g}, {high:.9g}]")

    def equal(self, name, ours, theirs):
        self._report(ours == theirs, f"{name}: python={ours} cli={theirs}")

    def _report(self, ok, line):
        self.count += 1
        self.failed += 0 if ok else 1
        print(("OK   " if ok else "FAIL ") + line)


def compare(report, cli, args):
    """Asserts the CLI's JSON against the independent report; returns the number of failures."""
    checks = Checks()
    checks.equal("m", report["m"], cli["m"])
    checks.equal("m_padded", report["m_padded"], cli["m_padded"])
    checks.relative("padding_fraction", report["padding_fraction"], cli["padding_fraction"])
    checks.equal("rotation", args.rotation, cli["rotation"])
    checks.relative("trace_sigma", report["trace_sigma"], cli["trace_sigma"])
    checks.relative("trace_sigma_ucb", report["trace_sigma_ucb"], cli["trace_sigma_ucb"])
    checks.relative("normaliser", report["normaliser"], cli["normaliser_value"])
    # The split of α over the certificate's events (mathematics §6.8), as the CLI states it.
    certificate = cli.get("certificate", {})
    checks.relative("certificate alpha", args.alpha, certificate.get("alpha", math.nan))
    checks.equal("certificate certifies",
                 "rho_star" if args.normaliser == "ucb" else "abs_bound",
                 certificate.get("certifies"))
    stated = {i.get("name"): i.get("alpha", math.nan)
              for i in certificate.get("ingredients", [])}
    for name, share in report["alpha_shares"].items():
        checks.close(f"certificate alpha share {name}", share, stated.get(name, math.nan),
                     EXACT_RELATIVE * args.alpha)
    if args.rotation == "signs":        # U is reproduced exactly: compare its probe
        theirs = cli.get("rotation_probe", [])
        scale = float(np.linalg.norm(report["rotation_probe"]))
        checks.equal("rotation_probe length", PROBE_LENGTH, len(theirs))
        for i, (a, b) in enumerate(zip(report["rotation_probe"], theirs)):
            checks.close(f"rotation_probe[{i}]", a, b, EXACT_RELATIVE * scale)
    checks.equal("grid size", len(report["pairs"]), len(cli.get("grid", [])))
    tolerances = {}
    for ours in report["pairs"]:
        tag = f"k={ours['k']} nu2={ours['nu2']}"
        theirs = next((p for p in cli.get("grid", []) if p["k"] == ours["k"]
                       and math.isclose(p["nu2"], ours["nu2"], rel_tol=1e-12)), None)
        if theirs is None:
            checks.equal(f"{tag} present in the CLI grid", True, False)
            continue
        checks.equal(f"{tag} n_mc", ours["n_mc"], theirs["n_mc"])
        checks.relative(f"{tag} s", ours["s"], theirs["s"])
        checks.relative(f"{tag} t_mc", ours["t_mc"], theirs["t_mc"])
        checks.relative(f"{tag} t_md", ours["t_md"], theirs["t_md"])
        if args.exact:
            # The exact path proves its own rounding (mathematics §6.9): a bound far below 1e-9 bits.
            checks.equal(f"{tag} t_num (exact path) in (0, 1e-9] bits", True, 0.0 < theirs["t_num"] <= 1e-9)
        checks.relative(f"{tag} h_lb = h_mc - t_mc - t_md - t_num", theirs["h_lb"],
                        theirs["h_mc"] - theirs["t_mc"] - theirs["t_md"] - theirs["t_num"])
        # The two sides draw independent dithers: ĥ_MC differs by Monte Carlo noise of standard
        # deviation ≈ sqrt(2)·se (se realised here), plus the CLI's proven numerical error t_num,
        # plus --rotation-tolerance (eigenbasis: the eigenvectors' signs are arbitrary).
        tolerance = (args.h_sigmas * math.sqrt(2.0) * ours["h_mc_se"] + max(theirs["t_num"], 0.0)
                     + (args.rotation_tolerance if args.rotation == "eigenbasis" else 0.0))
        tolerances[(ours["k"], ours["nu2"])] = tolerance
        checks.close(f"{tag} h_mc", ours["h_mc"], theirs["h_mc"], tolerance)
    normaliser = report["normaliser"]
    for gamma in args.gamma:
        result = next((r for r in cli.get("results", [])
                       if math.isclose(r["gamma_bits"], gamma, rel_tol=1e-12)), None)
        if result is None:
            checks.equal(f"gamma={gamma} present in the CLI results", True, False)
            continue
        for key, cli_key in (("h_lb", "rho_star"), ("h_mc", "rho_point")):
            low = rho_star_of(report["pairs"], gamma, normaliser, key,
                              lambda p: -tolerances.get((p["k"], p["nu2"]), 0.0))
            high = rho_star_of(report["pairs"], gamma, normaliser, key,
                               lambda p: tolerances.get((p["k"], p["nu2"]), 0.0))
            checks.inside(f"gamma={gamma} {cli_key}", result[cli_key], low, high)
        if args.tolerance is not None:
            checks.close(f"gamma={gamma} rho_star", report["rho_star"][repr(gamma)],
                         result["rho_star"], args.tolerance)
    print(f"{checks.count - checks.failed} of {checks.count} checks passed")
    return checks.failed


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    numbers = lambda t: [float(v) for v in t.split(",")]
    parser.add_argument("--data", required=True, help="IDX3 ubyte file (optionally .gz)")
    parser.add_argument("--perp-range", required=True, help="D⊥ as a:b")
    parser.add_argument("--est-range", required=True, help="D_est as a:b")
    parser.add_argument("--representation", default="pixel", help="pixel | select:rect:y0,x0,h,w")
    parser.add_argument("--rotation", default="eigenbasis", choices=["eigenbasis", "signs"])
    parser.add_argument("--padded-order", type=int, default=0,
                        help="Hadamard order (default: the smallest constructible ≥ m)")
    parser.add_argument("--grid-k", required=True, type=lambda t: [int(v) for v in t.split(",")])
    parser.add_argument("--grid-nu2", required=True, type=numbers)
    parser.add_argument("--gamma", required=True, type=numbers)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=12345,
                        help="signs and (here, NumPy's) dither; passed to the CLI")
    parser.add_argument("--normaliser", default="ucb", choices=["ucb", "sample"],
                        help="T of eq 14: the tr Σ UCB (default, as in the CLI) or tr Σ̂")
    parser.add_argument("--normaliser-alpha-share", type=float, default=0.1,
                        help="f: the UCB gets α_T = f·α, the entropy margins (1 − f)·α/2 each "
                             "(mathematics §6.8); passed to the CLI")
    parser.add_argument("--mc-samples", type=int, default=0, help="n_MC (default: §6.7 budget)")
    parser.add_argument("--exact", action="store_true", help="pass --exact to the CLI")
    parser.add_argument("--compare", metavar="RECONBOUND", help="run this CLI and assert")
    parser.add_argument("--h-sigmas", type=float, default=6.0,
                        help="ĥ_MC tolerance in Monte Carlo standard deviations of the difference")
    parser.add_argument("--rotation-tolerance", type=float, default=0.05,
                        help="extra ĥ_MC tolerance (bits) for the eigenbasis rotation, whose "
                             "eigenvector signs are arbitrary (tools/README.md)")
    parser.add_argument("--tolerance", type=float,
                        help="also assert |ρ*_python − ρ*_cli| ≤ this for every γ")
    parser.add_argument("--output", help="write the JSON report here as well")
    args = parser.parse_args()
    if not 0.0 < args.alpha < 1.0:
        raise ValueError(f"--alpha {args.alpha}: must lie in (0, 1)")
    if not 0.0 < args.normaliser_alpha_share < 1.0:
        raise ValueError(f"--normaliser-alpha-share {args.normaliser_alpha_share}: must lie in "
                         "(0, 1)")

    def log(msg):
        sys.stderr.write(msg + "\n")
        sys.stderr.flush()

    started = time.time()
    mt_self_check()
    images, shape = read_idx_images(args.data)
    pa, pb = parse_range(args.perp_range, images.shape[0], "--perp-range")
    ea, eb = parse_range(args.est_range, images.shape[0], "--est-range")
    if max(pa, ea) < min(pb, eb):
        raise ValueError("--perp-range and --est-range overlap; the bound needs disjoint splits "
                         "(docs/mathematics.md §7)")
    columns = representation_columns(args.representation, shape)
    perp, est = images[pa:pb][:, columns], images[ea:eb][:, columns]
    m = len(columns)
    m_pad = args.padded_order or independent_hadamard.next_constructible_order(m)
    if m_pad < m:
        raise ValueError(f"--padded-order {m_pad} is smaller than m = {m}")
    U = rotation_matrix(args.rotation, perp, args.seed, m_pad)
    trace = covariance_trace(perp)
    alpha1, alpha2, alpha_t, ucb_alpha = alpha_split(args)
    ucb = trace_ucb(perp, est, MAX_GREY ** 2 * m, ucb_alpha)     # B = 255²·m (§3, §6.5)
    log(f"m = {m}, m_pad = {m_pad}, tr Sigma-hat = {trace:.6f} (D_perp = {pb - pa} records), "
        f"UCB = {ucb:.6f} at alpha = {ucb_alpha:.6g} (D_est = {eb - ea} records); "
        f"alpha_1 = alpha_2 = {alpha1:.6g}, alpha_T = {alpha_t:.6g}")
    pairs = evaluate_grid(est, U, trace, args, log)
    report = {"m": m, "m_padded": m_pad, "padding_fraction": (m_pad - m) / m_pad,
              "trace_sigma": trace, "trace_sigma_ucb": ucb,
              "normaliser": ucb if args.normaliser == "ucb" else trace,
              "alpha_shares": {"monte_carlo": alpha1, "sampling": alpha2, "normaliser": alpha_t},
              "rotation_probe": [float(v) for v in rotation_probe(U)],
              "n_est": eb - ea, "n_perp": pb - pa, "grid_size": len(pairs), "pairs": pairs,
              "rho_star": {}, "seconds": time.time() - started}
    for gamma in args.gamma:
        report["rho_star"][repr(gamma)] = rho_star_of(pairs, gamma, report["normaliser"],
                                                      "h_lb", lambda p: 0.0)
    status = 0
    if args.compare:
        cmd, cli, cli_seconds = run_cli(args.compare, args)
        report["cli"] = {"command": cmd, "seconds": cli_seconds, "output": cli}
        print(f"python: {report['seconds']:.1f} s, CLI: {cli_seconds:.1f} s")
        status = 1 if compare(report, cli, args) else 0
    text = json.dumps(report, indent=2)
    if args.output:
        with open(args.output, "w") as f:
            f.write(text + "\n")
    if not args.compare:
        print(text)
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (ValueError, RuntimeError, OSError) as err:
        sys.stderr.write(f"independent_bound.py: {err}\n")
        sys.exit(2)
