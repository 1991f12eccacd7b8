#pragma once
// A representation Ψ written in Python (docs/python.md, "Your own representation"): an instance
// of reconbound.Representation (reconbound/_representation.py), made by reconbound.representation,
// runs in a job as a plugin does. The job runs without the GIL; each call of Ψ takes it, only
// for as long as the Python callable runs, from whichever worker thread maps a batch.
//
// A job names it by its spec (Representation._job_record: its name, "(python)", and for a torch
// module a hash of its parameters), which is also the name of the plugin record it is added as:
// the result's "representation", the engine's messages, the report and a checkpoint's
// fingerprint (the record's version) all carry it.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "reconbound/registry.hpp"

namespace reconbound::python {

// The registry a job runs with and the spec it names: for a str, the module's registry and the string;
// for a reconbound representation object (reconbound.representation(...)), a registry extending the
// module's with it (owned here) and its name as the spec.
struct RepresentationChoice {
  const Registry* registry = nullptr;
  std::string spec;
  std::unique_ptr<Registry> owned;
};

// TypeError for anything else (a bare callable: with the advice to wrap it in
// reconbound.representation). Called with the GIL held.
RepresentationChoice representation_choice(const pybind11::object& representation);

// The same for several representations (spectrum's list, built-in specs and Python objects mixed):
// one registry holding every Python Ψ of the list, and one spec per entry, in order.
struct RepresentationChoices {
  const Registry* registry = nullptr;
  std::vector<std::string> specs;
  std::unique_ptr<Registry> owned;
};
RepresentationChoices representation_choices(const pybind11::list& representations);

}  // namespace reconbound::python
