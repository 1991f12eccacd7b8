"""reconbound.report: the same numbers as `reconbound report --json` for the same training and data,
a result whose fields are exactly the JSON's, the page written with the Python call that reproduces
it, and errors in Python's spelling."""

from __future__ import annotations

import html
import sys
from pathlib import Path

import pytest

import reconbound

sys.path.insert(0, str(Path(__file__).parent))
from report_run import EPSILONS, IMAGES, TRAINING, cli_report, page_statement  # noqa: E402

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
