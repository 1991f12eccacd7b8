#!/usr/bin/env python3
"""No function outside the tests is longer than a limit (issue 40: 80 lines).

Reads every C++ and OpenCL C file (.cpp, .hpp, .h, .cl) under the rooms given and measures each
function with a body: from the first line of its declaration to its closing brace. Comments,
string literals and preprocessor lines are blanked first, so that braces inside them do not
count and a macro before a function is not its declaration. A brace opens a function when it
stands at namespace or class scope and the text before it, since the last ';', '{' or '}', has
a ')' and is not a type's head ("struct X {") or an initialiser ("= {"); braces inside a
function (blocks, lambdas, initialisers) belong to it. Fails naming file:line, length and
declaration of each function over the limit.

Usage: function_length_test.py LIMIT SOURCE_DIR ROOM...
"""
import pathlib
import re
import sys

SUFFIXES = {".cpp", ".hpp", ".h", ".cl"}
TYPE_HEAD = re.compile(r'\b(namespace|class|struct|enum|union)\b[^()]*$|extern\s*""\s*$')


def without_directives(text):
    """Blank every preprocessor line and its continuations, keeping the line count."""
    lines, continued = [], False
    for line in text.split("\n"):
        directive = continued or line.lstrip().startswith("#")
        continued = directive and line.rstrip().endswith("\\")
        lines.append("" if directive else line)
    return "\n".join(lines)


def without_comments_and_strings(text):
    """Blank comments and the insides of string and character literals, keeping the newlines."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif raw := re.match(r'R"([^(\s]*)\(', text[i:i + 20]):
            closing = ")" + raw.group(1) + '"'
            end = text.find(closing, i)
            end = n if end < 0 else end + len(closing)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif text[i] in "\"'" and not (text[i] == "'" and i > 0 and text[i - 1].isalnum()):
            # a literal; a ' after a digit or letter is a digit separator (1'000), not a quote
            quote, end = text[i], i + 1
            while end < n and text[end] != quote:
                end += 2 if text[end] == "\\" else 1
            out.append(quote * 2)
            i = end + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def functions(text):
    """(first line, length in lines, declaration) of every function with a body in `text`."""
    text = without_comments_and_strings(without_directives(text))
    scopes, found, line, head_start = [], [], 1, 0
    for i, char in enumerate(text):
        if char == "\n":
            line += 1
        if char not in ";{}":
            continue
        if char == "{":
            head = text[head_start:i]
            if any(kind == "function" for kind, _, _ in scopes):
                kind = "block"
            elif TYPE_HEAD.search(head):
                kind = "type"
            elif ")" in head and not head.rstrip().endswith("="):
                kind = "function"
            else:
                kind = "block"
            blank_before = len(head) - len(head.lstrip())
            first_line = line - head[blank_before:].count("\n")
            scopes.append((kind, first_line, " ".join(head.split())))
        elif char == "}" and scopes:
            kind, first_line, declaration = scopes.pop()
            if kind == "function":
                found.append((first_line, line - first_line + 1, declaration))
        head_start = i + 1
    return found


def main(limit, source_dir, rooms):
    over, files = 0, 0
    for room in rooms:
        for path in sorted((source_dir / room).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            files += 1
            for first_line, length, declaration in functions(path.read_text(errors="replace")):
                if length > limit:
                    print(f"FAIL: {path.relative_to(source_dir)}:{first_line}: {length} lines: "
                          f"{declaration[:100]}", file=sys.stderr)
                    over += 1
    if files == 0:
        print("FAIL: no source files under the rooms given", file=sys.stderr)
        return 1
    print(f"{files} files: {over} functions over {limit} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]))
