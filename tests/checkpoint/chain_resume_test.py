#!/usr/bin/env python3
"""`reconbound chain --checkpoint` resumes after its attacks (docs/checkpoints.md).

    chain_resume_test.py RECONBOUND IMAGES

A small chain of 8 attacks (the codebook at 1, 2, 3 bits and, through the binary symmetric
channel, 0.5 bits; two DP-SGD rows at 0.5 and 2 bits) on Fashion-MNIST:
* its checkpoint holds the 8 attacks first, then the estimates' items;
* cut after 3 and after all 8 attacks (a run killed there), the same command resumes to the
  JSON (timings aside) and the reconstruction figure of the run without a checkpoint, says
  on stderr how many attacks it restored, counts 0 s for them and completes the file with the
  same items;
* a run stopped by SIGTERM once an attack is on file exits 143 and resumes the same way.
Stdlib only.
"""
import atexit
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from json_same import strip_timings  # noqa: E402  (timings aside, as the MPI tests compare)

ATTACKS = 8


def fail(reason):
    print(f"FAIL: checkpoint_chain_resume: {reason}", file=sys.stderr)
    sys.exit(1)


def records(data):
    """(end offset, key) of every complete item of a checkpoint's bytes; a torn last one is left out."""
    start = data.find(b"\n\n")
    if start < 0:
        return []
    out, at = [], start + 2
    while at + 16 <= len(data):
        if data[at:at + 4] != b"ITEM":
            fail(f"no item starts at byte {at} of a checkpoint")
        key_size, payload_size = struct.unpack_from("<IQ", data, at + 4)
        end = at + 16 + key_size + payload_size + 4
        if end > len(data):
            break
        out.append((end, data[at + 16:at + 16 + key_size]))
        at = end
    return out


def attacks_on_file(data):
    return sum(1 for _, key in records(data) if key.startswith(b"attack "))


def main():
    reconbound, images = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, work, True)
    figures = os.path.join(work, "chain")
    command = [reconbound, "chain", "--data", f"idx:{images}", "--perp", "400", "--est", "300", "--seed", "3",
               "--grid-k", "4,8", "--grid-nu2", "0.4,1.6", "--targets", "12", "--bits", "1,2,3", "--gammas", "0.5,2",
               "--dpsgd", "1:1,0.5:4", "--bootstrap", "50", "--threads", "2", "--json", "--figures", figures]

    def run(extra, what):
        done = subprocess.run(command + extra, capture_output=True, text=True)
        if done.returncode != 0:
            fail(f"{what}: exit code {done.returncode}; stderr: {done.stderr[-400:]}")
        try:
            result = json.loads(done.stdout)
        except json.JSONDecodeError as e:
            fail(f"{what}: stdout is not one JSON document ({e.msg})")
        with open(figures + "_reconstructions.png", "rb") as f:
            return result, f.read(), done.stderr

    started = time.monotonic()
    reference, reference_png, _ = run(["--quiet"], "the run without a checkpoint")
    seconds = time.monotonic() - started
    attack_seconds = sum(reference["timings_s"][k] for k in ("codebooks", "per_block", "dpsgd_attacks"))
    reference = strip_timings(reference)

    def same_as_reference(result, png, what):
        if strip_timings(result) != reference:
            fail(f"{what}: the JSON differs from the run without a checkpoint")
        if png != reference_png:
            fail(f"{what}: the reconstruction figure differs from the run without a checkpoint")

    full = os.path.join(work, "full.ckpt")
    same_as_reference(*run(["--quiet", "--checkpoint", full], "the checkpointed run")[:2], "the checkpointed run")
    with open(full, "rb") as f:
        data = f.read()
    items = records(data)
    keys = [key for _, key in items]
    if len(keys) <= ATTACKS or not all(key.startswith(b"attack ") == (i < ATTACKS) for i, key in enumerate(keys)):
        fail(f"the checkpoint does not hold the {ATTACKS} attacks first, then the estimates: {keys[:ATTACKS + 1]}")

    def resume(path, restored, what):
        started_resume = time.monotonic()
        result, png, stderr = run(["--checkpoint", path], what)
        same_as_reference(result, png, what)
        if f"checkpoint: {restored} of {ATTACKS} attacks restored" not in stderr:
            fail(f"{what}: stderr does not say that {restored} attacks were restored: {stderr[-600:]!r}")
        with open(path, "rb") as f:
            if [key for _, key in records(f.read())] != keys:
                fail(f"{what}: the completed checkpoint holds other items than the uninterrupted run's")
        return result, time.monotonic() - started_resume

    for kept in (3, ATTACKS):
        path = os.path.join(work, f"cut{kept}.ckpt")
        with open(path, "wb") as f:
            f.write(data[:items[kept - 1][0]])
        result, resume_seconds = resume(path, kept, f"resumed after {kept} attacks")
        if kept == ATTACKS:
            spent = {k: result["timings_s"][k] for k in ("codebooks", "per_block", "dpsgd_attacks")}
            if any(spent.values()):
                fail(f"every attack was restored, yet the timings count {spent}")
            print(f"{ATTACKS} attacks {attack_seconds:.2f} s of a {seconds:.2f} s run; resumed after all of them: "
                  f"{resume_seconds:.2f} s", file=sys.stderr)

    path = os.path.join(work, "terminated.ckpt")
    process = subprocess.Popen(command + ["--quiet", "--checkpoint", path], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if os.path.exists(path):
            with open(path, "rb") as f:
                if attacks_on_file(f.read()) > 0:
                    break
        time.sleep(0.002)
    process.send_signal(signal.SIGTERM)
    if process.wait() != 143:
        fail(f"SIGTERM once an attack was on file: exit code {process.returncode}, expected 143")
    with open(path, "rb") as f:
        restored = attacks_on_file(f.read())
    resume(path, restored, f"resumed after SIGTERM with {restored} attacks on file")
    print(f"resumed after 3, {ATTACKS} and {restored} (SIGTERM) attacks to the uninterrupted JSON", file=sys.stderr)


if __name__ == "__main__":
    main()
