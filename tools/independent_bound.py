#!/usr/bin/python3
"""Independent NumPy implementation of §4–6 of docs/mathematics.md for cross-checking
`reconbound bound`.

Written from the mathematics alone (no code shared with the C++ estimator), for the
pixel representation (identity, m = 784) of an IDX image file:

  * §4: U = m^{-1/2} · H_784 · Vᵀ, V = eigenvectors of the D⊥ covariance sorted by
    decreasing eigenvalue, H_784 = H_28 ⊗ H_28 with H_28 the Paley-I matrix over GF(27);
    blocks y_{b,i} = sqrt(N_k) · (U ψ_i)[bk:(b+1)k].
  * §6: Monte Carlo plug-in ĥ_MC (eq 31) by an exact log-sum-exp over all n centres,
    McDiarmid margin t_MD (eq 35), Cantelli margin t_MC (eq 34) with the §6.3 variance bound,
    n_MC from the §6.7 budget rule, over the whole grid given (the CLI is run with
    --grid-select none, the paper's procedure).
  * §5: ρ = sqrt([k/(2πe·tr Σ̂) · 2^{2(h_LB − γ)/k} − ν²]_+) (eq 14), capped at 1.

Entropies are in bits, tr Σ̂ in squared grey levels (pixel values 0..255).

Usage (run with Debian's interpreter, which has python3-numpy):
  /usr/bin/python3 tools/independent_bound.py --data PATH.gz --perp-range 0:2000 \
      --est-range 2000:10000 --grid-k 28 --grid-nu2 1.6 --gamma 1.782
  add  --compare PATH/TO/reconbound  to also run the CLI on the same split and pairs and exit
  with status 1 when |ρ*_python − ρ*_cli| > --tolerance (default 0.02).
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


# ---------------------------------------------------------------- data -------------------
def read_idx_images(path):
    """Reads a (gzipped) IDX3 ubyte file; returns an (N, rows*cols) float64 array of 0..255."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        raw = f.read()
    zero, dtype_code, ndim = struct.unpack(">HBB", raw[:4])
    if zero != 0 or dtype_code != 0x08 or ndim < 2:
        raise ValueError(f"{path}: not an unsigned-byte IDX file (magic {raw[:4].hex()})")
    dims = struct.unpack(">" + "I" * ndim, raw[4:4 + 4 * ndim])
    count = dims[0]
    per_record = int(np.prod(dims[1:]))
    body = np.frombuffer(raw, dtype=np.uint8, offset=4 + 4 * ndim)
    if body.size != count * per_record:
        raise ValueError(f"{path}: expected {count * per_record} bytes of pixels, got {body.size}")
    return body.reshape(count, per_record).astype(np.float64)


def parse_range(text, total, name):
    """'a:b' -> (a, b), a half-open range of record indices."""
    try:
        a, b = (int(v) for v in text.split(":"))
    except ValueError:
        raise ValueError(f"{name} '{text}': expected a:b with integers a < b")
    if not 0 <= a < b <= total:
        raise ValueError(f"{name} '{text}': must satisfy 0 <= a < b <= {total}")
    return a, b


# ---------------------------------------------------------------- Hadamard (mathematics §4) 
# GF(27) = GF(3)[x]/(x³ − x − 1). x³ − x − 1 has no root in GF(3) (f(0)=f(1)=f(2)=2), so this
# cubic is irreducible and the quotient is a field. Elements are coefficient triples
# (c0, c1, c2) meaning c0 + c1·x + c2·x², indexed as c0 + 3·c1 + 9·c2.
def _gf27_elements():
    return [(i % 3, (i // 3) % 3, i // 9) for i in range(27)]


def _gf27_sub(a, b):
    return tuple((x - y) % 3 for x, y in zip(a, b))


def _gf27_mul(a, b):
    prod = [0] * 5
    for i in range(3):
        for j in range(3):
            prod[i + j] += a[i] * b[j]
    # reduce with x⁴ = x² + x and x³ = x + 1 (from x³ = x + 1)
    for deg in (4, 3):
        c = prod[deg]
        prod[deg] = 0
        prod[deg - 2] += c
        prod[deg - 3] += c
    return tuple(c % 3 for c in prod[:3])


def paley_hadamard_28():
    """Paley-I Hadamard matrix of order q + 1 = 28 over GF(27) (q ≡ 3 mod 4).

    χ = quadratic character; Q_ij = χ(a_i − a_j) is skew because χ(−1) = −1 for q ≡ 3 (mod 4);
    S = [[0, 1ᵀ], [−1, Q]] is skew with S Sᵀ = q I, so H = I + S has H Hᵀ = (q + 1) I."""
    elems = _gf27_elements()
    zero = (0, 0, 0)
    squares = {_gf27_mul(a, a) for a in elems if a != zero}
    if len(squares) != 13:
        raise RuntimeError("GF(27) arithmetic is wrong: expected 13 non-zero squares")

    def chi(a):
        return 0 if a == zero else (1 if a in squares else -1)

    q = len(elems)
    Q = np.array([[chi(_gf27_sub(a, b)) for b in elems] for a in elems], dtype=np.float64)
    S = np.zeros((q + 1, q + 1))
    S[0, 1:] = 1.0
    S[1:, 0] = -1.0
    S[1:, 1:] = Q
    H = np.eye(q + 1) + S
    if not np.array_equal(H @ H.T, (q + 1) * np.eye(q + 1)):
        raise RuntimeError("Paley construction failed: H Hᵀ != 28 I")
    return H


def hadamard_784():
    """H_784 = H_28 ⊗ H_28 (mathematics §4); H Hᵀ = 784 I."""
    h28 = paley_hadamard_28()
    return np.kron(h28, h28)


# ---------------------------------------------------- rotation (mathematics §4, §6.5) ------
def rotation_and_trace(perp):
    """Returns (U, mean, tr Σ̂) from D⊥: U = m^{-1/2} H Vᵀ, tr Σ̂ = unbiased trace (§6.5)."""
    n_perp, m = perp.shape
    if m != 784:
        raise ValueError(f"this checker builds H only for m = 784, got m = {m}")
    mean = perp.mean(axis=0)
    centred = perp - mean
    cov = centred.T @ centred / (n_perp - 1)        # unbiased sample covariance (grey levels²)
    trace = float(np.trace(cov))
    eigval, eigvec = np.linalg.eigh(cov)
    order = np.argsort(eigval)[::-1]                # decreasing eigenvalue
    V = eigvec[:, order]
    U = hadamard_784() @ V.T / math.sqrt(m)
    if not np.allclose(U @ U.T, np.eye(m), atol=1e-10):
        raise RuntimeError("the rotation U is not orthogonal")
    return U, mean, trace


def project_blocks(est, U, mean, k):
    """y_{b,i} = sqrt(N_k) · (U ψ_i)[bk:(b+1)k]; returns shape (N_k, n, k).

    ψ is shifted by the D⊥ mean first: a fixed translation leaves every entropy unchanged."""
    n, m = est.shape
    n_blocks = m // k
    rotated = (est - mean) @ U.T * math.sqrt(n_blocks)
    return rotated.reshape(n, n_blocks, k).transpose(1, 0, 2).copy()


# ---------------------------------------------------------------- entropy (mathematics §6) 
def mean_neg_log2_density(queries, centres, s, chunk_elems=4_000_000):
    """Mean over queries t of −log2 f̂(t), f̂ = (1/n) Σ_l φ_s(t − y_l) (Gaussian, var s² I_k).

    Exact log-sum-exp over all n centres, float64:
      ln f̂(t) = −ln n − (k/2) ln(2π s²) − ‖t‖²/(2s²) + LSE_l[(2 t·y_l − ‖y_l‖²)/(2s²)]."""
    n, k = centres.shape
    inv_two_s2 = 1.0 / (2.0 * s * s)
    yy = np.einsum("ij,ij->i", centres, centres) * inv_two_s2
    const = -math.log(n) - 0.5 * k * math.log(2.0 * math.pi * s * s)
    rows = max(1, chunk_elems // n)
    total = 0.0
    centres_t = np.ascontiguousarray(centres.T) * (2.0 * inv_two_s2)
    for start in range(0, queries.shape[0], rows):
        t = queries[start:start + rows]
        # float64 throughout; NumPy's einsum loop beats the reference BLAS dgemm Debian ships
        # when k is large, dgemm wins for small k
        a = np.einsum("ik,kl->il", t, centres_t) if k >= 12 else t @ centres_t
        a -= yy
        peak = a.max(axis=1)
        a -= peak[:, None]
        np.exp(a, out=a)
        lse = peak + np.log(a.sum(axis=1))
        tt = np.einsum("ij,ij->i", t, t) * inv_two_s2
        total += float(np.sum(const + lse - tt))
    return -total / queries.shape[0] / math.log(2.0)


def variance_bound_block(k, n, n_mc):
    """mathematics §6.3 per-block bound on Var ĥ_MC(Π_b) given the sample: k/(n·n_MC) nats².

    Gaussian Poincaré: Var g_i(W) ≤ E‖t − E[y_I | t]‖²/s², whose mean over i is ≤ k·s²."""
    return k / (n * n_mc)


def binary_entropy(p):
    return -p * math.log2(p) - (1.0 - p) * math.log2(1.0 - p)


def budget_n_mc(k, n_blocks, n, g_size, alpha1, t_md):
    """mathematics §6.7: the smallest n_MC ≥ 1 with t_MC ≤ t_MD (both data-free)."""
    n_mc = 1
    while True:
        sigma = math.sqrt(k / (n_blocks * n * n_mc)) / math.log(2.0)       # §6.3, bits
        if sigma * math.sqrt(g_size / alpha1 - 1.0) <= t_md:               # eq 34 vs eq 35
            return n_mc
        n_mc += 1


def evaluate_grid(est, U, mean, trace, grid_k, grid_nu2, gammas, alpha, seed, log):
    """All grid pairs: ĥ_MC, margins, h_LB and ρ per γ (mathematics §5–6)."""
    n, m = est.shape
    g_size = len(grid_k) * len(grid_nu2)
    alpha1 = alpha2 = alpha / 2.0                     # α split evenly (§6.2)
    t_md = binary_entropy(1.0 / n) * math.sqrt(n / 2.0 * math.log(g_size / alpha2))  # eq 35
    rng = np.random.default_rng(seed)
    pairs = []
    for k in grid_k:
        if m % k:
            raise ValueError(f"k = {k} does not divide m = {m}")
        n_blocks = m // k
        n_mc = budget_n_mc(k, n_blocks, n, g_size, alpha1, t_md)
        y = project_blocks(est, U, mean, k)
        scales = [math.sqrt(nu2 * trace / k) for nu2 in grid_nu2]   # s = ν·sqrt(tr Σ̂/k) (§5)
        h_blocks = [[] for _ in grid_nu2]
        var_sums = [0.0 for _ in grid_nu2]
        started = time.time()
        for b in range(n_blocks):
            # one standard-normal dither draw per block, independent across blocks, shared by
            # the ν levels of that block (each grid pair is its own statement, §6.3)
            z = rng.standard_normal((n * n_mc, k))
            for v, s in enumerate(scales):
                queries = np.repeat(y[b], n_mc, axis=0) + s * z      # y_{b,i} + W_{ij,b}
                h_blocks[v].append(mean_neg_log2_density(queries, y[b], s))  # eq 31, bits
                var_sums[v] += variance_bound_block(k, n, n_mc)
        seconds = time.time() - started
        for v, nu2 in enumerate(grid_nu2):
            h_mc = float(np.mean(h_blocks[v]))
            sigma_mc2 = var_sums[v] / (n_blocks ** 2 * math.log(2.0) ** 2)  # §6.3, bits²
            t_mc = math.sqrt(sigma_mc2) * math.sqrt(g_size / alpha1 - 1.0)  # eq 34
            h_lb = h_mc - t_mc - t_md                   # §6.4
            entry = {"k": k, "nu2": nu2, "s": scales[v], "n_mc": n_mc, "h_mc": h_mc,
                     "sigma_mc": math.sqrt(sigma_mc2), "t_mc": t_mc, "t_md": t_md,
                     "h_lb": h_lb, "seconds_for_k": seconds, "rho": {}, "rho_point": {}}
            for gamma in gammas:
                entry["rho"][repr(gamma)] = rho_of(h_lb, gamma, k, trace, nu2)
                entry["rho_point"][repr(gamma)] = rho_of(h_mc, gamma, k, trace, nu2)
            log(f"k={k} nu2={nu2}: h_mc={h_mc:.6f} t_mc={t_mc:.6f} t_md={t_md:.6f} "
                f"h_lb={h_lb:.6f} ({seconds:.1f} s for all nu2 of this k)")
            pairs.append(entry)
    return pairs


def rho_of(h_lb, gamma, k, trace, nu2):
    """eq 14: sqrt([k/(2πe·tr Σ̂) · 2^{2(h − γ)/k} − ν²]_+), capped at 1."""
    inner = k / (2.0 * math.pi * math.e * trace) * 2.0 ** (2.0 * (h_lb - gamma) / k) - nu2
    return min(1.0, math.sqrt(max(0.0, inner)))


# ---------------------------------------------------------------- CLI comparison ---------
def run_cli(binary, args, exact):
    cmd = [binary, "bound", "--data", "idx:" + args.data, "--perp-range", args.perp_range,
           "--est-range", args.est_range, "--gamma", ",".join(repr(g) for g in args.gamma),
           "--grid-k", ",".join(str(k) for k in args.grid_k),
           "--grid-nu2", ",".join(repr(v) for v in args.grid_nu2),
           "--alpha", repr(args.alpha), "--json", "--quiet", "--grid-select", "none"]
    if exact:
        cmd.append("--exact")
    started = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"CLI failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    return cmd, json.loads(proc.stdout), time.time() - started


def cli_rho_star(cli, gamma):
    """The CLI's ρ* for one γ, from its JSON "results" list (one entry per γ)."""
    for result in cli.get("results", []):
        if math.isclose(result["gamma_bits"], gamma, rel_tol=1e-12, abs_tol=0.0):
            return float(result["rho_star"])
    raise RuntimeError(f"the CLI JSON has no result for gamma = {gamma}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, help="IDX3 ubyte file (optionally .gz)")
    parser.add_argument("--perp-range", required=True, help="D⊥ as a:b")
    parser.add_argument("--est-range", required=True, help="D_est as a:b")
    parser.add_argument("--grid-k", required=True, type=lambda t: [int(v) for v in t.split(",")])
    parser.add_argument("--grid-nu2", required=True,
                        type=lambda t: [float(v) for v in t.split(",")])
    parser.add_argument("--gamma", required=True, type=lambda t: [float(v) for v in t.split(",")])
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--compare", metavar="RECONBOUND", help="run this CLI and compare ρ*")
    parser.add_argument("--exact", action="store_true", help="pass --exact to the CLI")
    parser.add_argument("--tolerance", type=float, default=0.02)
    parser.add_argument("--output", help="write the JSON report here as well")
    args = parser.parse_args()

    def log(msg):
        sys.stderr.write(msg + "\n")
        sys.stderr.flush()

    started = time.time()
    data = read_idx_images(args.data)
    pa, pb = parse_range(args.perp_range, data.shape[0], "--perp-range")
    ea, eb = parse_range(args.est_range, data.shape[0], "--est-range")
    if max(pa, ea) < min(pb, eb):
        raise ValueError("--perp-range and --est-range overlap; the bound needs disjoint splits "
                         "(docs/mathematics.md §7)")
    U, mean, trace = rotation_and_trace(data[pa:pb])
    log(f"tr Sigma-hat = {trace:.6f} (D_perp = {pb - pa} records)")
    pairs = evaluate_grid(data[ea:eb], U, mean, trace, args.grid_k, args.grid_nu2,
                          args.gamma, args.alpha, args.seed, log)
    report = {"trace_sigma": trace, "n_est": eb - ea, "n_perp": pb - pa,
              "grid_size": len(pairs), "pairs": pairs, "rho_star": {},
              "seconds": time.time() - started}
    for gamma in args.gamma:
        best = max(pairs, key=lambda p: p["rho"][repr(gamma)])
        report["rho_star"][repr(gamma)] = {"rho": best["rho"][repr(gamma)], "k": best["k"],
                                           "nu2": best["nu2"]}
    status = 0
    if args.compare:
        cmd, cli, cli_seconds = run_cli(args.compare, args, args.exact)
        report["cli"] = {"command": cmd, "seconds": cli_seconds, "output": cli}
        print(f"python: {report['seconds']:.1f} s, CLI: {cli_seconds:.1f} s")
        for ours in pairs:
            theirs = next((p for p in cli.get("grid", []) if p["k"] == ours["k"]
                           and math.isclose(p["nu2"], ours["nu2"], rel_tol=1e-12)), None)
            if theirs is None:
                raise RuntimeError(f"the CLI JSON has no grid pair k={ours['k']} "
                                   f"nu2={ours['nu2']}")
            print(f"k={ours['k']} nu2={ours['nu2']}: "
                  + " ".join(f"{q} python={ours[q]:.6f} cli={theirs[q]:.6f}"
                             for q in ("h_mc", "t_mc", "t_md", "h_lb")))
        for gamma in args.gamma:
            theirs = cli_rho_star(cli, gamma)
            ours = report["rho_star"][repr(gamma)]["rho"]
            delta = ours - theirs
            ok = abs(delta) <= args.tolerance
            print(f"gamma={gamma}: rho*_python={ours:.6f} rho*_cli={theirs:.6f} "
                  f"delta={delta:+.6f} tolerance={args.tolerance} {'OK' if ok else 'FAIL'}")
            if not ok:
                status = 1
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
