"""epsilon and calibrate (docs/mathematics.md §8): the CLI's numbers for the same schedule and data."""

import pytest

import reconbound
from conftest import (SMALL_GRID, SMALL_GRID_FLAGS, assert_fields_declared, cli_error,
                      comparable_certificate, run_cli, without_timings)


def test_epsilon_equals_the_cli():
    result = reconbound.epsilon(q=0.0204, sigma=1.11, steps=400, delta_exponent=1.1, n_train=50000)
    expected = run_cli("epsilon", "--q", 0.0204, "--sigma", 1.11, "--steps", 400, "--delta-exponent", 1.1,
                       "--n-train", 50000)
    assert result.to_dict() == expected
    assert result.epsilon_lower <= result.epsilon <= result.epsilon_upper
    assert_fields_declared(reconbound.EpsilonResult, expected)


def test_calibrate_for_a_target_epsilon_equals_the_cli():
    result = reconbound.calibrate(target_epsilon=4, q=0.05, steps=100, delta=1e-5)
    expected = run_cli("calibrate", "--target-epsilon", 4, "--q", 0.05, "--steps", 100, "--delta", 1e-5)
    assert result.to_dict() == expected
    assert result.epsilon_upper <= 4.0
    assert_fields_declared(reconbound.EpsilonCalibrationResult, expected)


def test_calibrate_for_a_target_rho_equals_the_cli(images):
    records, path = images
    result = reconbound.calibrate(target_rho=0.3, q=0.05, steps=100, delta=1e-5, perp=records[:300],
                                  est=records[300:], **SMALL_GRID)
    expected = run_cli("calibrate", "--target-rho", 0.3, "--q", 0.05, "--steps", 100, "--delta", 1e-5, "--data",
                       f"npy:{path}", "--perp-range", "0:300", "--est-range", "300:600", *SMALL_GRID_FLAGS)
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert result.rho_star >= 0.3
    assert_fields_declared(reconbound.RhoCalibrationResult, expected)
    # what rho* at sigma certifies: rho* itself at 1 - alpha, with gamma's numerical error bound added
    assert comparable_certificate(result.certificate.to_dict()) == comparable_certificate(expected["certificate"])
    assert result.certificate.certifies == "rho_star" and result.certificate.level == pytest.approx(0.95)
    assert result.gamma_error_bits == expected["gamma_error_bits"] >= 0
    leakage = [i for i in result.certificate.ingredients if i.name == "leakage"]
    assert [i.treatment for i in leakage] == ["numerical, bound added" if result.gamma_error_bits > 0 else "exact"]
    assert f"rho* = {result.rho_star:.5f}" in result.certificate.statement
    # bound at the calibrated sigma certifies the target
    check = reconbound.bound(perp=records[:300], est=records[300:], q=0.05, sigma=result.sigma, steps=100,
                             **SMALL_GRID)
    assert check.rho_star >= 0.3


def test_bad_inputs_raise_the_cli_message_with_keywords_for_options():
    # Core names the parameter; the CLI spells it as its option, Python as its keyword.
    with pytest.raises(ValueError) as error:
        reconbound.epsilon(q=0.02, sigma=1.0, steps=10)
    assert str(error.value) == "no delta: give delta, or delta_exponent and n_train (delta = n_train^-delta_exponent)"
    assert cli_error("epsilon", "--q", 0.02, "--sigma", 1, "--steps", 10) == (
        "no delta: give --delta, or --delta-exponent and --n-train (delta = n_train^-delta_exponent)")
    with pytest.raises(ValueError) as error:
        reconbound.calibrate(target_epsilon=500, q=0.02, steps=10, delta=1e-5)
    assert str(error.value) == "target_epsilon=500 is outside (0, 200]"
    assert cli_error("calibrate", "--target-epsilon", 500, "--q", 0.02, "--steps", 10, "--delta", 1e-5) == (
        "--target-epsilon 500 is outside (0, 200]")
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.epsilon(q=0.02, sigma=1.0, steps=10, delta_exponent=1.1, n_train=0.5)
    assert str(error.value) == "n_train=0.5 must be >= 1"
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.epsilon(q=0.02, sigma=1.0, steps=10, delta_exponent=-1, n_train=100)
    assert str(error.value) == "delta_exponent=-1 must be > 0"
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.epsilon(q=0.02, sigma=1.0, steps=10, delta=1e-5, n_train=100)
    assert str(error.value) == "give either delta or delta_exponent with n_train, not both"
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.epsilon(q=0.02, sigma=1.0, steps=10, delta=2)
    assert str(error.value) == "delta=2 is outside [1e-15, 1)"
    with pytest.raises(reconbound.InvalidInput, match="one of them"):
        reconbound.calibrate(q=0.02, steps=10, delta=1e-5)
    with pytest.raises(TypeError, match=r"^calibrate\(\) takes no sigma; it goes with leakage\(\), "):
        reconbound.calibrate(target_epsilon=4, q=0.02, steps=10, delta=1e-5, sigma=1.0)
    with pytest.raises(reconbound.InvalidInput, match="no data or bound options"):
        reconbound.calibrate(target_epsilon=4, q=0.02, steps=10, delta=1e-5, data="fashion-mnist")
