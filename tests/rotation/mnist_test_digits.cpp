#include "mnist_test_digits.hpp"

#include <zlib.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace reconbound::testing {

std::optional<RowMatrix> load_mnist_test_digits(std::string& why) {
  const char* root = std::getenv("RECONBOUND_SHARED_DATA");
  if (root == nullptr) {
    why = "RECONBOUND_SHARED_DATA is not set";
    return std::nullopt;
  }
  const auto path = std::filesystem::path(root) / "mnist" / "t10k-images-idx3-ubyte.gz";
  if (!std::filesystem::exists(path)) throw std::runtime_error(path.string() + " does not exist");
  gzFile file = gzopen(path.c_str(), "rb");
  if (file == nullptr) throw std::runtime_error("cannot open " + path.string());
  constexpr int kRecords = 10000;
  constexpr int kPixels = 784;
  std::array<unsigned char, 16> header{};
  std::vector<unsigned char> pixels(static_cast<std::size_t>(kRecords) * kPixels);
  const bool ok = gzread(file, header.data(), header.size()) == static_cast<int>(header.size()) &&
                  gzread(file, pixels.data(), static_cast<unsigned>(pixels.size())) == static_cast<int>(pixels.size());
  gzclose(file);
  const auto big_endian = [&](int at) {
    return (std::uint32_t{header[at]} << 24U) | (std::uint32_t{header[at + 1]} << 16U) |
           (std::uint32_t{header[at + 2]} << 8U) | std::uint32_t{header[at + 3]};
  };
  if (!ok || big_endian(0) != 0x803U || big_endian(4) != kRecords || big_endian(8) != 28 || big_endian(12) != 28) {
    throw std::runtime_error("malformed MNIST file " + path.string());
  }
  RowMatrix out(kRecords, kPixels);
  for (std::size_t i = 0; i < pixels.size(); ++i) out.data()[i] = pixels[i];
  return out;
}

}  // namespace reconbound::testing
