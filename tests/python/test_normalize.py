"""Data as people have it (docs/python.md): torchvision's ToTensor() + Normalize(mean, std) undone
exactly with normalize=(mean, std), per channel and channels last; negative values without it and
a scale the values contradict refused, naming the argument and the fix."""

import numpy as np
import pytest

import reconbound
from conftest import SMALL_GRID, without_timings


def as_torchvision_gives(grey, mean, std, channel_axis=1):
    """float32 ToTensor() (grey / 255) then Normalize(mean, std), per channel along channel_axis."""
    shape = [1] * grey.ndim
    shape[channel_axis] = -1
    unit = (grey.astype(np.float32) / np.float32(255))
    return (unit - np.asarray(mean, np.float32).reshape(shape)) / np.asarray(std, np.float32).reshape(shape)


@pytest.fixture(scope="module")
def colour():
    """600 uint8 3×12×12 records."""
    rng = np.random.default_rng(3)
    coarse = rng.integers(0, 256, size=(600, 3, 4, 4))
    return np.repeat(np.repeat(coarse, 3, axis=2), 3, axis=3).astype(np.uint8)


def test_normalize_is_undone_exactly_and_gives_the_bound_of_the_grey_levels(colour):
    mean, std = (0.485, 0.456, 0.406), (0.229, 0.224, 0.225)
    normalised = as_torchvision_gives(colour, mean, std)
    assert normalised.min() < 0  # what the pixel plugin would refuse as it is
    grey = reconbound.bound(perp=colour[:300], est=colour[300:], gamma=1.0, **SMALL_GRID)
    undone = reconbound.bound(perp=normalised[:300], est=normalised[300:], gamma=1.0, normalize=(mean, std),
                              **SMALL_GRID)
    assert without_timings(undone.to_dict()) == without_timings(grey.to_dict())
    features = reconbound.representations.apply("pixel", normalised[:5], normalize=(mean, std))
    assert np.array_equal(features, colour[:5].reshape(5, -1).astype(np.float64))


def test_channels_last_and_one_mean_for_every_channel(colour):
    last = np.ascontiguousarray(colour.transpose(0, 2, 3, 1))
    normalised = as_torchvision_gives(last, 0.5, 0.5, channel_axis=3)
    features = reconbound.representations.apply("pixel", normalised[:4], layout="NHWC", normalize=(0.5, 0.5))
    assert np.array_equal(features, colour[:4].reshape(4, -1).astype(np.float64))


def test_negative_values_without_normalize_are_refused_with_the_fix(colour):
    normalised = as_torchvision_gives(colour, (0.5,) * 3, (0.5,) * 3)
    with pytest.raises(reconbound.InvalidInput, match=r"^perp: values down to -1, .*normalize=\(mean, std\)"):
        reconbound.bound(perp=normalised[:300], est=normalised[300:], gamma=1.0, **SMALL_GRID)


def test_wrong_normalize_and_contradicting_scales_are_refused_naming_the_argument(colour):
    normalised = as_torchvision_gives(colour, (0.5,) * 3, (0.5,) * 3)
    cases = [
        (dict(normalize=(0.9, 0.5)), r"^perp: normalize=\(mean, std\) gives values in \[.*\], not the \[0, 1\]"),
        (dict(normalize=((0.5, 0.5), 0.5)), r"^normalize: mean has 2 values for records of 3 channel\(s\)"),
        (dict(normalize=(0.5, 0.0)), r"^normalize: every std must be > 0"),
        (dict(normalize=(0.5, 0.5), scale=1), r"^give normalize without scale"),
    ]
    for options, message in cases:
        with pytest.raises(reconbound.InvalidInput, match=message):
            reconbound.bound(perp=normalised[:300], est=normalised[300:], gamma=1.0, **options, **SMALL_GRID)
    unit = colour.astype(np.float64) / 255.0
    with pytest.raises(reconbound.InvalidInput, match=r"^perp: every value is <= 1 .*scale=255 contradicts.*scale=1"):
        reconbound.bound(perp=unit[:300], est=unit[300:], gamma=1.0, scale=255, **SMALL_GRID)
    with pytest.raises(reconbound.InvalidInput, match=r"^perp: values lie in \[0, 255\], outside the \[0, 1\]"):
        reconbound.bound(perp=colour[:300], est=colour[300:], gamma=1.0, scale=1, **SMALL_GRID)
