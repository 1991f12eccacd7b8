"""bound(by_label=True): one bound ρ* per label beside the pooled bound (docs/mathematics.md §6.10;
docs/python.md, "Which class is most exposed"), checked against the CLI's `bound --by-label --json`
(an independent front end on the same core), for labels given every way Python holds them, and each
bad label refused in one line."""

import subprocess
import sys

import numpy as np
import pytest

import reconbound
from conftest import SMALL_GRID, SOURCE_DIR, assert_fields_declared, fashion_mnist_dir, run_cli, without_timings

# Fashion-MNIST's quick split with one grid pair and one Monte Carlo draw: ten labels in about a second.
FAST = {"gamma": 2.0, "grid_k": [16], "grid_nu2": [0.8], "mc_samples": 1, "threads": 2}
FAST_FLAGS = ["--gamma", 2, "--grid-k", 16, "--grid-nu2", 0.8, "--mc-samples", 1, "--threads", 2]
# The images fixture's 600 records, split at random 300 + 300, labelled 0, 1, 2 in turn.
SPLIT = {"n_perp": 300, "n_est": 300, "seed": 3, "gamma": 1.0, **SMALL_GRID}


def labels_of(count):
    return np.arange(count) % 3


def same_rows(a, b):
    """Two results' rows hold the same numbers: every field of every row but where the labels came from."""
    assert [without_timings(row) for row in a.to_dict()["by_label"]] == [
        without_timings(row) for row in b.to_dict()["by_label"]]


class FakeVisionDataset:
    """What a torchvision data set offers: ``data``, ``targets``, ``classes`` and (image, label) items."""

    def __init__(self, images, targets, classes):
        self.data, self.targets, self.classes = images, targets, classes

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index], int(self.targets[index])


def test_fashion_mnist_rows_equal_the_clis():
    cli = run_cli("bound", "--by-label", "--quick", *FAST_FLAGS)
    result = reconbound.bound(by_label=True, quick=True, **FAST)
    assert isinstance(result, reconbound.ByLabelResult) and isinstance(result.pooled, reconbound.BoundResult)
    assert "ByLabelResult" in reconbound.__all__
    assert_fields_declared(reconbound.ByLabelResult, cli)
    assert [without_timings(row) for row in result.to_dict()["by_label"]] == [
        without_timings(row) for row in cli["by_label"]]
    assert result.to_dict()["by_label_certificate"] == cli["by_label_certificate"]
    assert without_timings(result.to_dict()["pooled"]) == without_timings(cli["pooled"])
    assert result.labels_source == cli["labels_source"]
    # Fashion-MNIST's ten classes, the smallest guaranteed error first, each at alpha/10.
    rows = result.by_label
    assert sorted(row.label for row in rows) == list(range(10))
    assert [row.abs_bound for row in rows] == sorted(row.abs_bound for row in rows)
    assert {row.certificate_alpha for row in rows} == {0.05 / 10}
    assert result.most_exposed.name == rows[0].name and rows[0].name in result.by_label_certificate.statement
    assert repr(result).startswith(f"ByLabelResult(labels=10, level=0.95, most_exposed={rows[0].name!r}, ")


def test_an_array_of_labels_equals_its_npy_file(images, tmp_path):
    records, path = images
    labels = labels_of(len(records))
    np.save(tmp_path / "labels.npy", labels)
    from_file = reconbound.bound(data=f"npy:{path}", by_label=True, labels=f"npy:{tmp_path / 'labels.npy'}", **SPLIT)
    from_array = reconbound.bound(data=f"npy:{path}", by_label=True, labels=labels, **SPLIT)
    same_rows(from_file, from_array)
    assert [row.n_perp + row.n_est for row in from_array.by_label] == [200, 200, 200]
    assert from_array.labels_source == "labels (ndarray)"
    # The same labels as a list, as a torch tensor and as whole floats; and the records as an array.
    import torch

    for same in (labels.tolist(), torch.from_numpy(labels), labels.astype(np.float32)):
        same_rows(from_array, reconbound.bound(data=f"npy:{path}", by_label=True, labels=same, **SPLIT))
    same_rows(from_array, reconbound.bound(data=records, by_label=True, labels=labels, **SPLIT))


def test_names_from_a_list_or_a_file(images, tmp_path):
    _, path = images
    names = ["circle", "square", "triangle"]
    (tmp_path / "names.txt").write_text("\n".join(names) + "\n")
    from_list = reconbound.bound(data=f"npy:{path}", by_label=True, labels=labels_of(600), label_names=names, **SPLIT)
    from_file = reconbound.bound(data=f"npy:{path}", by_label=True, labels=labels_of(600),
                                 label_names=tmp_path / "names.txt", **SPLIT)
    assert sorted(row.name for row in from_list.by_label) == names
    same_rows(from_list, from_file)


def test_a_torchvision_like_data_set_gives_its_targets_and_classes(images):
    records, _ = images
    uint8 = np.round(records).astype(np.uint8)[:, 0]  # (N, 28, 28), as torchvision's .data
    classes = ["circle", "square", "triangle"]
    import torch

    dataset = FakeVisionDataset(uint8, torch.from_numpy(labels_of(600)), classes)
    from_object = reconbound.bound(data=dataset, by_label=True, **SPLIT)
    given = reconbound.bound(data=uint8, by_label=True, labels=labels_of(600), label_names=classes, **SPLIT)
    same_rows(from_object, given)
    assert sorted(row.name for row in from_object.by_label) == classes
    assert from_object.labels_source == "FakeVisionDataset's targets (Tensor)"
    # A torch Subset of it: the targets of the records it picks.
    subset = torch.utils.data.Subset(dataset, range(300, 600))
    picked = reconbound.bound(data=subset, by_label=True, **{**SPLIT, "n_perp": 150, "n_est": 150})
    same_rows(picked, reconbound.bound(data=uint8[300:], by_label=True, labels=labels_of(600)[300:],
                                       label_names=classes, **{**SPLIT, "n_perp": 150, "n_est": 150}))


def bad(**arguments):
    """The one-line InvalidInput of a by-label bound on the images fixture's file."""
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.bound(**{**SPLIT, **arguments})
    message = str(error.value)
    assert "\n" not in message
    return message


def test_every_bad_label_is_one_line(images):
    records, path = images
    data = f"npy:{path}"
    labels = labels_of(600)
    assert bad(data=data, by_label=True, labels=labels[:599]) == (
        f"labels (ndarray) holds 599 labels but the data set {data} has 600 records; give one label per record")
    assert bad(data=data, by_label=True, labels=np.where(labels == 1, 2.5, labels)) == (
        "labels: record 1 has label 2.5; a label is a whole number in [0, 2^31)")
    assert bad(data=data, by_label=True, labels=np.where(labels == 2, np.nan, labels)) == (
        "labels: record 2 has label nan; a label is a whole number in [0, 2^31)")
    assert bad(data=data, by_label=True, labels=labels - 1) == (
        "labels: record 0 has label -1; a label is a whole number in [0, 2^31)")
    assert bad(data=data, by_label=True, labels=labels.astype(str)) == (
        "labels of type <U21 are not whole numbers; give integers, one per record")
    assert bad(data=data, by_label=True, labels=labels.reshape(300, 2)) == (
        "labels must be one-dimensional, one label per record; got 2 dimensions")
    assert bad(data=data, labels=labels) == "bound(): labels go with by_label=True (one bound per label)"
    assert bad(data=data, label_names=["a"]) == "bound(): label_names go with by_label=True (one bound per label)"
    assert bad(perp=records[:300], est=records[300:], by_label=True, labels=labels, n_perp=None, n_est=None) == (
        "a bound per label needs the data set and its labels, not D_perp and D_est")
    assert bad(data=records, by_label=True) == (
        "records given as an array carry no labels: give labels (an array of whole numbers, one per record)")
    assert bad(data=data, by_label=True, labels=labels, label_names=["a", "b"]) == (
        "label_names holds 2 names but the labels run to 2; give one name per label, names[c] naming label c")
    assert bad(data=data, by_label=True, labels=labels, label_names=["a", "", "c"]) == "label_names: name 1 is empty"
    # Label 3 has one record, the first: in D_perp of explicit ranges, none in D_est.
    lonely = np.where(np.arange(600) == 0, 3, labels)
    message = bad(data=data, by_label=True, labels=lonely, n_perp=None, n_est=None, perp_range=(0, 300),
                  est_range=(300, 600))
    assert message.startswith("label 3 ") and "has no record in D_est" in message


def test_the_example_prints_the_rows_of_the_call(tmp_path):
    done = subprocess.run(
        [sys.executable, SOURCE_DIR / "examples" / "python" / "by_label.py", "--records", "4000", "--quick",
         "--grid-k", "16", "--grid-nu2", "0.8", "--threads", "2", "--fashion-mnist-dir", fashion_mnist_dir()],
        capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[1].split()[:4] == ["class", "n_est", "rho*", "RMSE"]
    rows = [(line[:14].rstrip(), *line[14:].split()[:3]) for line in out[2:-1]]
    # The same call on the same records (the data root the example made from Debian's files).
    import torch
    from torchvision.datasets import FashionMNIST

    test_set = torch.utils.data.Subset(FashionMNIST(tmp_path / "fashion-mnist-torchvision", train=False), range(4000))
    same = reconbound.bound(data=test_set, by_label=True, sample_rate=1024 / 60000, noise_multiplier=1.0512,
                            epochs=100, quick=True, grid_k=[16], grid_nu2=[0.8], threads=2)
    assert out[0] == (f"pooled:   rho* = {same.pooled.rho_star:.4f} over all classes (its own statement, level 0.95)")
    assert rows == [(row.name, str(row.n_est), f"{row.rho_star:.4f}", f"{row.rmse_per_coordinate:.4g}")
                    for row in same.by_label]
    assert len(rows) == 10 and out[-1] == same.by_label_certificate.statement


def without_seconds(value):
    """A JSON value without what differs between runs: timings_s and seconds, at any depth."""
    if isinstance(value, dict):
        return {k: without_seconds(v) for k, v in value.items() if k not in ("timings_s", "seconds")}
    if isinstance(value, list):
        return [without_seconds(v) for v in value]
    return value


def test_calibrate_and_spectrum_per_label_equal_the_clis(images, tmp_path):
    _, path = images
    np.save(tmp_path / "labels.npy", labels_of(600))
    schedule = {"q": 0.05, "steps": 20, "delta": 1e-5}
    flags = ["--q", 0.05, "--steps", 20, "--delta", 1e-5, "--data", f"npy:{path}", "--perp", 300, "--est", 300,
             "--seed", 3, "--grid-k", "4,8", "--grid-nu2", "0.4,1.6", "--threads", 2, "--by-label", "--labels",
             f"npy:{tmp_path / 'labels.npy'}"]
    split = {key: value for key, value in SPLIT.items() if key != "gamma"}
    for result, cli, result_class in [
            (reconbound.calibrate(target_rho=0.1, sigma_tolerance=0.05, data=f"npy:{path}", by_label=True,
                                  labels=labels_of(600), **schedule, **split),
             run_cli("calibrate", "--target-rho", 0.1, "--sigma-tolerance", 0.05, *flags),
             reconbound.RhoCalibrationByLabelResult),
            (reconbound.spectrum(epsilons=[4], data=f"npy:{path}", by_label=True, labels=labels_of(600), **schedule,
                                 **split),
             run_cli("spectrum", "--epsilons", 4, *flags, "--svg", tmp_path / "spectrum.svg"),
             reconbound.SpectrumByLabelResult)]:
        assert isinstance(result, result_class)
        assert_fields_declared(result_class, cli)
        mine = result.to_dict()
        assert mine.pop("labels_source") == "labels (ndarray)" and cli.pop("labels_source").startswith("npy:")
        assert mine.pop("figure", "") == "" and cli.pop("figure", str(tmp_path / "spectrum.svg")).endswith(".svg")
        assert without_seconds(mine) == without_seconds(cli)
        assert len(mine["by_label"]) == 3
    calibration = reconbound.calibrate(target_rho=0.1, sigma_tolerance=0.05, data=f"npy:{path}", by_label=True,
                                       labels=labels_of(600), **schedule, **split)
    assert isinstance(calibration.pooled, reconbound.RhoCalibrationResult)
    assert calibration.by_label[0].label == calibration.binding_label
    assert calibration.sigma >= calibration.pooled.sigma or calibration.pooled.sigma_at_range_min
    with pytest.raises(reconbound.InvalidInput, match=r"^target_epsilon takes no data or bound options \(by_label;"):
        reconbound.calibrate(target_epsilon=4, by_label=True, **schedule)


def test_a_checkpoint_resumes_the_same_labels_and_refuses_others(images, tmp_path):
    _, path = images
    checkpoint = tmp_path / "by_label.checkpoint"
    first = reconbound.bound(data=f"npy:{path}", by_label=True, labels=labels_of(600), checkpoint=checkpoint, **SPLIT)
    resumed = reconbound.bound(data=f"npy:{path}", by_label=True, labels=labels_of(600), checkpoint=checkpoint,
                               **SPLIT)
    same_rows(first, resumed)
    with pytest.raises(reconbound.InvalidInput, match=r"was written for another run: argument labels was 'array"):
        reconbound.bound(data=f"npy:{path}", by_label=True, labels=(labels_of(600) + 1) % 3, checkpoint=checkpoint,
                         **SPLIT)
