"""Arguments shared by reconbound's functions: the ecosystem's names for them, DP-SGD schedules and
progress reporting."""

from __future__ import annotations

import contextvars
import functools
import inspect
import math
import numbers
import os
import re
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple, Optional, Sequence, TypeVar, Union

from . import _reconbound
from ._reconbound import InvalidInput
from ._results import Result
from ._segments import is_path, is_segment
from ._training import expanded
from ._vocabulary import ALIASES, MEANINGS, not_taken, takes_keyword

Segment = Sequence[float]
"""(q, sigma, steps): Poisson sampling rate in (0, 1], noise multiplier > 0, steps >= 1."""
Run = Union[str, "os.PathLike[str]", Sequence[Segment]]
"""One training run: a list of segments, or the path of a schedule CSV file (rows q,sigma,steps)."""
ScheduleArgument = Union[str, "os.PathLike[str]", Sequence[Segment], Sequence[Run]]
ProgressArgument = Union[None, Callable[[str, int, int], Any], Any]
"""None, a callable (stage, done, total), or a tqdm progress bar."""


_CALLER_NAMES: contextvars.ContextVar[Mapping[str, str]] = contextvars.ContextVar(
    "reconbound_caller_names", default=MappingProxyType({}))
_MARK = re.compile("\u2039([^\u203a=]*)(?:=([^\u203a]*))?\u203a")  # core's ‹name› and ‹name=value›


def keyword(name: str) -> str:
    """The caller's keyword for reconbound's parameter ``name``: its alias when the call used one."""
    return _CALLER_NAMES.get().get(name, name)


class ResolvedArguments(NamedTuple):
    arguments: dict[str, Any]
    """The arguments under reconbound's names (``epochs`` turned into ``steps``)."""
    caller_names: dict[str, str]
    """reconbound's name → the alias the caller gave it under, for each alias used."""
    steps_from_epochs: Optional[dict[str, Any]]
    """{"epochs", "q", "steps"} when the steps came from epochs, for the result to state; else None."""


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def number_text(value: float) -> str:
    """A number as the CLI prints it: 2 rather than 2.0, 1e-05."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def steps_for_epochs(epochs: float, q: float) -> int:
    """ceil(epochs / q), of the numbers as written (their shortest decimal form): 3 epochs at q = 0.03
    are 100 steps, where the binary quotient 100.00000000000001 would round up to 101."""
    return math.ceil(Fraction(repr(float(epochs))) / Fraction(repr(float(q))))


def _epochs_as_steps(arguments: dict[str, Any], caller_names: Mapping[str, str]) -> Optional[dict[str, Any]]:
    """Replaces ``epochs`` in ``arguments`` by steps = ceil(epochs / q); what the result states, or None."""
    epochs = arguments.pop("epochs", None)
    if epochs is None:
        return None
    if arguments.get("steps") is not None:
        raise InvalidInput("give epochs or steps, not both")
    q, q_name = arguments.get("q"), caller_names.get("q", "q")
    if q is None:
        raise InvalidInput("epochs needs q (or sample_rate): steps = ceil(epochs / q)")
    if not _is_number(epochs) or not epochs > 0 or math.isinf(epochs):
        raise InvalidInput(f"epochs = {epochs!r} must be a number > 0")
    if not _is_number(q) or not 0.0 < q <= 1.0:
        raise InvalidInput(f"{q_name} = {q!r} must be in (0, 1] for steps = ceil(epochs / {q_name})")
    arguments["steps"] = steps_for_epochs(epochs, q)
    return {"epochs": epochs, "q": q, "steps": arguments["steps"]}


def resolve_aliases(arguments: Mapping[str, Any]) -> ResolvedArguments:
    """The keyword arguments of a call under reconbound's names (docs/python.md, "The ecosystem's names").

    Each alias of ALIASES becomes reconbound's name; ``epochs`` with q (or an alias of it) becomes
    steps = ceil(epochs / q). None counts as not given. InvalidInput naming both for a parameter
    given under two names (sample_rate and q, epochs and steps), and for epochs without q.
    """
    given: dict[str, list[str]] = {}
    out: dict[str, Any] = {}
    for name, value in arguments.items():
        canonical = ALIASES.get(name, name)
        if value is None and canonical != name:
            continue
        if value is not None:
            given.setdefault(canonical, []).append(name)
        if value is not None or canonical not in out:
            out[canonical] = value
    for names in given.values():
        if len(names) > 1:
            raise InvalidInput(f"give {' or '.join(names)}, not both")
    caller_names = {canonical: names[0] for canonical, names in given.items() if names[0] != canonical}
    return ResolvedArguments(out, caller_names, _epochs_as_steps(out, caller_names))


def _in_caller_names(message: str, caller_names: Mapping[str, str]) -> str:
    """Core's marked message with each parameter spelled as the caller named it (keyword=value)."""
    def spell(mark: re.Match) -> str:
        name = caller_names.get(mark[1], mark[1])
        return name if mark[2] is None else f"{name}={mark[2]}"
    return _MARK.sub(spell, message)


Function = TypeVar("Function", bound=Callable[..., Any])


def speaks_ecosystem_names(function: Function) -> Function:
    """Makes a function of the package take the ecosystem's names (resolve_aliases) for its keywords.

    Its errors name the caller's keywords (sample_rate=2 where the caller said sample_rate), and
    a result computed from ``epochs`` states the steps used in its field ``steps_from_epochs``.
    An alias of a parameter the function does not take is a TypeError naming the alias.
    """
    parameters = inspect.signature(function).parameters
    takes = {name for name, p in parameters.items() if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}
    replaces = MEANINGS

    @functools.wraps(function)
    def call(*positional: Any, **arguments: Any) -> Any:
        arguments = expanded(arguments, takes)
        # Opacus's names shown by help() but left at None are not given.
        arguments = {name: value for name, value in arguments.items()
                     if not (value is None and name in OPACUS_NAMES and replaces.get(name, name) not in takes)}
        for name in arguments:
            meaning = replaces.get(name, name)
            # An alias stands for one of the function's own keywords, never for an option.
            if meaning in takes if name != meaning else takes_keyword(parameters, name):
                continue
            raise not_taken(function.__name__, name, meaning)
        resolved = resolve_aliases(arguments)
        names = {**_CALLER_NAMES.get(), **resolved.caller_names}
        token = _CALLER_NAMES.set(MappingProxyType(names))
        try:
            result = function(*positional, **resolved.arguments)
        except Exception as error:
            marked = getattr(error, "_marked_message", None)
            if marked is not None and names:
                error.args = (_in_caller_names(marked, names),)
            raise
        finally:
            _CALLER_NAMES.reset(token)
        if resolved.steps_from_epochs is not None and isinstance(result, Result):
            result._state("steps_from_epochs", resolved.steps_from_epochs)
        return result

    # help() shows ``training`` and Opacus's names beside the function's own keywords: those the
    # function does not use raise the TypeError that names the functions that do.
    added = [inspect.Parameter("training", inspect.Parameter.KEYWORD_ONLY, default=None,
                               annotation="Optional[Training]")]
    added += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation="Optional[float]")
              for name in OPACUS_NAMES if name not in parameters]
    ordered = [p for p in parameters.values() if p.kind != p.VAR_KEYWORD]
    ordered += added + [p for p in parameters.values() if p.kind == p.VAR_KEYWORD]
    call.__signature__ = inspect.Signature(ordered, return_annotation=inspect.signature(function).return_annotation)
    call.__doc__ = (function.__doc__ or "") + _OPACUS_NOTE
    return call  # type: ignore[return-value]


OPACUS_NAMES = ("sample_rate", "noise_multiplier", "epochs", "target_delta", "target_epsilon")
"""The keywords of Opacus's make_private_with_epsilon and get_noise_multiplier that name a training:
every function shows them; a name a function does not use is one TypeError naming those that do."""

_OPACUS_NOTE = """
    Opacus's names are taken too: sample_rate (q), noise_multiplier (sigma), epochs (steps =
    ceil(epochs / q)), target_delta (delta), target_epsilon; or one ``training=reconbound.Training``.
    A name this function does not use is a TypeError naming the functions that use it.
"""


def _run(run: Any) -> Any:
    if is_path(run):
        return os.fspath(run)
    segments = list(run)
    if not segments or not all(is_segment(s) for s in segments):
        raise InvalidInput("a run is a non-empty list of (q, sigma, steps) segments or the path of a schedule CSV file")
    for index, (q, sigma, _) in enumerate(segments):
        if q > 1.0 and 0.0 < sigma <= 1.0:  # (noise_multiplier, sample_rate, steps): Opacus's order
            raise InvalidInput(f"schedule segment {index} has q = {number_text(q)} and sigma = {number_text(sigma)}: q "
                               "is outside (0, 1]. An Opacus accountant.history lists (noise_multiplier, sample_rate, "
                               "num_steps); pass schedule=schedule_from_history(accountant.history)")
    # The core checks each segment by the SDK's one rule (reconbound._reconbound.schedule_argument).
    return [(float(q), float(sigma), steps) for q, sigma, steps in segments]


def _constant_run(q: Any, sigma: Any, steps: Any) -> tuple[float, float, int]:
    """One constant run, checked by the SDK's segment rule as the CLI checks --q, --sigma and --steps
    (the error names the caller's keywords)."""
    for name, value in (("q", q), ("sigma", sigma), ("steps", steps)):
        if not _is_number(value):
            raise InvalidInput(f"{keyword(name)} = {value!r} must be a number")
    _reconbound.check_segment(float(q), float(sigma), float(steps))
    return float(q), float(sigma), int(steps)


def schedule_runs(q: Optional[float], sigma: Optional[float], steps: Optional[int],
                  schedule: Optional[ScheduleArgument], runs: int, *, shape: bool = False) -> Optional[list]:
    """The runs of a DP-SGD schedule for the core (docs/mathematics.md §2; runs add, §7).

    One constant run from q, sigma and steps (with ``shape``, for the jobs that choose the noise,
    sigma is not given and the run has sigma = 1), or ``schedule``: a list of (q, sigma, steps)
    segments (one run), a list of runs (each such a list or a CSV path), or one CSV path. The
    whole schedule is repeated ``runs`` times (identical trainings, e.g. a search). None when no
    schedule is given (for a mechanism that takes none). Errors name the caller's keywords.
    """
    constant = {"q": q, "steps": steps} if shape else {"q": q, "sigma": sigma, "steps": steps}
    names = [keyword(name) for name in constant]
    given = [name for name, value in constant.items() if value is not None]
    if given and schedule is not None:
        raise InvalidInput(f"give either {', '.join(names)} or schedule, not both")
    if given and len(given) != len(constant):
        if shape:
            raise InvalidInput(f"{names[0]} and {names[1]} go together: give both, or schedule")
        raise InvalidInput(f"{names[0]}, {names[1]} and {names[2]} go together: give all three or none")
    if isinstance(runs, bool) or not isinstance(runs, numbers.Integral) or runs < 1:
        raise InvalidInput(f"runs = {runs!r} must be a whole number >= 1")
    if given:
        one = [[_constant_run(q, 1.0 if shape else sigma, steps)]]
    elif schedule is None:
        return None
    elif is_path(schedule):
        one = [os.fspath(schedule)]
    elif is_segment(schedule):
        one = [_run([schedule])]
    else:
        items = list(schedule)
        one = [_run(items)] if all(is_segment(s) for s in items) else [_run(r) for r in items]
    return one * int(runs)


class _TqdmProgress:
    """Drives a tqdm bar: one pass of the bar per stage of the computation."""

    def __init__(self, bar: Any) -> None:
        self._bar = bar
        self._stage: Optional[str] = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self._stage:
            self._stage = stage
            self._bar.reset(total=total)
            self._bar.set_description(stage, refresh=False)
        if done > self._bar.n:  # worker threads may report out of order
            self._bar.update(done - self._bar.n)


def progress_callback(progress: ProgressArgument) -> Optional[Callable[[str, int, int], Any]]:
    """The callback the core calls with (stage, done, total) for ``progress``."""
    if progress is None:
        return None
    if hasattr(progress, "update") and hasattr(progress, "reset"):
        return _TqdmProgress(progress)
    if callable(progress):
        return progress
    raise TypeError("progress must be None, a callable (stage, done, total) or a tqdm progress bar")
