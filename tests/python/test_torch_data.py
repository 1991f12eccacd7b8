"""Records from PyTorch (docs/python.md, "Data from NumPy and PyTorch"): tensors read in place, map-style
data sets stacked, torchvision's FashionMNIST over Debian's files giving the bound of the same records
read by the core; data scaled to [0, 1] or laid out channels last refused, naming scale or layout."""

import gzip
import inspect
import shutil

import numpy as np
import pytest

import reconbound
from conftest import SMALL_GRID, SMALL_GRID_FLAGS, fashion_mnist_dir, run_cli, without_timings
from reconbound import _reconbound
from reconbound._data import records_array

torch = pytest.importorskip("torch")
torchvision = pytest.importorskip("torchvision")
RANGES = {"perp_range": (0, 300), "est_range": (300, 600)}


@pytest.fixture(scope="session")
def torchvision_root(tmp_path_factory):
    """A root folder for torchvision.datasets.FashionMNIST over Debian's files.

    torchvision 0.14 reads root/FashionMNIST/raw/<name> without the .gz (it decompresses what it
    downloads), and checks that all four files exist. The test set is decompressed here; the
    training files, which train=False never reads, are links to Debian's.
    """
    root = tmp_path_factory.mktemp("torchvision")
    raw = root / "FashionMNIST" / "raw"
    raw.mkdir(parents=True)
    for name in ("t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte"):
        with gzip.open(fashion_mnist_dir() / f"{name}.gz") as packed, open(raw / name, "wb") as out:
            shutil.copyfileobj(packed, out)
    for name in ("train-images-idx3-ubyte", "train-labels-idx1-ubyte"):
        (raw / name).symlink_to(fashion_mnist_dir() / f"{name}.gz")
    return root


def test_a_float64_tensor_is_read_in_place_and_others_are_converted(images):
    records, _ = images
    tensor = torch.from_numpy(records)
    assert _reconbound.records_probe(records_array(tensor, "perp")) == (tensor.data_ptr(), False)
    rows = tensor[100:200]  # whole records: still contiguous
    assert _reconbound.records_probe(records_array(rows, "perp")) == (rows.data_ptr(), False)
    single = tensor.float()
    address, copied = _reconbound.records_probe(records_array(single, "perp"))
    assert copied and address != single.data_ptr()


def test_tensors_give_the_bound_of_their_arrays(images):
    records, _ = images
    tensor = torch.from_numpy(records)
    from_tensors = reconbound.bound(perp=tensor[:300], est=tensor[300:], gamma=1.0, **SMALL_GRID)
    from_arrays = reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, **SMALL_GRID)
    assert without_timings(from_tensors.to_dict()) == without_timings(from_arrays.to_dict())
    assert from_tensors.data.startswith("perp: Tensor of 300 records (1, 28, 28) float64, CRC-32 ")


def test_tensors_the_core_cannot_read_in_place_are_refused_saying_what_to_do(images):
    records, _ = images
    tensor = torch.from_numpy(records)
    with pytest.raises(reconbound.InvalidInput, match=r"^perp: a tensor that requires grad; pass tensor.detach\(\)$"):
        reconbound.bound(perp=tensor[:300].clone().requires_grad_(), est=tensor[300:], gamma=1.0)
    elsewhere = torch.empty((4, 1, 28, 28), device="meta")  # not on the CPU, as a CUDA tensor
    with pytest.raises(reconbound.InvalidInput, match=r"^est: a tensor on meta; move it to the CPU with .cpu\(\)$"):
        reconbound.bound(perp=tensor[:300], est=elsewhere, gamma=1.0)
    with pytest.raises(reconbound.InvalidInput, match=r"^perp: a tensor of torch.bfloat16 has no NumPy view .*\.float\(\)"):
        reconbound.bound(perp=tensor[:300].bfloat16(), est=tensor[300:], gamma=1.0)


def test_values_in_0_1_are_refused_naming_scale_and_scale_1_reads_them_as_grey_levels(images):
    records, path = images
    unit = torch.from_numpy(records / 255).float()
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.bound(perp=unit[:300], est=unit[300:], gamma=1.0, **SMALL_GRID)
    assert str(error.value).startswith("perp: float values all <= 1 (the largest is ")
    assert str(error.value).endswith("give scale=1 to multiply them by 255, or scale=255 to read them as they are")
    scaled = reconbound.bound(perp=unit[:300], est=unit[300:], gamma=1.0, scale=1, **SMALL_GRID)
    expected = run_cli("bound", "--data", f"npy:{path}", "--perp-range", "0:300", "--est-range", "300:600",
                       "--gamma", 1, *SMALL_GRID_FLAGS)
    assert scaled.rho_star == pytest.approx(expected["rho_star"], rel=1e-5)  # float32's rounding, times 255
    # A scale said is checked: grey levels are not in [0, 1], and 2 is no scale.
    with pytest.raises(reconbound.InvalidInput, match=r"^perp: values lie in \[.*\], outside the \[0, 1\] that scale=1 says$"):
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, scale=1)
    with pytest.raises(reconbound.InvalidInput, match=r"^scale=2 must be 255 \(grey levels\) or 1"):
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, scale=2)


def test_channels_last_is_refused_naming_layout_and_nhwc_reads_it(images):
    records, _ = images
    colour = np.repeat(records, 3, axis=1)  # (N, 3, 28, 28)
    last = torch.from_numpy(np.ascontiguousarray(colour.transpose(0, 2, 3, 1)))  # (N, 28, 28, 3)
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.bound(perp=last[:300], est=last[300:], gamma=1.0, **SMALL_GRID)
    assert str(error.value) == ('perp: records (28, 28, 3) end in an axis of 3, smaller than the two before it, as '
                                'channels-last images do; give layout="NHWC" to read them as (H, W, C), or '
                                'layout="NCHW" to read them as (C, H, W)')
    as_last = reconbound.bound(perp=last[:300], est=last[300:], gamma=1.0, layout="NHWC", **SMALL_GRID)
    as_first = reconbound.bound(perp=colour[:300], est=colour[300:], gamma=1.0, **SMALL_GRID)
    assert without_timings(as_last.to_dict()) == without_timings(as_first.to_dict())
    # A layout said is obeyed, and checked.
    said_first = reconbound.bound(perp=last[:300], est=last[300:], gamma=1.0, layout="NCHW", **SMALL_GRID)
    assert said_first.m == 28 * 28 * 3
    with pytest.raises(reconbound.InvalidInput, match=r'^perp: layout="NHWC" reads records \(N, H, W, C\), but the '
                                                      r"array has 3 dimensions$"):
        reconbound.bound(perp=records[:300, 0], est=records[300:, 0], gamma=1.0, layout="NHWC")
    with pytest.raises(reconbound.InvalidInput, match=r'^layout="HWC" must be "NCHW" \(channels first\) or "NHWC"'):
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, layout="HWC")


def test_an_npy_file_is_checked_as_an_array_is(images, tmp_path):
    records, _ = images
    path = tmp_path / "unit.npy"
    np.save(path, records / 255)
    with pytest.raises(reconbound.InvalidInput, match=r"unit.npy: float values all <= 1 .* give scale=1 "):
        reconbound.bound(data=f"npy:{path}", gamma=1.0, **RANGES, **SMALL_GRID)
    result = reconbound.bound(data=f"npy:{path}", scale=1, gamma=1.0, **RANGES, **SMALL_GRID)
    expected = run_cli("bound", "--data", f"npy:{path}", "--scale", 1, "--perp-range", "0:300", "--est-range",
                       "300:600", "--gamma", 1, *SMALL_GRID_FLAGS)
    assert without_timings(result.to_dict()) == without_timings(expected)
    with pytest.raises(reconbound.InvalidInput, match="^layout is for arrays and npy: files; the data set "
                                                      "'fashion-mnist' is read as it is stored$"):
        reconbound.bound(data="fashion-mnist", layout="NCHW", gamma=1.0)


def test_torchvision_fashion_mnist_gives_the_bound_of_the_same_records(torchvision_root):
    dataset = torchvision.datasets.FashionMNIST(torchvision_root, train=False)
    image, label = dataset[0]
    assert image.mode == "L" and isinstance(label, int)  # (PIL image, label) pairs
    t10k = f"idx:{fashion_mnist_dir() / 't10k-images-idx3-ubyte.gz'}"
    from_dataset = reconbound.bound(data=dataset, gamma=1.0, **RANGES, **SMALL_GRID)
    from_file = reconbound.bound(data=t10k, gamma=1.0, **RANGES, **SMALL_GRID)
    assert without_timings(from_dataset.to_dict()) == without_timings(from_file.to_dict())
    assert from_dataset.data.startswith("FashionMNIST of 10000 records (28, 28) uint8, CRC-32 ")
    records = dataset.data.numpy()[:600]  # the uint8 (N, 28, 28) torchvision decoded
    from_array = reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, **SMALL_GRID)
    assert without_timings(from_array.to_dict()) == without_timings(from_dataset.to_dict())


def test_torchvision_to_tensor_is_refused_naming_scale_and_read_with_scale_1(torchvision_root):
    subset = torch.utils.data.Subset(
        torchvision.datasets.FashionMNIST(torchvision_root, train=False,
                                          transform=torchvision.transforms.ToTensor()), range(600))
    image, _ = subset[0]
    assert image.dtype == torch.float32 and image.shape == (1, 28, 28)
    with pytest.raises(reconbound.InvalidInput, match=r"^data: float values all <= 1 .* give scale=1 to multiply"):
        reconbound.bound(data=subset, gamma=1.0, **RANGES, **SMALL_GRID)
    scaled = reconbound.bound(data=subset, scale=1, gamma=1.0, **RANGES, **SMALL_GRID)
    grey = reconbound.bound(data=f"idx:{fashion_mnist_dir() / 't10k-images-idx3-ubyte.gz'}", gamma=1.0, **RANGES,
                            **SMALL_GRID)
    assert scaled.rho_star == pytest.approx(grey.rho_star, rel=1e-5)


def test_data_sets_that_are_not_records_are_refused_naming_the_problem():
    image = np.zeros((28, 28), dtype=np.uint8)
    cases = [
        ([], r"^data: no records \(an empty data set\)$"),
        ([image, np.zeros((28, 27), dtype=np.uint8)], r"^data: item 1 has shape \(28, 27\) but item 0 has \(28, 28\)"),
        ([{"image": image}], r"^data: item 0 is a dict; give a data set whose items are images"),
        (object(), r"^data: 'object' objects are not records"),
    ]
    for data, message in cases:
        with pytest.raises(reconbound.InvalidInput, match=message):
            reconbound.bound(data=data, gamma=1.0)
    pil = pytest.importorskip("PIL.Image")
    with pytest.raises(reconbound.InvalidInput, match="^perp: one PIL image; records are many images"):
        reconbound.bound(perp=pil.fromarray(image), est=image[None], gamma=1.0)


def test_a_list_of_image_label_pairs_is_stacked_as_uint8(images):
    records, _ = images
    grey = np.round(records).astype(np.uint8)
    pairs = [(torch.from_numpy(record), index % 10) for index, record in enumerate(grey)]
    stacked = records_array(pairs, "data")
    assert stacked.dtype == np.uint8 and stacked.shape == (600, 1, 28, 28)
    np.testing.assert_array_equal(stacked, grey)


def test_representations_apply_reads_data_as_the_jobs_do(images):
    records, _ = images
    colour = np.repeat(records[:20], 3, axis=1)  # (N, 3, 28, 28)
    expected = reconbound.representations.apply("downsample:4", colour)
    last = torch.from_numpy(np.ascontiguousarray(colour.transpose(0, 2, 3, 1)) / 255)  # channels last, in [0, 1]
    with pytest.raises(reconbound.InvalidInput, match=r'give layout="NHWC" to read them as \(H, W, C\)'):
        reconbound.representations.apply("downsample:4", last, scale=1)
    with pytest.raises(reconbound.InvalidInput, match=r"give scale=1 to multiply them by 255"):
        reconbound.representations.apply("downsample:4", last, layout="NHWC")
    np.testing.assert_allclose(reconbound.representations.apply("downsample:4", last, layout="NHWC", scale=1),
                               expected, rtol=1e-12, atol=1e-9)


def test_the_practitioners_script_runs_with_opacus_names_and_one_training(torchvision_root):
    # torchvision with ToTensor() + Normalize, Opacus's vocabulary, one Training for every call.
    mean, std = 0.2860, 0.3530
    normalized = torch.utils.data.Subset(torchvision.datasets.FashionMNIST(
        torchvision_root, train=False,
        transform=torchvision.transforms.Compose([torchvision.transforms.ToTensor(),
                                                  torchvision.transforms.Normalize((mean,), (std,))])), range(600))
    opacus = dict(sample_rate=256 / 60000, noise_multiplier=1.1, epochs=30, target_delta=1e-5)
    training = reconbound.Training.from_opacus(**opacus)
    fast = {"sigma_tolerance": 1e-3}
    by_training = reconbound.epsilon(training=training)
    assert by_training == reconbound.epsilon(**opacus)
    assert 0 < by_training.epsilon_lower <= by_training.epsilon_upper
    calibrated = reconbound.calibrate(target_epsilon=8.0, training=training, **fast)
    by_names = reconbound.calibrate(sample_rate=256 / 60000, epochs=30, target_delta=1e-5, target_epsilon=8.0, **fast)
    assert calibrated == by_names and calibrated.sigma < 1.1  # calibrate chooses σ: training's is left out
    bound = reconbound.bound(data=normalized, normalize=(mean, std), training=training, **RANGES, **SMALL_GRID)
    same = reconbound.bound(data=normalized, normalize=(mean, std), sample_rate=256 / 60000, noise_multiplier=1.1,
                            epochs=30, **RANGES, **SMALL_GRID)  # bound charges γ: δ is not its
    assert without_timings(bound.to_dict()) == without_timings(same.to_dict())
    assert bound.steps_from_epochs.steps == 7032 and 0 < bound.rho_star < 1
    # Every function shows Opacus's names (help()); a name it does not use is one TypeError.
    for name in ("leakage", "leakage_report", "epsilon", "calibrate", "bound", "spectrum", "chain", "report"):
        shown = inspect.signature(getattr(reconbound, name)).parameters
        assert {"training", "sample_rate", "noise_multiplier", "epochs", "target_delta", "target_epsilon"} <= set(shown)
        assert "Opacus's names are taken too" in getattr(reconbound, name).__doc__
    with pytest.raises(TypeError, match=r"^leakage\(\) takes no target_epsilon; it goes with calibrate\(\)$"):
        reconbound.leakage(sample_rate=256 / 60000, noise_multiplier=1.1, epochs=30, target_epsilon=8.0)
