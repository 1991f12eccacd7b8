"""A representation Ψ written in Python (docs/python.md, "Your own representation").

``reconbound.representation(fn, output_dim=..., max_squared_distance=...)`` wraps a NumPy function
or a ``torch.nn.Module`` as Ψ : R^{C·H·W} → R^m (docs/mathematics.md §3); the object it returns is
taken wherever ``representation=`` is, as a plugin spec is. The jobs call it from their worker
threads, taking the GIL for each batch (python/src/python_psi.hpp), and check what it gives as they
check a plugin's: every coordinate finite, and B = max_squared_distance bounding ‖Ψ(x) − Ψ(x')‖² on
the data (§6.5).

A job names it by its spec: ``NAME (python)``, and for a torch module ``NAME (python, parameters
sha256 H)`` with H the first 12 hex digits of the SHA-256 of its parameters (state_dict), taken
when the job starts. The result's ``representation``, the report and the engine's messages carry
that spec; a checkpoint's fingerprint carries it and the callable's compiled code.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import math
import numbers
import sys
from typing import Any, Callable, Iterator, Optional, Union

from ._reconbound import InvalidInput, PluginError

Shape = tuple[int, int, int]
"""(C, H, W) of one record."""
PerShape = Union[float, Callable[[Shape], float]]
"""A number, or a function of the records' shape (C, H, W) giving it."""

PARAMETER_DIGITS = 12
"""Hex digits of a SHA-256 that a spec or a plugin record's version shows."""


def _torch_module(fn: Any) -> bool:
    """Whether ``fn`` is a torch.nn.Module (torch is not imported unless the caller did)."""
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(fn, torch.nn.Module)


def _code_digest(value: Any) -> str:
    """SHA-256 (hex) of the compiled code a callable runs: a function's, a module's forward, an
    object's __call__; its repr where there is none (a built-in)."""
    target = type(value).forward if _torch_module(value) else value
    code = getattr(target, "__code__", None) or getattr(getattr(target, "__call__", None), "__code__", None)
    data = marshal.dumps(code) if code is not None else repr(target).encode()
    return hashlib.sha256(data).hexdigest()


def parameters_digest(module: Any) -> str:
    """SHA-256 (hex) of a torch module's state_dict: each entry's name, type, shape and bytes."""
    import torch

    digest = hashlib.sha256()
    for key, tensor in module.state_dict().items():
        values = tensor.detach().to("cpu").contiguous().reshape(-1)
        digest.update(f"{key} {values.dtype} {tuple(tensor.shape)}\n".encode())
        digest.update(values.view(torch.uint8).numpy().tobytes())
    return digest.hexdigest()


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


class Representation:
    """A Python callable as a representation Ψ; made by :func:`reconbound.representation`."""

    def __init__(self, fn: Callable[[Any], Any], *, output_dim: PerShape, max_squared_distance: PerShape,
                 name: Optional[str] = None, accepts: Optional[Callable[[Shape], Any]] = None,
                 unit: str = "feature units") -> None:
        if not callable(fn):
            raise TypeError(f"reconbound.representation: fn={fn!r} must be callable (a function or a torch.nn.Module)")
        self.fn = fn
        self.name = _checked_name(fn if name is None else name, name is None)
        self.output_dim = _checked_per_shape(output_dim, "output_dim")
        self.max_squared_distance = _checked_per_shape(max_squared_distance, "max_squared_distance")
        if accepts is not None and not callable(accepts):
            raise TypeError(f"reconbound.representation: accepts={accepts!r} must be None or a function of (C, H, W)")
        self.accepts = accepts
        if not isinstance(unit, str) or not unit.strip():
            raise InvalidInput(f"reconbound.representation: unit={unit!r} must be a non-empty text")
        self.unit = unit
        self._is_module = _torch_module(fn)
        self._check_evaluation_mode()

    @property
    def label(self) -> str:
        """How messages name it: ``NAME (python)``."""
        return f"{self.name} (python)"

    def spec(self) -> str:
        """The name a job gives it (see the module's docstring); for a module, hashes its parameters now."""
        if not self._is_module:
            return self.label
        return f"{self.name} (python, parameters sha256 {parameters_digest(self.fn)[:PARAMETER_DIGITS]})"

    def fingerprint(self, spec: Optional[str] = None) -> str:
        """One line that changes when Ψ may: its spec (``spec()`` unless given), the code of fn and of
        its shape functions, and its fixed numbers (a checkpoint's fingerprint, docs/checkpoints.md)."""
        parts = [self.spec() if spec is None else spec, f"fn code sha256 {_code_digest(self.fn)}"]
        for key in ("output_dim", "max_squared_distance", "accepts"):
            value = getattr(self, key)
            parts.append(f"{key} code sha256 {_code_digest(value)}" if callable(value) else f"{key} {value!r}")
        return "; ".join(parts + [f"unit {self.unit!r}"])

    def __repr__(self) -> str:
        return f"<reconbound representation {self.spec()}>"

    def __call__(self, records: Any) -> Any:
        """Ψ of an (n, C, H, W) batch in grey levels, as a job computes it: an (n, m) float64 array."""
        import numpy

        batch = numpy.ascontiguousarray(records, dtype=numpy.float64)
        if batch.ndim != 4:
            raise InvalidInput(f"representation {self.label}: records of shape {batch.shape} must be (n, C, H, W)")
        self._accepts(batch.shape[1:], raise_refusal=True)
        return self._map(batch, self._describe(batch.shape[1:])[0])

    # The methods the compiled module calls (python/src/python_psi.hpp), each with the GIL held.

    def _job_record(self) -> tuple[str, str]:
        """(spec, version) of the plugin record a job adds it as; the version names the code of fn (the
        spec, a module's parameters), so a checkpoint refuses either changed."""
        self._check_evaluation_mode()
        return self.spec(), f"python, fn code sha256 {_code_digest(self.fn)[:PARAMETER_DIGITS]}"

    def _accepts(self, shape: Any, raise_refusal: bool = False) -> Optional[str]:
        """None when Ψ takes records of ``shape`` (C, H, W), else the reason it does not."""
        if self.accepts is None:
            return None
        shape = tuple(int(s) for s in shape)
        with self._blame("accepts"):
            answer = self.accepts(shape)
        reason = _refusal(answer, self.label)
        if reason is not None and raise_refusal:
            raise InvalidInput(f"representation {self.label} does not accept records of shape {shape}: {reason}")
        return reason

    def _describe(self, shape: Any) -> tuple[int, float, str]:
        """(output_dim, max_squared_distance, unit) for records of ``shape`` (C, H, W)."""
        shape = tuple(int(s) for s in shape)
        output_dim = self._for_shape("output_dim", shape)
        if isinstance(output_dim, bool) or not isinstance(output_dim, numbers.Integral) or output_dim < 1:
            raise PluginError(f"representation {self.label}: output_dim for records of shape {shape} is "
                              f"{output_dim!r}; it must be a whole number >= 1")
        bound = self._for_shape("max_squared_distance", shape)
        if isinstance(bound, bool) or not isinstance(bound, numbers.Real) or not (math.isfinite(bound) and bound > 0):
            raise PluginError(f"representation {self.label}: max_squared_distance for records of shape {shape} is "
                              f"{bound!r}; it must be a finite number > 0 (B of docs/mathematics.md §6.5)")
        return int(output_dim), float(bound), self.unit

    def _map(self, batch: Any, output_dim: int) -> Any:
        """fn of a read-only (n, C, H, W) float64 batch, checked to be (n, output_dim) real numbers and
        returned as a C-contiguous float64 array (the job checks that every value is finite)."""
        import numpy

        with self._blame("fn"):
            values = numpy.asarray(self._run_module(batch) if self._is_module else self.fn(batch))
        if values.dtype.kind not in "fiu":
            raise PluginError(f"representation {self.label}: fn returned an array of dtype {values.dtype}; Ψ must "
                              "return real numbers (float or integer)")
        expected = (batch.shape[0], output_dim)
        if values.shape != expected:
            raise PluginError(f"representation {self.label}: fn returned shape {values.shape} for {batch.shape[0]} "
                              f"records; Ψ must return (n, output_dim) = {expected}")
        return numpy.ascontiguousarray(values, dtype=numpy.float64)

    def _run_module(self, batch: Any) -> Any:
        """The module of the batch under no_grad, on the device and in the floating type of its first
        parameter or buffer (float64 on the CPU for one with none); the answer on the CPU in float64."""
        import torch

        tensors = [t for t in (*self.fn.parameters(), *self.fn.buffers()) if t.is_floating_point()]
        device = tensors[0].device if tensors else torch.device("cpu")
        dtype = tensors[0].dtype if tensors else torch.float64
        with torch.no_grad():
            answer = self.fn(torch.from_numpy(batch.copy()).to(device=device, dtype=dtype))
        if not isinstance(answer, torch.Tensor):
            raise TypeError(f"the module returned {type(answer).__name__}, not a tensor")
        return answer.detach().to(device="cpu", dtype=torch.float64).numpy()

    def _for_shape(self, key: str, shape: Shape) -> Any:
        value = getattr(self, key)
        if not callable(value):
            return value
        with self._blame(key):
            return value(shape)

    @contextlib.contextmanager
    def _blame(self, part: str) -> Iterator[None]:
        """A Python exception raised by the caller's ``part`` as one line naming Ψ (reconbound.PluginError,
        the original as its __cause__); KeyboardInterrupt and SystemExit pass unchanged."""
        try:
            yield
        except (InvalidInput, PluginError):
            raise
        except Exception as error:
            raise PluginError(f"representation {self.label}: {part} raised {_one_line(error)}") from error

    def _check_evaluation_mode(self) -> None:
        if self._is_module and self.fn.training:
            raise InvalidInput(f"representation {self.label}: the torch module is in training mode; call .eval() "
                               "on it first (Ψ must be a fixed function: dropout and batch norm change it in "
                               "training mode)")


def _checked_name(source: Any, default: bool) -> str:
    """The representation's name: the caller's, or the function's or the module class's."""
    if default:
        source = getattr(source, "__name__", None) or type(source).__name__
    if not isinstance(source, str) or not source.strip():
        raise InvalidInput(f"reconbound.representation: name={source!r} must be a non-empty text")
    if ":" in source or "," in source or not source.isprintable():
        raise InvalidInput(f"reconbound.representation: name={source!r} must be one printable line without ':' "
                           "or ',' (they separate a plugin's name from its arguments)")
    return source


def _checked_per_shape(value: Any, key: str) -> PerShape:
    if callable(value) or (isinstance(value, numbers.Real) and not isinstance(value, bool)):
        return value
    raise TypeError(f"reconbound.representation: {key}={value!r} must be a number or a function of (C, H, W)")


def _refusal(answer: Any, label: str) -> Optional[str]:
    """accepts' answer as a refusal: None for True, a reason for a text or False."""
    if answer is True:
        return None
    if isinstance(answer, str) and answer:
        return answer
    if answer is False or answer is None:
        return f"its accepts function returned {answer!r}"
    raise PluginError(f"representation {label}: accepts returned {answer!r}; it must return True, or a text "
                      "(or False) saying why it refuses the shape")


RepresentationArgument = Union[str, Representation]
"""What ``representation=`` takes: a plugin spec ("pixel", "downsample:4", ...) or a Python Ψ."""


def representation(fn: Callable[[Any], Any], *, output_dim: PerShape, max_squared_distance: PerShape,
                   name: Optional[str] = None, accepts: Optional[Callable[[Shape], Any]] = None,
                   unit: str = "feature units") -> Representation:
    """A representation Ψ written in Python, for ``representation=`` of bound, calibrate(target_rho=...),
    spectrum (alone or in a list with plugin specs), chain and report.

    Args:
        fn: a function of an (n, C, H, W) float64 NumPy batch of records in grey levels [0, 255]
            (read-only; a copy), returning an (n, m) array of real numbers; or a torch.nn.Module in
            evaluation mode (.eval()), run under torch.no_grad() on the device and in the floating
            type of its first parameter, its (n, m) tensor converted to float64. Called from the
            job's worker threads, one batch at a time, with the GIL held; it must be a fixed,
            deterministic function of each record (§3).
        output_dim: m, a whole number, or a function of the shape (C, H, W) giving it.
        max_squared_distance: B >= ‖Ψ(x) − Ψ(x')‖² over all 8-bit records x, x' of that shape (§6.5):
            a number or a function of (C, H, W). A B too small is refused on the data; one far too
            large only loosens the tr Σ upper confidence bound.
        name: how results, reports and messages name it (default: the function's name, or the
            module's class); one printable line without ':' or ','.
        accepts: None (every shape), or a function of (C, H, W) returning True, or a text (or
            False) saying why it refuses the shape.
        unit: the unit of Ψ's coordinates that reports print beside an absolute error.
    """
    return Representation(fn, output_dim=output_dim, max_squared_distance=max_squared_distance, name=name,
                          accepts=accepts, unit=unit)
