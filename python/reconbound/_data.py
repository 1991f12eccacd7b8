"""Records from Python's data: NumPy arrays, PyTorch tensors and map-style data sets, as the arrays
the core reads (docs/python.md, "Data from NumPy and PyTorch").

This turns each kind of object into one NumPy array, without a copy where it can: a CPU tensor
is viewed through ``tensor.numpy()``, and a data set's images are stacked into one array (uint8
when they are, as PIL images are). How the array is laid out and scaled — the ``layout`` and
``scale`` keywords and what is refused without them — is checked by the core, for arrays and
npy: files alike (core/sdk/include/reconbound/record_encoding.hpp).
"""

from __future__ import annotations

import os
import sys
from typing import Any, Union

from ._reconbound import InvalidInput

RecordsArgument = Any
"""A NumPy array, a torch tensor (on the CPU), a list of images, or a map-style data set (an object
with __len__ and __getitem__) whose items are images or (image, label) pairs; an image is an array,
a tensor or a PIL image."""


def _module(name: str) -> Any:
    """The module `name` when the caller's program imported it (none of these is needed otherwise)."""
    return sys.modules.get(name)


def _is_tensor(value: Any) -> bool:
    torch = _module("torch")
    return torch is not None and isinstance(value, torch.Tensor)


def _is_pil_image(value: Any) -> bool:
    image = _module("PIL.Image")
    return image is not None and isinstance(value, image.Image)


def _tensor_values(tensor: Any, name: str) -> Any:
    """The tensor's values as a NumPy array sharing its memory."""
    if tensor.device.type != "cpu":
        raise InvalidInput(f"{name}: a tensor on {tensor.device}; move it to the CPU with .cpu()")
    if tensor.requires_grad:
        raise InvalidInput(f"{name}: a tensor that requires grad; pass tensor.detach()")
    try:
        return tensor.numpy()
    except (TypeError, RuntimeError) as error:
        raise InvalidInput(f"{name}: a tensor of {tensor.dtype} has no NumPy view ({error}); convert it with "
                           ".float() or .double()") from None


def _image(item: Any, name: str, index: int) -> Any:
    """Item `index` of a data set as an array: an image, or the image of an (image, label, ...) tuple."""
    import numpy

    if isinstance(item, (tuple, list)) and item and _is_image(item[0]):
        item = item[0]
    if isinstance(item, dict):
        raise InvalidInput(f"{name}: item {index} is a dict; give a data set whose items are images or "
                           "(image, label) pairs")
    if _is_tensor(item):
        return _tensor_values(item, f"{name}: item {index}")
    return numpy.asarray(item)


def _is_image(value: Any) -> bool:
    import numpy

    return isinstance(value, numpy.ndarray) or _is_tensor(value) or _is_pil_image(value)


def _stacked(items: Any, name: str) -> Any:
    """The images of a list or a map-style data set stacked along a new first axis, in one array of
    the type they share (uint8 for PIL's grey and colour images)."""
    import numpy

    count = len(items)
    if count == 0:
        raise InvalidInput(f"{name}: no records (an empty data set)")
    first = _image(items[0], name, 0)
    out = numpy.empty((count,) + first.shape, dtype=first.dtype)
    out[0] = first
    for index in range(1, count):
        image = _image(items[index], name, index)
        if image.shape != first.shape:
            raise InvalidInput(f"{name}: item {index} has shape {image.shape} but item 0 has {first.shape}; "
                               "records must have one shape")
        if not numpy.can_cast(image.dtype, out.dtype, "safe"):
            out = out.astype(numpy.result_type(out.dtype, image.dtype))
        out[index] = image
    return out


def records_array(value: RecordsArgument, name: str) -> Any:
    """``value`` as a NumPy array of records (first axis), viewed without a copy where it can be.

    InvalidInput naming `name` for one PIL image (records are many), a tensor not on the CPU or
    that requires grad, a data set that is empty, whose items differ in shape or are not images,
    and any other object.
    """
    import numpy

    if isinstance(value, numpy.ndarray):
        return value
    if _is_tensor(value):
        return _tensor_values(value, name)
    if _is_pil_image(value):
        raise InvalidInput(f"{name}: one PIL image; records are many images: give a data set, a list of images "
                           "or an array")
    if hasattr(value, "__array__") or hasattr(value, "__array_interface__"):
        return numpy.asarray(value)
    if hasattr(value, "__len__") and hasattr(value, "__getitem__") and not isinstance(value, (str, bytes, dict)):
        return _stacked(value, name)
    raise InvalidInput(f"{name}: {type(value).__name__!r} objects are not records; give a NumPy array, a torch "
                       "tensor, a list of images or a map-style data set")


def data_argument(value: Union[None, str, "os.PathLike[str]", RecordsArgument]) -> Any:
    """``data``: None (the default data set), a data-set spec, or records (records_array)."""
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        return os.fspath(value)
    return records_array(value, "data")
