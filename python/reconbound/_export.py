"""A torch module written as an ONNX network for the `onnx` representation plugin."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any, Sequence, Tuple, Union

from ._reconbound import FileError, InvalidInput

# ONNX opset 11: every operator of ordinary CNNs that Debian's OpenCV 4.6 DNN reads.
_OPSET = 11
_INPUT_NAME = "input"
_OUTPUT_NAME = "features"


def _record_shape(shape: Any) -> Tuple[int, int, int]:
    """(C, H, W) of one record, each a whole number ≥ 1; InvalidInput otherwise."""
    try:
        dims = tuple(shape)
    except TypeError:
        raise InvalidInput(f"shape = {shape!r} must be (C, H, W) of one record, e.g. (1, 28, 28)") from None
    if len(dims) != 3 or not all(isinstance(d, int) and not isinstance(d, bool) and d >= 1 for d in dims):
        raise InvalidInput(f"shape = {shape!r} must be (C, H, W) of one record, three whole numbers >= 1, "
                           "e.g. (1, 28, 28)")
    return dims


def _checked_output(module: Any, example: Any) -> None:
    """Runs the module once on the example batch: it must give a tensor with the batch as first axis."""
    import torch
    try:
        with torch.no_grad():
            output = module(example)
    except Exception as error:  # the module's own error, named in one line
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise InvalidInput(f"the module fails on a batch of shape {tuple(example.shape)}: {message}") from None
    if not isinstance(output, torch.Tensor) or output.dim() < 1 or output.shape[0] != example.shape[0]:
        got = tuple(output.shape) if isinstance(output, torch.Tensor) else type(output).__name__
        raise InvalidInput(f"the module must return one tensor with the batch as its first axis, "
                           f"got {got} for a batch of shape {tuple(example.shape)}")


def export_representation(module: Any, path: Union[str, os.PathLike], shape: Sequence[int]) -> Path:
    """Writes a ``torch.nn.Module`` as an ONNX network for ``--representation onnx:PATH``
    (docs/python.md, "A network as a plugin"; Ψ of docs/mathematics.md §3).

    The plugin feeds the network (x·scale − mean)/std in float32, N × C × H × W, for records x in
    grey levels [0, 255]; with its defaults (scale 1/255, mean 0, std 1) the module receives values
    in [0, 1]. Give the plugin ``mean``/``std`` (one number or one per channel, "0.5/0.5/0.5") for a
    module trained on standardised input. The output is flattened per record; the plugin needs
    ``normalize=unit`` (B = 4) or ``clip=a/b`` (B = m·(b − a)², §6.5) to bound it.

    Args:
        module: a ``torch.nn.Module`` taking (n, C, H, W) float32 and returning (n, ...); a copy
            in eval mode on the CPU is exported (the module itself is left as it was).
        path: the ONNX file to write.
        shape: (C, H, W) of one record, e.g. (1, 28, 28); the batch axis is dynamic.

    Returns:
        The path written. TypeError for a non-module, InvalidInput for a bad shape or a module
        that fails on it, FileError when the file cannot be written.
    """
    import torch
    if not isinstance(module, torch.nn.Module):
        raise TypeError(f"module must be a torch.nn.Module, not {type(module).__name__}")
    dims = _record_shape(shape)
    target = Path(path)
    exported = copy.deepcopy(module).cpu().float().eval()
    example = torch.zeros((2, *dims), dtype=torch.float32)
    _checked_output(exported, example)
    try:
        with open(target, "wb") as stream:
            torch.onnx.export(exported, example, stream, opset_version=_OPSET, input_names=[_INPUT_NAME],
                              output_names=[_OUTPUT_NAME], training=torch.onnx.TrainingMode.EVAL,
                              dynamic_axes={_INPUT_NAME: {0: "batch"}, _OUTPUT_NAME: {0: "batch"}})
    except OSError as error:
        raise FileError(f"cannot write the ONNX network {target}: {error.strerror or error}") from None
    except Exception as error:  # an operator torch.onnx cannot write, named in one line
        target.unlink(missing_ok=True)
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise InvalidInput(f"torch.onnx cannot export the module (opset {_OPSET}): {message}") from None
    return target
