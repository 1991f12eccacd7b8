// The sub-bit codebook release (mathematics §2 end): γ equals I(Q; Z) computed directly from the
// 2 × 2 joint distribution, and the keep probability inverts it.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "codebook.hpp"
#include "reconbound/error.hpp"

using namespace reconbound;
using namespace reconbound::codebook;

namespace {

// I(Q; Z) = Σ_{q,z} P(q, z)·log2(P(q, z)/(P(q)·P(z))) with P(q, z) = f_q·Pr(Z = z | Q = q).
double mutual_information_bits(double f0, double keep) {
  const double f[2] = {f0, 1.0 - f0};
  const double channel[2][2] = {{keep, 1.0 - keep}, {1.0 - keep, keep}};
  double released[2] = {0.0, 0.0};
  for (int q = 0; q < 2; ++q) {
    for (int z = 0; z < 2; ++z) released[z] += f[q] * channel[q][z];
  }
  double info = 0.0;
  for (int q = 0; q < 2; ++q) {
    for (int z = 0; z < 2; ++z) {
      const double joint = f[q] * channel[q][z];
      if (joint > 0.0) info += joint * std::log2(joint / (f[q] * released[z]));
    }
  }
  return info;
}

double binary_entropy(double p) { return -p * std::log2(p) - (1.0 - p) * std::log2(1.0 - p); }

const double kFrequencies[] = {0.001, 0.01, 0.1, 0.3, 0.5, 0.77, 0.99};

TEST(BinarySymmetricChannel, LeakageIsTheMutualInformation) {
  for (double f0 : kFrequencies) {
    for (double keep : {0.5, 0.5001, 0.51, 0.6, 0.75, 0.9, 0.99, 0.999999, 1.0}) {
      EXPECT_NEAR(bsc_leakage_bits(f0, keep), mutual_information_bits(f0, keep), 1e-12)
          << "f0 = " << f0 << ", p = " << keep;
    }
  }
}

TEST(BinarySymmetricChannel, EndpointsAreNothingAndTheWholeIndex) {
  for (double f0 : kFrequencies) {
    EXPECT_NEAR(bsc_leakage_bits(f0, 0.5), 0.0, 1e-15) << "f0 = " << f0;
    EXPECT_NEAR(bsc_leakage_bits(f0, 1.0), binary_entropy(f0), 1e-14) << "f0 = " << f0;
  }
}

TEST(BinarySymmetricChannel, KeepProbabilityInvertsTheLeakage) {
  for (double f0 : kFrequencies) {
    const double ceiling = binary_entropy(f0);
    for (double fraction : {1e-9, 1e-4, 0.01, 0.3, 0.5, 0.9, 0.999, 0.999999}) {
      const double gamma = fraction * ceiling;
      const double keep = bsc_keep_probability(f0, gamma);
      EXPECT_GE(keep, 0.5);
      EXPECT_LE(keep, 1.0);
      EXPECT_NEAR(mutual_information_bits(f0, keep), gamma, 1e-12) << "f0 = " << f0 << ", gamma = " << gamma;
    }
  }
}

TEST(BinarySymmetricChannel, WholeIndexNeedsTheIndexKept) {
  for (double f0 : kFrequencies) EXPECT_EQ(bsc_keep_probability(f0, bsc_leakage_bits(f0, 1.0)), 1.0);
}

std::string keep_error(double f0, double gamma) {
  try {
    bsc_keep_probability(f0, gamma);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(BinarySymmetricChannel, LeakageOutsideTheRangeIsRejected) {
  const double f0 = 0.3;
  const double ceiling = binary_entropy(f0);
  for (double gamma : {0.0, -0.1, ceiling + 1e-9, 1.0, std::numeric_limits<double>::quiet_NaN(),
                       std::numeric_limits<double>::infinity()}) {
    const std::string message = keep_error(f0, gamma);
    EXPECT_NE(message.find("H_b(f0)"), std::string::npos) << "gamma = " << gamma << ": " << message;
  }
  EXPECT_NE(keep_error(0.0, 0.1), "");
  EXPECT_NE(keep_error(1.0, 0.1), "");
  EXPECT_NE(keep_error(std::nan(""), 0.1), "");
  EXPECT_THROW(bsc_leakage_bits(0.3, 0.49), InvalidInput);
  EXPECT_THROW(bsc_leakage_bits(0.3, 1.01), InvalidInput);
  EXPECT_THROW(bsc_leakage_bits(1.2, 0.7), InvalidInput);
}

TEST(BinarySymmetricChannel, ReleaseChannelRows) {
  const RowMatrix deterministic = release_channel(8, 1.0);
  EXPECT_TRUE(deterministic.isApprox(RowMatrix::Identity(8, 8)));
  const RowMatrix noisy = release_channel(2, 0.8);
  EXPECT_DOUBLE_EQ(noisy(0, 0), 0.8);
  EXPECT_DOUBLE_EQ(noisy(0, 1), 0.2);
  EXPECT_DOUBLE_EQ(noisy(1, 0), 0.2);
  EXPECT_DOUBLE_EQ(noisy(1, 1), 0.8);
  EXPECT_THROW(release_channel(4, 0.8), InvalidInput);
  EXPECT_THROW(release_channel(2, 0.3), InvalidInput);
  EXPECT_THROW(release_channel(2, std::nan("")), InvalidInput);
}

}  // namespace
