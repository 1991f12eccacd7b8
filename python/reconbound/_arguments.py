"""Arguments shared by reconbound's functions: DP-SGD schedules and progress reporting."""

from __future__ import annotations

import numbers
import os
from typing import Any, Callable, Optional, Sequence, Union

from ._reconbound import InvalidInput

Segment = Sequence[float]
"""(q, sigma, steps): Poisson sampling rate in (0, 1], noise multiplier > 0, steps >= 1."""
Run = Union[str, "os.PathLike[str]", Sequence[Segment]]
"""One training run: a list of segments, or the path of a schedule CSV file (rows q,sigma,steps)."""
ScheduleArgument = Union[str, "os.PathLike[str]", Sequence[Segment], Sequence[Run]]
ProgressArgument = Union[None, Callable[[str, int, int], Any], Any]
"""None, a callable (stage, done, total), or a tqdm progress bar."""


def _is_path(value: Any) -> bool:
    return isinstance(value, (str, os.PathLike))


def _is_segment(value: Any) -> bool:
    if _is_path(value):
        return False
    try:
        return len(value) == 3 and all(isinstance(v, numbers.Real) for v in value)
    except TypeError:
        return False


def _steps(value: Any) -> int:
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real) and float(value).is_integer():
        return int(value)
    raise InvalidInput(f"steps = {value!r} must be a whole number")


def _run(run: Any) -> Any:
    if _is_path(run):
        return os.fspath(run)
    segments = list(run)
    if not segments or not all(_is_segment(s) for s in segments):
        raise InvalidInput("a run is a non-empty list of (q, sigma, steps) segments or the path of a schedule CSV file")
    return [(float(q), float(sigma), _steps(steps)) for q, sigma, steps in segments]


def schedule_runs(q: Optional[float], sigma: Optional[float], steps: Optional[int],
                  schedule: Optional[ScheduleArgument], runs: int, *, shape: bool = False) -> Optional[list]:
    """The runs of a DP-SGD schedule for the core (docs/mathematics.md §2; runs add, §7).

    One constant run from q, sigma and steps (with ``shape``, for the jobs that choose the noise,
    sigma is not given and the run has sigma = 1), or ``schedule``: a list of (q, sigma, steps)
    segments (one run), a list of runs (each such a list or a CSV path), or one CSV path. The
    whole schedule is repeated ``runs`` times (identical trainings, e.g. a search). None when no
    schedule is given (for a mechanism that takes none).
    """
    constant = {"q": q, "steps": steps} if shape else {"q": q, "sigma": sigma, "steps": steps}
    given = [name for name, value in constant.items() if value is not None]
    if given and schedule is not None:
        raise InvalidInput(f"give either {', '.join(constant)} or schedule, not both")
    if given and len(given) != len(constant):
        raise InvalidInput(f"{', '.join(constant)} go together: give all of them or none")
    if isinstance(runs, bool) or not isinstance(runs, numbers.Integral) or runs < 1:
        raise InvalidInput(f"runs = {runs!r} must be a whole number >= 1")
    if given:
        one = [[(float(q), 1.0 if shape else float(sigma), _steps(steps))]]  # type: ignore[arg-type]
    elif schedule is None:
        return None
    elif _is_path(schedule):
        one = [os.fspath(schedule)]
    elif _is_segment(schedule):
        one = [_run([schedule])]
    else:
        items = list(schedule)
        one = [_run(items)] if all(_is_segment(s) for s in items) else [_run(r) for r in items]
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
