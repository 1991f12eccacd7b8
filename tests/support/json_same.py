#!/usr/bin/env python3
"""JSON checks of the CLI tests (tests/mpi/*_test.sh, tests/checkpoint/*.py); stdlib only.

    json_same.py one FILE WHAT               FILE holds exactly one JSON document
    json_same.py same EXPECTED ACTUAL WHAT   ACTUAL (one document) equals EXPECTED, timings aside

"Timings aside": every key named timings_s or seconds, at any depth, is dropped from both
documents before they are compared. On failure one line "FAIL: WHAT: reason" goes to stderr
(with the path of the first difference) and the exit code is 1.
"""
import json
import sys

IGNORED_KEYS = {"timings_s", "seconds"}


def fail(what, reason):
    print(f"FAIL: {what}: {reason}", file=sys.stderr)
    sys.exit(1)


def load_one(path, what):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if not text.strip():
        fail(what, f"{path} is empty (no JSON document on stdout)")
    try:
        # json.loads refuses trailing content ("Extra data"), so a second document fails here.
        return json.loads(text)
    except json.JSONDecodeError as e:
        fail(what, f"{path} is not exactly one JSON document ({e.msg} at line {e.lineno} column {e.colno})")


def strip_timings(value):
    if isinstance(value, dict):
        return {k: strip_timings(v) for k, v in value.items() if k not in IGNORED_KEYS}
    if isinstance(value, list):
        return [strip_timings(v) for v in value]
    return value


def first_difference(a, b, path="$"):
    """The path and a short description of the first place where a and b differ, or None."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} {short(a)} != {type(b).__name__} {short(b)}"
    if isinstance(a, dict):
        if a.keys() != b.keys():
            only_a = sorted(a.keys() - b.keys())
            only_b = sorted(b.keys() - a.keys())
            return f"{path}: keys only in the expected {only_a}, only in the actual {only_b}"
        for k in a:
            found = first_difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} elements != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {short(a)} != {short(b)}"


def short(value):
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


def main(argv):
    if len(argv) == 4 and argv[1] == "one":
        load_one(argv[2], argv[3])
        return 0
    if len(argv) == 5 and argv[1] == "same":
        what = argv[4]
        expected = strip_timings(load_one(argv[2], what + " (expected)"))
        actual = strip_timings(load_one(argv[3], what))
        difference = first_difference(expected, actual)
        if difference:
            fail(what, "JSON differs (timings aside) at " + difference)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
