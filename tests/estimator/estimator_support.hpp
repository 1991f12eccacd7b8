#pragma once
// Shared helpers of the estimator tests: plugins from the registry, requests and samples.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "reconbound/converse.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/params.hpp"

namespace reconbound {
class Registry;
}

namespace reconbound::test {

// The registry of the build's plugins (default search path), shared by the helpers below.
const Registry& registry();

// The plugins, created through the registry's default search path (the build's folder).
std::shared_ptr<EntropyEstimator> goldfeld(const Params& params = {});
std::shared_ptr<Converse> slb();

// An n × m sample with independent N(offset_j, scale_j²) columns, scale_j = 1 + j/m.
RowMatrix gaussian_sample(std::size_t n, std::size_t m, std::uint64_t seed, double offset = 0.0);

// gaussian_sample scaled to grey levels 128 + 30·x, clipped to [0, 255], as the pixel
// representation takes them.
RowMatrix grey_sample(std::size_t n, std::size_t m, std::uint64_t seed);

// tr of the sample covariance of `data` (divisor n − 1).
double sample_trace(const RowMatrix& data);

// A request over `data` with the library's defaults for everything not given.
EntropyRequest make_request(const RowMatrix& data, std::vector<GridPair> grid,
                            double trace_sigma, std::uint64_t seed = 0);


// Largest t_num (bits) the tests allow the goldfeld fast path with its default
// precision=single: a row takes the single-precision kernel only while its exponent bound is
// ≤ kSingleExponentLimit = 9e-4 nats, which adds at most about 1.4e-3 bits
// (docs/fast_estimator.md). precision=double keeps kFastPathMaxNumericalBits.
inline constexpr double kSingleMaxNumericalBits = 1.5e-3;

// The value of an estimator's detail (goldfeld: "n_mc", "t_mc", "t_md"); std::out_of_range
// naming it when the details have none.
double detail(const EstimateDetails& details, std::string_view name);
// The goldfeld draws per sample point of a result or prediction: detail "n_mc".
std::size_t draws(const EstimateDetails& details);

// Mean and standard deviation (divisor count − 1).
struct Moments {
  double mean = 0.0;
  double sd = 0.0;
};
Moments moments(const std::vector<double>& values);

}  // namespace reconbound::test
