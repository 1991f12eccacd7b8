"""How tight the bound is: ρ* next to the per-block bound and real attacks (docs/mathematics.md §9)."""

from __future__ import annotations

import warnings
from typing import Any, Optional, Sequence

from . import _reconbound
from ._arguments import ProgressArgument, progress_callback, speaks_ecosystem_names
from ._normalize import Normalize
from ._options import bound_dict, data_dict
from ._representation import RepresentationArgument
from ._results import ChainResult
from ._settings import DEFAULTS, states_settings


@speaks_ecosystem_names
@states_settings
def chain(*, data: Any = None, shape: Optional[Sequence[int]] = None, layout: Optional[str] = None,
          scale: Optional[float] = None, normalize: Normalize = None,
          representation: RepresentationArgument = DEFAULTS.representation,
          targets: int = DEFAULTS.targets, target_range: Optional[Sequence[int]] = None,
          target_indices: Optional[Sequence[int]] = None, shadow: Optional[int] = None,
          shadow_indices: Optional[Sequence[int]] = None, gammas: Optional[Sequence[float]] = None,
          bits: Optional[Sequence[int]] = None, mechanisms: Optional[Sequence[str]] = None,
          dpsgd: Optional[Sequence[Sequence[float]]] = None,
          clip: Optional[float] = None, bootstrap: Optional[int] = None,
          grid_k: Optional[Sequence[int]] = DEFAULTS.grid_k, grid_nu2: Optional[Sequence[float]] = DEFAULTS.grid_nu2,
          alpha: float = DEFAULTS.alpha, seed: int = DEFAULTS.seed, threads: int = DEFAULTS.threads,
          progress: ProgressArgument = None, **options: Any) -> ChainResult:
    """ρ* next to the strongest attacks at each leakage γ (eq 39: ρ* <= ρ_blk <= ρ_cb <= ρ_dpsgd).

    Per γ: ρ* (eq 14; certified as ``certificate`` says), the per-block bound ρ_blk of a codebook release (eq 40),
    the codebook's conditional-mean attack ρ_cb and the prior-aware DP-SGD attack ρ_dpsgd
    (eq 36–38), each ± a bootstrap standard error over held-out targets; or the attacks of the
    mechanisms named in ``mechanisms`` (docs/tightness.md). The result's
    ``certificate`` (§6.8) covers the ρ* column only, every row at once, with probability
    >= 1 − alpha (the default normaliser="{default:normaliser}"; with normaliser="sample" only the absolute
    bound is certified); the γ values are given, so taken as exact. ρ_blk and the attacks are
    estimates.

    Args:
        data: the data set ("fashion-mnist" by default, another spec, or records as
            :func:`bound` takes them: an array, a tensor, a map-style data set); D⊥, D_est and
            the targets are laid out in it as the CLI does (§7, §F.4).
        shape, layout, scale, normalize: how the records are laid out, scaled and normalised, as
            for :func:`bound`.
        targets, target_range, target_indices: the held-out targets ({default:targets} drawn by default).
        shadow, shadow_indices: D_shadow ⊆ D_est of the codebooks (default all of D_est).
        gammas: γ (bits) of the attacks; bits: rates R of the codebook's releases (1..16);
        mechanisms: the attack rows, each "NAME" or "NAME:key=value,..." (e.g. "dpsgd:q=0.02,steps=100",
            "gaussian:k=10"); None: codebook and dpsgd at each setting of ``dpsgd``;
        dpsgd: the default rows' attack settings [(q, T), ...]; clip: C of their model;
        bootstrap: resamples for the standard errors. None keeps the CLI's defaults.
        alpha: miscoverage of the ρ* column's certificate, split over its random events (§6.8).
        the others: as for :func:`bound` (split options: n_perp, n_est, quick, ...; normaliser,
            normaliser_alpha_share, ...).

    Returns the fields of ``reconbound chain --json`` (figures is []: no figures are drawn).
    """
    arguments = dict(locals())  # before any other local: the checkpoint's fingerprint
    data_ = data_dict("chain", data=data, perp=None, est=None, shape=shape, layout=layout, scale=scale,
                      normalize=normalize, seed=seed,
                      options=options)
    bound_ = bound_dict("chain", grid_k=grid_k, grid_nu2=grid_nu2, alpha=alpha, threads=threads, options=options,
                        arguments=arguments, data=data_)
    targets_ = {"targets": targets, "target_range": target_range, "target_indices": target_indices,
                "shadow": shadow, "shadow_indices": shadow_indices}
    settings = {"gammas": gammas, "bits": bits, "mechanisms": mechanisms, "dpsgd": dpsgd, "clip": clip,
                "bootstrap": bootstrap}
    text = _reconbound.chain(data_, targets_, representation, bound_, settings, progress_callback(progress))
    result = ChainResult.from_json(text)
    warn_of_violations(result.violations)
    return result


class ChainViolationWarning(UserWarning):
    """An attack more than 3 standard errors below ρ* (§9): the mechanism's γ or its attack is wrong."""


def warn_of_violations(violations: Sequence[Any]) -> None:
    """One warning per violation, as the CLI's `reconbound: violation:` lines (its exit status 3)."""
    for v in violations:
        warnings.warn(v.sentence, ChainViolationWarning, stacklevel=3)
