"""Fits the cost constants of plugins/estimators/goldfeld/item_cost.cpp to calibrate.py's runs.

    python3 bench/progress/fit.py results/calibration.jsonl

Each run times one block size on one thread: seconds = N_k · (cost of one block), N_k = m/k
blocks. Per kind, with rows·n (row, centre) pairs per tile and n rows per block:
  chained: block / n² = a·levels + n_mc·(b·k + c·tops + d·chained)
  product: block / n² = levels·n_mc·(p + q·k)      (precision=double; `single`: the same shape)
  series1: block / n  = levels·(r + s·n_mc)
  exact:   block / n² = n_mc·(e + f·k)        (per grid pair)
least squares on the relative error (each equation divided by its measured value). Prints the
constants in nanoseconds and each run's modelled / measured ratio.
"""

import json
import sys


def solve(rows, values):
    """Least squares for rows·x ≈ values, relative: each equation scaled by 1/value."""
    a = [[x / v for x in row] for row, v in zip(rows, values)]
    b = [1.0 for _ in values]
    size = len(a[0])
    normal = [[sum(r[i] * r[j] for r in a) for j in range(size)] for i in range(size)]
    rhs = [sum(r[i] * y for r, y in zip(a, b)) for i in range(size)]
    for col in range(size):  # Gauss–Jordan with partial pivoting
        pivot = max(range(col, size), key=lambda i: abs(normal[i][col]))
        normal[col], normal[pivot] = normal[pivot], normal[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        for i in range(size):
            if i != col:
                factor = normal[i][col] / normal[col][col]
                normal[i] = [x - factor * y for x, y in zip(normal[i], normal[col])]
                rhs[i] -= factor * rhs[col]
    return [rhs[i] / normal[i][i] for i in range(size)]


def chain_shape(levels):
    """Tops and chained levels of the fast path's plan (level_plan.cpp) for the grid's ν² list."""
    ordered = sorted(levels, reverse=True)
    parent = {}
    has_child = set()
    for v in ordered:
        for p in ordered:
            if abs(p - 4 * v) < 1e-12 and p not in has_child:
                parent[v] = p
                has_child.add(p)
                break
    chained = len(parent) if len(levels) >= 4 else 0
    return len(levels) - chained, chained


def main():
    runs = [json.loads(line) for line in open(sys.argv[1])]
    equations = {"chained": [], "product": [], "single": [], "series1": [], "exact": []}
    for r in runs:
        k, n, n_mc, levels = r["k"], r["n"], r["n_mc"], len(r["levels"])
        block = r["seconds"] / (r["m"] // k) * 1e9  # ns per block
        if r["kind"] == "chained":
            tops, chained = chain_shape(r["levels"])
            equations["chained"].append(([levels, n_mc * k, n_mc * tops, n_mc * chained], block / n**2, r))
        elif r["kind"] in ("product", "single"):
            equations[r["kind"]].append(([levels * n_mc, levels * n_mc * k], block / n**2, r))
        elif r["kind"] == "series1":
            equations["series1"].append(([levels, levels * n_mc], block / n, r))
        elif r["kind"] == "exact":
            equations["exact"].append(([n_mc, n_mc * k], block / n**2 / levels, r))
    for kind, eqs in equations.items():
        if not eqs:
            continue
        x = solve([e[0] for e in eqs], [e[1] for e in eqs])
        print(kind, "constants (ns):", ", ".join(f"{v:.4g}" for v in x))
        for row, value, r in eqs:
            model = sum(a * b for a, b in zip(row, x))
            print(f"  k={r['k']:2} levels={len(r['levels'])} n_mc={r['n_mc']} n={r['n']}: "
                  f"modelled/measured {model / value:.3f}")

if __name__ == "__main__":
    main()
