"""Representations Ψ (docs/mathematics.md §3): the features a bound measures the error in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from . import _reconbound
from ._data import records_array
from ._normalize import Normalize, apply_normalize

if TYPE_CHECKING:
    import numpy as np


def apply(name: str, data: Any, *, shape: Optional[Sequence[int]] = None, layout: Optional[str] = None,
          scale: Optional[float] = None, normalize: Normalize = None, params: Any = None,
          threads: int = 1) -> np.ndarray:
    """Ψ(x) for every record x of ``data`` (docs/mathematics.md §3): an (N, m) float64 array.

    Args:
        name: the representation plugin and its argument, as the CLI's ``--representation``:
            "pixel", "downsample:4", "dct:8", "select:rect:7,7,14,14", "lpips:MODEL.onnx".
        data: records along the first axis, in grey levels [0, 255]: (N, C, H, W), (N, H, W),
            (N, W) or (N,); a C-contiguous float64 array is read in place, any other real array
            (uint8, float32, ...) is converted once. Also a CPU torch tensor or a map-style data
            set of images or (image, label) pairs, as for :func:`reconbound.bound`.
        shape: (C, H, W) of one record, when data is (N, C·H·W).
        layout, scale, normalize: how data is stored, as for :func:`reconbound.bound` ("NHWC" for
            channels last; 1 for values in [0, 1]; Normalize's (mean, std) undone); an array that
            looks so without them is refused.
        params: more plugin parameters (dict or "key=value,..."), as ``--representation-param``.
        threads: threads over batches of records (the result does not depend on it).
    """
    arrays = {"data": records_array(data, "data")}
    apply_normalize(arrays, normalize, layout, scale)
    return _reconbound.apply_representation(name, params, arrays["data"], shape, layout, scale, threads)

