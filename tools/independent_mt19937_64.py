"""The 64-bit Mersenne Twister (Matsumoto & Nishimura 2000; the parameters C++ fixes for
std::mt19937_64), for tools/independent_bound.py.

reconbound draws the ±1 diagonal of the data-free `signs` rotation (docs/mathematics.md §4) from
std::mt19937_64, whose output the C++ standard fixes bit for bit. Reproducing it lets the
independent check compare the rotation exactly instead of statistically.
"""

_MASK64 = (1 << 64) - 1
_STATE_WORDS = 312             # n
_SHIFT = 156                   # m
_LOWER = (1 << 31) - 1         # r = 31 low bits
_UPPER = _MASK64 ^ _LOWER
_MATRIX_A = 0xB5026F5AA96619E9
_INIT_MULTIPLIER = 6364136223846793005


class MersenneTwister64:
    def __init__(self, seed):
        self._state = [seed & _MASK64]
        for i in range(1, _STATE_WORDS):
            prev = self._state[-1]
            self._state.append((_INIT_MULTIPLIER * (prev ^ (prev >> 62)) + i) & _MASK64)
        self._index = _STATE_WORDS

    def _twist(self):
        mt = self._state
        for i in range(_STATE_WORDS):
            x = (mt[i] & _UPPER) | (mt[(i + 1) % _STATE_WORDS] & _LOWER)
            shifted = x >> 1
            if x & 1:
                shifted ^= _MATRIX_A
            mt[i] = mt[(i + _SHIFT) % _STATE_WORDS] ^ shifted
        self._index = 0

    def next(self):
        """The next 64-bit output (tempered)."""
        if self._index >= _STATE_WORDS:
            self._twist()
        y = self._state[self._index]
        self._index += 1
        y ^= (y >> 29) & 0x5555555555555555
        y ^= (y << 17) & 0x71D67FFFEDA60000
        y ^= (y << 37) & 0xFFF7EEE000000000
        y ^= y >> 43
        return y & _MASK64


def self_check():
    """The C++ standard's known answer: the 10000th output of a default-seeded (5489)
    std::mt19937_64 is 9981545732273789042."""
    generator = MersenneTwister64(5489)
    for _ in range(9999):
        generator.next()
    if generator.next() != 9981545732273789042:
        raise RuntimeError("the Mersenne Twister does not reproduce the standard's known answer")
