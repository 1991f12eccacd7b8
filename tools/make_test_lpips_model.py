#!/usr/bin/python3
"""Builds the LPIPS-shaped test models and golden features under tests/representations/models/.

Real LPIPS weights cannot be downloaded in the build environment, so this makes an AlexNet
trunk with the real layer structure (kernels, strides, paddings, pools, hence the real spatial
sizes 15, 7, 3, 3, 3 for a 64 x 64 input) but channel widths divided by --width-divisor (4 keeps
the .onnx under 2 MB), with seeded random weights, and exports it in the plugin's format
(lpips_onnx_format.py). Golden Psi vectors for fixed images are computed by torch in float64.

Needs Debian's python3-torch, python3-onnx and python3-numpy (run with /usr/bin/python3).
  /usr/bin/python3 tools/make_test_lpips_model.py                 # the committed test files
  /usr/bin/python3 tools/make_test_lpips_model.py --width-divisor 1 --no-golden \
      --output-dir build/lpips-full                                # real shapes, for the benchmark
"""
import argparse
import os

import numpy as np
import torch

import lpips_onnx_format as fmt

ALEX_WIDTHS = (64, 192, 384, 256, 256)


class AlexTrunk(torch.nn.Module):
    """torchvision AlexNet.features split at its ReLUs as lpips.pretrained_networks.alexnet."""

    def __init__(self, widths, in_channels=3, first_stride=4, stages=5):
        super().__init__()
        c1, c2, c3, c4, c5 = widths
        nn = torch.nn
        self.stages = torch.nn.ModuleList([
            nn.Sequential(nn.Conv2d(in_channels, c1, 11, first_stride, 2), nn.ReLU()),
            nn.Sequential(nn.MaxPool2d(3, 2), nn.Conv2d(c1, c2, 5, padding=2), nn.ReLU()),
            nn.Sequential(nn.MaxPool2d(3, 2), nn.Conv2d(c2, c3, 3, padding=1), nn.ReLU()),
            nn.Sequential(nn.Conv2d(c3, c4, 3, padding=1), nn.ReLU()),
            nn.Sequential(nn.Conv2d(c4, c5, 3, padding=1), nn.ReLU()),
        ][:stages])

    def forward(self, x):
        out = []
        for stage in self.stages:
            x = stage(x)
            out.append(x)
        return out


def random_model(widths, seed, **kwargs):
    torch.manual_seed(seed)
    trunk = AlexTrunk(widths, **kwargs)
    # Conv biases slightly positive so that most ReLUs are active (as in trained AlexNet).
    for module in trunk.modules():
        if isinstance(module, torch.nn.Conv2d):
            torch.nn.init.kaiming_normal_(module.weight, nonlinearity="relu")
            torch.nn.init.uniform_(module.bias, -0.05, 0.1)
    generator = np.random.default_rng(seed)
    lin = [generator.uniform(0.0, 1.0, size=w) for w in widths[:len(trunk.stages)]]
    return trunk, lin


def golden_images(seed):
    """(name, C x H x W uint8 images): upsampling grey, RGB, and non-integer downsampling."""
    g = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:28, 0:28]
    smooth = (127.5 + 127.5 * np.sin(xx / 3.0) * np.cos(yy / 5.0)).round()
    return [
        ("grey28", np.stack([smooth[None], g.integers(0, 256, (1, 28, 28)),
                             np.zeros((1, 28, 28))]).astype(np.uint8)),
        ("rgb32", g.integers(0, 256, (2, 3, 32, 32)).astype(np.uint8)),
        ("grey100x90", g.integers(0, 256, (1, 1, 100, 90)).astype(np.uint8)),
    ]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output-dir", default=os.path.join(here, "..", "tests", "representations", "models"))
    parser.add_argument("--width-divisor", type=int, default=4)
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--no-golden", action="store_true", help="write only the model")
    args = parser.parse_args()
    os.makedirs(args.output_dir, exist_ok=True)
    out = lambda name: os.path.join(args.output_dir, name)

    widths = tuple(w // args.width_divisor for w in ALEX_WIDTHS)
    trunk, lin = random_model(widths, args.seed)
    fmt.export(trunk, lin, out("lpips_test.onnx"))
    if args.no_golden:
        return

    # Golden inputs (uint8, N x C x H x W) and torch's Psi, computed in float64 and stored as
    # float32 (N x m): the storage rounding (6e-8 relative) is far below the test's 1e-5.
    for name, images in golden_images(args.seed):
        np.save(out(f"golden_{name}_images.npy"), images)
        np.save(out(f"golden_{name}_features.npy"), np.stack([fmt.features(trunk, lin, im) for im in images]).astype(np.float32))

    # Models the plugin must reject, each with a matching weights file, so that the graph is at fault.
    tiny = (2, 2, 2, 2, 2)
    bad_trunk, bad_lin = random_model(tiny, args.seed, stages=4)
    fmt.export(bad_trunk, bad_lin, out("lpips_bad_four_outputs.onnx"))
    bad_trunk, bad_lin = random_model(tiny, args.seed, in_channels=1)
    fmt.export(bad_trunk, bad_lin, out("lpips_bad_grey_input.onnx"), in_channels=1)
    bad_trunk, bad_lin = random_model(tiny, args.seed, first_stride=2)
    fmt.export(bad_trunk, bad_lin, out("lpips_bad_spatial.onnx"))
    # Weights files the plugin must reject for the good test model.
    negative = np.concatenate(lin)
    negative[5] = -0.25
    np.save(out("lpips_test_negative.lin.npy"), negative)
    np.save(out("lpips_test_short.lin.npy"), np.concatenate(lin)[:-1])


if __name__ == "__main__":
    main()
