"""The ecosystem's vocabulary (docs/python.md, "The ecosystem's names"): Opacus's and dp_accounting's
keywords, epochs, an Opacus accountant's history, errors in the caller's names, and one type per
result field."""

import inspect

import pytest

import reconbound
from conftest import SMALL_GRID, run_cli, without_timings
from reconbound._arguments import number_text, resolve_aliases, steps_for_epochs

HISTORY = [(1.1, 0.02, 100), (0.9, 0.05, 40)]  # Opacus: (noise_multiplier, sample_rate, num_steps)
FAST = {"sigma_tolerance": 0.05, "epsilon_error": 0.1}  # a coarse calibration: a fifth of a second


def test_the_aliases_give_what_reconbounds_names_give():
    assert (reconbound.leakage_report(sample_rate=0.02, noise_multiplier=1.2, steps=300)
            == reconbound.leakage_report(q=0.02, sigma=1.2, steps=300))
    assert (reconbound.leakage(sampling_probability=0.02, noise_multiplier=1.2, steps=300)
            == reconbound.leakage(q=0.02, sigma=1.2, steps=300))
    assert (reconbound.epsilon(sample_rate=0.02, noise_multiplier=1.2, steps=300, target_delta=1e-5)
            == reconbound.epsilon(q=0.02, sigma=1.2, steps=300, delta=1e-5))
    assert (reconbound.calibrate(target_epsilon=4, sample_rate=0.05, steps=100, target_delta=1e-5, **FAST)
            == reconbound.calibrate(target_epsilon=4, q=0.05, steps=100, delta=1e-5, **FAST))


def test_resolve_aliases_gives_reconbounds_names_and_what_the_result_states():
    resolved = resolve_aliases({"sample_rate": 0.02, "noise_multiplier": 1.2, "epochs": 3, "target_delta": None})
    assert resolved.arguments == {"q": 0.02, "sigma": 1.2, "steps": 150}
    assert resolved.caller_names == {"q": "sample_rate", "sigma": "noise_multiplier"}
    assert resolved.steps_from_epochs == {"epochs": 3, "q": 0.02, "steps": 150}


def test_epochs_are_ceil_epochs_over_q_steps_and_the_result_states_them(images):
    assert steps_for_epochs(100, 1024 / 60000) == 5860  # the paper's schedule
    assert steps_for_epochs(3, 0.03) == 100  # not 101: 3 / 0.03 is 100.00000000000001 in binary
    report = reconbound.leakage_report(sample_rate=0.02, noise_multiplier=1.2, epochs=2.5)
    assert report.steps_from_epochs.to_dict() == {"epochs": 2.5, "q": 0.02, "steps": 125}
    data = report.to_dict()
    del data["steps_from_epochs"]
    assert data == run_cli("leakage", "--q", 0.02, "--sigma", 1.2, "--steps", 125)
    calibration = reconbound.calibrate(target_epsilon=8, sample_rate=0.05, epochs=5, target_delta=1e-5, **FAST)
    assert calibration.steps == calibration.steps_from_epochs.steps == 100
    records, _ = images
    bound = reconbound.bound(perp=records[:300], est=records[300:], sample_rate=0.05, noise_multiplier=1.1, epochs=10,
                             **SMALL_GRID)
    same = reconbound.bound(perp=records[:300], est=records[300:], q=0.05, sigma=1.1, steps=200, **SMALL_GRID)
    assert bound.steps_from_epochs.steps == 200
    assert without_timings(bound.to_dict()) == without_timings(same.to_dict()) | {
        "steps_from_epochs": {"epochs": 10, "q": 0.05, "steps": 200}}


def test_a_name_given_twice_or_epochs_without_q_is_an_error_naming_them():
    with pytest.raises(reconbound.InvalidInput, match="^give sample_rate or q, not both$"):
        reconbound.leakage(sample_rate=0.02, q=0.02, sigma=1.0, steps=3)
    with pytest.raises(reconbound.InvalidInput, match="^give noise_multiplier or sigma, not both$"):
        reconbound.leakage(q=0.02, noise_multiplier=1.0, sigma=1.0, steps=3)
    with pytest.raises(reconbound.InvalidInput, match="^give delta or target_delta, not both$"):
        reconbound.epsilon(q=0.02, sigma=1.0, steps=3, delta=1e-5, target_delta=1e-5)
    with pytest.raises(reconbound.InvalidInput, match="^give epochs or steps, not both$"):
        reconbound.leakage(q=0.02, sigma=1.0, steps=3, epochs=1)
    with pytest.raises(reconbound.InvalidInput, match=r"^epochs needs q \(or sample_rate\): steps = ceil\(epochs / q\)$"):
        reconbound.calibrate(target_epsilon=8, epochs=100, delta=1e-5)
    with pytest.raises(reconbound.InvalidInput, match="^epochs = 0 must be a number > 0$"):
        reconbound.leakage(sample_rate=0.02, noise_multiplier=1.0, epochs=0)
    # An alias of a parameter the function does not take is refused under the caller's name, in one
    # line naming the functions that take it.
    with pytest.raises(TypeError, match=r"^calibrate\(\) takes no noise_multiplier \(sigma\); it goes with "
                                        r"leakage\(\), leakage_report\(\), epsilon\(\), bound\(\), report\(\)$"):
        reconbound.calibrate(target_epsilon=8, q=0.02, steps=10, delta=1e-5, noise_multiplier=1.0)
    with pytest.raises(TypeError, match=r"^chain\(\) takes no epochs \(steps\); it goes with leakage\(\), "):
        reconbound.chain(epochs=3)
    with pytest.raises(TypeError, match=r"^bound\(\) takes no target_delta \(delta\); it goes with epsilon\(\), "
                                        r"calibrate\(\), spectrum\(\), report\(\)$"):
        reconbound.bound(gamma=1.0, target_delta=1e-5)
    with pytest.raises(TypeError, match=r"^bound\(\) takes no target_epsilon; it goes with calibrate\(\)$"):
        reconbound.bound(gamma=1.0, target_epsilon=8)
    # Opacus's accountant.history passed as it is: (noise_multiplier, sample_rate, num_steps).
    with pytest.raises(reconbound.InvalidInput, match=r"schedule=schedule_from_history\(accountant.history\)$"):
        reconbound.leakage(schedule=[(1.1, 0.0043, 7032)])


def test_schedule_from_history_gives_the_gamma_and_epsilon_of_the_equivalent_schedule_file(tmp_path):
    schedule = reconbound.schedule_from_history(HISTORY)
    assert schedule == [(0.02, 1.1, 100), (0.05, 0.9, 40)]
    csv = tmp_path / "history.csv"
    csv.write_text("# q,sigma,steps\n0.02,1.1,100\n0.05,0.9,40\n")
    from_history = reconbound.leakage_report(schedule=schedule)
    assert from_history == reconbound.leakage_report(schedule=csv)
    assert from_history.to_dict() == run_cli("leakage", "--schedule", csv)
    epsilon = reconbound.epsilon(schedule=schedule, delta=1e-5)
    assert epsilon == reconbound.epsilon(schedule=csv, delta=1e-5)
    assert epsilon.to_dict() == run_cli("epsilon", "--schedule", csv, "--delta", 1e-5)
    with pytest.raises(reconbound.InvalidInput, match="^history is empty"):
        reconbound.schedule_from_history([])
    with pytest.raises(reconbound.InvalidInput, match=r"^history entry 1 is \(1.0, 0.02\); an Opacus history entry is "
                                                      r"\(noise_multiplier, sample_rate, num_steps\)$"):
        reconbound.schedule_from_history([(1.0, 0.02, 3), (1.0, 0.02)])
    # Each entry by the SDK's segment rule (as schedule= and q=, sigma=, steps= are), naming the entry.
    entry = r"^history entry 0 \(noise_multiplier, sample_rate, num_steps\) = "
    with pytest.raises(reconbound.InvalidInput, match=entry + r"\(1.0, 0.02, 2.5\): steps=2.5 must be a whole number$"):
        reconbound.schedule_from_history([(1.0, 0.02, 2.5)])
    with pytest.raises(reconbound.InvalidInput, match=entry + r"\(1.0, 0.02, 0\): steps=0 must be >= 1$"):
        reconbound.schedule_from_history([(1.0, 0.02, 0)])
    with pytest.raises(reconbound.InvalidInput, match=entry + r"\(1.0, 1.5, 3\): q=1.5 is outside \(0, 1\]$"):
        reconbound.schedule_from_history([(1.0, 1.5, 3)])
    with pytest.raises(reconbound.InvalidInput, match=entry + r"\(0.0, 0.02, 3\): sigma=0 must be > 0$"):
        reconbound.schedule_from_history([(0.0, 0.02, 3)])
    with pytest.raises(reconbound.InvalidInput, match="^history entry 0 has num_steps = True; it must be a number$"):
        reconbound.schedule_from_history([(1.0, 0.02, True)])


def message(call):
    """The message of the reconbound error `call` raises."""
    with pytest.raises((reconbound.InvalidInput, reconbound.FileError)) as error:
        call()
    return str(error.value)


def test_every_error_naming_a_parameter_speaks_the_callers_keywords(images, tmp_path):
    records, _ = images
    arrays = {"perp": records[:300], "est": records[300:], **SMALL_GRID}
    laid_out = {"data": records, "n_perp": 200, "n_est": 300, "gammas": [1.0], **SMALL_GRID}  # 100 targets left
    not_a_checkpoint = tmp_path / "notes.txt"
    not_a_checkpoint.write_text("not a checkpoint\n")
    expected = {
        lambda: reconbound.epsilon(q=0.02, sigma=1.0, steps=10):
            "no delta: give delta, or delta_exponent and n_train (delta = n_train^-delta_exponent)",
        lambda: reconbound.epsilon(sample_rate=0.02, noise_multiplier=1.0, steps=10, target_delta=2):
            "target_delta=2 is outside [1e-15, 1)",
        lambda: reconbound.epsilon(q=0.02, sigma=1.0, steps=10, target_delta=1e-5, n_train=10):
            "give either target_delta or delta_exponent with n_train, not both",
        lambda: reconbound.epsilon(q=0.02, sigma=1.0, steps=10, target_delta="small"):
            "target_delta = 'small' must be a number",
        lambda: reconbound.epsilon(q=0.02, sigma=1.0, steps=10, delta=1e-5, epsilon_error=-1):
            "epsilon_error=-1 must be > 0",
        lambda: reconbound.calibrate(target_epsilon=500, q=0.02, steps=10, delta=1e-5):
            "target_epsilon=500 is outside (0, 200]",
        lambda: reconbound.calibrate(target_epsilon=4, sample_rate=0.02, steps=10):
            "target_epsilon needs a delta: delta, or delta_exponent and n_train (delta = n_train^-delta_exponent)",
        lambda: reconbound.calibrate(target_epsilon=4, q=0.02, steps=10, delta=1e-5, sigma_tolerance=1):
            "sigma_tolerance=1 is outside (0, 0.1)",
        lambda: reconbound.calibrate(target_rho=2, q=0.02, steps=10, **arrays):
            "target_rho=2 is outside (0, 1]",
        lambda: reconbound.calibrate(target_rho=0.5, sample_rate=0.02, **arrays):
            "sample_rate and steps go together: give both, or schedule",
        lambda: reconbound.calibrate(target_rho=0.5, q=0.02, steps=10, select_only=True, **arrays):
            "select_only goes with `bound` only",
        lambda: reconbound.leakage(sample_rate=2, noise_multiplier=1.0, steps=10):
            "sample_rate=2 is outside (0, 1]",
        lambda: reconbound.leakage(sample_rate=0.02, noise_multiplier=-1, steps=10):
            "noise_multiplier=-1 must be > 0",
        lambda: reconbound.leakage(sample_rate=0.02, noise_multiplier=1.0):
            "sample_rate, noise_multiplier and steps go together: give all three or none",
        lambda: reconbound.leakage(sample_rate=0.02, noise_multiplier=1.0, steps=3, schedule=HISTORY):
            "give either sample_rate, noise_multiplier, steps or schedule, not both",
        lambda: reconbound.bound(gamma=1.0, sample_rate=0.1, noise_multiplier=1.0, steps=10, **arrays):
            "give either gamma or a schedule (sample_rate, noise_multiplier and steps, or schedule), not both",
        lambda: reconbound.bound(**arrays):
            "no leakage: give gamma (bits, one value or several) or a schedule (q, sigma and steps, or "
            "schedule)",
        lambda: reconbound.bound(data=records, perp_range=(0, 300), perp_indices=[1, 2], gamma=1.0):
            "give either perp_range or perp_indices, not both",
        lambda: reconbound.bound(data=records, perp_range=(0, 300), est_range=(300, 600), n_perp=10, gamma=1.0):
            "n_perp/n_est sizes do not go with explicit ranges or indices",
        lambda: reconbound.bound(gamma=1.0, grid_select_pairs=0, **arrays):
            "grid_select_pairs: '0' is not a whole number in [1, 1000]",
        lambda: reconbound.bound(gamma=1.0, checkpoint=not_a_checkpoint, **arrays):
            f"{not_a_checkpoint} is not a reconbound checkpoint (or was written by another version); give another "
            "checkpoint file or delete it",
        lambda: reconbound.bound(gamma=1.0, scale=1, **arrays):
            f"perp: values lie in [{number_text(records[:300].min())}, {number_text(records[:300].max())}], outside "
            "the [0, 1] that scale=1 says",
        lambda: reconbound.spectrum(epsilons=[], q=0.02, steps=10, delta=1e-5, **arrays):
            "epsilons: no target epsilon given",
        lambda: reconbound.spectrum(epsilons=[500], sample_rate=0.02, epochs=1, delta=1e-5, **arrays):
            "epsilons: 500 is outside (0, 200]",
        lambda: reconbound.chain(targets=0, **laid_out):
            "targets=0 must be at least 1",
        lambda: reconbound.chain(shadow=10, shadow_indices=[1], **laid_out):
            "give either shadow or shadow_indices, not both",
        lambda: reconbound.chain(clip=-1, **laid_out):
            "clip=-1 must be finite and > 0",
        lambda: reconbound.chain(mechanisms=["gaussian:k=2"], clip=1, **laid_out):
            "dpsgd and clip set the default rows' DP-SGD attacks; with mechanisms named, give them as "
            "dpsgd:q=Q,steps=T,clip=C",
    }
    for call, text in expected.items():
        got = message(call)
        assert got == text
        assert "--" not in got and "\u2039" not in got


def test_one_type_per_result_field_across_the_result_classes():
    classes = [c for c in vars(reconbound).values() if inspect.isclass(c) and issubclass(c, reconbound.Result)]
    assert reconbound.ReportResult in classes and reconbound.BoundResult in classes
    types = {}
    for result_class in classes:
        for field, annotation in inspect.get_annotations(result_class).items():
            types.setdefault(field, set()).add(annotation)
    assert {field: kinds for field, kinds in types.items() if len(kinds) > 1} == {}
    assert types["epsilon"] == {"float"}


def test_calibrate_for_rho_states_epsilon_as_calibrate_for_epsilon_does(images):
    records, _ = images
    rho = reconbound.calibrate(target_rho=0.3, q=0.05, steps=100, delta=1e-5, perp=records[:300], est=records[300:],
                               **FAST, **SMALL_GRID)
    epsilon = reconbound.calibrate(target_epsilon=4, q=0.05, steps=100, delta=1e-5, **FAST)
    for field in ("epsilon", "epsilon_lower", "epsilon_upper", "delta", "relation"):
        assert type(rho[field]) is type(epsilon[field]), field
    assert rho.epsilon_lower <= rho.epsilon <= rho.epsilon_upper
