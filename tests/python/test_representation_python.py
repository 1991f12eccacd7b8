"""A representation Ψ written in Python (docs/python.md, "Your own representation"): the same ρ* as
the same map as a plugin, wherever representation= is taken; a broken Ψ stopped with a one-line
error naming it; Ctrl-C inside it; its name and parameters' hash in the results and checkpoints."""

import gzip
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import torch

import reconbound
from conftest import interrupted_child, SOURCE_DIR, fashion_mnist_dir

TINY = {"grid_k": [4, 8], "grid_nu2": [0.4, 1.6], "seed": 1, "threads": 2}


@pytest.fixture(scope="module")
def fashion():
    """The first 2,000 Fashion-MNIST test images, (N, 1, 28, 28) uint8."""
    with gzip.open(fashion_mnist_dir() / "t10k-images-idx3-ubyte.gz") as packed:
        return np.frombuffer(packed.read(), dtype=np.uint8, offset=16).reshape(-1, 1, 28, 28)[:2000]


def down4(x):
    """4×4 average pooling of an (n, C, H, W) batch, flattened: the plugin downsample:4."""
    n, c, h, w = x.shape
    return x.reshape(n, c, h // 4, 4, w // 4, 4).mean(axis=(3, 5)).reshape(n, -1)


def down4_psi(**changes):
    arguments = {"output_dim": 49, "max_squared_distance": 255.0**2 * 49, "name": "down4py", **changes}
    return reconbound.representation(down4, **arguments)


def small_bound(records, psi, **changes):
    return reconbound.bound(**{"perp": records[:1000], "est": records[1000:2000], "gamma": 0.5,
                               "representation": psi, **TINY, **changes})


def test_the_issues_call_gives_the_plugins_rho_star(fashion):
    psi = reconbound.representation(down4, output_dim=49, max_squared_distance=255.0**2 * 49, name="down4py")
    X = fashion.astype(np.float64)
    mine = reconbound.bound(perp=X[:1000], est=X[1000:2000], shape=(1, 28, 28), gamma=1.785, grid_k=[7],
                            grid_nu2=[1.6], seed=1, representation=psi)
    plugin = reconbound.bound(perp=X[:1000], est=X[1000:2000], shape=(1, 28, 28), gamma=1.785, grid_k=[7],
                              grid_nu2=[1.6], seed=1, representation="downsample:4")
    assert abs(mine.rho_star - plugin.rho_star) <= 1e-6
    assert mine.representation == "down4py (python)" and plugin.representation == "downsample:4"
    # That pair certifies ρ* = 0 at γ = 1.785 bits; the default grid, several γ, the same again:
    gammas = [0.05, 0.5, 1.785]
    mine, plugin = (reconbound.bound(perp=X[:1000], est=X[1000:2000], shape=(1, 28, 28), gamma=gammas, seed=1,
                                     representation=psi_) for psi_ in (psi, "downsample:4"))
    for ours, theirs in zip(mine.results, plugin.results):
        assert abs(ours.rho_star - theirs.rho_star) <= 1e-6 and ours.rho_star > 0.3


def test_output_dim_and_bound_as_functions_of_the_shape(fashion):
    seen = []

    def dims(shape):
        seen.append(shape)
        c, h, w = shape
        return c * (h // 4) * (w // 4)

    psi = reconbound.representation(down4, output_dim=dims, max_squared_distance=lambda s: 255.0**2 * dims(s),
                                    name="down4f", accepts=lambda s: s[1] % 4 == 0 and s[2] % 4 == 0 or "H, W % 4",
                                    unit="grey levels")
    mine = small_bound(fashion, psi)
    assert abs(mine.rho_star - small_bound(fashion, "downsample:4").rho_star) <= 1e-6
    assert mine.to_dict()["representation_unit"] == "grey levels"  # its unit=, as a plugin's describe() gives it
    assert seen and all(s == (1, 28, 28) for s in seen)
    assert psi(fashion[:3]).shape == (3, 49)  # Ψ of records, as a job computes it
    cropped = np.ascontiguousarray(fashion[:, :, :26, :26])
    with pytest.raises(reconbound.InvalidInput, match=r"down4f \(python\)' does not accept .*: H, W % 4$"):
        small_bound(cropped, psi)


class Pool(torch.nn.Module):
    """4×4 average pooling and a 1×1 convolution whose weight is 1: downsample:4 with parameters."""

    def __init__(self):
        super().__init__()
        self.pool = torch.nn.AvgPool2d(4)
        self.mix = torch.nn.Conv2d(1, 1, 1, bias=False, dtype=torch.float64)
        torch.nn.init.ones_(self.mix.weight)

    def forward(self, x):
        return torch.flatten(self.mix(self.pool(x)), 1)


def test_a_torch_module_runs_without_gradients_and_names_its_parameters(fashion):
    module = Pool().eval()
    psi = reconbound.representation(module, output_dim=49, max_squared_distance=255.0**2 * 49)
    result = small_bound(fashion, psi)
    assert abs(result.rho_star - small_bound(fashion, "downsample:4").rho_star) <= 1e-6
    digest = reconbound._representation.parameters_digest(module)[:12]
    assert result.representation == f"Pool (python, parameters sha256 {digest})"
    assert module.mix.weight.grad is None
    with torch.no_grad():
        module.mix.weight.mul_(2.0)
    changed = psi.spec()
    assert changed != result.representation and changed.startswith("Pool (python, parameters sha256 ")
    with pytest.raises(reconbound.InvalidInput, match=r"training mode; call \.eval\(\)"):
        reconbound.representation(Pool(), output_dim=49, max_squared_distance=255.0**2 * 49)


def test_a_checkpoint_refuses_changed_parameters(fashion, tmp_path):
    module = Pool().eval()
    psi = reconbound.representation(module, output_dim=49, max_squared_distance=255.0**2 * 4 * 49, name="pool")
    path = str(tmp_path / "run.ckpt")
    first = small_bound(fashion, psi, checkpoint=path)
    assert small_bound(fashion, psi, checkpoint=path).rho_star == first.rho_star
    with torch.no_grad():
        module.mix.weight.mul_(2.0)
    with pytest.raises(reconbound.InvalidInput, match="pool"):
        small_bound(fashion, psi, checkpoint=path)


def test_spectrum_takes_a_list_mixing_plugins_and_python(fashion):
    common = {"perp": fashion[:1000], "est": fashion[1000:2000], "epsilons": [2, 8], "q": 0.02, "steps": 100,
              "delta": 1e-5, **TINY}
    mixed = reconbound.spectrum(representations=[down4_psi(), "pixel"], **common)
    plugin = reconbound.spectrum(representations=["downsample:4"], **common)
    assert [c.representation for c in mixed.representations] == ["down4py (python)", "pixel"]
    for mine, theirs in zip(mixed.representations[0].points, plugin.representations[0].points):
        assert abs(mine.rho_star - theirs.rho_star) <= 1e-6
    alone = reconbound.spectrum(representations=down4_psi(), **common)
    assert alone.representations[0].points[0].rho_star == mixed.representations[0].points[0].rho_star


def test_calibrate_chain_and_report_take_it(fashion, tmp_path):
    psi = down4_psi()
    records = {"perp": fashion[:1000], "est": fashion[1000:2000]}
    mine = reconbound.calibrate(target_rho=0.5, q=0.02, steps=100, representation=psi, **records, **TINY)
    theirs = reconbound.calibrate(target_rho=0.5, q=0.02, steps=100, representation="downsample:4", **records,
                                  **TINY)
    assert mine.sigma == theirs.sigma
    chain = reconbound.chain(data=fashion, n_perp=900, n_est=1000, targets=10, gammas=[2.0], bits=[1],
                             bootstrap=20, representation=psi, **TINY)
    assert chain.representation == "down4py (python)"
    page = tmp_path / "page.html"
    report = reconbound.report(page, q=0.02, sigma=1.2, steps=100, delta=1e-5, epsilons=[8], representation=psi,
                               **records, **TINY)
    assert report.representation == "down4py (python)"
    assert "down4py (python)" in page.read_text()


def one_line_error(kind, psi, fashion):
    with pytest.raises(kind) as raised:
        small_bound(fashion, psi)
    message = str(raised.value)
    assert "\n" not in message and "(python)" in message, message
    return message


def test_each_run_time_check_names_the_representation(fashion):
    def nan_on_bright(x):
        out = down4(x)
        out[out > 200] = np.nan
        return out

    nanny = reconbound.representation(nan_on_bright, output_dim=49, max_squared_distance=255.0**2 * 49,
                                      name="nanny")
    message = one_line_error(reconbound.PluginError, nanny, fashion)
    assert message.startswith("representation nanny (python) gave nan at coordinate")
    short = reconbound.representation(lambda x: down4(x)[:, :48], output_dim=49, max_squared_distance=1e9,
                                      name="short")
    assert "fn returned shape (" in one_line_error(reconbound.PluginError, short, fashion)
    complex_ = reconbound.representation(lambda x: down4(x) * 1j, output_dim=49, max_squared_distance=1e9,
                                         name="complex")
    assert "dtype complex128" in one_line_error(reconbound.PluginError, complex_, fashion)
    tight = down4_psi(max_squared_distance=255.0**2, name="tight")
    message = one_line_error(reconbound.PluginError, tight, fashion)
    assert message.startswith("representation tight (python): record ") and "> B = 65025" in message


def test_an_exception_inside_fn_is_one_line_naming_it_and_keeps_its_cause(fashion):
    def broken(x):
        raise ZeroDivisionError("no\nmore")

    psi = reconbound.representation(broken, output_dim=49, max_squared_distance=1e9)
    with pytest.raises(reconbound.PluginError) as raised:
        small_bound(fashion, psi)
    assert str(raised.value) == "representation broken (python): fn raised ZeroDivisionError: no"
    assert isinstance(raised.value.__cause__, ZeroDivisionError)


def test_a_keyboard_interrupt_inside_fn_comes_out_as_one(fashion):
    calls = []

    def interrupted(x):
        calls.append(len(x))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return down4(x)

    psi = reconbound.representation(interrupted, output_dim=49, max_squared_distance=255.0**2 * 49)
    with pytest.raises(KeyboardInterrupt):
        small_bound(fashion, psi)
    assert small_bound(fashion, down4_psi()).rho_star > 0  # the module still works


def test_wrong_arguments_are_refused_clearly(fashion):
    with pytest.raises(TypeError, match=r"bare callable: wrap it as reconbound\.representation\(fn"):
        small_bound(fashion, down4)
    with pytest.raises(TypeError, match="must be a plugin spec"):
        small_bound(fashion, 4)
    with pytest.raises(reconbound.InvalidInput, match="without ':'"):
        reconbound.representation(down4, output_dim=49, max_squared_distance=1.0, name="a:b")
    with pytest.raises(TypeError, match="output_dim="):
        reconbound.representation(down4, output_dim="49", max_squared_distance=1.0)
    with pytest.raises(reconbound.PluginError, match=r"output_dim for records of shape \(1, 28, 28\) is 0"):
        small_bound(fashion, reconbound.representation(down4, output_dim=lambda s: 0, max_squared_distance=1.0))
    with pytest.raises(reconbound.InvalidInput, match="takes no parameters"):
        small_bound(fashion, down4_psi(), representation_params="arg=2")
    with pytest.raises(reconbound.InvalidInput, match="exists already"):
        reconbound.spectrum(representations=[down4_psi(), down4_psi()], perp=fashion[:1000],
                            est=fashion[1000:2000], epsilons=[8], q=0.02, steps=100, delta=1e-5, **TINY)


def test_progress_and_ctrl_c_as_with_a_plugin():
    # The callable takes 0.2 s a batch: SIGINT after its first batch stops the job within the
    # allowance of a loaded machine (tests/python/test_progress.py), and the stage Ψ runs in
    # reports progress as the plugin's does.
    child = textwrap.dedent("""
        import sys
        import time
        import numpy as np
        import reconbound

        def slow(x):
            if not slow.started:
                slow.started = True
                print("started", flush=True)
            time.sleep(0.2)
            return x.reshape(len(x), -1)[:, :49]
        slow.started = False

        records = np.random.default_rng(1).uniform(0, 255, size=(8000, 1, 28, 28))
        psi = reconbound.representation(slow, output_dim=49, max_squared_distance=255.0**2 * 49)
        stages = set()
        try:
            reconbound.bound(perp=records[:4000], est=records[4000:], gamma=1.0, threads=2, representation=psi,
                             progress=lambda stage, done, total: stages.add(stage))
        except KeyboardInterrupt:
            print("KeyboardInterrupt", time.monotonic(), sorted(stages), flush=True)
            sys.exit(3)
        print("finished", flush=True)
    """)
    returncode, out, err, sent = interrupted_child(child)
    assert returncode == 3, err
    assert out.startswith("KeyboardInterrupt ") and float(out.split()[1]) - sent < 1.5, out
    assert "representing D_perp" in out, out


def test_the_example_bounds_both_representations(tmp_path):
    done = subprocess.run([sys.executable, SOURCE_DIR / "examples" / "python" / "custom_representation.py",
                           "--quick", "--threads", "2"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # Each Ψ passes the conformance kit before it is bounded.
    assert lines[0].startswith("sobel: conformance PASS (") and lines[3].startswith("cnn: conformance PASS ("), lines
    assert lines[1].startswith("sobel (python): rho* = ") and "(m = 676," in lines[1]
    assert lines[4].startswith("cnn (python, parameters sha256 ") and "(m = 36," in lines[4]
    for headline, statement in ((lines[1], lines[2]), (lines[4], lines[5])):
        rho = float(headline.split("rho* = ")[1].split()[0])
        assert 0 < rho < 1 and statement.strip().startswith("With probability >= 95%")
