#!/usr/bin/env python3
"""A whole-grid bound killed at random points resumes to the uninterrupted JSON (docs/checkpoints.md).

    kill_resume_test.py RECONBOUND IMAGES

* 20 kill points: a run's checkpoint cut at 16 random bytes (a kill mid-write leaves a prefix
  of the file, so almost all of these cut a record in two) and at 4 record boundaries (the
  header alone among them). The same command resumed on each cut file prints the uninterrupted
  JSON (timings aside).
* 3 real SIGKILLs at random moments of a run, each resumed the same way.
* A rerun with another option on a finished checkpoint is refused (exit 2, the field named).
Stdlib only. The seed of the random points is printed, and a failure names it.
"""
import atexit
import json
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from json_same import strip_timings  # noqa: E402  (timings aside, as the MPI tests compare)


def fail(reason):
    print(f"FAIL: checkpoint_kill_resume: {reason}", file=sys.stderr)
    sys.exit(1)


def record_ends(data):
    """Byte offsets where the header and each complete item end."""
    start = data.index(b"\n\n") + 2
    ends = [start]
    at = start
    while at < len(data):
        if data[at:at + 4] != b"ITEM":
            fail(f"no item starts at byte {at} of a finished checkpoint")
        key_size, payload_size = struct.unpack_from("<IQ", data, at + 4)
        at += 16 + key_size + payload_size + 4
        ends.append(at)
    if at != len(data):
        fail("a finished checkpoint ends inside a record")
    return ends


def main():
    reconbound, images = sys.argv[1], sys.argv[2]
    seed = int(os.environ.get("RECONBOUND_TEST_SEED", str(int(time.time()))))
    rng = random.Random(seed)
    print(f"random kill points from seed {seed} (RECONBOUND_TEST_SEED)", file=sys.stderr)
    # The whole default grid (no selection) on 500 + 200 Fashion-MNIST records: 32 items.
    command = [reconbound, "bound", "--data", f"idx:{images}", "--perp", "500", "--est", "200",
               "--grid-select", "none", "--gamma", "1,8", "--threads", "2", "--json", "--quiet"]
    work = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, work, True)

    def run(extra, what, expect=0):
        done = subprocess.run(command + extra, capture_output=True, text=True)
        if done.returncode != expect:
            fail(f"{what}: exit code {done.returncode}, expected {expect} (seed {seed}); stderr: {done.stderr[-400:]}")
        return done

    def same_as_reference(done, what):
        try:
            got = strip_timings(json.loads(done.stdout))
        except json.JSONDecodeError as e:
            fail(f"{what}: stdout is not one JSON document ({e.msg}; seed {seed})")
        if got != reference:
            fail(f"{what}: the resumed JSON differs from the uninterrupted run's (seed {seed})")

    started = time.monotonic()
    reference = strip_timings(json.loads(run([], "the uninterrupted run").stdout))
    full_seconds = time.monotonic() - started
    finished = os.path.join(work, "finished.ckpt")
    same_as_reference(run(["--checkpoint", finished], "the checkpointed run"), "the checkpointed run")
    with open(finished, "rb") as f:
        data = f.read()
    ends = record_ends(data)
    if len(ends) < 10:
        fail(f"the run kept {len(ends) - 1} items; the test needs at least 9")

    cuts = sorted(rng.sample(range(ends[0], len(data)), 16)) + [ends[0]] + rng.sample(ends[1:-1], 3)
    for i, cut in enumerate(cuts):
        path = os.path.join(work, f"cut{i}.ckpt")
        with open(path, "wb") as f:
            f.write(data[:cut])
        what = f"resumed from a cut at byte {cut} of {len(data)}"
        same_as_reference(run(["--checkpoint", path], what), what)
        if os.path.getsize(path) != len(data):
            fail(f"{what}: the checkpoint has {os.path.getsize(path)} bytes, not the finished run's {len(data)}")

    for i in range(3):
        path = os.path.join(work, f"killed{i}.ckpt")
        delay = rng.uniform(0.2, 0.9 * full_seconds)
        process = subprocess.Popen(command + ["--checkpoint", path], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        what = f"resumed after SIGKILL at {delay:.2f} s"
        same_as_reference(run(["--checkpoint", path], what), what)

    refused = run(["--checkpoint", finished, "--seed", "5"], "another seed on a finished checkpoint", expect=2)
    lines = refused.stderr.strip().splitlines()
    if len(lines) != 1 or "option --seed was '(default)' there and is '5' now" not in lines[0]:
        fail(f"the refusal is not one line naming --seed: {refused.stderr!r}")
    print(f"20 cuts and 3 kills resumed to the uninterrupted JSON ({len(ends) - 1} items, "
          f"{full_seconds:.1f} s a run)", file=sys.stderr)


if __name__ == "__main__":
    main()
