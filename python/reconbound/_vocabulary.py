"""The package's vocabulary: the names a caller may use for reconbound's keywords (Opacus's and
dp_accounting's among them), the option names of the data jobs, and which functions take a keyword
— the one-line TypeError a call gets for a name its function does not take, naming the functions
that do (docs/python.md, "One vocabulary"). It imports no other module of the package."""

from __future__ import annotations

import inspect
from types import MappingProxyType
from typing import Any, Callable, Mapping

ALIASES: Mapping[str, str] = MappingProxyType({
    "sample_rate": "q",           # Opacus
    "sampling_probability": "q",  # dp_accounting's PoissonSampledDpEvent
    "noise_multiplier": "sigma",  # Opacus, dp_accounting
    "target_delta": "delta",      # Opacus
})
"""Keywords of Opacus and dp_accounting that reconbound's functions take, and reconbound's name for
each. ``epochs`` (Opacus) is not a name but a count: steps = ceil(epochs / q)."""

MEANINGS: Mapping[str, str] = MappingProxyType({**ALIASES, "epochs": "steps"})
"""Each name a caller may use for one of reconbound's parameters, and that parameter (epochs stand
for steps)."""

# The keyword options of the data jobs (reconbound._options documents each).
DATA_OPTIONS = frozenset({"quick", "n_perp", "n_est", "perp_range", "est_range", "perp_indices", "est_indices"})
BOUND_OPTIONS = frozenset({"representation_params", "rotation", "padded_order", "normaliser",
                           "normaliser_alpha_share", "grid_select", "grid_select_pairs", "select_only",
                           "mc_samples", "exact", "estimator", "estimator_params", "converse", "converse_params",
                           "checkpoint"})

_PUBLIC = ("leakage", "leakage_report", "epsilon", "calibrate", "bound", "spectrum", "chain", "report")


def takes_keyword(parameters: Mapping[str, inspect.Parameter], name: str) -> bool:
    """Whether a function with ``parameters`` takes the keyword ``name``: one of its own, or a data
    or bound option through its ``**options`` (reconbound._options)."""
    own = parameters.get(name)
    if own is not None and own.kind in (own.KEYWORD_ONLY, own.POSITIONAL_OR_KEYWORD):
        return True
    has_options = any(p.kind == p.VAR_KEYWORD for p in parameters.values())
    return has_options and name in DATA_OPTIONS | BOUND_OPTIONS


def _takes(function: Callable[..., Any], name: str) -> bool:
    return takes_keyword(inspect.signature(inspect.unwrap(function)).parameters, name)  # its own, not help()'s


def users_of(name: str) -> list[str]:
    """The public functions that take ``name``, in the order of docs/python.md."""
    import reconbound

    return [f"{public}()" for public in _PUBLIC if _takes(getattr(reconbound, public), name)]


def not_taken(function: str, name: str, meaning: str) -> TypeError:
    """The error for ``name`` (reconbound's ``meaning``) given to ``function``, which does not take it."""
    users = users_of(meaning)
    said = name if name == meaning else f"{name} ({meaning})"
    if not users:
        return TypeError(f"{function}() got an unexpected keyword argument {name!r}; no function of reconbound "
                         "takes it")
    return TypeError(f"{function}() takes no {said}; it goes with {', '.join(users)}")
