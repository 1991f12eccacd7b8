"""What the Python module says ρ* is (§6.8): its reprs take the certificate's own words, and no
docstring of the package calls ρ* certified outright (with normaliser="sample" it is not)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import reconbound
from conftest import SMALL_GRID

# "certified ρ*", "certified lower bound ρ*", "certified rho*": true of one normaliser only.
OVER_CLAIM = re.compile(r"certified\s+(lower\s+bound\s+)?(ρ\*|rho\*|rho_star)", re.IGNORECASE)


def test_no_docstring_or_comment_of_the_package_calls_rho_star_certified_outright():
    package = Path(reconbound.__file__).parent
    # results_schema.json holds the result classes' docstrings (their per-field texts too).
    sources = sorted(package.glob("*.py")) + sorted(package.glob("*.pyi")) + [package / "results_schema.json"]
    assert len(sources) >= 8
    for source in sources:
        text = source.read_text()
        match = OVER_CLAIM.search(text)
        assert match is None, f"{source.name} says {match.group(0)!r}"


@pytest.mark.parametrize("normaliser", ["ucb", "sample"])
def test_a_results_repr_says_what_rho_star_is_in_the_certificates_words(images, normaliser):
    records, _ = images
    result = reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, normaliser=normaliser, **SMALL_GRID)
    label = result.certificate.rho_label
    assert f"rho_star_is={label!r}" in repr(result)
    if normaliser == "ucb":
        assert label == "ρ* (certified, probability ≥ 95 %)"
    else:
        assert label == "ρ* (point normalisation, not certified)"
        assert OVER_CLAIM.search(repr(result)) is None



def test_an_attack_that_beats_rho_star_is_a_warning_and_a_listed_violation():
    # tests/chain's prior-mean-double with its errors divided by 1,000 (§9): found through
    # RECONBOUND_PLUGIN_PATH, which the registry reads once per process, hence a fresh one.
    env = dict(os.environ, RECONBOUND_PLUGIN_PATH=os.environ["RECONBOUND_CHAIN_DOUBLE_DIR"])
    code = """if True:
        import json, warnings, reconbound
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = reconbound.chain(data="fashion-mnist", n_perp=300, n_est=600, targets=10, gammas=[0.5],
                                      bits=[1], mechanisms=["prior-mean-double:error_factor=1e-3"], bootstrap=20,
                                      grid_k=[4], grid_nu2=[0.4], threads=2)
        print(json.dumps({"warnings": [[w.category.__name__, str(w.message)] for w in caught],
                          "violations": result.to_dict()["violations"]}))
    """
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [v["mechanism"] for v in out["violations"]] == ["prior-mean-double"]
    v = out["violations"][0]
    assert v["rho"] + 3 * v["standard_error"] < v["rho_star"]
    assert out["warnings"] == [["ChainViolationWarning", v["sentence"]]]
    assert v["sentence"].startswith("mechanism prior-mean-double's attack prior-mean-double:error_factor=1e-3 at")
