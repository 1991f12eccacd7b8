"""Hadamard matrices for tools/independent_bound.py (docs/mathematics.md §4), dense, in NumPy.

Any Hadamard matrix makes the rotation U = m_pad^{-1/2} H [Vᵀ; 0] valid; to compare the
`signs` rotation and the rotation probe with the CLI exactly, this file builds the same H
from the conventions stated in tools/README.md ("The Hadamard convention"):

  * orders: powers of two (Sylvester) and Kronecker products of Paley-I factors of order
    f = q + 1 ≤ 256, q = p^r ≡ 3 (mod 4), f not a power of two, with one Sylvester factor;
    among the factorisations of an order the cheapest (Σ f + log2 of the Sylvester order),
    then the one with fewer Paley factors, then the larger leading factors; Paley factors in
    decreasing order, the Sylvester factor last, H = F₁ ⊗ F₂ ⊗ …;
  * Sylvester: H_ij = (−1)^{popcount(i & j)};
  * Paley-I over GF(q): index 0 is ∞, index 1 + a the element a; H = I + S with S_0a = 1,
    S_a0 = −1, S_ab = χ(a − b), χ the quadratic character;
  * GF(p^r): element a ↔ the polynomial whose coefficients are the base-p digits of a
    (constant term first), modulo the first monic irreducible polynomial of degree r in the
    order of the same digit index (for GF(27): x³ + 2x + 1).
"""
import itertools
import math

import numpy as np

MAX_PALEY_ORDER = 256


def prime_power(n):
    """(p, r) with n = p^r, or None."""
    if n < 2:
        return None
    p = next((d for d in range(2, math.isqrt(n) + 1) if n % d == 0), n)
    r = 0
    while n % p == 0:
        n //= p
        r += 1
    return (p, r) if n == 1 else None


def _is_power_of_two(n):
    return n >= 1 and n & (n - 1) == 0


class GaloisField:
    """GF(p^r) by polynomials over GF(p) modulo a monic irreducible polynomial."""

    def __init__(self, q):
        power = prime_power(q)
        if power is None:
            raise ValueError(f"GF({q}) does not exist: {q} is not a prime power")
        self.p, self.r = power
        self.q = q
        self.modulus = next(m for m in self._monic_polynomials(self.r) if self._irreducible(m))
        self.squares = {self.mul(a, a) for a in range(1, q)}

    def _digits(self, a, length):
        return [(a // self.p ** i) % self.p for i in range(length)]

    def _monic_polynomials(self, degree):
        for index in range(self.p ** degree):
            yield self._digits(index, degree) + [1]

    def _remainder(self, poly, divisor):
        """poly mod the monic divisor over GF(p), coefficients constant term first."""
        poly = list(poly)
        d = len(divisor) - 1
        for top in range(len(poly) - 1, d - 1, -1):
            lead = poly[top]
            if lead:
                for i in range(d + 1):
                    poly[top - d + i] = (poly[top - d + i] - lead * divisor[i]) % self.p
        return poly[:d]

    def _irreducible(self, poly):
        degree = len(poly) - 1
        return not any(not any(self._remainder(poly, divisor))
                       for d in range(1, degree // 2 + 1)
                       for divisor in self._monic_polynomials(d))

    def sub(self, a, b):
        da, db = self._digits(a, self.r), self._digits(b, self.r)
        return sum(((x - y) % self.p) * self.p ** i for i, (x, y) in enumerate(zip(da, db)))

    def mul(self, a, b):
        da, db = self._digits(a, self.r), self._digits(b, self.r)
        product = [0] * (2 * self.r - 1)
        for i, x in enumerate(da):
            for j, y in enumerate(db):
                product[i + j] += x * y
        reduced = self._remainder([c % self.p for c in product] + [0], self.modulus) \
            if self.r > 1 else [sum(product) % self.p]
        return sum(c * self.p ** i for i, c in enumerate(reduced))

    def chi(self, a):
        return 0 if a == 0 else (1 if a in self.squares else -1)


def sylvester(order):
    """H_ij = (−1)^{popcount(i & j)}, order 2^a."""
    idx = np.arange(order)
    parity = np.vectorize(lambda v: bin(v).count("1") & 1)(idx[:, None] & idx[None, :])
    return 1.0 - 2.0 * parity


def paley(order):
    """Paley-I Hadamard matrix of order q + 1, q ≡ 3 (mod 4) a prime power.

    χ(−1) = −1 for q ≡ 3 (mod 4), so Q_ab = χ(a − b) is skew; S = [[0, 1ᵀ], [−1, Q]] is skew
    with S Sᵀ = q I, hence (I + S)(I + S)ᵀ = (q + 1) I."""
    q = order - 1
    field = GaloisField(q)
    h = np.eye(order)
    h[0, 1:] += 1.0
    h[1:, 0] -= 1.0
    diff = np.array([[field.chi(field.sub(a, b)) for b in range(q)] for a in range(q)])
    h[1:, 1:] += diff
    return h


def paley_orders():
    return [f for f in range(4, MAX_PALEY_ORDER + 1, 4)
            if not _is_power_of_two(f) and prime_power(f - 1) is not None]


def plan(order):
    """(Paley factor orders, decreasing; Sylvester order) of the chosen construction, or None."""
    if _is_power_of_two(order):
        return [], order
    if order % 4:
        return None
    best = None
    orders = [f for f in paley_orders() if order % f == 0]
    for count in range(1, int(math.log(order, 12)) + 2):
        for factors in itertools.combinations_with_replacement(orders, count):
            rest, remainder = divmod(order, math.prod(factors))
            if remainder or not _is_power_of_two(rest):
                continue
            paley_list = sorted(factors, reverse=True)
            key = (sum(paley_list) + int(math.log2(rest)), len(paley_list),
                   [-f for f in paley_list])
            if best is None or key < best[0]:
                best = (key, paley_list, rest)
    return None if best is None else (best[1], best[2])


def next_constructible_order(m):
    n = m
    while plan(n) is None:
        n += 1
    return n


def hadamard(order):
    """The dense H of the chosen construction, checked: H Hᵀ = order · I."""
    chosen = plan(order)
    if chosen is None:
        raise ValueError(f"no Hadamard construction of order {order}")
    paley_list, sylvester_order = chosen
    h = np.ones((1, 1))
    for f in paley_list:
        h = np.kron(h, paley(f))
    if sylvester_order > 1 or not paley_list:
        h = np.kron(h, sylvester(sylvester_order))
    if not np.array_equal(h @ h.T, order * np.eye(order)):
        raise RuntimeError(f"the Hadamard matrix of order {order} is wrong: H Hᵀ != {order} I")
    return h
