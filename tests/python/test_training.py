"""One training config for every function (docs/python.md, "One training config"): a
reconbound.Training given once gives each function the fields it uses, the same numbers as the
explicit arguments; a field given twice and a wrong object are refused; help() shows it."""

import inspect

import pytest

import reconbound
from conftest import SMALL_GRID, without_timings

OPACUS = dict(sample_rate=0.02, noise_multiplier=1.1, epochs=2, target_delta=1e-5)  # 100 steps


@pytest.fixture(scope="module")
def training():
    return reconbound.Training.from_opacus(**OPACUS)


def test_one_training_serves_every_function_with_the_numbers_of_explicit_arguments(training, images):
    records, _ = images
    assert reconbound.leakage(training=training) == reconbound.leakage(q=0.02, sigma=1.1, steps=100)
    assert reconbound.epsilon(training=training).epsilon == reconbound.epsilon(q=0.02, sigma=1.1, steps=100,
                                                                              delta=1e-5).epsilon
    # calibrate chooses σ: it takes q, steps and δ of the training and leaves its σ aside.
    assert reconbound.calibrate(training=training, target_epsilon=4).sigma == \
        reconbound.calibrate(q=0.02, steps=100, delta=1e-5, target_epsilon=4).sigma
    # bound charges γ: it takes the schedule and leaves δ aside.
    from_training = reconbound.bound(perp=records[:300], est=records[300:], training=training, **SMALL_GRID)
    explicit = reconbound.bound(perp=records[:300], est=records[300:], q=0.02, sigma=1.1, steps=100, **SMALL_GRID)
    stated = from_training.to_dict()
    assert stated.pop("steps_from_epochs") == {"epochs": 2, "q": 0.02, "steps": 100}  # as epochs= states it
    assert without_timings(stated) == without_timings(explicit.to_dict())


def test_an_opacus_history_makes_the_same_training_as_its_schedule():
    history = [(1.1, 0.02, 60), (1.3, 0.02, 40)]
    from_history = reconbound.Training.from_opacus(history=history, target_delta=1e-5)
    assert from_history.schedule == [(0.02, 1.1, 60), (0.02, 1.3, 40)]
    assert reconbound.leakage(training=from_history) == reconbound.leakage(schedule=[(0.02, 1.1, 60), (0.02, 1.3, 40)])


def test_a_field_given_twice_and_a_wrong_object_are_refused_in_one_line(training):
    with pytest.raises(reconbound.InvalidInput, match=r"^q is given twice: in training and as an argument"):
        reconbound.leakage(training=training, sample_rate=0.1)
    with pytest.raises(reconbound.InvalidInput, match=r"^training must be a reconbound.Training, not dict$"):
        reconbound.leakage(training={"q": 0.02})
    with pytest.raises(reconbound.InvalidInput, match=r"^give history, or sample_rate"):
        reconbound.Training.from_opacus(history=[(1.1, 0.02, 60)], sample_rate=0.02)


def test_help_shows_training_beside_each_functions_keywords():
    for name in ("leakage", "leakage_report", "epsilon", "calibrate", "bound", "spectrum", "chain", "report"):
        assert "training" in inspect.signature(getattr(reconbound, name)).parameters, name
