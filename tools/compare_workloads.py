#!/usr/bin/python3
"""Record the review's workloads with one `reconbound` binary, and compare two recordings.

A refactoring that must not change behaviour is checked by recording before and after it:

  /usr/bin/python3 tools/compare_workloads.py record BEFORE_DIR --reconbound PATH/TO/reconbound
  ... change and rebuild ...
  /usr/bin/python3 tools/compare_workloads.py record AFTER_DIR --reconbound PATH/TO/reconbound
  /usr/bin/python3 tools/compare_workloads.py compare BEFORE_DIR AFTER_DIR

`record` writes one file per workload: NAME.json (the stdout of a `--json` run) and, for the
bad inputs, NAME.error (the exit status, then stderr). `compare` prints one OK/DIFFERS line per
file and exits 1 when any differs or is missing on one side. Timing fields (`timings_s`,
`seconds`) are left out of the comparison: they measure the run, not its result. Everything
else must be identical, numbers to the last bit.
"""
import argparse
import json
import pathlib
import subprocess
import sys

# The comparison the CLI tests use (timings aside; the path of the first difference).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests" / "support"))
from json_same import first_difference, strip_timings  # noqa: E402

SCHEDULE = ["--q", "0.0204", "--steps", "4900"]

# The results every front end must keep: name -> arguments after the binary.
WORKLOADS = {
    "bound": ["bound", "--data", "fashion-mnist", "--quick", "--gamma", "1.785", "--json"],
    "epsilon": ["epsilon", *SCHEDULE, "--sigma", "1.110", "--delta", "1e-5", "--json"],
    "calibrate": ["calibrate", "--target-epsilon", "8", *SCHEDULE, "--delta", "1e-5", "--json"],
    "leakage": ["leakage", *SCHEDULE, "--sigma", "1.110", "--json"],
}


def schedule_errors():
    """One bad schedule value per run, on each subcommand that reads a schedule."""
    bad = {"q0": ("--q", "0"), "q1.5": ("--q", "1.5"), "sigma-1": ("--sigma", "-1"),
           "steps0": ("--steps", "0")}
    good = {"--q": "0.0204", "--sigma": "1.110", "--steps": "4900"}
    runs = {}
    for label, (option, value) in bad.items():
        values = dict(good, **{option: value})
        schedule = [token for pair in values.items() for token in pair]
        runs[f"epsilon_{label}"] = ["epsilon", *schedule, "--delta", "1e-5"]
        runs[f"leakage_{label}"] = ["leakage", *schedule]
        if option != "--sigma":
            del values["--sigma"]
            schedule = [token for pair in values.items() for token in pair]
            runs[f"calibrate_{label}"] = ["calibrate", "--target-epsilon", "8", *schedule,
                                          "--delta", "1e-5"]
    return runs


def bound_errors():
    """One bad bound setting per run."""
    base = ["bound", "--data", "fashion-mnist", "--quick", "--gamma", "1.785"]
    return {
        "bound_alpha_share1": [*base, "--normaliser-alpha-share", "1"],
        "bound_rotation_bogus": [*base, "--rotation", "bogus"],
        "bound_grid_k0": [*base, "--grid-k", "0"],
    }


def record(directory, binary):
    directory.mkdir(parents=True, exist_ok=True)
    for name, arguments in WORKLOADS.items():
        run = subprocess.run([binary, *arguments], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"{name}: exit {run.returncode}: {run.stderr.strip()}")
        (directory / f"{name}.json").write_text(run.stdout)
    for name, arguments in {**schedule_errors(), **bound_errors()}.items():
        run = subprocess.run([binary, *arguments], capture_output=True, text=True)
        (directory / f"{name}.error").write_text(f"exit {run.returncode}\n{run.stderr}")


def compare_file(before_file, after_file):
    if not after_file.exists():
        return "missing after"
    if before_file.suffix == ".json":
        before = strip_timings(json.loads(before_file.read_text()))
        after = strip_timings(json.loads(after_file.read_text()))
        return first_difference(before, after)
    if before_file.read_text() != after_file.read_text():
        return f"{before_file.read_text()!r} -> {after_file.read_text()!r}"
    return None


def compare(before_dir, after_dir):
    names = sorted({p.name for p in before_dir.iterdir()} | {p.name for p in after_dir.iterdir()})
    failures = 0
    for name in names:
        if not (before_dir / name).exists():
            problem = "missing before"
        else:
            problem = compare_file(before_dir / name, after_dir / name)
        print(f"{'DIFFERS' if problem else 'OK'} {name}{': ' + problem if problem else ''}")
        failures += bool(problem)
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    recorder = commands.add_parser("record", help="run the workloads into a folder")
    recorder.add_argument("directory", type=pathlib.Path)
    recorder.add_argument("--reconbound", required=True, help="the binary to run")
    comparer = commands.add_parser("compare", help="compare two recordings")
    comparer.add_argument("before", type=pathlib.Path)
    comparer.add_argument("after", type=pathlib.Path)
    arguments = parser.parse_args()
    if arguments.command == "record":
        record(arguments.directory, arguments.reconbound)
        return 0
    return 1 if compare(arguments.before, arguments.after) else 0


if __name__ == "__main__":
    sys.exit(main())
