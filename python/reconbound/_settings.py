"""The settings table (docs/settings-route.md): each setting's keyword, default, choices or range and
help, read once from the compiled module, whose table the CLI's options are built from too. The
package's keyword defaults (``alpha: float = DEFAULTS.alpha``) and the defaults, choices and ranges
its docstrings state (``{default:alpha}``, ``{choices:rotation}``, ``{range:alpha}``) come from here."""

from __future__ import annotations

import re
from types import MappingProxyType, SimpleNamespace
from typing import Any, Callable, Mapping, TypeVar

from . import _reconbound

TABLE: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {row["name"]: MappingProxyType(row) for row in _reconbound.settings()})
"""Each setting by its keyword: name, flag (the CLI's option), default (None: a rule, said in
default_text), default_text, choices, range (low, high, low_open, high_open, whole, text) or None,
help and note."""

DEFAULTS = SimpleNamespace(**{name: row["default"] for name, row in TABLE.items()})
"""Each setting's default by its keyword: ``DEFAULTS.alpha``."""

_PLACEHOLDER = re.compile(r"\{(default|choices|range):(\w+)\}")


def _stated(match: re.Match[str]) -> str:
    what, name = match.groups()
    row = TABLE[name]  # a KeyError at import for a docstring naming no setting
    if what == "default":
        return str(row["default_text"])
    if what == "choices":
        return " | ".join(f'"{choice}"' for choice in row["choices"])
    return str(row["range"]["text"])


def stating_settings(text: str) -> str:
    """``text`` with each ``{default:NAME}``, ``{choices:NAME}`` and ``{range:NAME}`` written as the table says."""
    return _PLACEHOLDER.sub(_stated, text)


Function = TypeVar("Function", bound=Callable[..., Any])


def states_settings(function: Function) -> Function:
    """The function, its docstring stating the table's defaults, choices and ranges (stating_settings)."""
    function.__doc__ = stating_settings(function.__doc__ or "")
    return function
