#pragma once
// Neumaier's compensated sum: long sums (ĥ terms, γ of 1e7 steps) keep full double accuracy,
// formed in a fixed order, so results are bit-reproducible.
#include <cmath>

namespace reconbound {

class CompensatedSum {
 public:
  void add(double x) {
    const double t = sum_ + x;
    compensation_ += std::abs(sum_) >= std::abs(x) ? (sum_ - t) + x : (x - t) + sum_;
    sum_ = t;
  }
  double value() const { return sum_ + compensation_; }

 private:
  double sum_ = 0.0;
  double compensation_ = 0.0;
};

}  // namespace reconbound
