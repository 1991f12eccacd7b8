"""bound and spectrum: the same numbers as the CLI for the same records and seed, from arrays read
in place, a data set spec, or an array split like a data set."""

import zlib

import numpy as np
import pytest

import reconbound
from conftest import (SMALL_GRID, SMALL_GRID_FLAGS, assert_fields_declared, cli_error,
                      comparable_certificate, run_cli, without_timings)


def cli_bound(path, *args):
    return run_cli("bound", "--data", f"npy:{path}", *SMALL_GRID_FLAGS, *args)


def test_perp_and_est_arrays_equal_the_cli_on_the_same_records(images):
    records, path = images
    result = reconbound.bound(perp=records[:300], est=records[300:], gamma=[1.0, 3.0], seed=5, **SMALL_GRID)
    expected = cli_bound(path, "--perp-range", "0:300", "--est-range", "300:600", "--gamma", "1,3", "--seed", 5)
    assert without_timings(result.to_dict()) == without_timings(expected)
    # The records are described with a CRC-32 of their values, for the reports (docs/python.md).
    crc = zlib.crc32(np.ascontiguousarray(records[:300]).view(np.uint8))
    assert result.data.startswith(f"perp: ndarray of 300 records (1, 28, 28) float64, CRC-32 {crc:08x}; est: ndarray")
    assert result.rho_star == result.results[0].rho_star == expected["rho_star"]
    assert_fields_declared(reconbound.BoundResult, expected)


def test_a_schedule_is_charged_as_by_the_cli(images):
    records, path = images
    result = reconbound.bound(perp=records[:300], est=records[300:], q=0.05, sigma=1.1, steps=200, **SMALL_GRID)
    expected = cli_bound(path, "--perp-range", "0:300", "--est-range", "300:600", "--q", 0.05, "--sigma", 1.1,
                         "--steps", 200)
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert result.results[0].gamma_bits == reconbound.leakage(q=0.05, sigma=1.1, steps=200)
    # the mechanism's numerical error bound on gamma enters the converse, and the certificate says so
    error = reconbound.leakage_report(q=0.05, sigma=1.1, steps=200).abs_error_bits
    assert result.results[0].gamma_error_bits == expected["results"][0]["gamma_error_bits"] == error
    assert comparable_certificate(result.certificate.to_dict()) == comparable_certificate(expected["certificate"])
    leakage = ingredient(result.certificate, "leakage")
    assert leakage.treatment == ("numerical, bound added" if error > 0 else "exact") and leakage.alpha == 0


def ingredient(certificate, name):
    """The certificate's ingredient called `name` (exactly one)."""
    found = [i for i in certificate.ingredients if i.name == name]
    assert len(found) == 1, [i.name for i in certificate.ingredients]
    return found[0]


def shares(certificate):
    """{name: alpha} of the certificate's random events (treatment "probability")."""
    return {i.name: i.alpha for i in certificate.ingredients if i.treatment == "probability"}


def test_the_default_certifies_rho_star_at_one_minus_alpha_as_the_cli_says(images):
    records, path = images
    result = reconbound.bound(perp=records[:300], est=records[300:], gamma=[1.0, 3.0], alpha=0.1, seed=3,
                              **SMALL_GRID)
    expected = cli_bound(path, "--perp-range", "0:300", "--est-range", "300:600", "--gamma", "1,3", "--alpha", 0.1,
                         "--seed", 3)
    assert "certificate" in expected
    assert comparable_certificate(result.certificate.to_dict()) == comparable_certificate(expected["certificate"])
    assert comparable_certificate(result.certificate.to_dict()) == comparable_certificate(expected["certificate"])
    c = result.certificate
    assert c.certifies == "rho_star" and c.normaliser == "ucb"
    assert c.alpha == pytest.approx(0.1) and c.level == pytest.approx(0.9)
    assert c.union_size == len(result.grid)
    assert c.statement.startswith("With probability >= 90% over the data sample and the Monte Carlo draws")
    assert f"rho* = {result.rho_star:.5f}" in c.statement
    # the default split (mathematics §6.8): 0.1 of alpha to tr Sigma's bound, the rest evenly to the entropy's margins
    assert shares(c) == pytest.approx({"monte_carlo": 0.045, "sampling": 0.045, "normaliser": 0.01})
    assert sum(i.alpha for i in c.ingredients) == pytest.approx(c.alpha)
    assert ingredient(c, "leakage").treatment == "exact"  # gamma given
    # rho* divides by the upper confidence bound on tr Sigma
    assert result.normaliser_value == result.trace_sigma_ucb
    assert result.rho_star == pytest.approx((result.abs_bound / result.trace_sigma_ucb) ** 0.5, rel=1e-9)


def test_the_sample_normaliser_certifies_only_the_absolute_bound(images):
    records, _ = images
    result = reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, normaliser="sample", **SMALL_GRID)
    c = result.certificate
    assert c.certifies == "abs_bound" and c.normaliser == "sample"
    assert c.level == pytest.approx(0.95) and c.alpha == pytest.approx(0.05)
    assert shares(c) == pytest.approx({"monte_carlo": 0.025, "sampling": 0.025})  # all of alpha to the entropy
    assert ingredient(c, "normaliser").treatment == "point estimate" and ingredient(c, "normaliser").alpha == 0
    assert "not certified" in c.statement
    assert result.normaliser_value == result.trace_sigma


def test_normaliser_alpha_share_moves_alpha_to_the_trace_bound_as_the_cli_does(images):
    records, path = images
    default = reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, **SMALL_GRID)
    result = reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, normaliser_alpha_share=0.5,
                              **SMALL_GRID)
    expected = cli_bound(path, "--perp-range", "0:300", "--est-range", "300:600", "--gamma", 1,
                         "--normaliser-alpha-share", 0.5)
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert shares(default.certificate) == pytest.approx({"monte_carlo": 0.0225, "sampling": 0.0225, "normaliser": 0.005})
    assert shares(result.certificate) == pytest.approx({"monte_carlo": 0.0125, "sampling": 0.0125, "normaliser": 0.025})
    assert result.certificate.level == pytest.approx(0.95)
    # a larger share of alpha: a tighter bound on tr Sigma from the same records
    assert result.trace_sigma == default.trace_sigma and result.trace_sigma_ucb < default.trace_sigma_ucb


@pytest.mark.parametrize("share", [0, 1.5, "half"])
def test_a_bad_normaliser_alpha_share_is_invalid_input_naming_it(images, share):
    records, _ = images
    with pytest.raises(reconbound.InvalidInput, match=r"^normaliser_alpha_share(=\S+ must be in \(0, 1\)| = 'half' must be a number)"):
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, normaliser_alpha_share=share, **SMALL_GRID)


def test_an_array_split_like_a_data_set_equals_the_cli(images):
    records, path = images
    result = reconbound.bound(data=records, n_perp=200, n_est=300, seed=11, gamma=2.0, **SMALL_GRID)
    expected = cli_bound(path, "--perp", 200, "--est", 300, "--seed", 11, "--gamma", 2)
    assert without_timings(result.to_dict()) == without_timings(expected)


def test_a_data_set_spec_equals_the_cli(images):
    _, path = images
    result = reconbound.bound(data=f"npy:{path}", n_perp=250, n_est=300, seed=2, gamma=1.5, representation="downsample:4",
                              rotation="signs", normaliser="sample", **SMALL_GRID)
    expected = cli_bound(path, "--perp", 250, "--est", 300, "--seed", 2, "--gamma", 1.5, "--representation", "downsample:4",
                         "--rotation", "signs", "--normaliser", "sample")
    assert expected["certificate"]["certifies"] == "abs_bound"
    assert result.to_dict()["data"] == expected["data"]
    assert without_timings(result.to_dict()) == without_timings(expected)


def test_flat_records_with_a_shape_and_other_dtypes_give_the_same_bound(images):
    records, _ = images
    grey = np.round(records).astype(np.uint8)
    as_images = reconbound.bound(perp=grey[:300], est=grey[300:], gamma=1.0, **SMALL_GRID)
    flat = grey.reshape(600, 784).astype(np.float32)
    as_flat = reconbound.bound(perp=flat[:300], est=flat[300:], shape=(1, 28, 28), gamma=1.0, **SMALL_GRID)
    assert without_timings(as_flat.to_dict()) == without_timings(as_images.to_dict())


def test_the_leakage_messages_name_the_keywords(images):
    records, _ = images
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.bound(perp=records[:300], est=records[300:], **SMALL_GRID)
    assert str(error.value) == ("no leakage: give gamma (bits, one value or several) or a schedule "
                                "(q, sigma and steps, or schedule)")
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, q=0.1, sigma=1.0, steps=10, **SMALL_GRID)
    assert str(error.value) == "give either gamma or a schedule (q, sigma and steps, or schedule), not both"


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
    # The settings table's message, naming the setting as each front end spells it (docs/settings-route.md).
    assert str(error.value) == "alpha=1.5 must be in (0, 1)"
    assert cli_error("bound", "--data", f"npy:{path}", *ranges, "--gamma", 1, "--alpha", 1.5,
                     *SMALL_GRID_FLAGS) == "--alpha 1.5 must be in (0, 1)"
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
    # each curve is certified on its own, at 1 - alpha
    assert result.certificate_levels == expected["certificate_levels"] == "per representation"
    assert result.alpha == 0.05
    for curve, cli_curve in zip(result.representations, expected["representations"]):
        assert comparable_certificate(curve.certificate.to_dict()) == comparable_certificate(cli_curve["certificate"])
        assert curve.certificate.certifies == "rho_star" and curve.certificate.alpha == pytest.approx(0.05)


def test_a_joint_spectrum_certifies_each_curve_at_alpha_over_r_as_the_cli_does(images, tmp_path):
    records, path = images
    result = reconbound.spectrum(epsilons=[8], q=0.05, steps=20, delta=1e-5, perp=records[:300], est=records[300:],
                                 representations=["pixel", "downsample:4"], joint=True, **SMALL_GRID)
    expected = run_cli("spectrum", "--epsilons", 8, "--q", 0.05, "--steps", 20, "--delta", 1e-5, "--data",
                       f"npy:{path}", "--perp-range", "0:300", "--est-range", "300:600", "--representation", "pixel",
                       "--representation", "downsample:4", "--joint", "--svg", tmp_path / "spectrum.svg",
                       *SMALL_GRID_FLAGS)
    expected["figure"] = ""
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert result.certificate_levels == "joint" and result.alpha == 0.05
    for curve in result.representations:
        c = curve.certificate
        assert c.alpha == pytest.approx(0.05 / 2) and c.level == pytest.approx(1 - 0.05 / 2)
        assert sum(i.alpha for i in c.ingredients) == pytest.approx(0.05 / 2)
        assert "joint" in c.scope
    # together, by the union bound, the two curves hold at 1 - alpha
    assert sum(curve.certificate.alpha for curve in result.representations) == pytest.approx(0.05)


def test_the_device_parameter_computes_on_opencl_as_the_cli_does(images):
    """estimator_params={"device": "opencl"}: the CLI's --estimator-param device=opencl, the device
    named in every grid entry and the certificate (POCL where there is no GPU)."""
    records, path = images
    if not run_cli("plugins")["opencl"]["built"]:  # a build without the OpenCL headers says so
        with pytest.raises(reconbound.InvalidInput, match="built without OpenCL"):
            reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, estimator_params={"device": "opencl"},
                             **SMALL_GRID)
        return
    result = reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, seed=4,
                              estimator_params={"device": "opencl"}, **SMALL_GRID)
    expected = cli_bound(path, "--perp-range", "0:300", "--est-range", "300:600", "--gamma", 1, "--seed", 4,
                         "--estimator-param", "device=opencl")
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert all(entry.computed_on.startswith("opencl:") for entry in result.grid)
    assert "computed on opencl:" in ingredient(result.certificate, "numerical").detail
    with pytest.raises(reconbound.InvalidInput, match="device=opencl:99: there are"):
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, estimator_params={"device": "opencl:99"},
                         **SMALL_GRID)
