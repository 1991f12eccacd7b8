"""The examples of examples/python/ run at quick sizes and print what the module computes."""

import gzip
import html
import importlib.util
import re
import subprocess
import sys

import numpy as np

import reconbound
from conftest import SOURCE_DIR, fashion_mnist_dir

EXAMPLES = SOURCE_DIR / "examples" / "python"


def run_example(name, *args, cwd):
    done = subprocess.run([sys.executable, EXAMPLES / name, *args], capture_output=True, text=True, cwd=cwd)
    assert done.returncode == 0, done.stderr
    return done


def test_opacus_config_prints_gamma_epsilon_and_rho(tmp_path):
    out = run_example("opacus_config.py", "--sample-rate", "0.02", "--noise-multiplier", "1.2", "--epochs", "2",
                      "--dataset-size", "60000", "--quick", "--threads", "2", cwd=tmp_path).stdout.splitlines()
    gamma = reconbound.leakage(q=0.02, sigma=1.2, steps=100)
    eps = reconbound.epsilon(q=0.02, sigma=1.2, steps=100, delta_exponent=1.1, n_train=60000)
    assert out[0] == "schedule: q = 0.02, sigma = 1.2, T = 100 steps (2 epochs)"
    assert out[1] == f"gamma:    {gamma:.6g} bits"
    assert out[2].startswith(f"epsilon:  {eps.epsilon:.4f} in [{eps.epsilon_lower:.4f}, {eps.epsilon_upper:.4f}]")
    assert out[3].startswith("rho*:     ") and "n_est = 2000" in out[3]
    # the default normaliser (an upper confidence bound on tr Sigma) certifies rho* itself at 1 - alpha
    assert out[3].endswith("certifies rho_star at level 0.95)")
    rho = float(out[3].split()[1])
    assert out[4].startswith("With probability >= 95% over the data sample and the Monte Carlo draws, every "
                             "attack's RMSE in Psi is at least ")
    stated = re.search(r"\(rho\* = ([0-9.]+);", out[4])
    assert stated and abs(float(stated[1]) - rho) <= 1e-4  # the same rho*, printed to 5 and 4 places


def test_rho_vs_sigma_prints_the_table_and_draws_when_it_can(tmp_path):
    done = run_example("rho_vs_sigma.py", "--sigmas", "0.8,2", "--steps", "500", "--quick", "--output", "rho.png",
                       cwd=tmp_path)
    rows = done.stdout.splitlines()
    assert rows[0].split() == ["sigma", "gamma", "(bits)", "rho*"]
    sigmas = [float(r.split()[0]) for r in rows[1:-1]]
    rhos = [float(r.split()[2]) for r in rows[1:-1]]
    assert sigmas == [0.8, 2.0] and rhos[0] <= rhos[1]  # more noise certifies at least as much
    assert rows[-1] == "every rho* above holds, all rows at once, with probability >= 0.95"
    if importlib.util.find_spec("matplotlib") is None:
        assert "matplotlib is missing" in done.stderr
    else:
        assert (tmp_path / "rho.png").stat().st_size > 0


def test_privacy_report_goes_from_a_torchvision_data_set_to_the_page(tmp_path):
    training = ["--sample-rate", "0.02", "--noise-multiplier", "1.2", "--epochs", "2", "--target-delta", "1e-5"]
    out = run_example("privacy_report.py", *training, "--records", "4000", "--quick", "--epsilons", "1,8",
                      "--threads", "2", "--fashion-mnist-dir", fashion_mnist_dir(), "--output", "page.html",
                      cwd=tmp_path).stdout.splitlines()
    assert out[0] == "report:   page.html"
    assert out[1] == "training: q = 0.02, sigma = 1.2, T = 100 steps (2 epochs)"  # ceil(2 / 0.02) steps
    rho = float(out[4].split()[1])
    page = html.unescape((tmp_path / "page.html").read_text())
    # the certificate's sentence is the page's headline, written there in Unicode (≥, ρ*, Ψ, "95 %")
    in_unicode = re.sub(r"(\d)%", r"\1 %", out[5].replace(">=", "≥").replace("rho*", "ρ*").replace("Psi", "Ψ"))
    assert in_unicode in page

    # The same records as a NumPy array, under reconbound's own names: the same numbers.
    with gzip.open(fashion_mnist_dir() / "t10k-images-idx3-ubyte.gz") as packed:
        records = np.frombuffer(packed.read(), dtype=np.uint8, offset=16).reshape(-1, 1, 28, 28)[:4000]
    same = reconbound.report(tmp_path / "same.html", data=records, q=0.02, sigma=1.2, steps=100, delta=1e-5,
                             epsilons=[1, 8], quick=True, threads=2)
    assert f"{same.rho_star:.4f}" == f"{rho:.4f}"
    assert out[2].startswith(f"epsilon:  {same.epsilon:.4f} in [{same.epsilon_lower:.4f}, {same.epsilon_upper:.4f}]")
    assert out[3] == f"gamma:    {same.gamma_bits:.6g} bits"
    assert out[5] == same.certificate.statement
