"""Result objects: the dictionary that ``reconbound <command> --json`` prints, with attributes.

Every result is built from the JSON text that the core's ``workflow::to_json`` writes for the
CLI, so the Python fields and the CLI's JSON fields cannot drift apart. The annotations below
name the fields for editors; ``to_dict()`` gives the whole dictionary (a deep copy).
"""

from __future__ import annotations

import copy
import json
from typing import Any


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Result(value)
    if isinstance(value, list):
        return [_wrap(item) for item in value]
    return value


class Result:
    """A JSON object of reconbound with its keys as attributes (nested objects too)."""

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
        fields = ", ".join(f"{key}={value!r}" for key, value in self._data.items()
                           if not isinstance(value, (dict, list)))
        return f"{type(self).__name__}({fields})"

    def to_dict(self) -> dict[str, Any]:
        """The whole result as plain dicts, lists, numbers and strings (a copy)."""
        return copy.deepcopy(self._data)


class LeakageResult(Result):
    """The leakage γ of a mechanism (Theorem 4.1; docs/mathematics.md §2)."""

    mechanism: str
    gamma_bits: float
    """γ, bits: an upper bound on I(x_i; everything released | the other records)."""
    abs_error_bits: float
    """Bound on the numerical error of gamma_bits, bits."""
    segments: list[Result]
    """Per schedule segment: run (from 1), q, sigma, steps, gamma_bits."""
