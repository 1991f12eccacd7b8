#!/usr/bin/env python3
"""Exports LPIPS (AlexNet) for the `lpips` representation plugin.

Needs internet on first use (the lpips package downloads torchvision's AlexNet weights) and
`pip install lpips torch onnx numpy`. Writes MODEL.onnx (the AlexNet trunk, outputs relu1..relu5)
and MODEL.lin.npy (the LPIPS linear-layer weights) in the format of lpips_onnx_format.py:

  python3 tools/export_lpips_onnx.py lpips_alex.onnx
  reconbound bound --representation lpips:lpips_alex.onnx ...
"""
import argparse

import lpips

import lpips_onnx_format as fmt


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", help="path of the .onnx file to write (the weights go beside it as .lin.npy)")
    args = parser.parse_args()
    model = lpips.LPIPS(net="alex", pretrained=True, lpips=True).eval()
    # model.net is lpips.pretrained_networks.alexnet: its forward returns the five ReLU stages;
    # the ScalingLayer (model.scaling_layer) is applied by the plugin in C++.
    # Each NetLinLayer ends in a bias-free 1x1 convolution with one output: its weights are w_lc.
    weights = [lin.model[-1].weight.detach().numpy().reshape(-1) for lin in model.lins]
    fmt.export(model.net, weights, args.output)
    print(f"wrote {args.output} and {fmt.weights_path(args.output)}")


if __name__ == "__main__":
    main()
