"""results_schema.json is the contract of both sides (docs/python.md, "Results"): the CLI's JSON keeps
to it (every required key, no other key, each value of its declared type) and the Python result
classes are its definitions (annotations, optional_fields, per-field docs).

The checker is written here (JSON Schema's keywords this schema uses: type, items, properties,
required, additionalProperties), a little stricter than JSON Schema: an "integer" is written
without a fraction (4, not 4.0), as the Python annotation int says."""

import inspect
import json
import os
from pathlib import Path

import numpy as np
import pytest

import reconbound
from conftest import SMALL_GRID_FLAGS, run_cli
from reconbound._results import _STEPS_FROM_EPOCHS

SCHEMA = json.loads((Path(reconbound.__file__).parent / "results_schema.json").read_text(encoding="utf-8"))
DEFINITIONS = SCHEMA["$defs"]

# The Python annotation of each JSON type the schema declares (its "description" left aside).
ANNOTATIONS = {
    '{"type": "number"}': "float",
    '{"type": "integer"}': "int",
    '{"type": "boolean"}': "bool",
    '{"type": "string"}': "str",
    '{"type": "object"}': "Result",
    '{"type": ["number", "null"]}': "float | None",
    '{"type": ["object", "null"]}': "Result | None",
    '{"items": {"type": "object"}, "type": "array"}': "list[Result]",
    '{"items": {"type": "number"}, "type": "array"}': "list[float]",
    '{"items": {"type": "string"}, "type": "array"}': "list[str]",
}


def json_type(value):
    """The JSON type of a value json.loads gave ("integer" for a number written without a fraction)."""
    if value is None:
        return "null"
    for python_type, name in ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"),
                              (list, "array"), (dict, "object")):
        if isinstance(value, python_type):  # bool before int: True is an int too
            return name
    raise TypeError(f"{value!r} is not a JSON value")


def type_errors(value, declared, where):
    """Where `value` (and, for an array, its items) is not of the declared type."""
    kinds = declared["type"] if isinstance(declared["type"], list) else [declared["type"]]
    kind = json_type(value)
    if kind not in kinds and not (kind == "integer" and "number" in kinds):
        return [f"{where} is {kind} {value!r:.60}, declared {' or '.join(kinds)}"]
    if kind == "array" and "items" in declared:
        return [error for i, item in enumerate(value)
                for error in type_errors(item, declared["items"], f"{where}[{i}]")]
    return []


def violations(document, definition):
    """What in `document` breaks `definition`: a required key missing, a key it does not declare
    (additionalProperties false), a value of another type."""
    properties = definition["properties"]
    errors = [f"lacks {key!r}" for key in definition["required"] if key not in document]
    errors += [f"has {key!r}, which the schema does not declare" for key in document if key not in properties]
    for key, value in document.items():
        errors += type_errors(value, properties[key], key) if key in properties else []
    return errors


def workloads(path, folder):
    """(definition, CLI arguments, environment) for each document checked: every command that prints
    a result, with the variants that print its optional and null fields; figures and pages go to
    `folder`. About 3 s in all here."""
    split = ["--data", f"npy:{path}", "--perp-range", "0:300", "--est-range", "300:600", *SMALL_GRID_FLAGS]
    chain = ["--data", f"npy:{path}", "--perp", 200, "--est", 300, "--targets", 20, "--gammas", 1, "--bits", 1,
             "--bootstrap", 20, "--seed", 4, "--no-figures", *SMALL_GRID_FLAGS]
    schedule = ["--q", 0.05, "--steps", 20, "--sigma-tolerance", 0.05]
    spectrum = ["spectrum", "--epsilons", 4, *schedule, "--delta", 1e-5, *split, "--representation", "pixel",
                "--representation", "downsample:4", "--svg", folder / "spectrum.svg"]
    report = ["report", *schedule, "--sigma", 1.1, "--delta", 1e-5, "--epsilons", 4, "--output",
              folder / "report.html"]
    np.save(folder / "labels.npy", np.arange(600) % 3)  # three labels, each in D_perp and in D_est
    by_label = ["--by-label", "--labels", f"npy:{folder / 'labels.npy'}", *split]
    # A chain row of a mechanism other than codebook and dpsgd (tests/chain's double): attack_rows.
    doubles = dict(os.environ, RECONBOUND_PLUGIN_PATH=os.environ["RECONBOUND_CHAIN_DOUBLE_DIR"])
    return [
        ("LeakageResult", ["leakage", "--q", 0.02, "--sigma", 1.2, "--steps", 125], None),
        ("EpsilonResult", ["epsilon", "--q", 0.02, "--sigma", 1.2, "--steps", 125, "--delta", 1e-5], None),
        ("EpsilonCalibrationResult", ["calibrate", "--target-epsilon", 4, *schedule, "--delta", 1e-5], None),
        ("RhoCalibrationResult", ["calibrate", "--target-rho", 0.3, *schedule, "--delta", 1e-5, *split], None),
        ("RhoCalibrationResult", ["calibrate", "--target-rho", 0.3, *schedule, *split], None),  # no δ: no ε
        ("BoundResult", ["bound", "--gamma", "1,3", *split], None),
        ("BoundResult", ["bound", "--gamma", 1, "--select-only", *split], None),  # certificate null, no ρ*
        ("ByLabelResult", ["bound", "--gamma", 1, *by_label], None),
        ("RhoCalibrationByLabelResult", ["calibrate", "--target-rho", 0.1, *schedule, "--delta", 1e-5, *by_label], None),
        ("SpectrumByLabelResult", ["spectrum", "--epsilons", 4, *schedule, "--delta", 1e-5, *by_label], None),
        ("SpectrumResult", spectrum, None),  # joint_level null
        ("SpectrumResult", [*spectrum, "--joint"], None),
        ("ChainResult", ["chain", *chain, "--dpsgd", "1:1"], None),
        ("ChainResult", ["chain", *chain, "--mechanism", "prior-mean-double"], doubles),
        ("PluginsResult", ["plugins"], None),
        ("ConformanceResult", ["conformance", "downsample:4", "--search-budget", 0, "--records", 2], None),
        ("ReportResult", [*report, *split], None),  # chain null
        ("ReportResult", [*report, *by_label], None),  # the labels' rows
        ("ReportResult", [*report, "--data", f"npy:{path}", "--perp", 200, "--est", 300, *SMALL_GRID_FLAGS,
                          "--chain", "--chain-targets", 20, "--chain-bits", 1], None),
    ]


@pytest.fixture(scope="module")
def documents(images, tmp_path_factory):
    """(definition, arguments, the CLI's JSON) for each workload."""
    _, path = images
    return [(definition, arguments, run_cli(*arguments, env=env))
            for definition, arguments, env in workloads(path, tmp_path_factory.mktemp("figures"))]


def test_every_document_of_the_cli_keeps_to_its_definition(documents):
    errors = [f"{name} (reconbound {' '.join(map(str, arguments[:2]))} ...): {error}"
              for name, arguments, document in documents for error in violations(document, DEFINITIONS[name])]
    assert errors == []


def test_the_documents_print_every_field_the_schema_declares_but_the_packages_own(documents):
    # A field the CLI stops printing, even an optional one, shows here; steps_from_epochs is the
    # package's (Result._state), never the CLI's.
    printed = {name: set() for name in DEFINITIONS}
    for name, _, document in documents:
        printed[name] |= set(document)
    assert printed == {name: set(definition["properties"]) - {_STEPS_FROM_EPOCHS}
                       for name, definition in DEFINITIONS.items()}


def test_the_checker_finds_a_field_gained_lost_or_of_another_type(documents):
    name, _, document = documents[0]
    definition = DEFINITIONS[name]
    assert violations(document, definition) == []
    assert violations({**document, "gamma_nats": 0.1}, definition) == [
        "has 'gamma_nats', which the schema does not declare"]
    assert violations({key: value for key, value in document.items() if key != "gamma_bits"}, definition) == [
        "lacks 'gamma_bits'"]
    assert violations({**document, "gamma_bits": "0.1"}, definition) == [
        "gamma_bits is string '0.1', declared number"]
    assert violations({**document, "segments": [{}, 3]}, definition) == [
        "segments[1] is integer 3, declared object"]
    assert type_errors(4.0, {"type": "integer"}, "k") == ["k is number 4.0, declared integer"]
    assert type_errors(True, {"type": "number"}, "q") == ["q is boolean True, declared number"]
    assert type_errors(None, {"type": ["number", "null"]}, "j") == type_errors(3, {"type": "number"}, "j") == []


def test_each_definition_is_a_closed_object_named_after_its_class():
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for name, definition in DEFINITIONS.items():
        assert definition["title"] == name and definition["type"] == "object"
        assert definition["additionalProperties"] is False, name
        assert set(definition["required"]) <= set(definition["properties"]), name
        assert _STEPS_FROM_EPOCHS not in definition["required"], name


def test_the_result_classes_are_the_schemas_definitions():
    classes = {name: value for name, value in vars(reconbound).items()
               if inspect.isclass(value) and issubclass(value, reconbound.Result) and value is not reconbound.Result}
    assert set(classes) == set(DEFINITIONS)
    for name, definition in DEFINITIONS.items():
        result_class, properties = classes[name], definition["properties"]
        types = {field: json.dumps({k: v for k, v in declared.items() if k != "description"}, sort_keys=True)
                 for field, declared in properties.items()}
        assert inspect.get_annotations(result_class) == {field: ANNOTATIONS[kind] for field, kind in types.items()}
        assert result_class.optional_fields == set(properties) - set(definition["required"])
        # help() shows the class's description and every field's (the docstring wraps them).
        doc = " ".join(inspect.getdoc(result_class).split())
        for text in [definition["description"]] + [p["description"] for p in properties.values() if "description" in p]:
            assert " ".join(text.split()) in doc, (name, text)
