"""The conformance kit from Python (docs/conformance.md, "Python").

``reconbound.conformance(x)`` runs the suite of ``reconbound conformance`` on a plugin file, a
plugin spec, or a representation written in Python (``reconbound.representation(...)``), and returns
what ``reconbound conformance --json`` prints, with ``passed`` and the checks as objects.
"""

from __future__ import annotations

import math
import numbers
import os
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from . import _reconbound
from ._reconbound import InvalidInput
from ._representation import Representation, _torch_module
from ._results import Result, _from_schema

DEFAULT_TOLERANCE = 1e-6
"""Largest |Ψ − reference| relative to each record's largest |coordinate|."""
DEFAULT_RECORDS = 16
DEFAULT_SEED = 1
DEFAULT_SEARCH_BUDGET = 20000


@dataclass(frozen=True)
class ConformanceCheck:
    """One check of the kit: its name (e.g. ``declared_bound_holds[1x28x28]``), its outcome
    ("PASS", "FAIL" or "SKIP"), whether it passed, and the detail line with the numbers."""

    name: str
    outcome: str
    detail: str

    @property
    def passed(self) -> bool:
        return self.outcome == "PASS"


@_from_schema
class ConformanceResult(Result):
    # Its fields and docstring come from results_schema.json ("ConformanceResult").

    @property
    def passed(self) -> bool:
        return self._data["summary"]["failed"] == 0

    @property
    def checks(self) -> list[ConformanceCheck]:
        return [ConformanceCheck(c["name"], c["outcome"], c["detail"]) for c in self._data["checks"]]

    @property
    def failed(self) -> list[ConformanceCheck]:
        """The checks that failed."""
        return [check for check in self.checks if check.outcome == "FAIL"]

    def __repr__(self) -> str:
        s = self._data["summary"]
        plugin = self._data["plugin"]
        return (f"ConformanceResult({plugin['kind']} {plugin['name']!r}: passed={self.passed}, {s['passed']} passed, "
                f"{s['failed']} failed, {s['skipped']} skipped)")


def _whole(value: Any, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < least:
        raise InvalidInput(f"conformance: {name}={value!r} must be a whole number >= {least}")
    return int(value)


def _plugin_argument(plugin: Any) -> Union[str, Representation]:
    if isinstance(plugin, Representation):
        return plugin
    if isinstance(plugin, os.PathLike):
        return os.fspath(plugin)
    if isinstance(plugin, str):
        return plugin
    if callable(plugin):
        raise TypeError(f"conformance: {plugin!r} is a bare callable: wrap it as reconbound.representation(fn, "
                        "output_dim=..., max_squared_distance=...) (docs/python.md, \"Your own representation\")")
    raise TypeError(f"conformance: {plugin!r} must be a plugin file, a plugin spec (\"downsample:4\") or "
                    "reconbound.representation(...)")


def _reference_argument(reference: Any) -> Union[None, str, Callable[[Any], Any]]:
    """None, a representation plugin spec, or a function of an (n, C, H, W) float64 batch giving (n, m)
    numbers: a torch module runs as a Python representation runs it (no_grad, its parameters' device)."""
    if reference is None or isinstance(reference, str) or isinstance(reference, Representation):
        return reference
    if not callable(reference):
        raise TypeError(f"conformance: reference={reference!r} must be None, a representation plugin spec, or a "
                        "function of an (n, C, H, W) batch")
    if _torch_module(reference):
        runner = Representation(reference, output_dim=1, max_squared_distance=1.0, name="reference")
        return runner._run_module
    return reference


def conformance(plugin: Any, *, reference: Any = None, tolerance: float = DEFAULT_TOLERANCE,
                records: int = DEFAULT_RECORDS, seed: int = DEFAULT_SEED, data: Any = None,
                params: Optional[Union[str, dict[str, Any]]] = None,
                search_budget: int = DEFAULT_SEARCH_BUDGET) -> ConformanceResult:
    """The conformance suite of ``reconbound conformance`` on one plugin (docs/conformance.md): the laws
    of its kind, for a representation Ψ those of docs/mathematics.md §3 and the bound B of §6.5.

    ``plugin``: a plugin file (``.so``), a plugin spec on the search path (``"downsample:4"``), or a
    representation written in Python (``reconbound.representation(fn, ...)``). ``params``: the
    plugin's parameters (a dict or ``"key=value,..."``) instead of its example. For a representation:
    ``records`` uniform-noise records per shape (and as many drawn from ``data``: a data-set spec as
    ``bound``'s, or an (n, C, H, W) array of grey levels, whose shape joins the test shapes),
    ``seed`` for the noise, the search for B and the generated records, ``search_budget`` Ψ
    evaluations of the hill-climb for the largest ‖Ψ(x) − Ψ(x′)‖², and ``reference``: a function
    of an (n, C, H, W) float64 batch giving (n, m) numbers (a NumPy function or a torch module), or
    a representation plugin spec, that Ψ must match on every record of the suite within
    ``tolerance`` times the record's largest |coordinate|.

    Returns the report; ``result.passed`` is False when a check failed, and ``result.failed``
    lists those checks with the relation that failed and the law.
    """
    if isinstance(tolerance, bool) or not isinstance(tolerance, numbers.Real) or not (
            math.isfinite(tolerance) and tolerance >= 0):
        raise InvalidInput(f"conformance: tolerance={tolerance!r} must be a finite number >= 0")
    if data is not None and not isinstance(data, str) and not hasattr(data, "__array__"):
        raise TypeError(f"conformance: data={data!r} must be a data-set spec or an (n, C, H, W) array of grey levels")
    text = _reconbound.conformance(_plugin_argument(plugin), params, _reference_argument(reference), float(tolerance),
                                   _whole(records, "records", 1), _whole(seed, "seed", 0), data,
                                   _whole(search_budget, "search_budget", 0))
    return ConformanceResult.from_json(text)
