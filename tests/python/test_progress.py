"""Progress goes to a callback or a tqdm bar; Ctrl-C (SIGINT) interrupts a long bound cleanly."""

import signal
import subprocess
import sys
import textwrap
import time

import pytest

import reconbound
from conftest import interrupted_child, SMALL_GRID


def small_bound(images, progress):
    records, _ = images
    return reconbound.bound(perp=records[:300], est=records[300:], gamma=1.0, grid_select="none",
                            progress=progress, **SMALL_GRID)


def test_a_callback_sees_the_work_complete(images):
    reports = []
    small_bound(images, lambda stage, done, total: reports.append((stage, done, total)))
    assert reports
    assert all(isinstance(stage, str) and 0 <= done <= total for stage, done, total in reports)
    for total in {total for _, _, total in reports}:  # the counted work of each loop completes
        assert max(done for _, done, t in reports if t == total) == total


class FakeTqdm:
    """The part of tqdm's interface reconbound drives."""

    def __init__(self):
        self.n, self.total, self.descriptions = 0, None, []

    def reset(self, total=None):
        self.n, self.total = 0, total

    def set_description(self, text, refresh=True):
        self.descriptions.append(text)

    def update(self, n):
        assert n > 0
        self.n += n


def test_a_tqdm_bar_is_driven_stage_by_stage(images):
    bar = FakeTqdm()
    small_bound(images, bar)
    assert bar.descriptions and bar.n == bar.total


def test_an_exception_in_the_callback_stops_the_bound_and_propagates(images):
    def fail(stage, done, total):
        raise RuntimeError(f"stop at {stage}")

    with pytest.raises(RuntimeError, match="^stop at "):
        small_bound(images, fail)
    assert reconbound.leakage(q=0.02, sigma=1.0, steps=3) > 0  # the module still works


def test_sigint_interrupts_a_long_bound_with_keyboard_interrupt():
    # A bound of hours (the whole default grid, exact path) in a child; SIGINT once the estimate
    # reports, which it does many times a second: KeyboardInterrupt within a second.
    child = textwrap.dedent("""
        import sys
        import time
        import numpy as np
        import reconbound

        records = np.random.default_rng(0).uniform(0, 255, size=(4000, 1, 28, 28))
        started = []

        def report(stage, done, total):
            if not started and stage.startswith("entropy"):
                started.append(stage)
                print("started", flush=True)

        try:
            reconbound.bound(perp=records[:2000], est=records[2000:], gamma=1.0, grid_select="none",
                             exact=True, threads=2, progress=report)
        except KeyboardInterrupt:
            print("KeyboardInterrupt", time.monotonic(), flush=True)
            print(reconbound.leakage(q=0.0204, sigma=1.11, steps=4900), flush=True)
            sys.exit(3)
        print("finished", flush=True)
    """)
    returncode, out, err, sent = interrupted_child(child)
    assert returncode == 3, err
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("KeyboardInterrupt "), out
    assert lines[1] == repr(reconbound.leakage(q=0.0204, sigma=1.11, steps=4900))
    # 1.5 s: the allowance of a loaded CI machine, as tests/interrupts/ (measured: 0.02-0.2 s)
    assert float(lines[0].split()[1]) - sent < 1.5


def test_sigint_while_fashion_mnist_is_opened_interrupts_within_a_second():
    # The data set is opened before the first progress report: its two gzip files are inflated
    # (about 0.5 s), only D_perp and D_est decoded. SIGINT just after the call starts.
    child = textwrap.dedent("""
        import sys
        import time
        import reconbound

        print("ready", flush=True)
        sys.stdin.readline()
        try:
            reconbound.bound(data="fashion-mnist", n_perp=10000, n_est=30000, gamma=1.0, threads=1)
        except KeyboardInterrupt:
            print("KeyboardInterrupt", time.monotonic(), flush=True)
            sys.exit(3)
        print("finished", flush=True)
    """)
    process = subprocess.Popen([sys.executable, "-c", child], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline() == "ready\n"
        process.stdin.write("go\n")
        process.stdin.flush()
        time.sleep(0.05)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)  # a guard against a hang, not a timing
    finally:
        process.kill()
    assert process.returncode == 3, err
    # 1.5 s: the allowance of a loaded CI machine, as above (measured: 0.5-0.7 s)
    assert out.startswith("KeyboardInterrupt ") and float(out.split()[1]) - sent < 1.5, out
