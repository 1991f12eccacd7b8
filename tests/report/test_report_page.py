"""`reconbound report` as a reviewer opens it: the page in headless Chromium (browser.py) loads
without a console error and without a request beyond itself, shows the certificate's sentence,
has ink in every figure and every figure's text inside the figure; the figures' axes have round
ticks, the strong-privacy tier holds the point of ε < 1, and the font they name has ẑ. The
detectors are shown to work on pages broken on purpose. The screenshots are left in
RECONBOUND_REPORT_SCREENSHOTS to be looked at."""

from __future__ import annotations

import html
import io
import json
import math
import os
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).parent))
from browser import Chromium, PageLoad  # noqa: E402
from report_run import CHAIN_OPTIONS, EPSILONS, IMAGES, cli_report, page_statement, run_cli  # noqa: E402

FIGURES = {"figure-spectrum", "figure-chain-rho", "figure-chain-spread", "figure-chain-reconstructions"}
MIN_INK = 0.01  # the share of a figure's pixels that must not be white
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    return cli_report(tmp_path_factory.mktemp("report"), *CHAIN_OPTIONS)


@pytest.fixture(scope="module")
def browser():
    with Chromium() as chromium:
        yield chromium


def ink(page: PageLoad) -> dict[str, float]:
    """Per figure: the share of its pixels in the screenshot that are not white."""
    shot = Image.open(io.BytesIO(page.screenshot)).convert("L")
    out = {}
    for f in page.figures:
        box = (round(f["x"]), round(f["y"]), round(f["x"] + f["width"]), round(f["y"] + f["height"]))
        pixels = list(shot.crop(box).getdata())
        out[f["id"]] = sum(1 for p in pixels if p < 200) / max(1, len(pixels))
    return out


def text_outside(page: PageLoad) -> list[str]:
    """Every text of a figure that reaches past the figure's edge (half a pixel of rounding allowed)."""
    out = []
    for figure in page.text_boxes:
        for t in figure["texts"]:
            if t["left"] < -0.5 or t["top"] < -0.5 or t["right"] > figure["width"] + 0.5 or \
                    t["bottom"] > figure["height"] + 0.5:
                out.append(f"{figure['figure']}: {t['text']!r}")
    return out


def own_requests(page: PageLoad) -> list[str]:
    return [url for url in page.requests if not url.startswith("data:")]


def figure_svg(html: str, figure_id: str) -> ElementTree.Element:
    svg = re.search(f'<figure id="{figure_id}">\\s*(<svg.*?</svg>)', html, re.S).group(1)
    return ElementTree.fromstring(svg)


def is_round(value: float, mantissas: tuple[int, ...] = (1, 2, 5)) -> bool:
    exponent = math.floor(math.log10(value) + 1e-9)
    return any(math.isclose(value, m * 10.0 ** exponent, rel_tol=1e-9) for m in mantissas)


def test_the_report_loads_clean_shows_the_certificate_and_inks_every_figure(report, browser):
    numbers, path = report
    page = browser.load(str(path))
    shot = Path(os.environ["RECONBOUND_REPORT_SCREENSHOTS"]) / "report_page.png"
    shot.write_bytes(page.screenshot)
    assert page.errors == []
    assert own_requests(page) == [path.resolve().as_uri()]
    assert page.broken_images == []
    assert page_statement(numbers["certificate"]["statement"]) in page.text
    assert f"{numbers['rho_star']:.4f}" in page.text
    assert "reconbound report" in page.text  # the command to reproduce it
    assert {f["id"] for f in page.figures} == FIGURES
    for figure, share in ink(page).items():
        assert share > MIN_INK, figure
    assert text_outside(page) == []


def test_the_pages_command_reproduces_its_numbers(report):
    numbers, path = report
    command = html.unescape(re.search(r'<pre id="command">(.*?)</pre>', path.read_text(), re.S).group(1))
    words = shlex.split(command)
    assert words[:2] == ["reconbound", "report"] and "true" not in words
    again = run_cli(*words[1:])
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["rho_star"] == numbers["rho_star"]


def test_the_chain_charges_each_gamma_with_its_error_bound_as_the_headline_does(report):
    numbers, _ = report
    errors = {numbers["gamma_bits"]: numbers["gamma_error_bits"]}
    errors.update({p["gamma_bits"]: p["gamma_error_bits"] for p in numbers["spectrum"]["calibrations"]})
    chain = numbers["chain"]
    assert set(errors) <= {row["gamma_bits"] for row in chain["rows"]}  # and the codebook's rates
    for row in chain["rows"]:
        assert row["gamma_error_bits"] == errors.get(row["gamma_bits"], 0.0)  # a rate R is exact
        assert row["gamma_bits"] not in errors or row["gamma_error_bits"] > 0
    leakage = next(i for i in chain["certificate"]["ingredients"] if i["name"] == "leakage")
    assert leakage["treatment"] == "numerical, bound added"  # not "exact": γ came from the mechanism


def test_the_page_speaks_to_its_reader_in_unicode_with_units_and_a_glossary(report, browser):
    numbers, path = report
    text = browser.load(str(path)).text
    command = html.unescape(re.search(r'<pre id="command">(.*?)</pre>', path.read_text(), re.S).group(1))
    prose = text.replace(command, "")  # the command line is the CLI's own spelling
    for ascii_maths in ("rho*", "Sigma-hat", "Psi", ">=", "<=", "D_perp", "nu2"):
        assert ascii_maths not in prose, ascii_maths
    assert "grey levels" in prose  # the unit of pixel features
    assert "The symbols on this page" in prose and "t_MC, t_MD, t_num" in prose
    assert "reconbound bound for this training alone" in prose  # why bound() may differ
    assert numbers["spectrum"]["data"] in prose  # the records, in the reproduce section


def test_the_sample_normaliser_page_loads_clean_and_calls_rho_star_what_it_is(tmp_path, browser):
    # Only the absolute bound is certified there (mathematics §6.8): the page says so in Chromium too.
    numbers, path = cli_report(tmp_path, "--normaliser", "sample")
    page = browser.load(str(path))
    assert page.errors == [] and page.broken_images == []
    assert numbers["certificate"]["certifies"] == "abs_bound"
    assert "ρ* (point normalisation, not certified)" in page.text
    assert "every attack's mean squared error in Ψ ≥" in page.text  # the headline: the absolute bound
    assert not re.search(r"certified\s+(ρ\*|lower bound ρ|reconstruction error)", page.text, re.I)
    assert "a ratio to read (a point normalisation), not itself certified" in page.text  # the glossary's ρ*


def test_the_page_names_no_external_resource_and_runs_no_script(report):
    html = report[1].read_text()
    assert "<script" not in html and "<link" not in html and "@import" not in html
    for target in re.findall(r'(?:src|href)="([^"]*)"', html):
        assert target.startswith("data:") or target.startswith("#"), target


def test_the_spectrum_has_round_ticks_and_the_strong_tier_holds_the_point_below_one(report):
    html = report[1].read_text()
    svg = figure_svg(html, "figure-spectrum")
    texts = list(svg.iter(f"{SVG}text"))
    x_ticks = [float(t.text) for t in texts if t.get("text-anchor") == "middle" and t.get("font-size") == "12"]
    y_ticks = [float(t.text) for t in texts if t.get("text-anchor") == "end" and t.get("font-size") == "12"]
    assert len(x_ticks) >= 4 and all(is_round(x) for x in x_ticks), x_ticks
    steps = {round(b - a, 9) for a, b in zip(y_ticks, y_ticks[1:])}
    assert 0.0 in y_ticks and len(steps) == 1 and is_round(abs(steps.pop())), y_ticks
    strong = next(r for r in svg.iter(f"{SVG}rect") if r.get("fill") == "#d9f0d3")
    left, right = float(strong.get("x")), float(strong.get("x")) + float(strong.get("width"))
    first_point = next(c for c in svg.iter(f"{SVG}circle") if c.get("r") == "3.5")
    assert min(EPSILONS) < 1 and left < float(first_point.get("cx")) < right


def test_the_chain_figures_ticks_are_round_and_their_font_has_z_hat(report):
    html = report[1].read_text()
    for figure in ("figure-chain-rho", "figure-chain-spread"):
        svg = figure_svg(html, figure)
        x_ticks = [float(t.text) for t in svg.iter(f"{SVG}text") if t.get("text-anchor") == "middle"
                   and t.get("font-size") == "12"]
        assert x_ticks and all(is_round(x) for x in x_ticks), (figure, x_ticks)
        assert any("ẑ" in (t.text or "") for t in svg.iter(f"{SVG}text")), figure
        assert svg.get("font-family").startswith("'DejaVu Sans'"), figure
    fonts = subprocess.run(["fc-list", ":charset=1e91", "family"], capture_output=True, text=True).stdout
    assert "DejaVu Sans" in fonts  # the first font the figures name draws ẑ here


def test_the_detectors_see_console_errors_missing_images_blank_figures_and_cut_text(tmp_path, browser):
    broken = tmp_path / "broken.html"
    broken.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>broken</title></head><body>'
        '<script>console.error("deliberately broken")</script><img src="missing.png" alt="missing">'
        '<figure id="blank"><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
        '<rect width="200" height="100" fill="white"/></svg></figure>'
        '<figure id="cut"><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
        '<text x="150" y="50" font-size="12">a legend that runs past the edge</text></svg></figure>'
        '</body></html>')
    page = browser.load(str(broken))
    assert any("deliberately broken" in e for e in page.errors), page.errors
    assert any("missing.png" in e for e in page.errors), page.errors
    assert any(url.endswith("missing.png") for url in own_requests(page))
    assert page.broken_images and page.broken_images[0].endswith("missing.png")
    assert ink(page)["blank"] == 0
    assert text_outside(page) == ["cut: 'a legend that runs past the edge'"]


def test_bad_training_options_are_one_line_and_exit_code_2(tmp_path):
    training = ["--q", "0.02", "--steps", "1000"]
    for options, message in ((training, "--sigma"), ([*training, "--sigma", "0"], "--sigma 0"),
                             ([*training, "--sigma", "1", "--chain", "--chain-bits", "0"], "--chain-bits: 0"),
                             ([*training, "--sigma", "1", "--chain-targets", "5"], "go with --chain")):
        result = run_cli("report", *options, "--delta", "1e-5", "--output", str(tmp_path / "r.html"))
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
        assert result.stdout == ""
    assert not (tmp_path / "r.html").exists()


def test_a_torchvision_data_sets_page_in_chromium_names_the_records_and_the_data_scale(tmp_path, browser):
    # The example's practitioner: torchvision FashionMNIST with ToTensor() + Normalize, Opacus's names.
    example = Path(__file__).resolve().parents[2] / "examples" / "python" / "privacy_report.py"
    done = subprocess.run([sys.executable, str(example), "--sample-rate", "0.02", "--noise-multiplier", "1.2",
                           "--epochs", "2", "--target-delta", "1e-5", "--records", "4000", "--quick", "--to-tensor",
                           "--epsilons", "1,8", "--threads", "2", "--fashion-mnist-dir", str(Path(IMAGES).parent),
                           "--data-root", str(tmp_path / "root"), "--output", str(tmp_path / "page.html")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    page = browser.load(str(tmp_path / "page.html"))
    assert page.errors == [] and page.broken_images == []
    assert re.search(r"Subset of 4000 records \(1, 28, 28\) \w+, CRC-32 [0-9a-f]{8}", page.text)  # with a fingerprint
    rmse = re.search(r"RMSE ≥ ([0-9.]+) grey levels, i\.e\. ([0-9.]+) on the data's \[0, 1\] scale", page.text)
    assert rmse, page.text
    assert float(rmse.group(2)) == pytest.approx(float(rmse.group(1)) / 255, rel=2e-3)
