"""Result objects: the dictionary that ``reconbound <command> --json`` prints, with attributes.

Every result is built from the JSON text that the core's ``workflow::to_json`` writes for the
CLI, so the Python fields and the CLI's JSON fields cannot drift apart. The annotations below
name the fields for editors (the tests check them against the CLI's JSON); ``to_dict()`` gives
the whole dictionary (a deep copy). Units: γ in bits, ε and δ in nats (e^ε), σ the noise
multiplier (noise standard deviation over the clipping norm), ρ relative to the prior's error.
"""

from __future__ import annotations

import copy
import json
from typing import Any, ClassVar


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Result(value)
    if isinstance(value, list):
        return [_wrap(item) for item in value]
    return value


class Result:
    """A JSON object of reconbound with its keys as attributes (nested objects too)."""

    optional_fields: ClassVar[frozenset[str]] = frozenset()
    """Annotated fields that only some results have."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    @classmethod
    def from_json(cls, text: str) -> Result:
        return cls(json.loads(text))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not a field (copy and pickle probe these before __init__)
            raise AttributeError(name)
        try:
            return _wrap(self._data[name])
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no field {name!r}; "
                                 f"fields: {', '.join(self._data)}") from None

    def __getitem__(self, key: str) -> Any:
        return _wrap(self._data[key])

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(self._data))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        fields = [f"{key}={value!r}" for key, value in self._data.items() if not isinstance(value, (dict, list))]
        certificate = self._data.get("certificate")
        if isinstance(certificate, dict) and "rho_label" in certificate:
            # What rho_star is, in the certificate's own words (§6.8): certified at its level or not.
            fields.append(f"rho_star_is={certificate['rho_label']!r}")
        return f"{type(self).__name__}({', '.join(fields)})"

    def to_dict(self) -> dict[str, Any]:
        """The whole result as plain dicts, lists, numbers and strings (a copy)."""
        return copy.deepcopy(self._data)

    def _state(self, name: str, value: Any) -> None:
        """Adds a field the package states beside the core's (steps_from_epochs)."""
        self._data[name] = value


_STEPS_FROM_EPOCHS = "steps_from_epochs"
"""The field a result computed from ``epochs`` gets: {"epochs", "q", "steps"}, steps = ceil(epochs / q)."""


class LeakageResult(Result):
    """The leakage γ of a mechanism (Theorem 4.1; docs/mathematics.md §2): ``reconbound leakage``."""

    optional_fields = frozenset({_STEPS_FROM_EPOCHS})
    mechanism: str
    gamma_bits: float
    """γ, bits: an upper bound on I(x_i; everything released | the other records)."""
    abs_error_bits: float
    """Bound on the numerical error of gamma_bits, bits."""
    segments: list[Result]
    """Per schedule segment: run (from 1), q, sigma, steps, gamma_bits."""
    steps_from_epochs: Result
    """With ``epochs``: epochs, q and steps = ceil(epochs / q), the steps used."""


class EpsilonResult(Result):
    """(ε, δ) by the mechanism's accountant (§8; PLD for DP-SGD): ``reconbound epsilon``."""

    optional_fields = frozenset({_STEPS_FROM_EPOCHS})
    epsilon: float
    """ε, nats (bias-corrected estimate); epsilon_lower <= ε(δ) <= epsilon_upper are guaranteed."""
    epsilon_lower: float
    epsilon_upper: float
    delta: float
    relation: str
    """The neighbouring relation, e.g. "add/remove"."""
    binding_direction: str
    grid_step: float
    """Δ of the privacy-loss grid, nats."""
    segments: list[Result]
    steps_from_epochs: Result
    """With ``epochs``: epochs, q and steps = ceil(epochs / q), the steps used."""


class EpsilonCalibrationResult(Result):
    """The smallest σ whose ε upper error bar meets a target (§8): ``reconbound calibrate --target-epsilon``."""

    optional_fields = frozenset({_STEPS_FROM_EPOCHS})
    target_epsilon: float
    sigma: float
    """The noise multiplier (with a schedule: the factor on its σ column); never overshoots the target ε."""
    sigma_at_range_min: bool
    """Every σ of the supported range meets the target: sigma is the range's floor."""
    sigma_tolerance: float
    gamma_bits: float
    """γ at sigma, bits (Theorem 4.1)."""
    steps: int
    epsilon: float
    """ε at sigma, nats (epsilon_lower <= ε <= epsilon_upper <= target_epsilon)."""
    epsilon_lower: float
    epsilon_upper: float
    delta: float
    relation: str
    steps_from_epochs: Result
    """With ``epochs``: epochs, q and steps = ceil(epochs / q), the steps used."""


class RhoCalibrationResult(Result):
    """The smallest σ whose ρ* reaches a target (eq 14 inverted; §8): ``reconbound calibrate --target-rho``."""

    optional_fields = frozenset({"epsilon", "epsilon_lower", "epsilon_upper", "delta", "relation", _STEPS_FROM_EPOCHS})
    target_rho: float
    representation: str
    data: str
    largest_gamma_bits: float
    """The largest γ whose ρ* reaches the target, bits."""
    budget_pair: Result
    """(k, nu2) of the grid pair that admits largest_gamma_bits."""
    sigma: float
    sigma_at_range_min: bool
    sigma_tolerance: float
    gamma_bits: float
    gamma_error_bits: float
    """The mechanism's numerical error bound on gamma_bits, added before the converse (§6.8)."""
    rho_star: float
    """ρ* at sigma (>= target_rho)."""
    k_star: int
    nu2_star: float
    steps: int
    grid_selection: Result
    certificate: Result
    """What ρ* at sigma certifies and with which probability (§6.8), as BoundResult.certificate."""
    epsilon: float
    """ε at sigma, nats, when a δ was given (as EpsilonCalibrationResult.epsilon, and the four fields below)."""
    epsilon_lower: float
    epsilon_upper: float
    delta: float
    relation: str
    steps_from_epochs: Result
    """With ``epochs``: epochs, q and steps = ceil(epochs / q), the steps used."""


class BoundResult(Result):
    """The bound ρ* with its certificate (Algorithm 1; eq 14, §3–7): ``reconbound bound``.

    Where the certificate certifies "rho_star", every attack ẑ has sqrt(E‖Ψ(x) − ẑ‖² / tr Σ) ≥ ρ*
    (eq 3): the attack's RMSE in the representation relative to the prior's. ``certificate`` states what holds and with
    which probability (§6.8): with the default normaliser ρ* itself, at 1 − alpha; with
    normaliser="sample" only abs_bound. The headline fields are those of the first γ.
    """

    optional_fields = frozenset({"rotation_probe", "rho_star", "k_star", "nu2_star", "abs_bound", "rho_point",
                                 _STEPS_FROM_EPOCHS})
    data: str
    representation: str
    leakage: str
    """Where γ came from, one line."""
    leakage_details: Result
    """Named extra numbers of a mechanism fitted on the data (e.g. realised_entropy_bits)."""
    alpha: float
    """The certificate's total miscoverage (split over its random events in certificate.ingredients)."""
    n_est: int
    n_perp: int
    m: int
    """Dimension of Ψ."""
    m_padded: int
    padding_fraction: float
    rotation: str
    seed: int
    trace_sigma: float
    """tr Σ̂ on D⊥ (§6.5), squared grey levels."""
    trace_sigma_ucb: float
    """Upper confidence bound on tr Σ from D_est centred at D⊥'s mean (§6.5)."""
    trace_sigma_ucb_alpha: float
    """Its miscoverage α_T (with normaliser="sample" it is only reported, at the share it would get)."""
    normaliser_value: float
    """The tr Σ that divides the squared error in eq 14 (certificate.normaliser says which: "ucb" or "sample")."""
    certificate: Result
    """What is certified (certifies: "rho_star" with normaliser "ucb", "abs_bound" with "sample"), its level
    (1 − alpha) and alpha, union_size |G'|, normaliser, scope, ingredients (name, treatment: "probability"
    with its alpha share, "exact", "numerical, bound added", "point estimate", "fixed before D_est", or
    for the split "exchangeable by construction" (a seeded random split) or "assumed" (perp/est
    arrays, ranges, index lists: D_est is then assumed an i.i.d. sample independent of D⊥, §7);
    data, detail), statement: the sentence for the first γ (§6.8), and rho_label: what ρ* is, in the
    words every page uses ("ρ* (certified, probability ≥ 95 %)" or "ρ* (point normalisation, not
    certified)"); the result's repr shows it. None with select_only: nothing
    is certified then."""
    results: list[Result]
    """Per γ: gamma_bits, gamma_error_bits (added before the converse), rho_star, k_star, nu2_star,
    abs_bound, rho_point."""
    grid: list[Result]
    """Per certified pair (k, nu2): s, h_mc (the estimator's point estimate), t_num, h_lb (bits; eq 12),
    computed_on ("cpu", or the OpenCL device of estimator_params={"device": "opencl"}), and the estimator's
    own numbers under their names (goldfeld: t_mc, t_md, bits, eq 34, 35; n_mc, eq 31)."""
    grid_selection: Result
    """How the certified pairs were chosen (§6.6)."""
    timings_s: Result
    rotation_probe: list[float]
    rho_star: float
    """ρ* at the first γ (eq 14)."""
    k_star: int
    nu2_star: float
    abs_bound: float
    """The bound on E‖Ψ(x) − ẑ‖² itself (eq 13), squared grey levels."""
    rho_point: float
    """eq 14 without the confidence margins (a point estimate, not certified)."""
    steps_from_epochs: Result
    """With ``epochs``: epochs, q and steps = ceil(epochs / q), the steps charged."""


class SpectrumResult(Result):
    """ε → σ → γ → ρ* for several target ε (§8; the paper's Figures 2 and 5): ``reconbound spectrum``."""

    optional_fields = frozenset({_STEPS_FROM_EPOCHS})
    data: str
    delta: float
    relation: str
    calibrations: list[Result]
    """Per target ε: target_epsilon, sigma, sigma_at_range_min, epsilon, epsilon_lower, epsilon_upper, gamma_bits,
    gamma_error_bits (the mechanism's numerical error bound, added before the converse)."""
    representations: list[Result]
    """Per representation: representation, m, m_padded, n_est, normaliser_value, grid_selection, certificate (its
    curve's, as BoundResult.certificate; at alpha/R when joint), points (ρ* per ε)."""
    certificate_levels: str
    """Either "per representation" (each curve holds at 1 − alpha on its own) or "joint" (all R curves hold
    together at 1 − alpha: each certified at alpha/R; §6.8)."""
    alpha: float
    """The alpha requested: each curve's (per representation) or the whole spectrum's (joint)."""
    joint_level: float | None
    """1 − alpha, the level at which all curves hold together, with joint over several representations;
    None otherwise (each curve's own level is its certificate's)."""
    figure: str
    steps_from_epochs: Result
    """With ``epochs``: epochs, q and steps = ceil(epochs / q), the steps of each calibrated schedule."""


class ChainResult(Result):
    """ρ* next to the per-block bound and real attacks (§9; eq 39): ``reconbound chain``."""

    optional_fields = frozenset({"attack_rows"})
    data: str
    representation: str
    seed: int
    m: int
    m_padded: int
    rotation: str
    trace_sigma: float
    normaliser_value: float
    layout: Result
    grid_selection: Result
    certificate: Result
    """What the rho_star column certifies, all rows at once (§6.8; γ given: exact); rho_blk and the attacks
    are estimates. As BoundResult.certificate; its statement covers every row's ρ*."""
    rows: list[Result]
    """Per γ: rho_star, rho_blk (eq 40), codebook_attack, dpsgd_attacks (eq 36–38), the gaps; with
    mechanisms other than codebook and dpsgd, their attacks (one per attack_rows entry)."""
    attack_rows: list[Result]
    """The rows of mechanisms other than codebook and dpsgd: mechanism, spec, settings, gammas."""
    timings_s: Result
    notes: list[str]
    violations: list[Result]
    """Attacks with ρ + 3·SE < ρ* (§9; gamma_bits, mechanism, attack, rho, standard_error, rho_star and the
    sentence the CLI prints): the mechanism's γ or its attack is wrong. :func:`chain` warns
    (ChainViolationWarning) for each."""
    figures: list[str]


class PluginsResult(Result):
    """The plugins found, every load failure with its reason and the OpenCL devices: ``reconbound plugins``."""

    plugins: list[Result]
    """kind, name, version, description, parameters, path."""
    failures: list[Result]
    """path, reason."""
    opencl: Result
    """built (whether this reconbound has the OpenCL backend) and devices: per OpenCL device its index
    (device=opencl:N of the goldfeld estimator), platform, name, version, type, fp64, summation,
    usable_for_certified_work and refusal (why not, else empty)."""
