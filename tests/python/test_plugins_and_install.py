"""plugins() lists what the CLI lists; `cmake --install` puts a working module into a prefix that
finds the installed core library and plugins, as the installed CLI does; chain equals the CLI."""

import json
import os
import subprocess
import sys

import pytest

import reconbound
from conftest import (SMALL_GRID, SMALL_GRID_FLAGS, assert_fields_declared, comparable_certificate,
                      run_cli, without_timings)


def test_plugins_equal_the_cli():
    result = reconbound.plugins()
    expected = run_cli("plugins")
    assert result.to_dict() == expected
    assert {"dpsgd", "pixel", "goldfeld", "slb"} <= {p.name for p in result.plugins}
    assert_fields_declared(reconbound.PluginsResult, expected)


def test_the_plugin_path_is_read_as_by_the_cli():
    env = dict(os.environ, RECONBOUND_PLUGIN_PATH=os.environ["RECONBOUND_TEST_PLUGIN_DIR"])
    code = "import json, reconbound; print(json.dumps(reconbound.plugins().to_dict()))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    listed = json.loads(done.stdout)
    assert listed == run_cli("plugins", env=env)
    assert "noisy-double" in {p["name"] for p in listed["plugins"]}


def test_chain_equals_the_cli(images):
    _, path = images
    spec = f"npy:{path}"
    result = reconbound.chain(data=spec, n_perp=200, n_est=300, targets=50, gammas=[1.0], bits=[1],
                              dpsgd=[(1.0, 1)], bootstrap=50, seed=4, **SMALL_GRID)
    expected = run_cli("chain", "--data", spec, "--perp", 200, "--est", 300, "--targets", 50, "--gammas", 1,
                       "--bits", 1, "--dpsgd", "1:1", "--bootstrap", 50, "--seed", 4, "--no-figures",
                       *SMALL_GRID_FLAGS)
    assert without_timings(result.to_dict()) == without_timings(expected)
    assert_fields_declared(reconbound.ChainResult, expected)
    # the rho* column's certificate: rho* at 1 - alpha, the gammas given (exact)
    assert comparable_certificate(result.certificate.to_dict()) == comparable_certificate(expected["certificate"])
    c = result.certificate
    assert c.certifies == "rho_star" and c.level == pytest.approx(0.95) and c.union_size >= 1
    assert [i.treatment for i in c.ingredients if i.name == "leakage"] == ["exact"]
    assert {i.name for i in c.ingredients if i.treatment == "probability"} == {"monte_carlo", "sampling", "normaliser"}


def test_chain_mechanism_rows_equal_the_cli_and_the_default_rows(images):
    _, path = images
    spec = f"npy:{path}"
    common = dict(data=spec, n_perp=200, n_est=300, targets=20, gammas=[0.5, 1.0], bits=[1], bootstrap=20, seed=4,
                  **SMALL_GRID)
    rows = ["codebook", "dpsgd:q=1,steps=1"]
    result = reconbound.chain(mechanisms=rows, **common)
    expected = run_cli("chain", "--data", spec, "--perp", 200, "--est", 300, "--targets", 20, "--gammas", "0.5,1",
                       "--bits", 1, "--mechanism", rows[0], "--mechanism", rows[1], "--bootstrap", 20, "--seed", 4,
                       "--no-figures", *SMALL_GRID_FLAGS)
    assert without_timings(result.to_dict()) == without_timings(expected)
    # the paper's rows named are the default rows
    assert without_timings(result.to_dict()) == without_timings(reconbound.chain(dpsgd=[(1.0, 1)], **common).to_dict())
    with pytest.raises(reconbound.InvalidInput, match=r"^dpsgd and clip set the default rows"):
        reconbound.chain(mechanisms=["dpsgd"], clip=0.5, **common)


def test_cmake_install_gives_a_module_that_finds_the_installed_plugins(tmp_path):
    prefix = tmp_path / "prefix"
    subprocess.run([os.environ["RECONBOUND_CMAKE"], "--install", os.environ["RECONBOUND_BUILD_DIR"], "--prefix",
                    prefix], check=True, capture_output=True)
    site = prefix / os.environ["RECONBOUND_PYTHON_INSTALL_DIR"]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RECONBOUND_PLUGIN_PATH")}
    env["PYTHONPATH"] = str(site)
    code = ("import json, reconbound; print(json.dumps([reconbound.__file__, reconbound.leakage(q=0.0204, "
            "sigma=1.11, steps=4900), [p.path for p in reconbound.plugins().plugins]]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    module_file, gamma, plugin_paths = json.loads(done.stdout)
    assert module_file.startswith(str(site))
    assert gamma == reconbound.leakage(q=0.0204, sigma=1.11, steps=4900)
    installed_plugins = os.path.realpath(prefix / "lib" / "reconbound" / "plugins")
    assert plugin_paths and all(os.path.dirname(os.path.realpath(p)) == installed_plugins for p in plugin_paths)
    installed = {p.name for p in (site / "reconbound").iterdir()}
    assert {"__init__.py", "py.typed", "_reconbound.pyi"} <= installed
