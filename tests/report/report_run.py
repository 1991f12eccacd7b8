"""A quick report for the tests: `reconbound report` on 500 + 500 Fashion-MNIST records, two target ε
(one below 1, so that the strong-privacy tier holds a point), a small grid, a coarse σ tolerance
and wide ε error bars: seconds, not minutes."""

from __future__ import annotations

import json
import re
import os
import subprocess
from pathlib import Path

CLI = os.environ["RECONBOUND_CLI"]
IMAGES = os.environ["RECONBOUND_TEST_IMAGES"]
TIMEOUT_S = 240

TRAINING = {"q": 0.02, "sigma": 1.0, "steps": 1000, "delta": 1e-5}
EPSILONS = (0.5, 8)
QUICK_OPTIONS = ["--data", f"idx:{IMAGES}", "--perp", "500", "--est", "500", "--epsilons",
                 ",".join(str(e) for e in EPSILONS), "--grid-k", "1,4,16", "--sigma-tolerance", "5e-2",
                 "--epsilon-error", "0.05", "--threads", "2", "--quiet"]
CHAIN_OPTIONS = ["--chain", "--chain-targets", "20", "--chain-bits", "1,2"]


def run_cli(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([CLI, *arguments], capture_output=True, text=True, timeout=TIMEOUT_S)


def cli_report(folder: Path, *extra: str) -> tuple[dict, Path]:
    """Runs the quick report into `folder`: its --json output and the page's path."""
    page = folder / "report.html"
    training = [f"--{name}={value}" for name, value in TRAINING.items()]
    result = run_cli("report", *training, *QUICK_OPTIONS, *extra, "--output", str(page), "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), page


def page_statement(ascii_statement: str) -> str:
    """The certificate's sentence as the page writes it: the JSON's ASCII in Unicode (≥, ρ*, Ψ, "95 %")."""
    out = ascii_statement
    for ascii_text, unicode_text in ((">=", "≥"), ("rho*", "ρ*"), ("Psi", "Ψ"), ("tr Sigma-hat", "tr Σ̂")):
        out = out.replace(ascii_text, unicode_text)
    return re.sub(r"(\d)%", r"\1 %", out)
