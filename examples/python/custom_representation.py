#!/usr/bin/env python3
"""Your own representation Ψ in Python: a NumPy Sobel edge map and a small torch CNN, each bounded.

ρ* measures an attack's error in the features Ψ(x) you care about (docs/mathematics.md §3). Here Ψ
is written in Python and handed to reconbound.bound (docs/python.md, "Your own representation"):

    sobel  the gradient magnitude of every 3×3 patch (a NumPy function): m = C·(H−2)·(W−2)
           coordinates, each between 0 and the largest magnitude of a patch of grey levels, M,
           found at a vertex of the box [0, 255]^9 (the magnitude is convex in the patch), so
           B = m·M² bounds ‖Ψ(x) − Ψ(x')‖².
    cnn    a fixed, randomly initialised CNN ending in tanh (a torch.nn.Module in eval mode): every
           coordinate is in [−1, 1], so B = 4·m.

Each is first checked by the conformance kit (docs/conformance.md): the laws every Ψ must keep —
its declared m filled with finite values, deterministic, the same in a batch and alone, thread
safe, B never exceeded on structured, random and searched records — and a Ψ that breaks one is not
bounded. Both run at the paper's DP-SGD schedule (1024-record batches of 60,000, 100 epochs, σ = 1.0512)
on Fashion-MNIST; --quick uses the quick-look split of 2,000 + 2,000 records (seconds).

    PYTHONPATH=build/release/python python3 examples/python/custom_representation.py --quick
"""

import argparse
import itertools

import numpy as np
import torch

import reconbound

SOBEL_X = np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]], dtype=np.float64)  # ∂/∂column; its transpose ∂/∂row


def sobel(x: np.ndarray) -> np.ndarray:
    """|∇x| of every full 3×3 patch of an (n, C, H, W) batch, flattened to (n, C·(H−2)·(W−2))."""
    _, _, h, w = x.shape
    gx = sum(SOBEL_X[i, j] * x[:, :, i:h - 2 + i, j:w - 2 + j] for i in range(3) for j in range(3) if SOBEL_X[i, j])
    gy = sum(SOBEL_X[j, i] * x[:, :, i:h - 2 + i, j:w - 2 + j] for i in range(3) for j in range(3) if SOBEL_X[j, i])
    return np.sqrt(gx * gx + gy * gy).reshape(len(x), -1)


def largest_sobel_magnitude() -> float:
    """max |∇p| over 3×3 patches p of grey levels in [0, 255]: a convex function of p is largest
    at a vertex of the box, so the 2^9 patches of 0 and 255 are enough."""
    patches = np.array(list(itertools.product((0.0, 255.0), repeat=9))).reshape(-1, 1, 3, 3)
    return float(sobel(patches).max())


def sobel_outputs(shape) -> int:
    channels, height, width = shape
    return channels * (height - 2) * (width - 2)


def sobel_representation() -> reconbound.Representation:
    top = largest_sobel_magnitude()
    return reconbound.representation(
        sobel, name="sobel", output_dim=sobel_outputs,
        max_squared_distance=lambda shape: sobel_outputs(shape) * top**2,
        accepts=lambda shape: shape[1] >= 3 and shape[2] >= 3 or "Sobel needs records of at least 3×3 pixels",
        unit="grey levels per pixel")


class SmallCnn(torch.nn.Module):
    """Two convolutions on grey levels scaled to [0, 1], 36 features in [−1, 1] for a 1×28×28 record."""

    def __init__(self) -> None:
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(1, 8, 5, stride=3), torch.nn.ReLU(), torch.nn.Conv2d(8, 4, 3, stride=2),
            torch.nn.Flatten(), torch.nn.Tanh())

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.features(x / 255.0)


def cnn_representation() -> reconbound.Representation:
    torch.manual_seed(0)  # Ψ must not depend on the data: a fixed initialisation, never trained on it
    # float64: in float32 a convolution's rounding depends on the batch it runs in, and the kit's
    # batch_consistent law (a record alone = its row in a batch, 1e-9 relative) fails.
    cnn = SmallCnn().double().eval()
    return reconbound.representation(cnn, name="cnn", output_dim=36, max_squared_distance=4.0 * 36,
                                     accepts=lambda shape: tuple(shape) == (1, 28, 28) or "the CNN takes 1×28×28 records")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="quick-look split of 2,000 + 2,000 records")
    parser.add_argument("--threads", type=int, default=0, help="0: all cores")
    args = parser.parse_args()

    training = {"q": 1024 / 60000, "sigma": 1.0512, "steps": 5860}
    for psi in (sobel_representation(), cnn_representation()):
        kit = reconbound.conformance(psi)
        print(f"{psi.name}: conformance {'PASS' if kit.passed else 'FAIL'} ({len(kit.checks)} checks)")
        if not kit.passed:
            raise SystemExit("; ".join(f"{c.name}: {c.detail}" for c in kit.failed))
        result = reconbound.bound(data="fashion-mnist", representation=psi, quick=args.quick, threads=args.threads,
                                  **training)
        print(f"{result.representation}: rho* = {result.rho_star:.4f} (m = {result.m}, "
              f"gamma = {result.results[0].gamma_bits:.4g} bits)")
        print(f"  {result.certificate.statement}")


if __name__ == "__main__":
    main()
