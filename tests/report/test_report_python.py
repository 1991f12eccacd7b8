"""reconbound.report: the same numbers as `reconbound report --json` for the same training and data,
a result whose fields are exactly the JSON's, the page written with the Python call that reproduces
it, by_label with an array of labels giving the CLI's rows from the label file, and errors in
Python's spelling."""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path

import pytest

import reconbound

sys.path.insert(0, str(Path(__file__).parent))
from report_run import EPSILONS, IMAGES, TRAINING, cli_report, page_statement, run_cli  # noqa: E402

QUICK = {"data": f"idx:{IMAGES}", "n_perp": 500, "n_est": 500, "epsilons": EPSILONS, "grid_k": [1, 4, 16],
         "sigma_tolerance": 5e-2, "epsilon_error": 0.05, "threads": 2}
FRONT_END_FIELDS = {"report"}  # where the page went


def numbers(result: dict) -> dict:
    """The result without the page's path and without the seconds the steps took."""
    if isinstance(result, dict):
        return {k: numbers(v) for k, v in result.items() if k not in FRONT_END_FIELDS and k != "seconds"}
    if isinstance(result, list):
        return [numbers(v) for v in result]
    return result


def test_report_gives_the_clis_numbers_and_writes_the_page(tmp_path):
    page = tmp_path / "python.html"
    result = reconbound.report(page, **TRAINING, **QUICK)
    cli, _ = cli_report(tmp_path)
    python = result.to_dict()
    declared = set(reconbound.ReportResult.__annotations__)
    assert declared - reconbound.ReportResult.optional_fields <= set(python) <= declared
    assert numbers(python) == numbers(cli)
    assert result.report == str(page) and result.chain is None
    text = html.unescape(page.read_text())
    assert page_statement(result.certificate.statement) in text
    assert "reconbound.report(" in text and "sigma=1.0" in text


def test_a_constant_run_needs_its_sigma(tmp_path):
    with pytest.raises(reconbound.InvalidInput, match="sigma"):
        reconbound.report(tmp_path / "r.html", q=0.02, steps=1000, delta=1e-5, **QUICK)
    with pytest.raises(reconbound.InvalidInput, match="sigma=-1"):
        reconbound.report(tmp_path / "r.html", q=0.02, sigma=-1, steps=1000, delta=1e-5, **QUICK)
    assert not (tmp_path / "r.html").exists()


def t10k_labels():
    """The labels of the test images, read here from Debian's IDX file (8 header bytes, then one byte each)."""
    import gzip

    import numpy

    with gzip.open(Path(IMAGES).parent / "t10k-labels-idx1-ubyte.gz") as file:
        return numpy.frombuffer(file.read(), dtype=numpy.uint8, offset=8).astype(numpy.int64)


BY_LABEL = {"n_perp": 1500, "n_est": 1500, "representation": "downsample:2", "epsilons": [8], "grid_k": [1, 4, 20],
            "sigma_tolerance": 5e-2, "epsilon_error": 0.05, "threads": 2}
BY_LABEL_OPTIONS = ["--perp", "1500", "--est", "1500", "--representation", "downsample:2", "--epsilons", "8",
                    "--grid-k", "1,4,20", "--sigma-tolerance", "5e-2", "--epsilon-error", "0.05", "--threads", "2"]
NAMES = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"]


def test_report_by_label_with_an_array_of_labels_gives_the_clis_rows_from_the_label_file(tmp_path):
    result = reconbound.report(tmp_path / "python.html", **TRAINING, data=f"idx:{IMAGES}", **BY_LABEL, by_label=True,
                               labels=t10k_labels(), label_names=NAMES)
    (tmp_path / "names.txt").write_text("\n".join(NAMES) + "\n")
    done = run_cli("report", *[f"--{k}={v}" for k, v in TRAINING.items()], "--data", f"idx:{IMAGES}",
                   *BY_LABEL_OPTIONS, "--by-label", "--labels", f"idx:{Path(IMAGES).parent / 't10k-labels-idx1-ubyte.gz'}",
                   "--label-names", str(tmp_path / "names.txt"), "--quiet", "--json", "--output", str(tmp_path / "c.html"))
    assert done.returncode == 0, done.stderr
    cli, python = json.loads(done.stdout), result.to_dict()
    assert len(python["by_label"]) == 10 and python["by_label"][0]["rho_star"] > 0
    assert numbers(python["by_label"]) == numbers(cli["by_label"])
    assert python["by_label_certificate"]["statement"] == cli["by_label_certificate"]["statement"]
    text = html.unescape((tmp_path / "python.html").read_text())
    assert "Who is most exposed" in text and "by_label=True" in text and "labels=<ndarray shape (10000,)" in text


def test_labels_without_by_label_and_a_wrong_count_are_one_line_errors(tmp_path):
    with pytest.raises(reconbound.InvalidInput, match="by_label=True"):
        reconbound.report(tmp_path / "r.html", **TRAINING, **QUICK, labels=t10k_labels())
    with pytest.raises(reconbound.InvalidInput, match="9999 labels"):
        reconbound.report(tmp_path / "r.html", **TRAINING, **QUICK, by_label=True, labels=t10k_labels()[1:])
    assert not (tmp_path / "r.html").exists()
