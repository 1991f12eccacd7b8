"""Result objects: the dictionary that ``reconbound <command> --json`` prints, with attributes.

The fields of every result class come from results_schema.json beside this file, the one place
that names them: a field is added, removed or retyped there (and in the core's
``workflow::to_json``, which writes it), never here. At import, each class below gets from its
definition there its docstring (the fields with their types and meanings, as help() shows them),
``__annotations__`` and ``optional_fields``; tests/python/test_results_schema.py checks the CLI's
JSON against the schema. Every result is built from the JSON text that ``workflow::to_json``
writes for the CLI; ``to_dict()`` gives the whole dictionary (a deep copy). Units: γ in bits, ε
and δ in nats (e^ε), σ the noise multiplier (noise standard deviation over the clipping norm), ρ
relative to the prior's error.
"""

from __future__ import annotations

import copy
import json
import textwrap
from pathlib import Path
from typing import Any, ClassVar, TypeVar


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
"""The field a result computed from ``epochs`` gets: {"epochs", "q", "steps"}, steps = ceil(epochs / q).
The package states it (``Result._state``), the CLI never prints it: optional in every schema definition."""

_SCHEMA: dict[str, Any] = json.loads(Path(__file__).with_name("results_schema.json").read_text(encoding="utf-8"))
"""results_schema.json: a JSON Schema with one definition per result class in ``_SCHEMA["$defs"]``."""

_PYTHON_TYPES = {"number": "float", "integer": "int", "boolean": "bool", "string": "str", "object": "Result"}
_DOC_WIDTH = 100  # characters of a docstring line that help() shows
_WRAP = {"width": _DOC_WIDTH, "break_on_hyphens": False, "break_long_words": False}  # words and options stay whole

_R = TypeVar("_R", bound=type[Result])


def _python_type(json_type: dict[str, Any]) -> str:
    """A schema type as the text of a Python annotation: "float", "list[Result]", "float | None".

    One JSON type per field, or one and "null"; an array's "items" give its elements' type."""
    kinds = json_type["type"] if isinstance(json_type["type"], list) else [json_type["type"]]
    (kind,) = [k for k in kinds if k != "null"]
    name = f"list[{_python_type(json_type['items'])}]" if kind == "array" else _PYTHON_TYPES[kind]
    return f"{name} | None" if "null" in kinds else name


def _docstring(definition: dict[str, Any]) -> str:
    """The class's description, then each field with its type, "optional" and what it is."""
    paragraphs = [textwrap.fill(text, **_WRAP) for text in definition["description"].split("\n\n")]
    lines = ["\n\n".join(paragraphs), "", "Fields (results_schema.json; optional: only some results have it):"]
    for name, field in definition["properties"].items():
        optional = "" if name in definition["required"] else ", optional"
        lines.append(f"    {name}: {_python_type(field)}{optional}")
        lines += textwrap.wrap(field.get("description", ""), initial_indent=" " * 8, subsequent_indent=" " * 8,
                               **_WRAP)
    return "\n".join(lines)


def _from_schema(cls: _R) -> _R:
    """Gives a result class its definition in the schema (``_SCHEMA["$defs"]`` under the class's name):
    docstring, ``__annotations__`` (the fields' types) and ``optional_fields`` (those not required)."""
    definition = _SCHEMA["$defs"][cls.__name__]
    cls.__doc__ = _docstring(definition)
    cls.__annotations__ = {name: _python_type(field) for name, field in definition["properties"].items()}
    cls.optional_fields = frozenset(definition["properties"]) - frozenset(definition["required"])
    return cls


# The result classes, one per definition in the schema; their names are written here so that
# editors and type checkers know them. What they hold is in results_schema.json.

@_from_schema
class LeakageResult(Result):
    pass


@_from_schema
class EpsilonResult(Result):
    pass


@_from_schema
class EpsilonCalibrationResult(Result):
    pass


@_from_schema
class RhoCalibrationResult(Result):
    pass


@_from_schema
class BoundResult(Result):
    pass


@_from_schema
class SpectrumResult(Result):
    pass


@_from_schema
class ChainResult(Result):
    pass


@_from_schema
class PluginsResult(Result):
    pass


@_from_schema
class ReportResult(Result):
    pass


@_from_schema
class ByLabelResult(Result):
    @property
    def pooled(self) -> BoundResult:
        """The bound on all of D⊥ and D_est: its own statement, at its own level (§6.10)."""
        return BoundResult(self._data["pooled"])

    @property
    def most_exposed(self) -> Result:
        """The row of the most exposed label: the smallest bound on E‖Ψ(x) − ẑ‖² (eq 13), the first
        of ``by_label``. ρ* is relative to each class's own prior, so the absolute bound compares them."""
        return _wrap(self._data["by_label"][0])

    def __repr__(self) -> str:
        worst, joint = self._data["by_label"][0], self._data["by_label_certificate"]
        return (f"ByLabelResult(labels={joint['labels']}, level={joint['level']!r}, "
                f"most_exposed={worst['name']!r}, rho_star={worst['rho_star']!r}, "
                f"rmse_per_coordinate={worst['rmse_per_coordinate']!r}, "
                f"pooled_rho_star={self._data['pooled'].get('rho_star')!r})")


@_from_schema
class RhoCalibrationByLabelResult(Result):
    @property
    def pooled(self) -> RhoCalibrationResult:
        """The calibration on all of D⊥ and D_est: its own statement, at its own level (§6.10)."""
        return RhoCalibrationResult(self._data["pooled"])


@_from_schema
class SpectrumByLabelResult(Result):
    pass
