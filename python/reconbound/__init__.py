"""reconbound: how well could an attacker reconstruct one of my training records?

From a DP-SGD noise schedule and a sample of data, reconbound computes a certified lower bound
ρ* on the expected reconstruction error of every attack, relative to the best guess that
ignores training (docs/mathematics.md; docs/python.md for this module).

    >>> import reconbound
    >>> reconbound.leakage(q=0.0204, sigma=1.11, steps=4900)   # γ in bits (Theorem 4.1)

Every function is a thin layer over the C++ core (the same computation as the CLI). Errors
are exceptions with the CLI's message: InvalidInput, PluginError (ValueError), FileError
(OSError and ValueError), NumericalError (ArithmeticError).
"""

from . import representations
from ._privacy import leakage, leakage_report
from ._reconbound import FileError, InvalidInput, NumericalError, PluginError
from ._results import LeakageResult, Result

__all__ = [
    "FileError",
    "InvalidInput",
    "LeakageResult",
    "NumericalError",
    "PluginError",
    "Result",
    "leakage",
    "leakage_report",
    "representations",
]
