#!/usr/bin/python3
"""Writes the test networks of the `onnx` representation plugin beside this script, with
reconbound.export_representation (python/reconbound/_export.py):

  onnx_test_cnn.onnx       a seeded CNN for 1 x 28 x 28 records: two strided 3 x 3 convolutions
                           with ReLU, flattened, then a linear layer to 32 signed features (m = 32);
                           the linear layer fixes the input size, so other shapes are refused.
  onnx_test_identity.onnx  a 1 x 1 convolution with identity weights for 3-channel records of any
                           size: its output is its input, (x*scale - mean)/std, so the tests know Psi
                           without the plugin.
  onnx_test_log.onnx       the natural logarithm of its input: -inf for a black pixel (non-finite).

Run from the repository root after building the Python module:
  PYTHONPATH=build/release/python /usr/bin/python3 tests/representations/models/make_onnx_test_models.py
"""
from pathlib import Path

import torch

import reconbound

HERE = Path(__file__).resolve().parent


class SmallCnn(torch.nn.Module):
    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.features = nn.Sequential(nn.Conv2d(1, 4, 3, stride=2, padding=1), nn.ReLU(),
                                      nn.Conv2d(4, 8, 3, stride=2, padding=1), nn.ReLU(),
                                      nn.Flatten(), nn.Linear(8 * 7 * 7, 32))

    def forward(self, x):
        return self.features(x)


class Log(torch.nn.Module):
    def forward(self, x):
        return torch.log(x)


def identity_convolution(channels):
    conv = torch.nn.Conv2d(channels, channels, 1)
    with torch.no_grad():
        conv.weight.copy_(torch.eye(channels).reshape(channels, channels, 1, 1))
        conv.bias.zero_()
    return conv


def main():
    torch.manual_seed(48)
    reconbound.export_representation(SmallCnn(), HERE / "onnx_test_cnn.onnx", (1, 28, 28))
    reconbound.export_representation(identity_convolution(3), HERE / "onnx_test_identity.onnx", (3, 8, 8))
    reconbound.export_representation(Log(), HERE / "onnx_test_log.onnx", (1, 4, 4))


if __name__ == "__main__":
    main()
