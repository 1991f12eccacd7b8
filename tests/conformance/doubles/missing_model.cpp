// A test double: a representation whose example names a model file that is not there, as
// lpips's does when its ONNX model is missing. `reconbound conformance` must report a SKIP
// with the reason and exit 0.
#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

std::unique_ptr<reconbound::Representation> make(const reconbound::Params& params) {
  throw reconbound::FileError("cannot open the model file '" + params.get_string("arg") + "'");
}

const reconbound::PluginInfo& info() {
  static const reconbound::PluginInfo plugin{
      .kind = reconbound::PluginKind::representation,
      .name = "missing_model",
      .version = "0.0.1",
      .description = "test double: its example names a model file that does not exist",
      .example = "arg=no-such-model.onnx",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
