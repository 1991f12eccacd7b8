#pragma once
// Test-only reader for the 10,000 MNIST test digits (gzip IDX: 16-byte header, then 10,000 × 784
// uint8), from $RECONBOUND_SHARED_DATA/mnist/t10k-images-idx3-ubyte.gz.
#include <optional>
#include <string>

#include "reconbound/matrix.hpp"

namespace reconbound::testing {

// nullopt (with `why` set) when RECONBOUND_SHARED_DATA is unset (the binary run by hand);
// throws when the file is missing or malformed.
std::optional<RowMatrix> load_mnist_test_digits(std::string& why);

}  // namespace reconbound::testing
