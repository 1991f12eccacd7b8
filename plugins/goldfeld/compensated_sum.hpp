#pragma once
// Neumaier's compensated sum: long sums of ĥ terms keep full double accuracy and are
// formed in a fixed order, so results are bit-reproducible.
#include <cmath>

namespace reconbound::goldfeld {

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

}  // namespace reconbound::goldfeld
