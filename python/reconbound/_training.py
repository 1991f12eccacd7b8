"""One training configuration for every function (docs/python.md, "One training config"): the
schedule DP-SGD ran and the δ its guarantee is stated at, given once and passed as ``training=`` to
leakage, leakage_report, epsilon, calibrate, bound, spectrum, chain and report. Each function takes
the fields it uses — calibrate chooses σ and so ignores ``sigma``, bound charges γ and ignores the
δ fields — and an argument given beside ``training`` for the same field is refused."""

from __future__ import annotations

import dataclasses
from typing import Any, Optional, Sequence

from ._reconbound import InvalidInput
from ._segments import schedule_from_history
from ._vocabulary import MEANINGS


@dataclasses.dataclass(frozen=True)
class Training:
    """A DP-SGD training as reconbound's functions take it (docs/mathematics.md §2, §8).

    Fields (None: not part of this training): q, sigma, steps, or epochs (steps = ceil(epochs/q)),
    or schedule (segments (q, sigma, steps) or runs, as ``schedule=``) and runs; delta, or
    delta_exponent with n_train (δ = n_train^−delta_exponent).
    """

    q: Optional[float] = None
    sigma: Optional[float] = None
    steps: Optional[int] = None
    epochs: Optional[float] = None
    schedule: Any = None
    runs: Optional[int] = None
    delta: Optional[float] = None
    delta_exponent: Optional[float] = None
    n_train: Optional[float] = None

    @classmethod
    def from_opacus(cls, *, sample_rate: Optional[float] = None, noise_multiplier: Optional[float] = None,
                    epochs: Optional[float] = None, steps: Optional[int] = None,
                    target_delta: Optional[float] = None,
                    history: Optional[Sequence[Sequence[float]]] = None) -> Training:
        """Opacus's names (make_private's sample_rate, noise_multiplier, epochs, target_delta), or
        its accountant's ``history`` (schedule_from_history) in their place."""
        if history is not None:
            if sample_rate is not None or noise_multiplier is not None or epochs is not None or steps is not None:
                raise InvalidInput("give history, or sample_rate, noise_multiplier and epochs (or steps), not both")
            return cls(schedule=schedule_from_history(history), delta=target_delta)
        return cls(q=sample_rate, sigma=noise_multiplier, epochs=epochs, steps=steps, delta=target_delta)

    def given(self) -> dict[str, Any]:
        """The fields set, by reconbound's names."""
        return {field.name: getattr(self, field.name) for field in dataclasses.fields(self)
                if getattr(self, field.name) is not None}


def expanded(arguments: dict[str, Any], takes: set[str]) -> dict[str, Any]:
    """``arguments`` with ``training`` (a Training) replaced by those of its fields the function takes.
    InvalidInput for a field also given as an argument (under its name or an alias)."""
    training = arguments.pop("training", None)
    if training is None:
        return arguments
    if not isinstance(training, Training):
        raise InvalidInput(f"training must be a reconbound.Training, not {type(training).__name__}")
    given_here = {MEANINGS.get(name, name) for name, value in arguments.items() if value is not None}
    for name, value in training.given().items():
        meaning = MEANINGS.get(name, name)  # epochs stand for steps
        if meaning in given_here:
            raise InvalidInput(f"{name} is given twice: in training and as an argument; give it once")
        if meaning in takes:
            arguments[name] = value
    return arguments
