"""The data-free jobs: the leakage γ, (ε, δ), and the noise for a target ε (or for a target ρ*)."""

from __future__ import annotations

import numbers
from typing import Any, Optional, Sequence, Union

from . import _reconbound
from ._arguments import (ProgressArgument, ScheduleArgument, keyword, progress_callback, schedule_runs,
                         speaks_ecosystem_names)
from ._data import RecordsArgument
from ._labels import LabelNames, LabelsArgument, labels_dict
from ._normalize import Normalize
from ._options import bound_dict, check_option_names, data_dict
from ._reconbound import InvalidInput
from ._settings import DEFAULTS, states_settings
from ._results import (EpsilonCalibrationResult, EpsilonResult, LeakageResult, RhoCalibrationByLabelResult,
                       RhoCalibrationResult)

Params = Any
"""Plugin parameters: a dict {key: bool | int | float | str} or the CLI's "key=value,..." text."""


def _mechanism(name: str, params: Params, runs: Optional[list]) -> dict[str, Any]:
    return {"name": name, "params": params, "runs": runs}


def _delta(delta: Optional[float], delta_exponent: Optional[float], n_train: Optional[float]) -> dict[str, Any]:
    out = {"delta": delta, "delta_exponent": delta_exponent, "n_train": n_train}
    for name, value in out.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, numbers.Real)):
            raise InvalidInput(f"{keyword(name)} = {value!r} must be a number")
    return out


@speaks_ecosystem_names
def leakage_report(*, q: Optional[float] = None, sigma: Optional[float] = None, steps: Optional[int] = None,
                   schedule: Optional[ScheduleArgument] = None, runs: int = 1, mechanism: str = DEFAULTS.mechanism,
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
        mechanism, mechanism_params: the mechanism plugin and its parameters (a mechanism
            without a schedule takes its noise from its parameters).

    Opacus's and dp_accounting's names work too (docs/python.md): sample_rate or
    sampling_probability for q, noise_multiplier for sigma, epochs for steps = ceil(epochs / q)
    (the result's steps_from_epochs states them); an Opacus accountant's history is
    ``schedule=schedule_from_history(accountant.history)``.

    Returns the fields of ``reconbound leakage --json``.
    """
    runs_ = schedule_runs(q, sigma, steps, schedule, runs)
    return LeakageResult.from_json(_reconbound.leakage(_mechanism(mechanism, mechanism_params, runs_)))


@speaks_ecosystem_names
def leakage(*, q: Optional[float] = None, sigma: Optional[float] = None, steps: Optional[int] = None,
            schedule: Optional[ScheduleArgument] = None, runs: int = 1, mechanism: str = DEFAULTS.mechanism,
            mechanism_params: Params = None) -> float:
    """The leakage γ in bits (Theorem 4.1); the arguments of :func:`leakage_report`."""
    return leakage_report(q=q, sigma=sigma, steps=steps, schedule=schedule, runs=runs, mechanism=mechanism,
                          mechanism_params=mechanism_params).gamma_bits


@speaks_ecosystem_names
@states_settings
def epsilon(*, q: Optional[float] = None, sigma: Optional[float] = None, steps: Optional[int] = None,
            schedule: Optional[ScheduleArgument] = None, runs: int = 1, delta: Optional[float] = None,
            delta_exponent: Optional[float] = None, n_train: Optional[float] = None,
            epsilon_error: float = DEFAULTS.epsilon_error, mechanism: str = DEFAULTS.mechanism,
            mechanism_params: Params = None, progress: ProgressArgument = None) -> EpsilonResult:
    """ε(δ) of everything the mechanism releases, with guaranteed error bars (docs/mathematics.md §8).

    For DP-SGD: the privacy-loss-distribution accountant of the Poisson-subsampled Gaussian
    (add/remove neighbours); epsilon_lower <= ε <= epsilon_upper, in nats.

    Args:
        q, sigma, steps, schedule, runs: the schedule, as for :func:`leakage_report`.
        delta (or target_delta): δ in [1e-15, 1); or delta_exponent and n_train:
            δ = n_train^−delta_exponent (the paper uses 1.1).
        epsilon_error: target width of the error bar, nats (default {default:epsilon_error}); the bar is
            never asked narrower than 1e-3·ε (the accountant's relative floor).
        mechanism, mechanism_params: a mechanism plugin with an (ε, δ) accountant.
        progress: None, a callable (stage, done, total) or a tqdm bar, told of the accountant's
            steps; Ctrl-C stops it at the next one.

    Returns the fields of ``reconbound epsilon --json``.
    """
    text = _reconbound.epsilon(_mechanism(mechanism, mechanism_params, schedule_runs(q, sigma, steps, schedule, runs)),
                               _delta(delta, delta_exponent, n_train), {"epsilon_error": epsilon_error},
                               progress_callback(progress))
    return EpsilonResult.from_json(text)


@speaks_ecosystem_names
@states_settings
def calibrate(*, target_epsilon: Optional[float] = None, target_rho: Optional[float] = None,
              q: Optional[float] = None, steps: Optional[int] = None, schedule: Optional[ScheduleArgument] = None,
              runs: int = 1, delta: Optional[float] = None, delta_exponent: Optional[float] = None,
              n_train: Optional[float] = None, sigma_tolerance: float = DEFAULTS.sigma_tolerance,
              epsilon_error: float = DEFAULTS.epsilon_error, mechanism: str = DEFAULTS.mechanism, mechanism_params: Params = None,
              data: Any = None, perp: RecordsArgument = None, est: RecordsArgument = None,
              shape: Optional[Sequence[int]] = None, layout: Optional[str] = None, scale: Optional[float] = None,
              normalize: Normalize = None,
              representation: str = DEFAULTS.representation, grid_k: Optional[Sequence[int]] = DEFAULTS.grid_k,
              grid_nu2: Optional[Sequence[float]] = DEFAULTS.grid_nu2, alpha: float = DEFAULTS.alpha, seed: int = DEFAULTS.seed,
              threads: int = DEFAULTS.threads,
              by_label: bool = False, labels: LabelsArgument = None, label_names: LabelNames = None,
              progress: ProgressArgument = None,
              **options: Any) -> Union[EpsilonCalibrationResult, RhoCalibrationResult, RhoCalibrationByLabelResult]:
    """The smallest noise multiplier σ that meets a privacy target (docs/mathematics.md §8).

    ``target_epsilon`` (nats): the smallest σ whose ε upper error bar at δ meets the target —
    it never overshoots; where the accountant could not evaluate some σ below the answer,
    ``sigma_undecided_min`` and ``sigma_undecided_max`` name the σ left undecided.
    ``target_rho`` in (0, 1]: the entropies are estimated once on the data, eq 14 is inverted
    for the largest admissible γ, and σ is the smallest with
    γ(σ) plus its numerical error bound <= it (Theorem 4.1), so :func:`bound` at that σ
    certifies ρ* >= target_rho. The result's ``certificate`` (as :func:`bound`'s, §6.8) says
    with which probability: 1 − alpha with the default normaliser="{default:normaliser}"; with
    normaliser="sample" only the absolute bound is certified. With δ options the result also
    has ε at σ.

    Args:
        target_epsilon, target_rho: the target (exactly one).
        q, steps: one constant run whose σ is calibrated (or sample_rate, epochs); or schedule
            (runs): its σ column is the shape of the noise and σ the factor on it (σ = 1
            everywhere: one common σ).
        delta, delta_exponent, n_train: δ, as for :func:`epsilon`.
        sigma_tolerance: relative tolerance of σ above the exact threshold (default {default:sigma_tolerance}).
        epsilon_error: target width of ε's error bar, nats (default {default:epsilon_error}; never asked narrower
            than 1e-3·ε, the accountant's relative floor).
        mechanism, mechanism_params: a mechanism with noise (and an accountant for ε).
        data, perp, est, shape, layout, scale, normalize, representation, grid_k, grid_nu2, seed, threads,
            progress, options: for target_rho, the data and the bound, as for :func:`bound`
            (options include normaliser and normaliser_alpha_share).
        alpha: for target_rho, the miscoverage of the whole certificate, split over its random
            events: the two entropy margins and the tr Σ upper confidence bound (§6.8).
        by_label, labels, label_names: for target_rho, the smallest σ at which every label of
            ``data`` keeps ρ* >= target_rho, all labels together at 1 − alpha (each label's budget
            from its own records at alpha/C, §6.10; the CLI's --by-label), beside the pooled
            calibration; the labels as for :func:`bound`. Returns a RhoCalibrationByLabelResult.

    Returns the fields of ``reconbound calibrate --target-epsilon/--target-rho --json``.
    """
    arguments = dict(locals())  # before any other local: the checkpoint's fingerprint
    check_option_names("calibrate", options)
    if (target_epsilon is None) == (target_rho is None):
        raise InvalidInput("give target_epsilon or target_rho (one of them)")
    labels_ = labels_dict("calibrate", by_label=by_label, labels=labels, label_names=label_names, data=data)
    if labels_ is not None:  # the labels read, arrays among them, fingerprint a checkpoint
        arguments.update(labels=labels_["labels"], label_names=labels_["label_names"])
    mechanism_ = _mechanism(mechanism, mechanism_params, schedule_runs(q, None, steps, schedule, runs, shape=True))
    delta_ = _delta(delta, delta_exponent, n_train)
    calibration = {"sigma_tolerance": sigma_tolerance, "epsilon_error": epsilon_error}
    if target_epsilon is not None:
        data_given = [name for name, value in (("data", data), ("perp", perp), ("est", est), ("shape", shape),
                                               ("layout", layout), ("scale", scale), ("by_label", labels_))
                      if value is not None]
        if options or data_given:
            raise InvalidInput(f"target_epsilon takes no data or bound options ({', '.join(data_given + list(options))}"
                               "; they go with target_rho)")
        text = _reconbound.calibrate_epsilon(float(target_epsilon), mechanism_, delta_, calibration,
                                             progress_callback(progress))
        return EpsilonCalibrationResult.from_json(text)
    data_ = data_dict("calibrate", data=data, perp=perp, est=est, shape=shape, layout=layout, scale=scale,
                      normalize=normalize, seed=seed,
                      options=options)
    bound_ = bound_dict("calibrate", grid_k=grid_k, grid_nu2=grid_nu2, alpha=alpha, threads=threads, options=options,
                        arguments=arguments, data=data_)
    if labels_ is not None:
        return RhoCalibrationByLabelResult.from_json(_reconbound.calibrate_rho_by_label(
            float(target_rho), mechanism_, delta_, data_, representation, bound_,  # type: ignore[arg-type]
            calibration, labels_, progress_callback(progress)))
    text = _reconbound.calibrate_rho(float(target_rho), mechanism_, delta_, data_, representation, bound_,  # type: ignore[arg-type]
                                     calibration, progress_callback(progress))
    return RhoCalibrationResult.from_json(text)
