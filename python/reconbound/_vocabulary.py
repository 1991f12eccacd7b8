"""Which of the package's functions take a keyword: the one-line TypeError a call gets for a name
its function does not take, naming the functions that do (docs/python.md, "One vocabulary")."""

from __future__ import annotations

import inspect
from typing import Any, Callable, Mapping

_PUBLIC = ("leakage", "leakage_report", "epsilon", "calibrate", "bound", "spectrum", "chain", "report")


def takes_keyword(parameters: Mapping[str, inspect.Parameter], name: str) -> bool:
    """Whether a function with ``parameters`` takes the keyword ``name``: one of its own, or a data
    or bound option through its ``**options`` (reconbound._options)."""
    from ._options import BOUND_OPTIONS, DATA_OPTIONS

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
