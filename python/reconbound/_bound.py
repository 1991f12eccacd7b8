"""The bound ρ* (Algorithm 1) with its certificate, and its spectrum over ε."""

from __future__ import annotations

import numbers
from typing import Any, Optional, Sequence, Union

from . import _reconbound
from ._arguments import (ProgressArgument, ScheduleArgument, progress_callback, schedule_runs,
                         speaks_ecosystem_names)
from ._data import RecordsArgument
from ._labels import LabelNames, LabelsArgument, labels_dict
from ._normalize import Normalize
from ._options import bound_dict, data_dict
from ._privacy import Params, _delta, _mechanism
from ._representation import Representation, RepresentationArgument
from ._results import BoundResult, ByLabelResult, SpectrumByLabelResult, SpectrumResult
from ._settings import DEFAULTS, states_settings


@speaks_ecosystem_names
@states_settings
def bound(*, perp: RecordsArgument = None, est: RecordsArgument = None, shape: Optional[Sequence[int]] = None,
          data: Any = None, layout: Optional[str] = None, scale: Optional[float] = None,
          normalize: Normalize = None, representation: RepresentationArgument = DEFAULTS.representation,
          gamma: Union[None, float, Sequence[float]] = None, q: Optional[float] = None,
          sigma: Optional[float] = None, steps: Optional[int] = None, schedule: Optional[ScheduleArgument] = None,
          runs: int = 1, mechanism: str = DEFAULTS.mechanism,
          mechanism_params: Params = None, grid_k: Optional[Sequence[int]] = DEFAULTS.grid_k,
          grid_nu2: Optional[Sequence[float]] = DEFAULTS.grid_nu2, alpha: float = DEFAULTS.alpha, seed: int = DEFAULTS.seed,
          threads: int = DEFAULTS.threads,
          by_label: bool = False, labels: LabelsArgument = None, label_names: LabelNames = None,
          progress: ProgressArgument = None, **options: Any) -> Union[BoundResult, ByLabelResult]:
    """The lower bound ρ* on every attack's reconstruction error, with its certificate (Algorithm 1).

    Ψ maps D⊥ and D_est to features (§3); tr Σ̂ and the rotation come from D⊥ only (§4,
    §6.5); the entropy lower confidence bound h̄_LB comes from D_est for each certified grid
    pair (k, ν²) (eq 12, 31, 34, 35; the pairs chosen on D⊥, §6.6); the Shannon lower bound
    turns h̄_LB and the leakage γ (plus its numerical error bound) into ρ* (eq 13–14). With the
    default normaliser="{default:normaliser}", ρ* holds with probability >= 1 − alpha over the data sample and
    the Monte Carlo draws; with normaliser="sample" only abs_bound does (§6.8). The result's
    ``certificate`` says which, at what level, and every ingredient with its share of alpha.
    ρ* is relative: sqrt(E‖Ψ(x) − ẑ‖² / tr Σ) of the best attack ẑ (eq 3), 1 = no better
    than the prior's guess.

    Args:
        perp, est: your D⊥ (held out: rotation, tr Σ̂) and D_est (entropy) as records (first
            axis), grey levels [0, 255]: NumPy arrays, torch tensors (on the CPU) or map-style data
            sets of images or (image, label) pairs (docs/python.md); C-contiguous float64 arrays
            and tensors are read in place, others (uint8, float32, ...) converted once. Or:
        data: a data set to split: "fashion-mnist" (the default), "idx:PATH", "npy:PATH",
            "png:DIR", or records as perp takes them (copied once into the core's data set).
        shape: (C, H, W) of one record, for arrays of flat records (N, C·H·W).
        layout: "NCHW" or "NHWC", how the records' axes are laid out; needed for records whose
            last axis looks like channels (1, 3 or 4, smaller than H and W).
        scale: 255 (grey levels in [0, 255]) or 1 (values in [0, 1], multiplied by 255); needed
            for float records whose values are all <= 1 (ToTensor's). A scale the values
            contradict (255 with every value <= 1, 1 with a value above 1) is refused.
        normalize: (mean, std) of torchvision's Normalize after ToTensor, one number or one per
            channel: undone exactly (8-bit images come back as whole grey levels); give it
            without scale. Negative values without it are refused with this advice.
        representation: the representation Ψ, as the CLI's --representation ("pixel",
            "downsample:4", "dct:8", "select:rect:7,7,14,14", "lpips:MODEL.onnx"), or your own
            written in Python: reconbound.representation(fn, output_dim=..., max_squared_distance=...)
            (docs/python.md, "Your own representation").
        gamma: leakage γ in bits (one value or several: one entropy estimate serves all); or
        q, sigma, steps / schedule, runs: the schedule whose γ the mechanism charges
            (Theorem 4.1); or a mechanism fitted on the data (mechanism="codebook"). Opacus's
            names work too: sample_rate, noise_multiplier, epochs (steps = ceil(epochs / q)).
        mechanism, mechanism_params: the mechanism plugin and its parameters.
        grid_k, grid_nu2: block sizes k and dither levels ν² of the grid (default eq 8).
        alpha: miscoverage of the certificate, split over its random events (§6.8): the
            Monte Carlo and sampling margins of the entropy and, with normaliser="ucb", the
            tr Σ upper confidence bound (normaliser_alpha_share of alpha, default
            {default:normaliser_alpha_share}).
        seed: seed of the random split and of the estimator's draws (the CLI's --seed).
        threads: worker threads, 0 = all cores (the result does not depend on it).
        by_label: one bound ρ* per label of ``data``, all holding together at 1 − alpha
            (each label's bound on its records of D⊥ and D_est alone at alpha/C, C labels), beside
            the pooled bound, its own statement (§6.10; the CLI's --by-label). Returns a
            ByLabelResult then.
        labels: with by_label, one whole number >= 0 per record of ``data`` (a NumPy array, a
            list, a torch tensor) or "idx:PATH" / "npy:PATH"; None: the data set's own labels
            ("fashion-mnist", "png:DIR" with a folder per class) or a torchvision data set's
            ``targets`` (its ``classes`` name them).
        label_names: with by_label, the classes' names: a sequence (names[c] names label c) or
            the path of a file of one name per line.
        progress: None, a callable (stage, done, total), or a tqdm bar. Ctrl-C interrupts
            the computation (KeyboardInterrupt) within a progress step.
        options: the CLI's other options, see reconbound._options (quick, n_perp, n_est,
            perp_range, est_range, rotation, normaliser, normaliser_alpha_share, grid_select,
            mc_samples, ...).

    Returns the fields of ``reconbound bound --json`` (with by_label: of ``--by-label --json``).
    """
    arguments = dict(locals())  # before any other local: the checkpoint's fingerprint
    gammas = [] if gamma is None else [float(gamma)] if isinstance(gamma, numbers.Real) else [float(g) for g in gamma]
    labels_ = labels_dict("bound", by_label=by_label, labels=labels, label_names=label_names, data=data)
    if labels_ is not None:  # the labels read, arrays among them, fingerprint a checkpoint
        arguments.update(labels=labels_["labels"], label_names=labels_["label_names"])
    data_ = data_dict("bound", data=data, perp=perp, est=est, shape=shape, layout=layout, scale=scale,
                      normalize=normalize, seed=seed,
                      options=options)
    bound_ = bound_dict("bound", grid_k=grid_k, grid_nu2=grid_nu2, alpha=alpha, threads=threads, options=options,
                        arguments=arguments, data=data_)
    mechanism_ = _mechanism(mechanism, mechanism_params, schedule_runs(q, sigma, steps, schedule, runs))
    if labels_ is not None:
        return ByLabelResult.from_json(_reconbound.bound_by_label(data_, representation, bound_, gammas, mechanism_,
                                                                  labels_, progress_callback(progress)))
    text = _reconbound.bound(data_, representation, bound_, gammas, mechanism_, progress_callback(progress))
    return BoundResult.from_json(text)


@speaks_ecosystem_names
def spectrum(*, epsilons: Sequence[float] = DEFAULTS.epsilons, q: Optional[float] = None,
             steps: Optional[int] = None, schedule: Optional[ScheduleArgument] = None, runs: int = 1,
             delta: Optional[float] = None, delta_exponent: Optional[float] = None, n_train: Optional[float] = None,
             sigma_tolerance: float = DEFAULTS.sigma_tolerance, epsilon_error: float = DEFAULTS.epsilon_error,
             mechanism: str = DEFAULTS.mechanism, mechanism_params: Params = None, data: Any = None,
             perp: RecordsArgument = None, est: RecordsArgument = None, shape: Optional[Sequence[int]] = None,
             layout: Optional[str] = None, scale: Optional[float] = None, normalize: Normalize = None,
             representations: Union[RepresentationArgument, Sequence[RepresentationArgument]] = (DEFAULTS.representation,),
             grid_k: Optional[Sequence[int]] = DEFAULTS.grid_k, grid_nu2: Optional[Sequence[float]] = DEFAULTS.grid_nu2,
             alpha: float = DEFAULTS.alpha, joint: bool = DEFAULTS.joint, seed: int = DEFAULTS.seed, threads: int = DEFAULTS.threads,
             by_label: bool = False, labels: LabelsArgument = None, label_names: LabelNames = None,
             progress: ProgressArgument = None, **options: Any) -> Union[SpectrumResult, SpectrumByLabelResult]:
    """ε → σ → γ → ρ* for each target ε (docs/mathematics.md §8; the paper's Figures 2 and 5).

    For each ε (nats) the noise multiplier σ is calibrated (as :func:`calibrate` with
    target_epsilon), its leakage γ charged (Theorem 4.1; plus its numerical error bound), and
    ρ* certified (eq 14) from one entropy estimate per representation. Each curve's
    ``certificate`` (representations[i].certificate, §6.8) covers all its points at once;
    ``certificate_levels`` says whether the curves hold each on its own or together.

    Args:
        epsilons: the target ε values, nats, each in (0, 200].
        q, steps, schedule, runs: the schedule's shape, as for :func:`calibrate`.
        delta, delta_exponent, n_train, sigma_tolerance, epsilon_error: as for :func:`calibrate`.
        representations: one representation or several (one ρ* curve each): plugin specs and
            Python representations (reconbound.representation), mixed as you like.
        joint: the CLI's --joint. False: each curve's certificate holds at 1 − alpha on its
            own; True: all R = len(representations) curves hold together at 1 − alpha (each
            certified at alpha/R, a union bound; §6.8).
        by_label, labels, label_names: every label's curves beside the pooled ones, all labels
            together at 1 − alpha (each label's curves on its own records at alpha/C, §6.10; the
            CLI's --by-label), at the pooled calibration's σ and γ, and at each ε the worst label;
            the labels as for :func:`bound`. Returns a SpectrumByLabelResult.
        the others: as for :func:`bound`.

    Returns the fields of ``reconbound spectrum --json`` (figure is "": no figure is drawn).
    """
    arguments = dict(locals())  # before any other local: the checkpoint's fingerprint
    specs = [representations] if isinstance(representations, (str, Representation)) else list(representations)
    labels_ = labels_dict("spectrum", by_label=by_label, labels=labels, label_names=label_names, data=data)
    if labels_ is not None:  # the labels read, arrays among them, fingerprint a checkpoint
        arguments.update(labels=labels_["labels"], label_names=labels_["label_names"])
    mechanism_ = _mechanism(mechanism, mechanism_params, schedule_runs(q, None, steps, schedule, runs, shape=True))
    data_ = data_dict("spectrum", data=data, perp=perp, est=est, shape=shape, layout=layout, scale=scale,
                      normalize=normalize, seed=seed,
                      options=options)
    bound_ = bound_dict("spectrum", grid_k=grid_k, grid_nu2=grid_nu2, alpha=alpha, threads=threads, options=options,
                        arguments=arguments, data=data_)
    bound_["joint"] = bool(joint)
    epsilons_, delta_ = [float(e) for e in epsilons], _delta(delta, delta_exponent, n_train)
    calibration = {"sigma_tolerance": sigma_tolerance, "epsilon_error": epsilon_error}
    if labels_ is not None:
        return SpectrumByLabelResult.from_json(_reconbound.spectrum_by_label(
            epsilons_, mechanism_, delta_, data_, specs, bound_, calibration, labels_, progress_callback(progress)))
    text = _reconbound.spectrum(epsilons_, mechanism_, delta_, data_, specs, bound_, calibration,
                                progress_callback(progress))
    return SpectrumResult.from_json(text)
