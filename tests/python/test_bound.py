"""bound and spectrum: the same numbers as the CLI for the same records and seed, from arrays read
in place, a data set spec, or an array split like a data set."""

import numpy as np
import pytest

import reconbound
from conftest import SMALL_GRID, SMALL_GRID_FLAGS, assert_fields_declared, cli_error, run_cli, without_timings


def cli_bound(path, *args):
    return run_cli("bound", "--data", f"npy:{path}", *SMALL_GRID_FLAGS, *args)


def test_perp_and_est_arrays_equal_the_cli_on_the_same_records(images):
    records, path = images
    result = reconbound.bound(perp=records[:300], est=records[300:], gamma=[1.0, 3.0], seed=5, **SMALL_GRID)
    expected = cli_bound(path, "--perp-range", "0:300", "--est-range", "300:600", "--gamma", "1,3", "--seed", 5)
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert result.data == "arrays"
    assert result.rho_star == result.results[0].rho_star == expected["rho_star"]
    assert_fields_declared(reconbound.BoundResult, expected)


def test_a_schedule_is_charged_as_by_the_cli(images):
    records, path = images
    result = reconbound.bound(perp=records[:300], est=records[300:], q=0.05, sigma=1.1, steps=200, **SMALL_GRID)
    expected = cli_bound(path, "--perp-range", "0:300", "--est-range", "300:600", "--q", 0.05, "--sigma", 1.1,
                         "--steps", 200)
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert result.results[0].gamma_bits == reconbound.leakage(q=0.05, sigma=1.1, steps=200)


def test_an_array_split_like_a_data_set_equals_the_cli(images):
    records, path = images
    result = reconbound.bound(data=records, n_perp=200, n_est=300, seed=11, gamma=2.0, **SMALL_GRID)
    expected = cli_bound(path, "--perp", 200, "--est", 300, "--seed", 11, "--gamma", 2)
    assert without_timings(result.to_dict()) == without_timings(expected)


def test_a_data_set_spec_equals_the_cli(images):
    _, path = images
    result = reconbound.bound(data=f"npy:{path}", n_perp=250, n_est=300, seed=2, gamma=1.5, representation="downsample:4",
                              rotation="signs", normaliser="ucb", **SMALL_GRID)
    expected = cli_bound(path, "--perp", 250, "--est", 300, "--seed", 2, "--gamma", 1.5, "--representation", "downsample:4",
                         "--rotation", "signs", "--normaliser", "ucb")
    assert result.to_dict()["data"] == expected["data"]
    assert without_timings(result.to_dict()) == without_timings(expected)


def test_flat_records_with_a_shape_and_other_dtypes_give_the_same_bound(images):
    records, _ = images
    grey = np.round(records).astype(np.uint8)
    as_images = reconbound.bound(perp=grey[:300], est=grey[300:], gamma=1.0, **SMALL_GRID)
    flat = grey.reshape(600, 784).astype(np.float32)
    as_flat = reconbound.bound(perp=flat[:300], est=flat[300:], shape=(1, 28, 28), gamma=1.0, **SMALL_GRID)
    assert without_timings(as_flat.to_dict()) == without_timings(as_images.to_dict())


def test_bad_inputs_raise_the_cli_message(images):
    records, path = images
    ranges = ["--perp-range", "0:300", "--est-range", "300:600"]
    with pytest.raises(ValueError) as error:
        reconbound.bound(perp=records[:3], est=records[300:], gamma=1.0, **SMALL_GRID)
    assert str(error.value) == cli_error("bound", "--data", f"npy:{path}", "--perp-range", "0:3", "--est-range",
                                         "300:600", "--gamma", 1, *SMALL_GRID_FLAGS)
    with pytest.raises(ValueError) as error:
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, grid_k=[5], grid_nu2=[0.4])
    assert str(error.value) == cli_error("bound", "--data", f"npy:{path}", *ranges, "--gamma", 1, "--grid-k", 5,
                                         "--grid-nu2", 0.4)
    with pytest.raises(ValueError) as error:
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, alpha=1.5, **SMALL_GRID)
    assert str(error.value) == cli_error("bound", "--data", f"npy:{path}", *ranges, "--gamma", 1, "--alpha", 1.5,
                                         *SMALL_GRID_FLAGS)
    with pytest.raises(reconbound.PluginError) as error:
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, representation="nope:3")
    assert str(error.value) == cli_error("bound", "--data", f"npy:{path}", *ranges, "--gamma", 1,
                                         "--representation", "nope:3")
    with pytest.raises(reconbound.FileError) as error:
        reconbound.bound(data="npy:/nonexistent/records.npy", gamma=1.0)
    assert str(error.value) == cli_error("bound", "--data", "npy:/nonexistent/records.npy", "--gamma", 1)


def test_array_mistakes_name_the_argument(images):
    records, _ = images
    with pytest.raises(reconbound.InvalidInput, match="give perp and est together"):
        reconbound.bound(perp=records, gamma=1.0)
    with pytest.raises(reconbound.InvalidInput, match="not both"):
        reconbound.bound(perp=records[:300], est=records[300:], data="fashion-mnist", gamma=1.0)
    broken = records[300:].copy()
    broken[3, 0, 2, 5] = np.nan
    with pytest.raises(reconbound.InvalidInput, match=r"^est: record 3 holds a non-finite value \(nan\) at position 61"):
        reconbound.bound(perp=records[:300], est=broken, gamma=1.0)
    with pytest.raises(reconbound.InvalidInput, match="records have 784 values but the shape 1x7x7 has 49"):
        reconbound.bound(perp=records[:300], est=records[300:], shape=(1, 7, 7), gamma=1.0)
    with pytest.raises(reconbound.InvalidInput, match="dtype complex128 is not a real number type"):
        reconbound.bound(perp=records[:300] + 0j, est=records[300:], gamma=1.0)
    with pytest.raises(TypeError, match="unexpected keyword argument 'grid_kk'"):
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, grid_kk=[4])


def test_spectrum_equals_the_cli(images, tmp_path):
    records, path = images
    result = reconbound.spectrum(epsilons=[4, 8], q=0.05, steps=20, delta=1e-5, perp=records[:300],
                                 est=records[300:], representations=["pixel", "downsample:4"], **SMALL_GRID)
    expected = run_cli("spectrum", "--epsilons", "4,8", "--q", 0.05, "--steps", 20, "--delta", 1e-5, "--data",
                       f"npy:{path}", "--perp-range", "0:300", "--est-range", "300:600", "--representation", "pixel",
                       "--representation", "downsample:4", "--svg", tmp_path / "spectrum.svg", *SMALL_GRID_FLAGS)
    assert result.figure == ""
    expected["figure"] = ""
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert [c.target_epsilon for c in result.calibrations] == [4.0, 8.0]
    assert_fields_declared(reconbound.SpectrumResult, expected)
