"""The leakage γ of a mechanism (and, as the workflow lands, ε and noise calibration)."""

from __future__ import annotations

from typing import Any, Optional

from . import _reconbound
from ._arguments import ScheduleArgument, schedule_runs
from ._results import LeakageResult

Params = Any
"""Plugin parameters: a dict {key: bool | int | float | str} or the CLI's "key=value,..." text."""


def leakage_report(*, q: Optional[float] = None, sigma: Optional[float] = None, steps: Optional[int] = None,
                   schedule: Optional[ScheduleArgument] = None, runs: int = 1, mechanism: str = "dpsgd",
                   mechanism_params: Params = None) -> LeakageResult:
    """The leakage γ in bits of a mechanism, with its numerical error and per-segment terms.

    γ bounds the mutual information between one training record and everything training
    releases. For DP-SGD (the default mechanism) it is Theorem 4.1 (docs/mathematics.md §2):
    γ = (1/ln 2) Σ_t K(q_t, σ_t) over the steps of every run, K the KL divergence of the
    Poisson-subsampled Gaussian; the leakages of several runs add (§7).

    Args:
        q, sigma, steps: one constant run: sampling rate q in (0, 1], noise multiplier σ > 0
            (noise standard deviation over the clipping norm), steps T >= 1.
        schedule: instead, a list of (q, sigma, steps) segments (one run), a list of runs (each
            such a list or the path of a CSV file of rows ``q,sigma,steps``), or one CSV path.
        runs: the schedule is repeated this many times (identical trainings).
        mechanism, mechanism_params: the mechanism plugin and its parameters.

    Returns the fields of ``reconbound leakage --json``: mechanism, gamma_bits,
    abs_error_bits, segments.
    """
    text = _reconbound.leakage(mechanism, mechanism_params, schedule_runs(q, sigma, steps, schedule, runs))
    return LeakageResult.from_json(text)


def leakage(*, q: Optional[float] = None, sigma: Optional[float] = None, steps: Optional[int] = None,
            schedule: Optional[ScheduleArgument] = None, runs: int = 1, mechanism: str = "dpsgd",
            mechanism_params: Params = None) -> float:
    """The leakage γ in bits (Theorem 4.1); the arguments of :func:`leakage_report`."""
    return leakage_report(q=q, sigma=sigma, steps=steps, schedule=schedule, runs=runs, mechanism=mechanism,
                          mechanism_params=mechanism_params).gamma_bits
