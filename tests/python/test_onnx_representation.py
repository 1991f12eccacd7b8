"""A torch CNN as Ψ two ways: exported with reconbound.export_representation and run by the `onnx`
plugin (OpenCV DNN, float32), and given from Python (reconbound.representation). Features agree
within 1e-5 relative and ρ* within 1e-3 (docs/python.md, "A network as a plugin")."""

import numpy as np
import pytest
import torch

import reconbound

RELATIVE_FEATURE_TOLERANCE = 1e-5
RHO_TOLERANCE = 1e-3
UNIT = {"normalize": "unit"}


class SmallCnn(torch.nn.Module):
    """Two strided convolutions with ReLU, flattened, then 16 signed features: m = 16 for 28 × 28."""

    def __init__(self, channels=1):
        super().__init__()
        nn = torch.nn
        self.features = nn.Sequential(nn.Conv2d(channels, 4, 3, stride=2, padding=1), nn.ReLU(),
                                      nn.Conv2d(4, 8, 3, stride=2, padding=1), nn.ReLU(),
                                      nn.Flatten(), nn.Linear(8 * 7 * 7, 16))

    def forward(self, x):
        return self.features(x)


@pytest.fixture(scope="module")
def cnn():
    torch.manual_seed(48)
    return SmallCnn().eval()


@pytest.fixture(scope="module")
def cnn_file(cnn, tmp_path_factory):
    return reconbound.export_representation(cnn, tmp_path_factory.mktemp("onnx") / "cnn.onnx", (1, 28, 28))


def torch_features(module, network_input):
    """The module's output in float64 for an (n, C, H, W) input already scaled as the plugin does."""
    reference = SmallCnn(module.features[0].in_channels).double()
    reference.load_state_dict(module.state_dict())
    with torch.no_grad():
        return reference(torch.from_numpy(np.ascontiguousarray(network_input))).numpy()


def unit_rows(features):
    """Each row divided by its L2 norm (normalize=unit)."""
    return features / np.linalg.norm(features, axis=1, keepdims=True)


def largest_relative_error(features, expected):
    return float(np.max(np.linalg.norm(features - expected, axis=1) / np.linalg.norm(expected, axis=1)))


def test_the_plugin_computes_the_modules_features(cnn, cnn_file, images):
    records, _ = images
    features = reconbound.representations.apply(f"onnx:{cnn_file}", records[:100], params=UNIT)
    expected = unit_rows(torch_features(cnn, records[:100] / 255.0))
    error = largest_relative_error(features, expected)
    print(f"onnx plugin against torch (float64), normalize=unit: largest relative error {error:.2e}")
    assert error <= RELATIVE_FEATURE_TOLERANCE
    clipped = reconbound.representations.apply(f"onnx:{cnn_file}", records[:100], params={"clip": "-0.1/0.1"})
    assert np.abs(clipped - np.clip(torch_features(cnn, records[:100] / 255.0), -0.1, 0.1)).max() <= 1e-6


def test_per_channel_mean_and_std_reach_the_network_as_documented(images, tmp_path):
    records, _ = images
    rgb = np.ascontiguousarray(np.repeat(records[:20], 3, axis=1))
    rgb[:, 1] = 255.0 - rgb[:, 1]
    torch.manual_seed(5)
    module = SmallCnn(channels=3).eval()
    path = reconbound.export_representation(module, tmp_path / "rgb.onnx", (3, 28, 28))
    mean, std = np.array([0.5, 0.4, 0.3]), np.array([0.2, 0.25, 0.3])
    params = {"mean": "0.5/0.4/0.3", "std": "0.2/0.25/0.3", "normalize": "unit"}
    features = reconbound.representations.apply(f"onnx:{path}", rgb, params=params)
    expected = unit_rows(torch_features(module, (rgb / 255.0 - mean[:, None, None]) / std[:, None, None]))
    assert largest_relative_error(features, expected) <= RELATIVE_FEATURE_TOLERANCE


class UnitFeatures(torch.nn.Module):
    """The plugin's Ψ with normalize=unit written in torch: the CNN on x/255, divided by its L2 norm."""

    def __init__(self, cnn):
        super().__init__()
        self.cnn = cnn

    def forward(self, x):
        features = self.cnn(x / 255.0)
        return features / features.norm(dim=1, keepdim=True)


def test_rho_star_of_the_plugin_equals_the_module_given_from_python(cnn, cnn_file, images):
    records, _ = images
    reference = SmallCnn().double()
    reference.load_state_dict(cnn.state_dict())
    psi = reconbound.representation(UnitFeatures(reference).eval(), output_dim=16, max_squared_distance=4.0,
                                    name="cnn-unit")
    settings = dict(perp=records[:300], est=records[300:], shape=(1, 28, 28), gamma=1.0, grid_k=[8], grid_nu2=[1.6],
                    seed=1, threads=2)
    from_file = reconbound.bound(representation=f"onnx:{cnn_file}", representation_params=UNIT, **settings)
    from_python = reconbound.bound(representation=psi, **settings)
    print(f"rho*: onnx plugin {from_file.rho_star!r}, torch module from Python {from_python.rho_star!r}")
    assert from_file.m == from_python.m == 16
    assert abs(from_file.rho_star - from_python.rho_star) <= RHO_TOLERANCE


def test_without_a_bound_the_plugin_refuses_naming_both_options(cnn_file, images):
    records, _ = images
    with pytest.raises(reconbound.InvalidInput, match=r"B would be a guess.*normalize=unit.*clip=a/b"):
        reconbound.representations.apply(f"onnx:{cnn_file}", records[:4])


def test_export_leaves_the_module_as_it_was(tmp_path):
    module = SmallCnn().train()
    before = {name: value.clone() for name, value in module.state_dict().items()}
    reconbound.export_representation(module, str(tmp_path / "m.onnx"), [1, 28, 28])
    assert module.training
    assert all(torch.equal(before[name], value) for name, value in module.state_dict().items())


def export_error(error_type, match, *args):
    """The one-line message of the error that export_representation(*args) raises."""
    with pytest.raises(error_type, match=match) as raised:
        reconbound.export_representation(*args)
    assert "\n" not in str(raised.value)
    return str(raised.value)


def test_export_mistakes_are_one_line_errors(cnn, tmp_path):
    export_error(TypeError, "torch.nn.Module, not function", lambda x: x, tmp_path / "f.onnx", (1, 28, 28))
    for shape in [(1, 28), (0, 28, 28), (1, 28.0, 28), "1x28x28"]:
        export_error(reconbound.InvalidInput, r"\(C, H, W\)", cnn, tmp_path / "s.onnx", shape)
    export_error(reconbound.InvalidInput, r"fails on a batch of shape \(2, 1, 32, 32\)", cnn, tmp_path / "w.onnx",
                 (1, 32, 32))
    export_error(reconbound.FileError, "cannot write the ONNX network", cnn, tmp_path / "no_such_folder" / "c.onnx",
                 (1, 28, 28))
    assert not list(tmp_path.iterdir())
