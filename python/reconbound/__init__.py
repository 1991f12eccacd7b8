"""reconbound: how well could an attacker reconstruct one of my training records?

From a DP-SGD noise schedule and a sample of data, reconbound computes a lower bound ρ* on the
expected reconstruction error of every attack, relative to the best guess that ignores training,
with a certificate that says at which probability it holds (docs/mathematics.md §6.8; this
module: docs/python.md).

    >>> import reconbound
    >>> reconbound.leakage(q=0.0204, sigma=1.11, steps=4900)   # γ in bits (Theorem 4.1)
    1.7819199369107919

Every function is a thin layer over the C++ core's workflow (the computation of the CLI) and
returns what ``reconbound <command> --json`` prints, as a result object with attributes and
``to_dict()``. Errors are exceptions with the CLI's message: InvalidInput and PluginError
(ValueError), FileError (OSError and ValueError), NumericalError (ArithmeticError).
"""

from . import representations
from ._segments import schedule_from_history
from ._bound import bound, spectrum
from ._chain import ChainViolationWarning, chain
from ._conformance import ConformanceCheck, ConformanceResult, conformance
from ._export import export_representation
from ._plugins import plugins
from ._privacy import calibrate, epsilon, leakage, leakage_report
from ._report import ReportResult, report
from ._representation import Representation, representation
from ._training import Training
from ._reconbound import FileError, InvalidInput, NumericalError, PluginError
from ._results import (BoundResult, ByLabelResult, ChainResult, EpsilonCalibrationResult, EpsilonResult,
                       LeakageResult, PluginsResult, Result, RhoCalibrationByLabelResult, RhoCalibrationResult,
                       SpectrumByLabelResult, SpectrumResult)
from ._version import __version__

__all__ = [
    "BoundResult", "ByLabelResult", "ChainResult", "ChainViolationWarning", "EpsilonCalibrationResult",
    "EpsilonResult", "FileError", "InvalidInput", "RhoCalibrationByLabelResult", "SpectrumByLabelResult",
    "LeakageResult", "NumericalError", "PluginError", "PluginsResult", "Result", "RhoCalibrationResult",
    "SpectrumResult", "__version__", "bound", "calibrate", "chain", "epsilon", "leakage", "leakage_report",
    "plugins", "Representation", "representation", "representations", "schedule_from_history", "spectrum",
    "ReportResult", "report", "Training", "ConformanceCheck", "ConformanceResult", "conformance",
    "export_representation",
]
