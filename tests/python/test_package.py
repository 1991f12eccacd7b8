"""The package's surface: the stubs of the extension name exactly what it defines, and every public
function says what it computes."""

import ast
import inspect
from pathlib import Path

import reconbound
from reconbound import _reconbound


def test_the_stubs_name_exactly_the_extensions_functions_and_exceptions():
    stub = ast.parse((Path(reconbound.__file__).parent / "_reconbound.pyi").read_text())
    stubbed = {node.name for node in stub.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    defined = {name for name in dir(_reconbound) if not name.startswith("_")}
    assert stubbed == defined


def test_the_exceptions_are_the_documented_python_errors():
    assert issubclass(reconbound.InvalidInput, ValueError)
    assert issubclass(reconbound.PluginError, ValueError)
    assert issubclass(reconbound.FileError, OSError) and issubclass(reconbound.FileError, ValueError)
    assert issubclass(reconbound.NumericalError, ArithmeticError)
    assert reconbound.InvalidInput.__module__ == "reconbound"


def test_every_public_function_has_a_docstring_with_units_or_equations():
    functions = [getattr(reconbound, name) for name in reconbound.__all__ if inspect.isfunction(getattr(reconbound, name))]
    functions.append(reconbound.representations.apply)
    assert reconbound.schedule_from_history in functions and len(functions) >= 10
    for function in functions:
        doc = inspect.getdoc(function)
        assert doc, function.__name__
        if function is not reconbound.plugins:  # the others compute numbers: their units and equations
            assert any(mark in doc for mark in ("bits", "nats", "eq ", "Theorem", "§")), function.__name__
