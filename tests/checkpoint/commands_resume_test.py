#!/usr/bin/env python3
"""spectrum, calibrate --target-rho and chain resume from a cut checkpoint (docs/checkpoints.md).

    commands_resume_test.py RECONBOUND IMAGES

Each command runs without a checkpoint, then with one; the checkpoint is cut in the middle of
its file (a run killed mid-write) and the same command resumes from it. Both checkpointed runs
print the JSON of the run without one (timings aside), and the resumed run says on stderr how
many items it found. Stdlib only.
"""
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from json_same import strip_timings  # noqa: E402  (timings aside, as the MPI tests compare)


def fail(reason):
    print(f"FAIL: checkpoint_commands_resume: {reason}", file=sys.stderr)
    sys.exit(1)


def main():
    reconbound, images = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, work, True)
    small = ["--data", f"idx:{images}", "--perp", "1000", "--est", "600", "--seed", "3", "--threads", "2", "--json"]
    commands = {
        "spectrum": ["spectrum", *small, "--epsilons", "2,8", "--q", "1", "--steps", "1", "--delta", "1e-5",
                     "--representation", "pixel", "--representation", "downsample:2", "--svg",
                     os.path.join(work, "spectrum.svg")],
        "calibrate": ["calibrate", "--target-rho", "0.3", *small, "--q", "0.02", "--steps", "1000"],
        "chain": ["chain", *small, "--targets", "20", "--bits", "1,2", "--gammas", "1", "--dpsgd", "1:1",
                  "--bootstrap", "100", "--figures", os.path.join(work, "chain")],
    }
    for name, arguments in commands.items():
        def run(extra, what):
            done = subprocess.run([reconbound, *arguments, *extra], capture_output=True, text=True)
            if done.returncode != 0:
                fail(f"{name} {what}: exit code {done.returncode}; stderr: {done.stderr[-400:]}")
            try:
                return strip_timings(json.loads(done.stdout)), done.stderr
            except json.JSONDecodeError as e:
                fail(f"{name} {what}: stdout is not one JSON document ({e.msg})")

        reference, _ = run(["--quiet"], "without a checkpoint")
        path = os.path.join(work, f"{name}.ckpt")
        first, _ = run(["--quiet", "--checkpoint", path], "with a checkpoint")
        if first != reference:
            fail(f"{name}: the checkpointed run's JSON differs from the run without one")
        size = os.path.getsize(path)
        os.truncate(path, size // 2)
        resumed, stderr = run(["--checkpoint", path], "resumed")
        if resumed != reference:
            fail(f"{name}: the resumed JSON differs from the run without a checkpoint")
        if "finished items from an earlier run" not in stderr:
            fail(f"{name}: the resumed run did not say what it found: {stderr[:300]!r}")
        if os.path.getsize(path) != size:
            fail(f"{name}: the resumed checkpoint has {os.path.getsize(path)} bytes, not {size}")
        print(f"{name}: resumed from half its checkpoint to the same JSON", file=sys.stderr)


if __name__ == "__main__":
    main()
