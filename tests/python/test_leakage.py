"""leakage: γ (Theorem 4.1) equals the CLI's for the same schedule, in every form a schedule takes."""

import json
import os
import subprocess
import sys

import pytest

import reconbound
from conftest import SOURCE_DIR, TEST_PLUGIN_DIR, cli_error, run_cli

WARMUP = SOURCE_DIR / "examples" / "schedules" / "warmup.csv"
SEARCH = SOURCE_DIR / "examples" / "schedules" / "search.csv"


def test_the_done_when_line_equals_the_cli():
    gamma = reconbound.leakage(q=0.0204, sigma=1.11, steps=4900)
    assert isinstance(gamma, float)
    assert gamma == run_cli("leakage", "--q", 0.0204, "--sigma", 1.11, "--steps", 4900)["gamma_bits"]


def test_report_equals_the_cli_json():
    report = reconbound.leakage_report(q=0.01, sigma=0.9, steps=250)
    assert report.to_dict() == run_cli("leakage", "--q", 0.01, "--sigma", 0.9, "--steps", 250)
    assert report.segments[0].steps == 250


def test_schedule_files_are_runs_that_add():
    report = reconbound.leakage_report(schedule=[WARMUP, str(SEARCH)])
    assert report.to_dict() == run_cli("leakage", "--schedule", WARMUP, "--schedule", SEARCH)
    single = reconbound.leakage_report(schedule=WARMUP)
    assert single.to_dict() == run_cli("leakage", "--schedule", WARMUP)


def test_segments_runs_and_repeats():
    segments = [(0.02, 1.2, 100), (0.05, 0.8, 40)]
    one = reconbound.leakage_report(schedule=segments)
    assert [s.steps for s in one.segments] == [100, 40]
    twice = reconbound.leakage_report(schedule=segments, runs=2)
    assert [s.run for s in twice.segments] == [1, 1, 2, 2]
    assert twice.gamma_bits == pytest.approx(2 * one.gamma_bits, rel=1e-14)
    assert reconbound.leakage(schedule=[segments, segments]) == twice.gamma_bits
    # A constant run is one segment.
    assert reconbound.leakage(schedule=(0.02, 1.2, 100)) == reconbound.leakage(q=0.02, sigma=1.2, steps=100)


def test_a_mechanism_without_a_schedule_from_the_plugin_path():
    # The test double (tests/workflow/doubles) is found through RECONBOUND_PLUGIN_PATH, as by the
    # CLI; the registry reads it at the first call that needs a plugin, hence a fresh process.
    env = dict(os.environ, RECONBOUND_PLUGIN_PATH=TEST_PLUGIN_DIR)
    code = ("import json, reconbound; print(json.dumps(reconbound.leakage_report("
            "mechanism='noisy-double', mechanism_params={'k': 3, 'sigma': 2.0}).to_dict()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    expected = run_cli("leakage", "--mechanism", "noisy-double", "--mechanism-param", "k=3,sigma=2", env=env)
    assert json.loads(done.stdout) == expected


def test_bad_inputs_raise_value_errors_with_the_cli_message(tmp_path):
    with pytest.raises(ValueError) as error:
        reconbound.leakage(q=0.02, sigma=500.0, steps=10)
    assert str(error.value) == cli_error("leakage", "--q", 0.02, "--sigma", 500, "--steps", 10)
    bad = tmp_path / "bad.csv"
    bad.write_text("0.02,1.0,100\n0.5,abc,3\n")
    with pytest.raises(reconbound.FileError) as error:
        reconbound.leakage(schedule=bad)
    assert isinstance(error.value, OSError) and isinstance(error.value, ValueError)
    assert str(error.value) == cli_error("leakage", "--schedule", bad)
    with pytest.raises(reconbound.PluginError) as error:
        reconbound.leakage(q=0.02, sigma=1.0, steps=10, mechanism="no-such-mechanism")
    assert str(error.value) == cli_error("leakage", "--q", 0.02, "--sigma", 1, "--steps", 10,
                                         "--mechanism", "no-such-mechanism")


def test_argument_mistakes_name_the_keywords():
    with pytest.raises(reconbound.InvalidInput, match="^q, sigma and steps go together: give all three or none$"):
        reconbound.leakage(q=0.02, sigma=1.0)
    with pytest.raises(reconbound.InvalidInput, match="not both"):
        reconbound.leakage(q=0.02, sigma=1.0, steps=3, schedule=[(0.02, 1.0, 3)])
    with pytest.raises(reconbound.InvalidInput, match="whole number"):
        reconbound.leakage(q=0.02, sigma=1.0, steps=2.5)
    with pytest.raises(reconbound.InvalidInput, match="runs = 0"):
        reconbound.leakage(q=0.02, sigma=1.0, steps=3, runs=0)


@pytest.mark.parametrize("q, sigma, steps", [(0, 1, 10), (1.5, 1, 10), (0.1, -1, 10), (0.1, "inf", 10), (0.1, 1, 0)])
def test_a_bad_constant_run_is_refused_in_the_clis_words(q, sigma, steps):
    """One segment rule (the SDK's check_segment) for both front ends: the same message, spelled
    with the keyword where the CLI has its option."""
    expected = cli_error("leakage", "--q", q, "--sigma", sigma, "--steps", steps)
    for option in ("--q", "--sigma", "--steps"):
        expected = expected.replace(f"{option} ", f"{option[2:]}=")
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.leakage(q=q, sigma=float(sigma), steps=steps)
    assert str(error.value) == expected


def test_a_bad_segment_of_a_list_names_its_run_and_place():
    with pytest.raises(reconbound.InvalidInput, match=r"^run 2 segment 1: sigma = 0 must be > 0$"):
        reconbound.leakage(schedule=[[(0.1, 1.0, 10)], [(0.1, 0.0, 10)]])
    with pytest.raises(reconbound.InvalidInput, match=r"^run 1 segment 2: steps = 2.5 must be a whole number$"):
        reconbound.leakage(schedule=[(0.1, 1.0, 10), (0.1, 2.0, 2.5)])
