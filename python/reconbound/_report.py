"""The report: one self-contained HTML page of what a training guarantees (docs/report.md)."""

from __future__ import annotations

import inspect
import os
from typing import Any, Optional, Sequence

from . import _reconbound
from ._arguments import ProgressArgument, ScheduleArgument, progress_callback, schedule_runs, speaks_ecosystem_names
from ._chain import warn_of_violations
from ._labels import LabelNames, LabelsArgument, labels_dict
from ._normalize import Normalize
from ._options import RECORDS, bound_dict, data_dict, records_description
from ._privacy import Params, _delta, _mechanism
from ._reconbound import InvalidInput
from ._representation import RepresentationArgument
from ._results import ReportResult
from ._settings import DEFAULTS, states_settings


_LONGEST_SHOWN = 100  # characters of an argument's repr on the page; longer ones show their type


def _shown(value: Any) -> str:
    """An argument as the page's Python call shows it: arrays by shape and type, the rest by repr."""
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        return f"<{type(value).__name__} shape {tuple(value.shape)} dtype {value.dtype}>"
    text = repr(value)
    return text if len(text) <= _LONGEST_SHOWN else f"<{type(value).__name__}>"


def _differs(value: Any, default: Any) -> bool:
    if value is default:
        return False
    if hasattr(value, "shape"):  # arrays and tensors: given, whatever they hold
        return True
    return bool(value != default)


def _python_call(path: Any, arguments: dict[str, Any], data: dict[str, Any]) -> str:
    """reconbound.report(...) with the arguments given that differ from their defaults; records by
    what they are, their count, shape, type and a CRC-32 of the values read (``data``: data_dict's)."""
    defaults = {name: p.default for name, p in inspect.signature(report).parameters.items()}

    def shown(name: str, value: Any) -> str:
        if name in RECORDS and data.get(name) is not None and not isinstance(data[name], str):
            return f"<{records_description(value, data[name])}>"
        return _shown(value)

    given = [f"{name}={shown(name, value)}" for name, value in arguments.items()
             if name in defaults and name not in ("path", "options", "progress") and _differs(value, defaults[name])]
    given += [f"{name}={_shown(value)}" for name, value in arguments.get("options", {}).items()]
    return f"reconbound.report({', '.join([repr(os.fspath(path)), *given])})"


@speaks_ecosystem_names
@states_settings
def report(path: str | os.PathLike[str], *, q: Optional[float] = None, sigma: Optional[float] = None,
           steps: Optional[int] = None, schedule: Optional[ScheduleArgument] = None, runs: int = 1,
           delta: Optional[float] = None, delta_exponent: Optional[float] = None, n_train: Optional[float] = None,
           epsilons: Sequence[float] = DEFAULTS.epsilons, sigma_tolerance: float = DEFAULTS.sigma_tolerance,
           epsilon_error: float = DEFAULTS.epsilon_error, mechanism: str = DEFAULTS.mechanism, mechanism_params: Params = None,
           data: Any = None, perp: Any = None, est: Any = None, shape: Optional[Sequence[int]] = None,
           layout: Optional[str] = None, scale: Optional[float] = None,
           normalize: Normalize = None, representation: RepresentationArgument = DEFAULTS.representation,
           chain: bool = False, chain_targets: Optional[int] = None, chain_bits: Optional[Sequence[int]] = None,
           by_label: bool = False, labels: LabelsArgument = None, label_names: LabelNames = None,
           grid_k: Optional[Sequence[int]] = DEFAULTS.grid_k, grid_nu2: Optional[Sequence[float]] = DEFAULTS.grid_nu2,
           alpha: float = DEFAULTS.alpha, seed: int = DEFAULTS.seed, threads: int = DEFAULTS.threads,
           progress: ProgressArgument = None, **options: Any) -> ReportResult:
    """Writes one self-contained HTML page of what a training guarantees to ``path``.

    The page (docs/report.md) shows the certificate's sentence for ρ* (with normaliser="sample"
    for the absolute bound, the only number certified then) at the
    training's leakage γ (Theorem 4.1, eq 14, §6.8) with (k*, ν²*), ε(δ) at the training's noise
    with its guaranteed error bars (§8), the spectrum of ρ* over ``epsilons`` from the same
    entropy estimate (one certificate covers it all), optionally the chain of attacks (§9), what
    the numbers mean and do not mean, and how to reproduce them. It needs no network and runs no
    script.

    Args:
        path: where to write the page.
        q, sigma, steps: the training, a constant DP-SGD run (sigma is its noise multiplier); or
        schedule, runs: a schedule, as for :func:`epsilon`; sigma is then a factor on its σ
            column (default 1: the schedule as written). The spectrum scales the same shape.
            Opacus's names work too: sample_rate, noise_multiplier, epochs (steps =
            ⌈epochs/q⌉, stated in the result's steps_from_epochs), target_delta (docs/python.md).
        delta, delta_exponent, n_train, sigma_tolerance, epsilon_error: as for :func:`calibrate`.
        epsilons: the spectrum's target ε values, nats, each in (0, 200].
        representation: the representation Ψ, as for :func:`bound`.
        chain: add the chain of attacks at the report's γ values (the training's and each
            target ε's), with chain_targets held-out targets (default {default:targets}) and codebook rates
            chain_bits (default 1..8; each cell needs 20 estimation records).
        by_label: add "Who is most exposed" (§6.10): every label's bound at the training's γ plus
            its error bound, each from the label's records of D⊥ and D_est alone at alpha/C (C
            labels), all holding together at 1 − alpha; the headline stays the pooled statement.
        labels, label_names: with by_label, as for :func:`bound` (an array, a list or a tensor of
            whole numbers, "idx:PATH"/"npy:PATH", or None for the data set's own labels or a
            torchvision data set's ``targets``; names as a sequence or a file).
        the others: as for :func:`bound` (data, perp/est, the split options, grid, alpha, seed, ...).

    Returns the numbers on the page, with ``report`` the path written (with by_label also
    ``labels_source``, ``by_label`` and ``by_label_certificate``, as :func:`bound` with by_label).
    """
    arguments = dict(locals())  # before any other local: the checkpoint's fingerprint and the page's call
    if q is not None and sigma is None:
        raise InvalidInput("give sigma, the noise multiplier of the training, with q and steps")
    labels_ = labels_dict("report", by_label=by_label, labels=labels, label_names=label_names, data=data)
    if labels_ is not None:  # the labels read, arrays among them, fingerprint a checkpoint and show in the call
        arguments.update(labels=labels_["labels"], label_names=labels_["label_names"])
    mechanism_ = _mechanism(mechanism, mechanism_params, schedule_runs(q, None, steps, schedule, runs, shape=True))
    data_ = data_dict("report", data=data, perp=perp, est=est, shape=shape, layout=layout, scale=scale,
                      normalize=normalize, seed=seed,
                      options=options)
    bound_ = bound_dict("report", grid_k=grid_k, grid_nu2=grid_nu2, alpha=alpha, threads=threads, options=options,
                        arguments=arguments, data=data_)
    if not chain and (chain_targets is not None or chain_bits is not None):
        raise InvalidInput("chain_targets and chain_bits go with chain=True")
    chain_ = {"targets": chain_targets, "bits": None if chain_bits is None else list(chain_bits)} if chain else None
    text = _reconbound.report(os.fspath(path), _python_call(path, arguments, data_), mechanism_,
                              1.0 if sigma is None else float(sigma), _delta(delta, delta_exponent, n_train),
                              [float(e) for e in epsilons], data_, representation, bound_,
                              {"sigma_tolerance": sigma_tolerance, "epsilon_error": epsilon_error}, chain_,
                              labels_, progress_callback(progress))
    result = ReportResult.from_json(text)
    if result.chain is not None:
        warn_of_violations(result.chain.violations)
    return result
