"""Undoing torchvision's ``Normalize(mean, std)`` after ``ToTensor()`` (docs/python.md, "Data from
NumPy and PyTorch"): records normalised per channel, x = (v − mean)/std with v in [0, 1], become the
grey levels the core reads, 255·(x·std + mean). Records that came from 8-bit images come back as
whole grey levels exactly: within 1e-3 of whole numbers (float32's rounding of v and x moves a grey
level by less than 1e-4), they are rounded to them. The values are checked to lie in [0, 1] before
the factor 255 (up to 1e-6), or refused naming ``normalize``.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple, Union

from ._reconbound import InvalidInput

Normalize = Optional[Tuple[Union[float, Sequence[float]], Union[float, Sequence[float]]]]
"""``(mean, std)`` as given to torchvision's Normalize: numbers, or one per channel."""


def _per_channel(values: Any, name: str, channels: int) -> Any:
    import numpy

    array = numpy.atleast_1d(numpy.asarray(values, dtype=numpy.float64))
    if array.ndim != 1 or array.size not in (1, channels):
        raise InvalidInput(f"normalize: {name} has {array.size} values for records of {channels} channel(s); give "
                           f"one value or one per channel")
    if not numpy.all(numpy.isfinite(array)):
        raise InvalidInput(f"normalize: {name} holds a value that is not finite")
    return array


def _channel_axis(array: Any, layout: Optional[str], name: str) -> int:
    """The axis of the channels: 1 for (N, C, H, W), the last for "NHWC"; -1 means no channel axis."""
    if array.ndim == 4:
        return 3 if layout == "NHWC" else 1
    if array.ndim in (2, 3):
        return -1
    raise InvalidInput(f"{name}: normalize needs records of shape (N, C, H, W), (N, H, W, C), (N, H, W) or (N, D); "
                       f"got {array.ndim} dimensions")


def denormalised(array: Any, normalize: Normalize, layout: Optional[str], name: str) -> Any:
    """``array`` (records along the first axis) with Normalize(mean, std) undone, in grey levels."""
    import numpy

    if not (isinstance(normalize, (tuple, list)) and len(normalize) == 2):
        raise InvalidInput("normalize must be (mean, std), as given to torchvision's Normalize")
    axis = _channel_axis(array, layout, name)
    channels = 1 if axis < 0 else array.shape[axis]
    mean = _per_channel(normalize[0], "mean", channels)
    std = _per_channel(normalize[1], "std", channels)
    if not numpy.all(std > 0):
        raise InvalidInput("normalize: every std must be > 0")
    shape = [1] * array.ndim
    if axis >= 0:
        shape[axis] = -1
    unit = numpy.asarray(array, dtype=numpy.float64) * std.reshape(shape) + mean.reshape(shape)
    low, high = float(unit.min()), float(unit.max())
    if low < -1e-6 or high > 1.0 + 1e-6:
        raise InvalidInput(f"{name}: normalize=(mean, std) gives values in [{low:.6g}, {high:.6g}], not the [0, 1] of "
                           "ToTensor(); check mean and std (they are Normalize's, in [0, 1] units)")
    grey = numpy.clip(unit, 0.0, 1.0) * 255.0
    whole = numpy.rint(grey)
    return whole if numpy.all(numpy.abs(grey - whole) <= 1e-3) else grey


def apply_normalize(arrays: dict[str, Any], normalize: Normalize, layout: Optional[str], scale: Any) -> None:
    """Undoes ``normalize`` on the records among ``arrays`` (data, perp, est) in place of the dict."""
    if normalize is None:
        return
    if scale is not None:
        raise InvalidInput("give normalize without scale: undoing Normalize also undoes ToTensor's [0, 1] (the "
                           "records become grey levels)")
    import numpy

    for key in ("data", "perp", "est"):
        value = arrays.get(key)
        if isinstance(value, str):
            raise InvalidInput(f"normalize applies to records given as arrays, tensors or data sets, not to the data "
                               f"set {value!r}")
        if isinstance(value, numpy.ndarray):
            arrays[key] = denormalised(value, normalize, layout, key)
