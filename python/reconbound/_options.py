"""The keyword options of the data jobs (bound, calibrate for ρ*, spectrum, chain).

The frequent ones are named in each function's signature; the others go through ``**options``
with the names of the CLI's options (``--grid-select-pairs`` → ``grid_select_pairs``):

Split of the data (docs/mathematics.md §7; with ``data``, not with ``perp``/``est``):
    quick (bool): the quick-look split of 2,000 + 2,000 records.
    n_perp, n_est (int): sizes of a random split (default: |D⊥| = 10,000 and the rest where
        the data set has >= 60,000 records, else 2,000 + 2,000).
    perp_range, est_range ((begin, end)): explicit half-open ranges in file order.
    perp_indices, est_indices (list of int): explicit record numbers.
Bound pipeline (§3–7):
    representation_params (dict or "k=v,..."): more parameters of the representation plugin.
    rotation ({choices:rotation}, default "{default:rotation}"), padded_order (int, default
        {default:padded_order}): the rotation (§4).
    normaliser ({choices:normaliser}, default "{default:normaliser}"): "ucb", an upper confidence
        bound on tr Σ divides, so ρ* is certified; "sample", the point estimate tr Σ̂, so only
        abs_bound is (§6.5, §6.8).
    normaliser_alpha_share (float in {range:normaliser_alpha_share}, default {default:normaliser_alpha_share}):
        the share of alpha the tr Σ upper confidence bound gets with normaliser="ucb", the rest
        split evenly between the entropy's Monte Carlo and sampling margins (§6.8).
    grid_select ({choices:grid_select}, default "{default:grid_select}"), grid_select_pairs (int in
        {range:grid_select_pairs}, default {default:grid_select_pairs}), select_only (bool): §6.6.
    mc_samples (int {range:mc_samples}): Monte Carlo draws per record; default:
        {default:mc_samples}.
    exact (bool): the exact estimator path.
    estimator, estimator_params, converse, converse_params: the plugins (default "{default:estimator}"
        and "{default:converse}") and their parameters.
Long runs (docs/checkpoints.md):
    checkpoint (str): a file that keeps the finished work items of the entropy estimates; the
        same call after a crash, a kill or Ctrl-C resumes from it and returns the result of an
        uninterrupted run. A call with other arguments or data is refused (InvalidInput).
"""

from __future__ import annotations

import zlib
from typing import Any

from ._data import data_argument, records_array
from ._normalize import Normalize, apply_normalize
from ._representation import Representation
from ._settings import stating_settings
from ._vocabulary import BOUND_OPTIONS, DATA_OPTIONS, not_taken

__doc__ = stating_settings(__doc__ or "")

# Arguments that change no number of a result, left out of a checkpoint's fingerprint.
_RESULT_FREE = frozenset({"threads", "progress", "checkpoint", "path"})  # path: where report() writes its page


def check_option_names(function: str, options: dict[str, Any]) -> None:
    """TypeError for a name in ``options`` that is no option of a data job, naming the functions
    that take it (reconbound._vocabulary)."""
    for name in options:
        if name not in DATA_OPTIONS | BOUND_OPTIONS:
            raise not_taken(function, name, name)


RECORDS = ("data", "perp", "est")
"""The arguments that hold records; their arrays (reconbound._data) stand for them in a checkpoint's fingerprint."""


def data_dict(function: str, *, data: Any, perp: Any, est: Any, shape: Any, layout: Any, scale: Any, seed: int,
              options: dict[str, Any], normalize: Normalize = None) -> dict[str, Any]:
    """The data of a job: a data set (spec or records) with its split, or perp and est records, as
    NumPy arrays (reconbound._data), with how they are laid out and scaled, and Normalize(mean, std)
    undone where ``normalize`` says (reconbound._normalize)."""
    check_option_names(function, options)
    out = {"data": data_argument(data), "perp": None if perp is None else records_array(perp, "perp"),
           "est": None if est is None else records_array(est, "est"), "shape": shape, "layout": layout,
           "scale": scale, "seed": seed}
    apply_normalize(out, normalize, layout, scale)
    if normalize is not None:
        out["caller_scale"] = 1.0  # the records were in [0, 1] before Normalize: pages say RMSEs in that scale too
    described = {"data": data, "perp": perp, "est": est}
    parts = [f"{key}: {records_description(described[key], out[key])}" if key != "data" else
             records_description(data, out["data"]) for key in RECORDS if out[key] is not None and
             not isinstance(out[key], str)]
    if parts:
        out["source"] = "; ".join(parts)
    out.update({k: v for k, v in options.items() if k in DATA_OPTIONS})
    return out


def records_description(original: Any, array: Any) -> str:
    """The records a job read, for its reports: what the caller gave, how many records of which
    shape and type, and a CRC-32 of the values read (after any normalize was undone)."""
    import numpy

    values = numpy.ascontiguousarray(array)
    kind = type(original).__name__
    return (f"{kind} of {values.shape[0]} records {tuple(values.shape[1:])} {values.dtype}, "
            f"CRC-32 {zlib.crc32(values.view(numpy.uint8)):08x}")


def _describe(value: Any) -> str:
    """One line that changes when the value does: arrays by shape, type and a CRC-32 of their bytes,
    a Python representation by its fingerprint (its parameters and code)."""
    if isinstance(value, Representation):
        return value.fingerprint()
    if hasattr(value, "__array_interface__"):
        import numpy

        array = numpy.ascontiguousarray(value)
        return f"array shape {array.shape} dtype {array.dtype} CRC-32 {zlib.crc32(array.view(numpy.uint8)):08x}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_describe(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_describe(v) for v in value) + "]"
    return repr(value)


def checkpoint_fields(function: str, arguments: dict[str, Any]) -> list[tuple[str, str]]:
    """The fingerprint of a job's arguments for its checkpoint header (docs/checkpoints.md)."""
    fields = [("function", function)]
    for name, value in arguments.items():
        if name == "options":
            fields += [(f"argument {k}", _describe(v)) for k, v in value.items() if k not in _RESULT_FREE]
        elif name not in _RESULT_FREE:
            fields.append((f"argument {name}", _describe(value)))
    return fields


def bound_dict(function: str, *, grid_k: Any, grid_nu2: Any, alpha: float, threads: int, options: dict[str, Any],
               arguments: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The bound pipeline's configuration of a job (the CLI's bound options); `arguments` (the
    job's own, with the records of `data`, its data_dict, for those it was given as) fingerprint
    its checkpoint, when it has one."""
    out = {"grid_k": None if grid_k is None else list(grid_k), "grid_nu2": None if grid_nu2 is None else list(grid_nu2),
           "alpha": alpha, "threads": threads}
    out.update({k: v for k, v in options.items() if k in BOUND_OPTIONS})
    if options.get("checkpoint") is not None:
        out["checkpoint"] = str(options["checkpoint"])
        records = {name: data[name] for name in RECORDS if name in arguments}
        out["checkpoint_fields"] = checkpoint_fields(function, {**arguments, **records})
    return out
