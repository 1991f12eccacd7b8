"""The package's modules import each other without a circle: every `from .X import` and `import .X`
of each module, at its top or inside a function, is an edge, and the graph has no cycle. A circle
hidden by imports inside functions would make the modules' order of loading matter (issue: two such
circles, _arguments ↔ _training and _options ↔ _vocabulary). The package itself (__init__, which
imports every module to export its names) is not a node: _vocabulary reads the public functions
from it at call time."""

import ast
import os
from pathlib import Path

import reconbound

PACKAGE = Path(reconbound.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The package's modules `path` imports (by module name, without the leading dot)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def graph() -> dict[str, set[str]]:
    modules = {p.stem: p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    return {name: imports_of(path) & modules.keys() for name, path in modules.items()}


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One cycle of `edges` as the list of its modules (first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(edges[node]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return []


def test_the_modules_import_each_other_without_a_circle():
    edges = graph()
    assert len(edges) >= 15, sorted(edges)  # the package's modules were found
    found = cycle(edges)
    assert not found, "import circle: " + " -> ".join(found)


def test_the_cycle_finder_finds_a_circle_through_an_import_inside_a_function(tmp_path):
    (tmp_path / "a.py").write_text("from .b import x\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("def f():\n    from .a import y\n    return y\n", encoding="utf-8")
    edges = {p.stem: imports_of(p) for p in tmp_path.glob("*.py")}
    assert cycle(edges) == ["a", "b", "a"]
    assert cycle({"a": {"b"}, "b": set()}) == []


def test_the_names_a_caller_may_use_live_in_the_vocabulary_alone():
    from reconbound import _arguments, _options, _training, _vocabulary
    assert _arguments.MEANINGS is _vocabulary.MEANINGS and _training.MEANINGS is _vocabulary.MEANINGS
    assert _options.DATA_OPTIONS is _vocabulary.DATA_OPTIONS and _options.BOUND_OPTIONS is _vocabulary.BOUND_OPTIONS
    assert os.path.basename(_vocabulary.__file__) == "_vocabulary.py"
    assert imports_of(Path(_vocabulary.__file__)) == set()
