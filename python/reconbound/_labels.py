"""The labels of a job per label (docs/mathematics.md §6.10; docs/python.md, "Which class is most
exposed"): what a caller holds — an array or a list of whole numbers, a torch tensor, a label file's
spec, or a torchvision data set's ``targets`` and ``classes`` — as the dictionary the extension reads
and checks (python/src/labels_argument.hpp)."""

from __future__ import annotations

import os
from typing import Any, Optional, Sequence, Union

from ._data import _is_tensor, _tensor_values
from ._reconbound import InvalidInput

LabelsArgument = Any
"""None (the data set's own labels, or a torchvision data set's ``targets``), "idx:PATH" or
"npy:PATH", or one whole number >= 0 per record of ``data``: a NumPy array, a list, a torch tensor."""
LabelNames = Union[None, str, "os.PathLike[str]", Sequence[str]]
"""None, the path of a file of names (line c names label c), or a sequence (names[c] names label c)."""


def _targets(data: Any) -> tuple[Any, Any]:
    """(targets, classes) of a torchvision data set, of the data set a torch Subset picks records of
    (its targets at the Subset's indices), or (None, None) for data that carries no targets."""
    if isinstance(data, (str, os.PathLike)):
        return None, None
    if getattr(data, "targets", None) is not None:
        return data.targets, getattr(data, "classes", None)
    inner, indices = getattr(data, "dataset", None), getattr(data, "indices", None)
    if inner is None or indices is None:
        return None, None
    targets, classes = _targets(inner)
    if targets is None:
        return None, None
    import numpy

    values = _tensor_values(targets, "targets") if _is_tensor(targets) else numpy.asarray(targets)
    return values[numpy.asarray(indices, dtype=numpy.intp)], classes


def _described(labels: Any, kind: str) -> str:
    """One line for the result's labels_source and the errors: which labels, of which type."""
    return f"{kind} ({type(labels).__name__})"


def labels_dict(function: str, *, by_label: bool, labels: LabelsArgument, label_names: LabelNames,
                data: Any) -> Optional[dict[str, Any]]:
    """The labels of a job per label: {"labels", "labels_source", "label_names"}; None without
    by_label. InvalidInput for labels or label_names given without by_label=True; the extension
    checks the labels themselves."""
    if not by_label:
        given = [name for name, value in (("labels", labels), ("label_names", label_names)) if value is not None]
        if given:
            raise InvalidInput(f"{function}(): {' and '.join(given)} go with by_label=True (one bound per label)")
        return None
    source = None
    targets, classes = _targets(data) if labels is None else (None, None)
    if targets is not None:
        labels, source = targets, _described(targets, f"{type(data).__name__}'s targets")
        if label_names is None and classes is not None:
            label_names = [str(name) for name in classes]
    if isinstance(labels, (str, os.PathLike)):
        labels = os.fspath(labels)
    elif labels is not None:
        source = source or _described(labels, "labels")
        labels = _tensor_values(labels, "labels") if _is_tensor(labels) else labels
    if isinstance(label_names, os.PathLike):
        label_names = os.fspath(label_names)
    elif label_names is not None and not isinstance(label_names, str):
        label_names = list(label_names)
    return {"labels": labels, "labels_source": source, "label_names": label_names}
