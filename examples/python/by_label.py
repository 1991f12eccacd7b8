#!/usr/bin/env python3
"""Which class of a torchvision data set is easiest to reconstruct, with a certificate.

ρ* on a whole data set is an average over its classes: a class of plain trousers holds far less
entropy than one of patterned shirts, and its records are easier to reconstruct. With
``by_label=True`` reconbound certifies one bound per class (docs/mathematics.md §6.10): each
class's bound is computed from that class's records of D⊥ and D_est alone, at alpha/C for C
classes, so that all of them hold together with probability >= 1 − alpha. A torchvision data set
carries its labels (``targets``) and class names (``classes``); reconbound takes both from it:

    reconbound.bound(data=dataset, by_label=True, sample_rate=..., noise_multiplier=..., epochs=...)

The rows come sorted by the absolute bound on every attack's RMSE, the smallest first: ρ* of a
row is relative to the best guess that knows the class, so the absolute RMSE is what compares
classes. The last line is the joint certificate's sentence on the most exposed class.

The data set is torchvision's FashionMNIST over Debian's copy of the data
(`apt-get install dataset-fashion-mnist`), without a transform; --records takes the first N
records of its test split (a torch Subset: reconbound reads the labels of the records it picks),
--quick the 2,000 + 2,000 quick-look split of them (seconds instead of minutes; smaller bounds).

    PYTHONPATH=build/release/python python3 examples/python/by_label.py --records 6000 --quick
"""

import argparse
import pathlib

import reconbound
from privacy_report import DEBIAN_DATA, torchvision_root  # beside this file: the data root from Debian's files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample-rate", type=float, default=1024 / 60000, help="Opacus's sample_rate q")
    parser.add_argument("--noise-multiplier", type=float, default=1.0512, help="Opacus's noise_multiplier sigma")
    parser.add_argument("--epochs", type=float, default=100)
    parser.add_argument("--records", type=int, default=0, help="the first N records of the test split (0: the whole "
                        "training split)")
    parser.add_argument("--quick", action="store_true", help="quick-look split of 2,000 + 2,000 records")
    parser.add_argument("--grid-k", default=None, help="block sizes k, comma separated (default: eq 8's grid)")
    parser.add_argument("--grid-nu2", default=None, help="dither levels nu^2, comma separated (default: eq 8's grid)")
    parser.add_argument("--data-root", type=pathlib.Path, default=pathlib.Path("fashion-mnist-torchvision"),
                        help="torchvision data root (made from Debian's files when missing)")
    parser.add_argument("--fashion-mnist-dir", type=pathlib.Path, default=DEBIAN_DATA,
                        help="Debian's Fashion-MNIST .gz files")
    parser.add_argument("--threads", type=int, default=0, help="0: all cores")
    args = parser.parse_args()

    from torch.utils.data import Subset
    from torchvision.datasets import FashionMNIST

    root = torchvision_root(args.data_root, args.fashion_mnist_dir)
    if args.records:
        dataset = Subset(FashionMNIST(root, train=False), range(args.records))
    else:
        dataset = FashionMNIST(root, train=True)
    grid = {"grid_k": args.grid_k and [int(k) for k in args.grid_k.split(",")],
            "grid_nu2": args.grid_nu2 and [float(v) for v in args.grid_nu2.split(",")]}
    result = reconbound.bound(data=dataset, by_label=True, sample_rate=args.sample_rate,
                              noise_multiplier=args.noise_multiplier, epochs=args.epochs, quick=args.quick,
                              threads=args.threads, **grid)
    pooled = result.pooled
    print(f"pooled:   rho* = {pooled.rho_star:.4f} over all classes (its own statement, level "
          f"{pooled.certificate.level:g})")
    unit = pooled.representation_unit
    print(f"{'class':<14} {'n_est':>6} {'rho*':>8} {'RMSE >=':>9}  ({unit} per coordinate)")
    for row in result.by_label:
        reason = f"  {row.trivial}" if row.trivial else ""
        print(f"{row.name:<14} {row.n_est:>6} {row.rho_star:>8.4f} {row.rmse_per_coordinate:>9.4g}{reason}")
    print(result.by_label_certificate.statement)


if __name__ == "__main__":
    main()
