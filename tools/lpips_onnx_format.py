"""The on-disk format the `lpips` representation plugin reads (see tools/README.md).

MODEL.onnx      the AlexNet trunk of LPIPS: input "image", float32, N x 3 x 64 x 64, already
                scaled to [-1, 1] and through LPIPS' ScalingLayer (both done by the plugin in
                C++); outputs "relu1" .. "relu5", the five ReLU stages, N x C_l x H_l x W_l.
MODEL.lin.npy   the LPIPS linear-layer weights w_lc >= 0, float64, 1-D, concatenated over the
                layers l = 1..5 in order (length sum_l C_l).

Psi(x) (docs/mathematics.md section 3): resize to 64 x 64 (bilinear, half-pixel centres, no
antialiasing: torch F.interpolate(mode='bilinear', align_corners=False) = OpenCV cv::resize
INTER_LINEAR), grey -> 3 channels, x/127.5 - 1, (x - shift)/scale, the trunk, then per layer and position
the channel unit-normalisation f/(sqrt(sum_c f^2) + 1e-10), times sqrt(w_lc/(H_l W_l)),
flattened C x H x W and concatenated over the layers.
"""
import numpy as np
import torch
import torch.nn.functional as F

# LPIPS' ScalingLayer constants (lpips/lpips.py), per RGB channel.
SHIFT = (-0.030, -0.088, -0.188)
SCALE = (0.458, 0.448, 0.450)
EPS = 1e-10  # lpips.normalize_tensor
OUTPUTS = ["relu1", "relu2", "relu3", "relu4", "relu5"]
SIDE = 64


class TupleTrunk(torch.nn.Module):
    """Wraps a trunk whose forward returns the five ReLU stages so ONNX sees a plain tuple."""

    def __init__(self, trunk):
        super().__init__()
        self.trunk = trunk

    def forward(self, image):
        return tuple(self.trunk(image))


def export(trunk, lin_weights, onnx_path, in_channels=3):
    """Writes onnx_path and the weights file beside it (.onnx replaced by .lin.npy).

    in_channels is 3 for every model the plugin accepts (other values only make test models
    the plugin must reject)."""
    trunk = TupleTrunk(trunk).float().eval()
    example = torch.zeros(1, in_channels, SIDE, SIDE)
    names = OUTPUTS[:len(lin_weights)]
    axes = {name: {0: "batch"} for name in ["image"] + names}
    torch.onnx.export(trunk, example, onnx_path, input_names=["image"], output_names=names,
                      dynamic_axes=axes, opset_version=11, do_constant_folding=True)
    weights = np.concatenate([np.asarray(w, dtype=np.float64).reshape(-1) for w in lin_weights])
    if (weights < 0).any():
        raise ValueError("LPIPS linear weights must be non-negative")
    np.save(weights_path(onnx_path), weights)


def weights_path(onnx_path):
    stem = onnx_path[:-5] if onnx_path.endswith(".onnx") else onnx_path
    return stem + ".lin.npy"


def features(trunk, lin_weights, image):
    """Psi_LPIPS of one image (C x H x W grey levels, C in {1, 3}) in float64 with torch."""
    trunk = TupleTrunk(trunk).double().eval()
    x = torch.as_tensor(np.asarray(image, dtype=np.float64))[None]
    x = F.interpolate(x, size=(SIDE, SIDE), mode="bilinear", align_corners=False)
    if x.shape[1] == 1:
        x = x.repeat(1, 3, 1, 1)
    x = x / 127.5 - 1.0
    shift = torch.tensor(SHIFT, dtype=torch.float64)[None, :, None, None]
    scale = torch.tensor(SCALE, dtype=torch.float64)[None, :, None, None]
    x = (x - shift) / scale
    out = []
    with torch.no_grad():
        for f, w in zip(trunk(x), lin_weights):
            w = torch.as_tensor(np.asarray(w, dtype=np.float64).reshape(-1))
            norm = torch.sqrt(torch.sum(f * f, dim=1, keepdim=True))
            unit = f / (norm + EPS)
            h, wd = f.shape[2], f.shape[3]
            out.append((unit * torch.sqrt(w / (h * wd))[None, :, None, None]).reshape(-1))
    return torch.cat(out).numpy()
