// Data-set specs: "fashion-mnist", "idx:PATH", "npy:PATH", "png:DIR".
#include <fmt/format.h>

#include <filesystem>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "records.hpp"

namespace reconbound {

namespace {

// Fashion-MNIST: the 60,000 training images then the 10,000 test images, 70,000 × 784.
Dataset load_fashion_mnist() {
  const std::filesystem::path train = fashion_mnist_train_images();
  const std::filesystem::path test = fashion_mnist_test_images();
  const std::string dir = train.parent_path().string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(train, ec) || !std::filesystem::is_regular_file(test, ec)) {
    throw FileError(
        fmt::format("data set 'fashion-mnist' not found in {}: install the Debian package "
                    "dataset-fashion-mnist (sudo apt-get install dataset-fashion-mnist)",
                    dir));
  }
  // Both files are decoded straight into one matrix, so the 440 MB of doubles exist once.
  const std::string train_path = train.string(), test_path = test.string();
  const std::vector<std::uint8_t> train_bytes = detail::read_idx_bytes(train_path);
  const std::vector<std::uint8_t> test_bytes = detail::read_idx_bytes(test_path);
  const detail::IdxArray first = detail::parse_idx_header(train_bytes, train_path);
  const detail::IdxArray second = detail::parse_idx_header(test_bytes, test_path);
  if (first.layout.shape != second.layout.shape || first.type != second.type) {
    throw FileError(
        fmt::format("fashion-mnist: {} and {} hold records of different shapes or types ({} vs {}); "
                    "reinstall the package dataset-fashion-mnist",
                    train_path, test_path, first.layout.shape.to_string(), second.layout.shape.to_string()));
  }
  const std::size_t d = first.layout.shape.size();
  Dataset out;
  out.shape = first.layout.shape;
  out.records.resize(static_cast<Eigen::Index>(first.layout.n_records + second.layout.n_records),
                     static_cast<Eigen::Index>(d));
  detail::decode_values(first.data, first.type, /*big_endian=*/true, d, out.records.data(), train_path);
  detail::decode_values(second.data, second.type, /*big_endian=*/true, d,
                        out.records.data() + first.layout.n_records * d, test_path);
  out.source = fmt::format("fashion-mnist:{} (train {} + t10k {})", dir, first.layout.n_records,
                           second.layout.n_records);
  return out;
}

}  // namespace

// The paths come from CMake (cmake/ReconboundPlugin.cmake), the one place they are written.
std::string fashion_mnist_train_images() { return RECONBOUND_FASHION_MNIST_TRAIN_IMAGES; }
std::string fashion_mnist_test_images() { return RECONBOUND_FASHION_MNIST_TEST_IMAGES; }

Dataset load_dataset(const std::string& spec) {
  if (spec == "fashion-mnist") return load_fashion_mnist();
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

}  // namespace reconbound
