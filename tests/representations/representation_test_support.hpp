#pragma once
// Shared helpers of the representation plugin tests: one plugin registry, the committed
// model folder, a
// self-deleting temporary folder, a minimal .npy writer (format 1.0, written by hand, not by
// the reader under test) and a check that a call throws a given exception whose message
// names the problem.
#include <gtest/gtest.h>

#include "../support/temp_dir.hpp"
#include "reconbound/registry.hpp"
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace reconbound::test {

// The plugins of the build tree, loaded once per test program.
inline const Registry& registry() {
  static const Registry loaded;
  return loaded;
}

// tests/representations/models in the source tree (ctest sets RECONBOUND_SOURCE_DIR).
inline std::string models_dir() {
  const char* source = std::getenv("RECONBOUND_SOURCE_DIR");
  const std::filesystem::path root = source != nullptr ? source : RECONBOUND_TEST_SOURCE_DIR;
  return (root / "tests" / "representations" / "models").string();
}

// Writes a C-order little-endian float64 .npy ('<f8') of the given shape.
inline void write_npy(const std::string& path, const std::vector<std::size_t>& shape, const std::vector<double>& values) {
  std::string dims;
  for (std::size_t i = 0; i < shape.size(); ++i) dims += std::to_string(shape[i]) + (shape.size() == 1 || i + 1 < shape.size() ? "," : "");
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + dims + "), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  const auto length = static_cast<std::uint16_t>(header.size());
  const char length_bytes[2] = {static_cast<char>(length & 0xFF), static_cast<char>(length >> 8)};
  out.write(length_bytes, 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(double)));
}

// Expects `call` to throw E with a message containing every one of `parts`.
template <typename E>
void expect_error(const std::function<void()>& call, const std::vector<std::string>& parts) {
  try {
    call();
    ADD_FAILURE() << "expected an exception";
  } catch (const E& e) {
    const std::string message = e.what();
    for (const std::string& part : parts) EXPECT_NE(message.find(part), std::string::npos) << message << "\n  lacks: " << part;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
  }
}

}  // namespace reconbound::test
