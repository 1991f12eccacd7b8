"""What the Python module says ρ* is (§6.8): its reprs take the certificate's own words, and no
docstring of the package calls ρ* certified outright (with normaliser="sample" it is not)."""

import re
from pathlib import Path

import pytest

import reconbound
from conftest import SMALL_GRID

# "certified ρ*", "certified lower bound ρ*", "certified rho*": true of one normaliser only.
OVER_CLAIM = re.compile(r"certified\s+(lower\s+bound\s+)?(ρ\*|rho\*|rho_star)", re.IGNORECASE)


def test_no_docstring_or_comment_of_the_package_calls_rho_star_certified_outright():
    package = Path(reconbound.__file__).parent
    sources = sorted(package.glob("*.py")) + sorted(package.glob("*.pyi"))
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
