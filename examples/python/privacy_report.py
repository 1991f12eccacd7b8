#!/usr/bin/env python3
"""From a torchvision data set and an Opacus-style DP-SGD configuration to a privacy report.

A practitioner who trains with PyTorch describes the training as Opacus does: a sample rate
(Poisson sampling: each record joins each batch with that probability), a noise multiplier, a
number of epochs and a target δ. This script hands exactly that, with the torchvision data set
the model trains on, to one call:

    reconbound.report("report.html", data=dataset, sample_rate=..., noise_multiplier=...,
                      epochs=..., target_delta=...)

which writes one self-contained HTML page (docs/report.md) for a reviewer or a privacy
officer: the lower bound ρ* on every attack's reconstruction error with the
sentence that says what is certified and with which probability, ε at δ, the leakage γ, the
spectrum of ρ* over ε, and what the numbers do and do not mean.

The data set is torchvision's FashionMNIST over Debian's copy of the data
(`apt-get install dataset-fashion-mnist`), without a transform: it yields (PIL image, label)
pairs, grey levels 0..255, which reconbound reads as they are. --to-tensor gives it the usual
training transform instead, ToTensor() then Normalize(mean, std): reconbound undoes it exactly
with normalize=(mean, std), and the page states the attack's RMSE on the data's [0, 1] scale too.
(ToTensor() alone yields values in [0, 1]: pass scale=1 then — reconbound refuses to guess.) --records takes the
first N records of the test split (torch.utils.data.Subset), --quick the 2,000 + 2,000
quick-look split of them: seconds instead of minutes, and a smaller ρ*.

    PYTHONPATH=build/release/python python3 examples/python/privacy_report.py --quick --output report.html
"""

import argparse
import gzip
import pathlib
import shutil
import sys

import reconbound

DEBIAN_DATA = pathlib.Path("/usr/share/datasets/fashion-mnist")
NORMALIZE = (0.2860, 0.3530)  # Fashion-MNIST's mean and standard deviation in [0, 1], as commonly used
FILES = ("train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte")


def torchvision_root(cache: pathlib.Path, packed_files: pathlib.Path) -> pathlib.Path:
    """A torchvision data root holding Debian's Fashion-MNIST (the .gz files in `packed_files`):
    the uncompressed IDX files in <root>/FashionMNIST/raw, where torchvision's
    FashionMNIST(root, download=False) reads them."""
    raw = cache / "FashionMNIST" / "raw"
    raw.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        if not (raw / name).exists():
            with gzip.open(packed_files / f"{name}.gz") as packed, open(raw / name, "wb") as out:
                shutil.copyfileobj(packed, out)
    return cache


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample-rate", type=float, default=1024 / 60000, help="Opacus's sample_rate q")
    parser.add_argument("--noise-multiplier", type=float, default=1.0512, help="Opacus's noise_multiplier sigma")
    parser.add_argument("--epochs", type=float, default=100)
    parser.add_argument("--target-delta", type=float, default=60000 ** -1.1, help="delta of epsilon")
    parser.add_argument("--epsilons", default="1,2,4,8,16,32,64", help="the spectrum's target epsilons")
    parser.add_argument("--records", type=int, default=0, help="the first N records of the test split (0: the whole "
                        "training split)")
    parser.add_argument("--quick", action="store_true", help="quick-look split of 2,000 + 2,000 records")
    parser.add_argument("--data-root", type=pathlib.Path, default=pathlib.Path("fashion-mnist-torchvision"),
                        help="torchvision data root (made from Debian's files when missing)")
    parser.add_argument("--fashion-mnist-dir", type=pathlib.Path, default=DEBIAN_DATA,
                        help="Debian's Fashion-MNIST .gz files")
    parser.add_argument("--to-tensor", action="store_true",
                        help="the data set with ToTensor() + Normalize(0.2860, 0.3530), undone by normalize=")
    parser.add_argument("--output", default="report.html")
    parser.add_argument("--threads", type=int, default=0, help="0: all cores")
    args = parser.parse_args()

    from torch.utils.data import Subset
    from torchvision import transforms
    from torchvision.datasets import FashionMNIST

    root = torchvision_root(args.data_root, args.fashion_mnist_dir)
    transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize(*NORMALIZE)]) if args.to_tensor else None
    if args.records:
        dataset = Subset(FashionMNIST(root, train=False, transform=transform), range(args.records))
    else:
        dataset = FashionMNIST(root, train=True, transform=transform)
    try:
        from tqdm import tqdm  # a progress bar when tqdm is installed
        progress = tqdm(file=sys.stderr)
    except ImportError:
        progress = None

    result = reconbound.report(args.output, data=dataset, sample_rate=args.sample_rate,
                               noise_multiplier=args.noise_multiplier, epochs=args.epochs,
                               target_delta=args.target_delta, normalize=NORMALIZE if args.to_tensor else None,
                               epsilons=[float(e) for e in args.epsilons.split(",")], quick=args.quick,
                               threads=args.threads, progress=progress)
    print(f"report:   {result.report}")
    print(f"training: q = {args.sample_rate:.6g}, sigma = {result.sigma:.6g}, "
          f"T = {result.steps_from_epochs['steps']} steps ({args.epochs:g} epochs)")
    print(f"epsilon:  {result.epsilon:.4f} in [{result.epsilon_lower:.4f}, {result.epsilon_upper:.4f}] "
          f"at delta = {result.delta:.3g}")
    print(f"gamma:    {result.gamma_bits:.6g} bits")
    print(f"rho*:     {result.rho_star:.4f} at (k, nu2) = ({result.k_star}, {result.nu2_star:g}); "
          f"|D_perp| = {result.n_perp}, n_est = {result.n_est}")
    print(result.certificate.statement)


if __name__ == "__main__":
    main()
