// Data-set specs: "fashion-mnist", "idx:PATH", "npy:PATH", "png:DIR".
#include <fmt/format.h>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

// The paths come from CMake (cmake/ReconboundPlugin.cmake), the one place they are written.
std::string fashion_mnist_train_images() { return RECONBOUND_FASHION_MNIST_TRAIN_IMAGES; }
std::string fashion_mnist_test_images() { return RECONBOUND_FASHION_MNIST_TEST_IMAGES; }

Dataset load_dataset(const std::string& spec) {
  if (spec == "fashion-mnist") return MappedDataset::open_fashion_mnist()->read_all();
  const auto colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  const std::string path = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
  if (colon != std::string::npos && !path.empty()) {
    if (kind == "idx") return read_idx(path);
    if (kind == "npy") return read_npy(path);
    if (kind == "png") return read_png_folder(path);
  }
  throw InvalidInput(
      fmt::format("unknown data set '{}': use fashion-mnist, idx:PATH (IDX, gzipped or not), "
                  "npy:PATH (NumPy .npy) or png:DIR (a folder of PNG images)",
                  spec));
}

Dataset load_dataset(const std::string& spec, const RecordEncoding& encoding) {
  if (spec.starts_with("npy:") && spec.size() > 4) return MappedDataset::open_npy(spec.substr(4), encoding)->read_all();
  require_no_encoding(encoding, spec);
  return load_dataset(spec);
}

}  // namespace reconbound
