"""Shared by the Python tests: the CLI built beside the module, run for its JSON, and small data."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

CLI = os.environ["RECONBOUND_CLI"]
SOURCE_DIR = Path(os.environ["RECONBOUND_SOURCE_DIR"])
TEST_PLUGIN_DIR = os.environ["RECONBOUND_TEST_PLUGIN_DIR"]

# A grid small enough for a bound in about a second.
SMALL_GRID = {"grid_k": [4, 8], "grid_nu2": [0.4, 1.6], "threads": 2}
SMALL_GRID_FLAGS = ["--grid-k", "4,8", "--grid-nu2", "0.4,1.6", "--threads", "2"]


def run_cli(*args, env=None):
    """The CLI's JSON for `reconbound ARGS --json`; fails the test on a non-zero exit."""
    done = subprocess.run([CLI, *map(str, args), "--json"], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def interrupted_child(child):
    """Runs the Python code `child`, which prints "started" when its long call is under way; sends
    it SIGINT then. Returns (exit code, stdout after "started", stderr, the time SIGINT was sent on
    CLOCK_MONOTONIC, the clock of the child's time.monotonic())."""
    process = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        assert process.stdout.readline() == "started\n"
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)  # a guard against a hang, not a timing
    finally:
        process.kill()
    return process.returncode, out, err, sent


def cli_error(*args):
    """The CLI's one-line error for `reconbound ARGS`, without its "reconbound: error: " prefix."""
    done = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    assert done.returncode == 2, done.stderr
    prefix = "reconbound: error: "
    assert done.stderr.startswith(prefix) and done.stderr.count("\n") == 1, done.stderr
    return done.stderr[len(prefix):].rstrip("\n")


def fashion_mnist_dir():
    """The folder of Debian's Fashion-MNIST files the core was built to read (RECONBOUND_FASHION_MNIST_DIR)."""
    cache = Path(os.environ["RECONBOUND_BUILD_DIR"]) / "CMakeCache.txt"
    return Path(next(line.split("=", 1)[1] for line in cache.read_text().splitlines()
                     if line.startswith("RECONBOUND_FASHION_MNIST_DIR:")))


def comparable_certificate(certificate):
    """A certificate dict without the split's wording: arrays and ranges of a file holding the same
    records are both the caller's choice, worded apart (§7)."""
    out = json.loads(json.dumps(certificate))
    for ingredient in out["ingredients"]:
        if ingredient["name"] == "split":
            ingredient.pop("detail")
    return out


def without_timings(result):
    """A bound-like JSON dict without what differs between runs (times) and the data source."""
    out = json.loads(json.dumps(result))  # a deep copy
    for key in ("timings_s", "data"):
        out.pop(key, None)
    for holder in [out] + out.get("representations", []):
        if holder.get("certificate") is not None:
            holder["certificate"] = comparable_certificate(holder["certificate"])
    selections = [out] + out.get("representations", [])
    for holder in selections:
        if "grid_selection" in holder:
            holder["grid_selection"] = {k: v for k, v in holder["grid_selection"].items() if k != "seconds"}
    return out


@pytest.fixture(scope="session")
def images(tmp_path_factory):
    """600 smooth 1×28×28 records in grey levels (float64, C order) and their .npy file."""
    rng = np.random.default_rng(7)
    coarse = rng.uniform(0, 255, size=(600, 1, 7, 7))
    records = np.ascontiguousarray(np.repeat(np.repeat(coarse, 4, axis=2), 4, axis=3))
    records += rng.normal(0, 8, size=records.shape)
    records = np.clip(records, 0, 255)
    path = tmp_path_factory.mktemp("data") / "images.npy"
    np.save(path, records)
    return records, path


def assert_fields_declared(result_class, data):
    """The result class names exactly the JSON's fields (those it may lack are optional_fields)."""
    declared = set(result_class.__annotations__)
    assert set(data) <= declared, f"{result_class.__name__} lacks {set(data) - declared}"
    assert declared - set(data) <= result_class.optional_fields, f"not in the JSON: {declared - set(data)}"
