// The single-precision product kernel on an OpenCL device (single_kernel.cl, device_kernel.hpp;
// docs/fast_estimator.md, "The OpenCL kernel"), on the device device=opencl picks (POCL where
// there is no GPU, as in CI):
//  * the exponential in the device's order of operations (exp_neg_fused.hpp) within its proven
//    bound, tight within a factor two (the bound halved fails); the device computes its bits
//    (its check at opening compares them, and the sums below would differ);
//  * the device's sums bit for bit against the host's evaluation of the same operations
//    (device_reference.hpp), with double and with compensated float summation;
//  * the device's sums against 50-digit references within its proven δ on random and
//    adversarial blocks (outliers, tiny sds, near duplicates, clamped exponents);
//  * the estimator: device=opencl and device=cpu agree within t_num(cpu) + t_num(device), query
//    parts combine to the single call bit for bit, and the results name the device;
//  * the setting's errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <numbers>
#include <string>
#include <vector>

#include "cpu/exp_neg_single.hpp"
#include "cpu/single_bound.hpp"
#include "estimator_support.hpp"
#include "kernel_cases.hpp"
#include "opencl/device_kernel.hpp"
#include "opencl/device_reference.hpp"
#include "opencl/exp_neg_fused.hpp"
#include "reconbound/error.hpp"

namespace reconbound::test {
namespace {

using goldfeld::SingleSummation;

// ---- The exponential in the device's order -------------------------------------------------

TEST(DeviceExponential, StaysWithinItsProvenBoundAndIsTightWithinAFactorTwo) {
  long double largest = 0.0L;
  constexpr int kGrid = 1 << 20;
  std::vector<float> a;
  for (int i = 0; i <= kGrid; ++i) a.push_back(static_cast<float>(-87.5 + 174.5 * i / kGrid));
  for (int j = -126; j <= 126; ++j) {
    for (const double offset : {-0.34657, -0.3465, 0.0, 0.3465, 0.34657}) {
      const auto x = static_cast<float>(j * std::numbers::ln2 + offset);
      if (-x >= -87.5f && -x <= goldfeld::detail::kSingleExponentClamp) a.push_back(-x);
    }
  }
  for (const float value : a) {
    const long double exact = std::exp(-static_cast<long double>(value));
    const long double computed = goldfeld::detail::exp_neg_single_fused(value);
    largest = std::max(largest, std::abs(computed / exact - 1.0L));
  }
  EXPECT_LE(static_cast<double>(largest), goldfeld::detail::kSingleExpRelativeError);
  EXPECT_GT(static_cast<double>(largest), 0.5 * goldfeld::detail::kSingleExpRelativeError);  // the bound halved fails
}

// ---- The device's sums ---------------------------------------------------------------------

std::shared_ptr<const goldfeld::DeviceKernel> device_with(SingleSummation summation) {
  const auto device = goldfeld::open_device({goldfeld::DeviceSetting::Kind::opencl, std::nullopt});
  EXPECT_NE(device, nullptr);
  if (summation == SingleSummation::device_compensated) {
    const std::size_t index = std::stoul(device->description().substr(std::string("opencl:").size()));
    return goldfeld::open_device_variant(index, {.compensated = true});
  }
  return device;
}

goldfeld::SingleKernelQueries kernel_queries(const SingleQueries& queries) {
  return {queries.weights, queries.offsets, queries.scales, queries.errors};
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// The queries whose device sum differs in any bit from the host's evaluation; `compared` counts them.
std::string bit_problems(const KernelCase& c, const std::vector<std::size_t>& rows, SingleSummation summation,
                         std::size_t& compared) {
  const SingleQueries queries = single_queries(c, rows);
  const goldfeld::SingleKernelSums sums = device_with(summation)->sums(queries.single, kernel_queries(queries));
  EXPECT_EQ(sums.summation, summation);
  std::string problems;
  compared = queries.offsets.size();
  for (std::size_t q = 0; q < compared; ++q) {
    // Queries beyond the kernel's range (fits_single) are never sent there; their bits are
    // still defined wherever the exponents stay finite.
    if (!goldfeld::fits_single(queries.errors[q], queries.z_norm2[q])) continue;
    const double host = goldfeld::device_reference_sum(queries.single, queries.weights.data() + q * c.k,
                                                       queries.offsets[q], queries.scales[q], summation);
    if (!same_bits(sums.sums[q], host)) {
      problems += "query " + std::to_string(q) + ": device " + std::to_string(sums.sums[q]) + " host " +
                  std::to_string(host) + "\n";
    }
  }
  return problems;
}

TEST(DeviceKernel, SumsAreTheHostsIeeeEvaluationBitForBit) {
  for (const SingleSummation summation : {SingleSummation::device_double, SingleSummation::device_compensated}) {
    // n across run, tile and range edges (4,096 centres a range); k across the layouts (4, 2
    // and 1 queries per item, local tiles and global reads).
    for (const auto& [n, k] : std::vector<std::pair<std::size_t, std::size_t>>{
             {1, 1}, {17, 4}, {300, 7}, {1000, 28}, {9000, 5}, {257, 49}, {130, 96}, {70, 300}}) {
      KernelCase c = random_case(n, k, 2, 1.0, 40 + n);
      c.s = default_sds(static_cast<double>(k), k);
      std::vector<std::size_t> rows{0, n / 2, n - 1};
      std::size_t compared = 0;
      EXPECT_EQ(bit_problems(c, rows, summation, compared), "") << "n=" << n << " k=" << k;
      EXPECT_EQ(compared, rows.size() * c.s.size() * 2);
    }
  }
}

// The layout (queries per work item, work-group size) is a speed choice: every layout gives the
// default's bits, also odd ones (3 queries an item, groups of 7 that end mid-tile).
TEST(DeviceKernel, EveryLayoutGivesTheSameBits) {
  KernelCase c = random_case(5000, 12, 1, 1.0, 77);
  c.s = default_sds(12.0, 12);
  const SingleQueries queries = single_queries(c, {0, 1, 2, 2500, 4999});
  const auto reference = device_with(SingleSummation::device_double);
  const std::size_t index = std::stoul(reference->description().substr(std::string("opencl:").size()));
  const goldfeld::SingleKernelSums expected = reference->sums(queries.single, kernel_queries(queries));
  for (const goldfeld::DeviceVariant variant : {goldfeld::DeviceVariant{false, 1, 7}, goldfeld::DeviceVariant{false, 3, 32},
                                                 goldfeld::DeviceVariant{false, 8, 128}}) {
    const goldfeld::SingleKernelSums sums =
        goldfeld::open_device_variant(index, variant)->sums(queries.single, kernel_queries(queries));
    for (std::size_t q = 0; q < sums.sums.size(); ++q) {
      EXPECT_TRUE(same_bits(sums.sums[q], expected.sums[q]))
          << "Q=" << variant.queries_per_item << " group=" << variant.group << " query " << q;
    }
  }
}

TEST(DeviceSetting, TheLayoutFromTheEnvironmentIsQAndGroupOrAnError) {
  ASSERT_EQ(setenv("RECONBOUND_OPENCL_LAYOUT", "2,128", 1), 0);
  const goldfeld::DeviceVariant variant = goldfeld::environment_variant();
  EXPECT_EQ(variant.queries_per_item, 2u);
  EXPECT_EQ(variant.group, 128u);
  for (const char* bad : {"2", "2,", ",64", "0,64", "9,64", "2,0", "2,2048", "x,64", "2,64,1"}) {
    ASSERT_EQ(setenv("RECONBOUND_OPENCL_LAYOUT", bad, 1), 0);
    EXPECT_THROW(goldfeld::environment_variant(), InvalidInput) << bad;
  }
  ASSERT_EQ(unsetenv("RECONBOUND_OPENCL_LAYOUT"), 0);
  EXPECT_EQ(goldfeld::environment_variant(), goldfeld::DeviceVariant{});
}

// The violations of |S̃ − S| ≤ δ·S (device_sum_relative_error) for the queries within the
// kernel's bounds; `checked` counts them.
std::string bound_problems(const KernelCase& c, const std::vector<std::size_t>& rows, SingleSummation summation,
                           std::size_t& checked) {
  const SingleQueries queries = single_queries(c, rows);
  const goldfeld::SingleKernelSums sums = device_with(summation)->sums(queries.single, kernel_queries(queries));
  std::string problems;
  checked = 0;
  for (std::size_t q = 0; q < queries.offsets.size(); ++q) {
    if (!goldfeld::fits_single(queries.errors[q], queries.z_norm2[q])) continue;
    ++checked;
    const double delta = goldfeld::device_sum_relative_error(c.n, queries.errors[q], summation);
    KernelCase one = c;
    one.self = queries.self[q];
    const Big exact = reference_sum(one, queries.level[q], queries.draw[q]);
    const double relative = static_cast<double>(abs(Big(sums.sums[q]) - exact) / exact);
    if (!std::isfinite(sums.sums[q]) || !(relative <= delta)) {
      problems += "query " + std::to_string(q) + ": relative error " + std::to_string(relative) + " > bound " +
                  std::to_string(delta) + "\n";
    }
  }
  return problems;
}

TEST(DeviceKernel, SumsWithinTheProvenBoundOnRandomAndAdversarialBlocks) {
  const std::size_t k = 16;
  std::vector<KernelCase> cases;
  KernelCase random = random_case(333, 7, 2, 1.0, 11);
  random.s = default_sds(7.0, 7);
  cases.push_back(random);
  cases.push_back(outlier_case(k));
  cases.push_back(near_duplicate_case(k));
  cases.push_back(line_case(160.0));  // clamped exponents, ‖Z‖² near the floor
  for (const SingleSummation summation : {SingleSummation::device_double, SingleSummation::device_compensated}) {
    for (std::size_t i = 0; i < cases.size(); ++i) {
      std::size_t checked = 0;
      EXPECT_EQ(bound_problems(cases[i], {0, 1, 5, cases[i].n - 1}, summation, checked), "") << "case " << i;
      EXPECT_GT(checked, 0u) << "case " << i;
    }
  }
}

TEST(DeviceKernel, BoundOfTheSummationIsWhatTheProofSays) {
  // (g1) and (g2) of single_bound.cpp at n = 60,000 with near = 1.5e-4: R = 3,750 runs and G = 15
  // ranges; the summation's share is γ_16 + γ^d_{R+G} (double) or
  // γ_16 + 2u + 4R·u² + R·2^-86 + 2^-53 + γ^d_G (compensated).
  const goldfeld::SingleExponentError error{0.5, 1.5e-4};
  const double u = 0x1.0p-24;
  const auto gamma_d = [](double m) { return m * 0x1.0p-53 / (1 - m * 0x1.0p-53); };
  const double common = goldfeld::detail::kSingleExpRelativeError + 1.5e-4 + 16 * u / (1 - 16 * u) + 1.2e-17;
  EXPECT_NEAR(goldfeld::device_sum_relative_error(60000, error, SingleSummation::device_double),
              1.05 * (common + gamma_d(3765)), 1e-18);
  EXPECT_NEAR(goldfeld::device_sum_relative_error(60000, error, SingleSummation::device_compensated),
              1.05 * (common + 2 * u + 4 * 3750 * u * u + 3750 * 0x1.0p-86 + 0x1.0p-53 + gamma_d(15)), 1e-18);
}

// ---- The estimator -------------------------------------------------------------------------

const std::vector<GridPair> kGrid{{4, 0.4}, {8, 1.6}, {16, 0.8}};

TEST(DeviceEstimator, AgreesWithTheCpuWithinBothNumericalMarginsAndNamesTheDevice) {
  const RowMatrix data = gaussian_sample(400, 16, 51);
  const EntropyRequest request = make_request(data, kGrid, sample_trace(data), 12);
  const std::vector<GridEntropy> cpu = goldfeld()->estimate(request);
  const std::vector<GridEntropy> device = goldfeld(Params().set("device", std::string("opencl")))->estimate(request);
  ASSERT_EQ(cpu.size(), device.size());
  for (std::size_t p = 0; p < cpu.size(); ++p) {
    EXPECT_EQ(cpu[p].computed_on, "cpu");
    EXPECT_EQ(device[p].computed_on.rfind("opencl:", 0), 0u) << device[p].computed_on;
    EXPECT_GT(device[p].t_num, 0.0);
    EXPECT_LE(std::abs(cpu[p].h_point - device[p].h_point), cpu[p].t_num + device[p].t_num) << "pair " << p;
    EXPECT_NE(cpu[p].h_point, device[p].h_point) << "pair " << p << ": the device computed nothing";
  }
}

TEST(DeviceEstimator, QueryPartsCombineToTheSingleCallBitForBit) {
  const RowMatrix data = gaussian_sample(150, 8, 31);  // 5 tiles of 32 rows
  EntropyRequest request = make_request(data, {{4, 0.4}, {8, 1.6}}, sample_trace(data), 9);
  const auto estimator = goldfeld(Params().set("device", std::string("opencl")));
  const std::vector<GridEntropy> whole = estimator->estimate(request);
  request.query_parts = 3;
  std::vector<std::vector<GridEntropy>> parts(whole.size());
  for (std::size_t part = 0; part < 3; ++part) {
    request.first_query_part = part;
    request.end_query_part = part + 1;
    const std::vector<GridEntropy> results = estimator->estimate(request);
    for (std::size_t p = 0; p < results.size(); ++p) parts[p].push_back(results[p]);
  }
  for (std::size_t p = 0; p < whole.size(); ++p) {
    const GridEntropy merged = estimator->combine(parts[p], request);
    EXPECT_TRUE(same_bits(merged.h_point, whole[p].h_point)) << merged.h_point << " vs " << whole[p].h_point;
    EXPECT_TRUE(same_bits(merged.t_num, whole[p].t_num));
    EXPECT_EQ(merged.computed_on, whole[p].computed_on);
  }
}

TEST(DeviceSetting, MalformedValuesAndPathsWithoutTheKernelAreRefusedWithAReason) {
  for (const char* value : {"gpu", "opencl:", "opencl:x", "opencl:-1", "OPENCL"}) {
    try {
      goldfeld(Params().set("device", std::string(value)));
      ADD_FAILURE() << value << " accepted";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("must be cpu, opencl, opencl:N"), std::string::npos) << e.what();
    }
  }
  try {
    goldfeld(Params().set("device", std::string("opencl:999")));
    ADD_FAILURE() << "opencl:999 accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("device=opencl:999: there are"), std::string::npos) << e.what();
  }
  try {
    goldfeld(Params().set("device", std::string("opencl")).set("exact", true));
    ADD_FAILURE() << "device=opencl with exact=true accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("exact=true runs on the CPU only"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace reconbound::test
