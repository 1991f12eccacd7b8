"""reconbound.conformance (docs/conformance.md, "Python"): the kit on a plugin file, a plugin spec and a
representation written in Python, with the author's own reference; the report is the CLI's --json."""

import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import reconbound
from conftest import CLI

DOUBLES = Path(os.environ["RECONBOUND_BUILD_DIR"]) / "tests" / "conformance_doubles"
SOBEL_PEAK = 20 * 255.0**2  # the largest |G|^2 of a 3x3 Sobel patch, over its 512 vertices (doubles/sobel.cpp)


def sobel_double(fault):
    return str(DOUBLES / f"reconbound-sobel_{fault}.so")


def sobel(x):
    """The Sobel gradient magnitude at the interior pixels of each channel of an (n, C, H, W) batch."""
    gx = (x[:, :, :-2, 2:] + 2 * x[:, :, 1:-1, 2:] + x[:, :, 2:, 2:]) - (x[:, :, :-2, :-2] + 2 * x[:, :, 1:-1, :-2] + x[:, :, 2:, :-2])
    gy = (x[:, :, 2:, :-2] + 2 * x[:, :, 2:, 1:-1] + x[:, :, 2:, 2:]) - (x[:, :, :-2, :-2] + 2 * x[:, :, :-2, 1:-1] + x[:, :, :-2, 2:])
    return np.sqrt(gx**2 + gy**2).reshape(len(x), -1)


def interior(shape):
    return shape[0] * (shape[1] - 2) * (shape[2] - 2)


def python_sobel(peak=SOBEL_PEAK, fn=sobel):
    return reconbound.representation(fn, output_dim=interior, max_squared_distance=lambda s: peak * interior(s),
                                     name="sobel", accepts=lambda s: s[1] >= 3 and s[2] >= 3)


def outcome(result, check):
    return next(c for c in result.checks if c.name == check)


LAWS = ("shape_contract", "every_coordinate_written", "finite_output", "deterministic", "batch_consistent",
        "thread_safe", "declared_bound_holds", "generated_records")


def test_a_plugin_file_passes_or_fails_as_the_cli_says():
    result = reconbound.conformance(sobel_double("small_bound"))
    assert not result.passed
    assert [c.name for c in result.failed] == ["declared_bound_holds[1x28x28]", "declared_bound_holds[3x32x32]"]
    assert "> B = 4.39569e+07" in result.failed[0].detail
    done = subprocess.run([CLI, "conformance", sobel_double("small_bound"), "--json"], capture_output=True, text=True)
    assert done.returncode == 1
    assert result.to_dict() == json.loads(done.stdout)
    assert reconbound.conformance(sobel_double("none")).passed


def test_a_plugin_spec_gets_its_registered_reference_and_params_replace_the_example():
    result = reconbound.conformance("downsample:4", search_budget=0)
    assert result.passed, result.failed
    assert outcome(result, "matches_reference[1x28x28]").passed
    broken = reconbound.conformance(sobel_double("none"), params={"fault": "nondeterministic"}, search_budget=0)
    assert [c.name for c in broken.failed] == ["deterministic[1x28x28]", "deterministic[3x32x32]"]


def test_a_numpy_sobel_keeps_every_law_and_its_broken_versions_fail_on_theirs():
    result = reconbound.conformance(python_sobel())
    assert result.plugin.name == "sobel (python)"
    for shape in ("1x28x28", "3x32x32"):
        for law in LAWS:
            check = outcome(result, f"{law}[{shape}]")
            assert check.passed, (check.name, check.detail)
    assert result.passed, [(c.name, c.detail) for c in result.failed]  # records outside [0, 255] refused too
    # B = 255^2 m, 20 times too small: a step edge against black is past it.
    small = reconbound.conformance(python_sobel(peak=255.0**2), search_budget=0)
    detail = outcome(small, "declared_bound_holds[1x28x28]").detail
    assert detail.startswith("violated: pair (constant 0, step left 0 | right 255): |psi(x) - psi(x')|^2 = 5.41008e+07 > B")

    def nan_on_edges(x):
        gx = np.abs(sobel(x))
        return np.where(gx >= 4 * 255, np.nan, gx)

    edges = reconbound.conformance(python_sobel(fn=nan_on_edges), search_budget=0)
    assert not outcome(edges, "finite_output[1x28x28]").passed
    assert "not finite" in outcome(edges, "finite_output[1x28x28]").detail
    assert "shrunk in" in outcome(edges, "generated_records[1x28x28]").detail


def test_the_authors_reference_is_compared_on_the_kits_records():
    def down4(x):
        n, c, h, w = x.shape
        return x.reshape(n, c, h // 4, 4, w // 4, 4).mean(axis=(3, 5)).reshape(n, -1)

    psi = reconbound.representation(down4, output_dim=lambda s: s[0] * (s[1] // 4) * (s[2] // 4),
                                    max_squared_distance=lambda s: 255.0**2 * s[0] * (s[1] // 4) * (s[2] // 4),
                                    name="down4", accepts=lambda s: s[1] % 4 == 0 and s[2] % 4 == 0)
    same = reconbound.conformance(psi, reference="downsample:4", tolerance=1e-12, search_budget=0)
    assert outcome(same, "matches_reference[1x28x28]").passed
    off = reconbound.conformance(psi, reference=lambda x: down4(x) * 1.001, search_budget=0)
    detail = outcome(off, "matches_reference[1x28x28]").detail
    assert detail.startswith("violated: record 1 (constant 1): max |psi - reference| = 0.001 > 1.001e-06"), detail
    import torch
    pooled = torch.nn.Sequential(torch.nn.AvgPool2d(4), torch.nn.Flatten()).eval()
    by_torch = reconbound.conformance(psi, reference=pooled, tolerance=1e-12, search_budget=0)
    assert outcome(by_torch, "matches_reference[3x32x32]").passed, outcome(by_torch, "matches_reference[3x32x32]").detail


def test_data_records_join_the_suite_with_their_shape():
    records = (np.arange(10 * 36).reshape(10, 1, 6, 6) * 53 % 256).astype(np.float64)
    result = reconbound.conformance(python_sobel(), data=records, records=3, search_budget=0)
    assert "36 records" in outcome(result, "finite_output[1x6x6]").detail  # 30 structured, 3 noise, 3 data


def test_wrong_arguments_are_one_line_errors():
    with pytest.raises(TypeError, match="reconbound.representation"):
        reconbound.conformance(sobel)
    with pytest.raises(reconbound.InvalidInput, match="records=0"):
        reconbound.conformance(sobel_double("none"), records=0)
    with pytest.raises(reconbound.InvalidInput, match="tolerance=-1"):
        reconbound.conformance(sobel_double("none"), tolerance=-1)
    with pytest.raises(reconbound.InvalidInput, match="apply to a representation; 'dpsgd' is a mechanism plugin"):
        reconbound.conformance("dpsgd", data="fashion-mnist")
    with pytest.raises(reconbound.PluginError, match="no_such_plugin"):
        reconbound.conformance("no_such_plugin")
