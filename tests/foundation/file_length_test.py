#!/usr/bin/env python3
"""No source file under the rooms given is longer than a limit (issue 51: 450 lines in plugins/).

Counts the lines of every C++ and OpenCL C file (.cpp, .hpp, .h, .cl) under the rooms, comments
and blank lines included: a file that long holds more than one job and is split along its seams
(docs/fast_estimator.md, "Where the code is", for the goldfeld plugin). Fails naming each file
over the limit with its length.

Usage: file_length_test.py LIMIT SOURCE_DIR ROOM...
"""
import pathlib
import sys

SUFFIXES = {".cpp", ".hpp", ".h", ".cl"}


def main(limit, source_dir, rooms):
    over, files, longest = 0, 0, (0, None)
    for room in rooms:
        for path in sorted((source_dir / room).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            files += 1
            length = path.read_text(errors="replace").count("\n")
            longest = max(longest, (length, path.relative_to(source_dir)))
            if length > limit:
                print(f"FAIL: {path.relative_to(source_dir)}: {length} lines (at most {limit})", file=sys.stderr)
                over += 1
    if files == 0:
        print("FAIL: no source files under the rooms given", file=sys.stderr)
        return 1
    print(f"{files} files: {over} over {limit} lines; the longest {longest[1]}, {longest[0]} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]))
