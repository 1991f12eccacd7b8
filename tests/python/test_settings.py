"""The settings table (docs/settings-route.md) against both front ends, for every setting in it: the
`--help` of each command that takes the bound options shows the setting's option with the table's
default, each public function takes its keyword with the table's default (or through **options),
and a bad value gets the same one-line message from the CLI (exit 2) and from Python
(InvalidInput). The messages are written here, not read from the table; the jobs' side (the
BoundConfig of the defaults) is tests/settings/setting_table_test.cpp."""

import inspect
import re
import subprocess

import pytest

import reconbound
from conftest import CLI, SMALL_GRID, cli_error
from reconbound import _reconbound
from reconbound._vocabulary import BOUND_OPTIONS, DATA_OPTIONS

TABLE = {row["name"]: row for row in _reconbound.settings()}
BOUND_JOBS = ("bound", "calibrate", "spectrum", "report", "chain")  # those that take the bound and data options
NOT_TAKEN = {("chain", "mechanism")}  # chain's attack rows name their own mechanisms (mechanisms=, --mechanism)
PLURAL = {("spectrum", "representation"): "representations"}  # a sequence: its default is (the table's,)

# The settings not every bound job takes: (the CLI's commands, Python's functions) that take each.
PRIVACY = ("epsilon", "calibrate", "spectrum", "report")
MECHANISM = (("bound", "calibrate", "spectrum", "report", "epsilon", "leakage"),
             ("bound", "calibrate", "spectrum", "report", "epsilon", "leakage", "leakage_report"))
TAKEN_BY = {
    "mechanism": MECHANISM,
    "mechanism_params": MECHANISM,
    "delta": (PRIVACY, PRIVACY),
    "delta_exponent": (PRIVACY, PRIVACY),
    "n_train": (PRIVACY, PRIVACY),
    "sigma_tolerance": (("calibrate", "spectrum", "report"), ("calibrate", "spectrum", "report")),
    "epsilon_error": (PRIVACY, PRIVACY),
    "epsilons": (("spectrum", "report"), ("spectrum", "report")),
    "joint": (("spectrum",), ("spectrum",)),
    "targets": (("chain",), ("chain",)),  # report's chain_targets (--chain-targets) defaults to it
}
COMMANDS = sorted({*BOUND_JOBS, *(command for commands, _ in TAKEN_BY.values() for command in commands)})
FUNCTIONS = sorted({*BOUND_JOBS, *(function for _, functions in TAKEN_BY.values() for function in functions)})


def takes(job, name, front_end):
    """Whether the command (front_end 0) or function (1) `job` takes the setting `name`."""
    if name in TAKEN_BY:
        return job in TAKEN_BY[name][front_end]
    return job in BOUND_JOBS and (job, name) not in NOT_TAKEN

# A bad value of each setting the table checks: (the value as the CLI's text, as a Python keyword,
# the CLI's message, Python's message).
BAD = {
    "rotation": ("random", "random", "--rotation: random not in {auto,eigenbasis,signs}",
                 "rotation: random not in {auto,eigenbasis,signs}"),
    "normaliser": ("median", "median", "--normaliser: median not in {sample,ucb}",
                   "normaliser: median not in {sample,ucb}"),
    "grid_select": ("best", "best", "--grid-select: best not in {pilot,none}", "grid_select: best not in {pilot,none}"),
    "alpha": ("1.5", 1.5, "--alpha 1.5 must be in (0, 1)", "alpha=1.5 must be in (0, 1)"),
    "normaliser_alpha_share": (
        "1", 1, "--normaliser-alpha-share 1 must be in (0, 1): the share of alpha the tr Sigma upper confidence "
        "bound gets", "normaliser_alpha_share=1 must be in (0, 1): the share of alpha the tr Sigma upper confidence "
        "bound gets"),
    "grid_select_pairs": ("0", 0, "--grid-select-pairs: '0' is not a whole number in [1, 1000]",
                          "grid_select_pairs: '0' is not a whole number in [1, 1000]"),
    "mc_samples": ("0", 0, "--mc-samples: '0' is not a whole number >= 1", "mc_samples: '0' is not a whole number >= 1"),
    "padded_order": ("0", 0, "--padded-order: '0' is not a whole number >= 1",
                     "padded_order: '0' is not a whole number >= 1"),
    "threads": ("-1", -1, "--threads: '-1' is not a whole number >= 0", "threads: '-1' is not a whole number >= 0"),
}


def option_block(help_text, flag):
    """The lines of `flag` in a CLI11 help: its own line and the help lines under it; None if absent."""
    lines = help_text.splitlines()
    for i, line in enumerate(lines):
        if re.match(rf"\s+{re.escape(flag)}(?![\w-])", line):
            rest = lines[i + 1:]
            end = next((j for j, more in enumerate(rest) if re.match(r"\s+-", more) or not more.strip()), len(rest))
            return [line, *rest[:end]]
    return None


@pytest.mark.parametrize("command", COMMANDS)
def test_the_cli_help_shows_every_setting_with_the_tables_default(command):
    done = subprocess.run([CLI, command, "--help"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for name, row in TABLE.items():
        block = option_block(done.stdout, row["flag"])
        if not takes(command, name, 0):
            assert block is None or (command, name) in NOT_TAKEN, f"{command} --help has {row['flag']} ({name})"
            continue
        assert block is not None, f"{command} --help lacks {row['flag']} ({name})"
        default = row["default"]
        if default is None and row["default_text"]:
            assert f"(default: {row['default_text']})" in " ".join(block), (name, block)
        elif default is not None and not isinstance(default, bool):
            assert re.search(rf"={re.escape(row['default_text'])}(\s|$)", block[0]), (name, block)


@pytest.mark.parametrize("function", FUNCTIONS)
def test_every_function_takes_every_setting_with_the_tables_default(function):
    parameters = inspect.signature(getattr(reconbound, function)).parameters
    for name, row in TABLE.items():
        if not takes(function, name, 1):
            assert name not in parameters, (function, name)
            assert "options" not in parameters or name not in BOUND_OPTIONS | DATA_OPTIONS, (function, name)
            continue
        keyword = PLURAL.get((function, name), name)
        if keyword in parameters:
            expected = row["default"] if keyword == name else (row["default"],)
            assert parameters[keyword].default == expected, (function, keyword)
            assert type(parameters[keyword].default) is type(expected), (function, keyword)
        else:
            assert name in BOUND_OPTIONS | DATA_OPTIONS and "options" in parameters, f"{function}() takes no {name}"


def test_the_cli_names_a_setting_by_its_rows_flag():
    assert TABLE["n_perp"]["flag"] == "--perp" and TABLE["n_est"]["flag"] == "--est"
    assert TABLE["representation"]["plural"] == "representations"
    assert cli_error("bound", "--data", "fashion-mnist", "--perp", "10", "--perp-range", "0:10", "--est-range",
                     "10:20", "--gamma", "1") == "--perp/--est sizes do not go with explicit ranges or indices"


def test_the_data_free_functions_default_to_the_tables_mechanism():
    for function in ("leakage", "leakage_report", "epsilon", "calibrate", "spectrum", "report"):
        assert inspect.signature(getattr(reconbound, function)).parameters["mechanism"].default == \
            TABLE["mechanism"]["default"], function


def test_every_checked_setting_has_a_bad_value_here():
    checked = {name for name, row in TABLE.items() if row["choices"] or row["range"] is not None}
    assert checked == set(BAD)


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_value_gets_the_same_message_from_both_front_ends(name, images):
    records, path = images
    text, value, cli_message, python_message = BAD[name]
    assert cli_error("bound", "--data", f"npy:{path}", "--perp-range", "0:300", "--est-range", "300:600",
                     "--gamma", "1", TABLE[name]["flag"], text) == cli_message
    with pytest.raises(reconbound.InvalidInput) as error:
        reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, **{**SMALL_GRID, name: value})
    assert str(error.value) == python_message


def test_the_docstrings_state_the_tables_defaults():
    from reconbound import _options

    docs = {name: " ".join(getattr(reconbound, name).__doc__.split()) for name in FUNCTIONS}
    options = " ".join(_options.__doc__.split())
    for name, doc in {**docs, "_options": options}.items():
        assert not re.search(r"\{(default|choices|range):", doc), name
    share, normaliser = TABLE["normaliser_alpha_share"]["default_text"], TABLE["normaliser"]["default_text"]
    assert f"normaliser_alpha_share (float in (0, 1), default {share})" in options
    assert 'rotation ("auto" | "eigenbasis" | "signs", default "auto")' in options
    assert f"normaliser_alpha_share of alpha, default {share})" in docs["bound"]
    for name in ("bound", "calibrate", "chain"):
        assert f'default normaliser="{normaliser}"' in docs[name], name
