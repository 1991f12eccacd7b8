"""checkpoint=FILE keeps a long job's finished work items (docs/checkpoints.md): a rerun of the
same call, also after the file was cut mid-record by a kill, returns the uninterrupted result;
a call with other arguments or data is refused naming the argument."""

import pytest

import reconbound
from conftest import SMALL_GRID, without_timings


def bound(records, checkpoint, **changes):
    arguments = {"perp": records[:300], "est": records[300:], "gamma": [1.0, 8.0], "grid_select": "none",
                 **SMALL_GRID, **changes}
    if checkpoint is not None:
        arguments["checkpoint"] = str(checkpoint)
    return without_timings(reconbound.bound(**arguments).to_dict())


def test_a_rerun_and_a_resumed_run_give_the_uninterrupted_result(images, tmp_path):
    records, _ = images
    reference = bound(records, None)
    path = tmp_path / "run.ckpt"
    assert bound(records, path) == reference
    size = path.stat().st_size
    assert bound(records, path, threads=1) == reference  # threads change no result: the same file serves
    with open(path, "r+b") as f:
        f.truncate(size * 2 // 3)  # a kill mid-write
    assert bound(records, path) == reference
    assert path.stat().st_size == size


def test_other_arguments_or_data_are_refused_naming_them(images, tmp_path):
    records, _ = images
    path = tmp_path / "run.ckpt"
    bound(records, path)
    with pytest.raises(reconbound.InvalidInput, match="argument alpha was '0.05' there and is '0.1' now"):
        bound(records, path, alpha=0.1)
    changed = records.copy()
    changed[-1, 0, 0, 0] += 1.0
    with pytest.raises(reconbound.InvalidInput, match="argument est was 'array shape"):
        bound(changed, path)


def test_calibrate_and_spectrum_resume_too(images, tmp_path):
    records, _ = images
    for job, arguments in (
        (reconbound.calibrate, {"target_rho": 0.3, "q": 0.02, "steps": 1000}),
        (reconbound.spectrum, {"epsilons": [2, 8], "q": 1, "steps": 1, "delta": 1e-5}),
    ):
        common = {"perp": records[:300], "est": records[300:], "grid_select": "none", **SMALL_GRID, **arguments}
        reference = without_timings(job(**common).to_dict())
        path = tmp_path / f"{job.__name__}.ckpt"
        assert without_timings(job(**common, checkpoint=str(path)).to_dict()) == reference
        with open(path, "r+b") as f:
            f.truncate(path.stat().st_size // 2)
        assert without_timings(job(**common, checkpoint=str(path)).to_dict()) == reference
