"""`reconbound report --by-label` (docs/report.md, mathematics §6.10): the section "Who is most exposed"
renders in headless Chromium (browser.py) without an error and with every text inside its figure; its
bars are one per label, the most exposed (smallest guaranteed error) first; the numbers of its table
are the report JSON's; every label's bound equals `bound --by-label --gamma G` on the same split, G the
training's γ plus its error bound (another front end's route to the same rows); a label with too few
records is a row with its reason; bad labels are one line and exit code 2."""

from __future__ import annotations

import html
import json
import os
import re
import struct
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser import Chromium  # noqa: E402
from report_run import IMAGES, TRAINING, run_cli  # noqa: E402
from test_report_page import MIN_INK, figure_svg, ink, own_requests, text_outside  # noqa: E402

LABELS = str(Path(IMAGES).parent / "t10k-labels-idx1-ubyte.gz")
TRAINING_OPTIONS = [f"--{name}={value}" for name, value in TRAINING.items()]
# report_run.QUICK_OPTIONS with a larger split, so that each of the ten labels has about 150 records
# in D⊥ and in D_est, and a smaller representation (m = 200 after padding), to keep it to seconds.
BY_LABEL_SPLIT = ["--data", f"idx:{IMAGES}", "--perp", "1500", "--est", "1500", "--representation", "downsample:2",
                  "--grid-k", "1,4,20", "--threads", "2", "--quiet"]
REPORT_OPTIONS = ["--epsilons", "0.5,8", "--sigma-tolerance", "5e-2", "--epsilon-error", "0.05"]
# Fashion-MNIST's classes, with characters the page must escape.
NAMES = ["T-shirt/top", "Trouser", "Pullover", "Dress", "Coat", "Sandal", "Shirt <plain>", "Sneaker", "Bag & co",
         "Ankle boot"]
SVG = "{http://www.w3.org/2000/svg}"


def by_label_options(folder: Path) -> list[str]:
    names = folder / "names.txt"
    names.write_text("\n".join(NAMES) + "\n")
    return ["--by-label", "--labels", f"idx:{LABELS}", "--label-names", str(names), *BY_LABEL_SPLIT]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    folder = tmp_path_factory.mktemp("by_label")
    page = folder / "report.html"
    result = run_cli("report", *TRAINING_OPTIONS, *REPORT_OPTIONS, *by_label_options(folder), "--output", str(page),
                     "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), page, folder


@pytest.fixture(scope="module")
def browser():
    with Chromium() as chromium:
        yield chromium


def unicode_text(ascii_text: str) -> str:
    """A sentence of the JSON as the page writes it (≥, α, D⊥)."""
    out = ascii_text
    for ascii_word, unicode_word in ((">=", "≥"), ("alpha", "α"), ("D_perp", "D⊥"), ("rho*", "ρ*"), ("Sigma", "Σ")):
        out = out.replace(ascii_word, unicode_word)
    return out


def table_rows(page_html: str) -> list[list[str]]:
    table = re.search(r'<table class="by-label">(.*?)</table>', page_html, re.S).group(1)
    rows = re.findall(r"<tr data-label=\"\d+\">(.*?)</tr>", table, re.S)
    return [[html.unescape(cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.S)] for row in rows]


def test_the_section_renders_clean_in_chromium_with_the_most_exposed_sentence(report, browser):
    numbers, path, _ = report
    page = browser.load(str(path))
    (Path(os.environ["RECONBOUND_REPORT_SCREENSHOTS"]) / "report_by_label_page.png").write_bytes(page.screenshot)
    assert page.errors == [] and page.broken_images == []
    assert own_requests(page) == [path.resolve().as_uri()]
    assert "Who is most exposed" in page.text
    assert unicode_text(numbers["by_label_certificate"]["statement"]) in page.text
    assert "a bound per class, not per record" in page.text and "knows the record's class" in page.text
    assert ink(page)["figure-by-label"] > MIN_INK
    assert text_outside(page) == []
    assert numbers["by_label_certificate"]["labels"] == 10 and numbers["by_label_certificate"]["level"] == 0.95


def test_one_bar_per_label_the_most_exposed_first(report):
    numbers, path, _ = report
    rows = numbers["by_label"]
    bars = [r for r in figure_svg(path.read_text(), "figure-by-label").iter(f"{SVG}rect") if r.get("class") == "bar"]
    assert len(bars) == len(rows) == 10
    assert [int(b.get("data-label")) for b in bars] == [r["label"] for r in rows]
    widths = [float(b.get("width")) for b in bars]
    assert widths == sorted(widths) and widths[-1] > widths[0] > 0, widths
    assert [r["abs_bound"] for r in rows] == sorted(r["abs_bound"] for r in rows)
    for bar, row in zip(bars, rows):
        assert float(bar.get("data-rmse")) == pytest.approx(row["rmse_per_coordinate"], rel=1e-5)


def test_the_pages_numbers_are_the_jsons(report):
    numbers, path, _ = report
    cells = table_rows(path.read_text())
    assert len(cells) == len(numbers["by_label"])
    for row, shown in zip(numbers["by_label"], cells):
        pair = [str(row["k_star"]), f"{row['nu2_star']:g}"] if row["rho_star"] > 0 else ["—", "—"]
        assert shown == [str(row["label"]), row["name"], str(row["n_perp"]), str(row["n_est"]),
                         f"{row['rho_star']:.4f}", f"{row['abs_bound']:.6g}", f"{row['rmse_per_coordinate']:.4g}",
                         *pair, unicode_text(row["trivial"] or "")]
    texts = [t.text for t in figure_svg(path.read_text(), "figure-by-label").iter(f"{SVG}text")]
    for row in numbers["by_label"]:
        assert f"ρ* = {row['rho_star']:.3f}" in texts


def test_every_row_is_bound_by_label_at_the_trainings_gamma_plus_its_error(report):
    numbers, _, folder = report
    gamma = numbers["gamma_bits"] + numbers["gamma_error_bits"]
    assert numbers["gamma_error_bits"] > 0
    assert {row["results"][0]["gamma_bits"] for row in numbers["by_label"]} == {gamma}
    bound = run_cli("bound", *by_label_options(folder), "--gamma", repr(gamma), "--json")
    assert bound.returncode == 0, bound.stderr
    rows = json.loads(bound.stdout)["by_label"]
    assert rows[0]["label"] == numbers["by_label"][0]["label"]
    assert rows[0]["abs_bound"] == numbers["by_label"][0]["abs_bound"] > 0
    for theirs, ours in zip(rows, numbers["by_label"]):
        assert (theirs["label"], theirs["rho_star"], theirs["abs_bound"], theirs["k_star"]) == \
               (ours["label"], ours["rho_star"], ours["abs_bound"], ours["k_star"])


def npy_int64(values: list[int]) -> bytes:
    header = f"{{'descr': '<i8', 'fortran_order': False, 'shape': ({len(values)},), }}"
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + struct.pack(f"<{len(values)}q",
                                                                                                 *values)


def test_a_label_with_too_few_records_is_a_row_with_its_reason(tmp_path, browser):
    # Label 1: three records of D⊥ and three of D_est (index files), too few for the bound.
    perp, est = list(range(0, 400)), list(range(400, 800))
    (tmp_path / "perp.txt").write_text("\n".join(map(str, perp)) + "\n")
    (tmp_path / "est.txt").write_text("\n".join(map(str, est)) + "\n")
    labels = [0] * 10000
    for i in (0, 1, 2, 400, 401, 402):
        labels[i] = 1
    (tmp_path / "labels.npy").write_bytes(npy_int64(labels))
    page_path = tmp_path / "r.html"
    result = run_cli("report", *TRAINING_OPTIONS, "--data", f"idx:{IMAGES}",
                     "--perp-indices", str(tmp_path / "perp.txt"), "--est-indices", str(tmp_path / "est.txt"),
                     "--epsilons", "8", "--grid-k", "1,4", "--sigma-tolerance", "5e-2", "--epsilon-error", "0.05",
                     "--representation", "downsample:4", "--threads", "2", "--quiet", "--by-label", "--labels",
                     f"npy:{tmp_path / 'labels.npy'}", "--output", str(page_path), "--json")
    assert result.returncode == 0, result.stderr
    rows = {row["label"]: row for row in json.loads(result.stdout)["by_label"]}
    assert rows[1]["n_perp"] == 3 and rows[1]["n_est"] == 3
    assert rows[1]["rho_star"] == 0 and rows[1]["trivial"], rows[1]
    page = browser.load(str(page_path))
    assert page.errors == [] and text_outside(page) == []
    assert unicode_text(rows[1]["trivial"]) in page.text
    assert "ρ* = 0 (nothing certified)" in page.text


def test_bad_labels_are_one_line_and_exit_code_2_before_the_long_work(tmp_path):
    (tmp_path / "short.npy").write_bytes(npy_int64([0] * 9999))
    for options, message in ((["--by-label", "--labels", f"npy:{tmp_path / 'short.npy'}"], "holds 9999 labels"),
                             (["--labels", f"idx:{LABELS}"], "--by-label"),
                             (["--by-label", "--labels", "csv:x"], "csv:x")):
        result = run_cli("report", *TRAINING_OPTIONS, "--data", f"idx:{IMAGES}", *options, "--output",
                         str(tmp_path / "r.html"))
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
        assert result.stdout == ""
    assert not (tmp_path / "r.html").exists()
