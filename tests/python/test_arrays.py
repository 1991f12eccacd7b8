"""Arrays of records: C-contiguous float64 is read in place, other dtypes are converted once;
representations.apply gives Ψ of every record (docs/mathematics.md §3)."""

import numpy as np
import pytest

import reconbound
from reconbound import _reconbound


def test_c_contiguous_float64_is_not_copied():
    records = np.arange(6 * 784, dtype=np.float64).reshape(6, 1, 28, 28) % 256
    address, copied = _reconbound.records_probe(records)
    assert (address, copied) == (records.ctypes.data, False)
    rows = records[2:5]  # a slice of records is still C-contiguous: viewed in place
    assert _reconbound.records_probe(rows) == (rows.ctypes.data, False)
    flat = records.reshape(6, 784)
    assert _reconbound.records_probe(flat, (1, 28, 28)) == (flat.ctypes.data, False)


@pytest.mark.parametrize("make", [
    lambda r: r.astype(np.uint8),
    lambda r: r.astype(np.float32),
    lambda r: r.astype(np.int64),
    lambda r: np.asfortranarray(r),
    lambda r: r[:, :, ::2, ::2],
    lambda r: r.astype(">f8"),
], ids=["uint8", "float32", "int64", "fortran", "strided", "big-endian"])
def test_other_arrays_are_converted(make):
    records = make(np.arange(4 * 784, dtype=np.float64).reshape(4, 1, 28, 28) % 256)
    address, copied = _reconbound.records_probe(records)
    assert copied and address != records.ctypes.data


def test_apply_pixel_is_the_identity_and_reads_every_dtype():
    rng = np.random.default_rng(1)
    grey = rng.integers(0, 256, size=(5, 1, 28, 28), dtype=np.uint8)
    for records in (grey, grey.astype(np.float32), grey.astype(np.float64)):
        features = reconbound.representations.apply("pixel", records)
        assert features.dtype == np.float64 and features.shape == (5, 784)
        np.testing.assert_array_equal(features, grey.reshape(5, 784))


def test_apply_downsample_is_the_block_mean():
    rng = np.random.default_rng(2)
    records = rng.uniform(0, 255, size=(3, 1, 28, 28))
    expected = records.reshape(3, 7, 4, 7, 4).mean(axis=(2, 4)).reshape(3, 49)
    np.testing.assert_allclose(reconbound.representations.apply("downsample:4", records, threads=2), expected,
                               rtol=1e-12)
    flat = records.reshape(3, 784)
    np.testing.assert_allclose(reconbound.representations.apply("downsample:4", flat, shape=(1, 28, 28)), expected,
                               rtol=1e-12)


def test_apply_refuses_what_the_plugin_refuses():
    records = np.full((2, 1, 28, 28), 128.0)  # grey levels (an all-zero float array looks scaled to [0, 1])
    with pytest.raises(reconbound.InvalidInput, match="does not accept records of shape 1x28x28"):
        reconbound.representations.apply("downsample:5", records)
    with pytest.raises(reconbound.PluginError, match="nope"):
        reconbound.representations.apply("nope", records)
    with pytest.raises(reconbound.InvalidInput, match="no records"):
        reconbound.representations.apply("pixel", np.zeros((0, 784)))
    with pytest.raises(reconbound.InvalidInput, match=r"data: record 1 holds a non-finite value \(inf\) at position 0"):
        reconbound.representations.apply("pixel", np.array([[1.0, 2.0], [np.inf, 0.0]]))
    with pytest.raises(reconbound.InvalidInput, match="dtype object"):
        reconbound.representations.apply("pixel", np.array([[None, 1]], dtype=object))
