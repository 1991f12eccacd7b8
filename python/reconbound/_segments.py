"""What a schedule's segments look like, shared by the argument readers (reconbound._arguments)
and the training configuration (reconbound._training): a path, a (q, sigma, steps) segment, and an
Opacus accountant's history turned into segments."""

from __future__ import annotations

import numbers
import os
from typing import Any, Sequence

from . import _reconbound
from ._reconbound import InvalidInput


def is_path(value: Any) -> bool:
    return isinstance(value, (str, os.PathLike))


def is_segment(value: Any) -> bool:
    if is_path(value):
        return False
    try:
        return len(value) == 3 and all(isinstance(v, numbers.Real) for v in value)
    except TypeError:
        return False


def schedule_from_history(history: Sequence[Sequence[float]]) -> list[tuple[float, float, int]]:
    """The schedule of an Opacus accountant's ``history``, as ``schedule=`` takes it (one run).

    Opacus's RDP and PRV accountants keep ``accountant.history``: a list of
    (noise_multiplier, sample_rate, num_steps) tuples, one per stretch of training with the same
    noise and sampling rate. This returns the same stretches as (q, sigma, steps) segments, the
    rows of a schedule CSV file: ``leakage(schedule=schedule_from_history(accountant.history))``
    is γ in bits (Theorem 4.1) of the training the accountant saw, and ``epsilon(...)`` its ε.
    """
    entries = list(history)
    if not entries:
        raise InvalidInput("history is empty: an Opacus history holds (noise_multiplier, sample_rate, num_steps) "
                           "entries, one per stretch of training")
    segments = []
    for index, entry in enumerate(entries):
        if not is_segment(entry):
            raise InvalidInput(f"history entry {index} is {entry!r}; an Opacus history entry is "
                               "(noise_multiplier, sample_rate, num_steps)")
        noise_multiplier, sample_rate, num_steps = entry
        if isinstance(num_steps, bool):
            raise InvalidInput(f"history entry {index} has num_steps = {num_steps!r}; it must be a number")
        # The SDK's segment rule (docs/mathematics.md §2), the one every front end applies.
        try:
            _reconbound.check_segment(float(sample_rate), float(noise_multiplier), float(num_steps))
        except InvalidInput as error:
            raise InvalidInput(f"history entry {index} (noise_multiplier, sample_rate, num_steps) = {tuple(entry)!r}: "
                               f"{error}") from None
        segments.append((float(sample_rate), float(noise_multiplier), int(num_steps)))
    return segments
