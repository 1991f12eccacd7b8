#pragma once
// A reference value computed in high precision, with an error estimate obtained from the
// agreement of two precisions (README.md, "Verification").
namespace reconbound::verify {

struct ReferenceValue {
  double value = 0.0;      // rounded to double from the higher precision
  double abs_error = 0.0;  // |high − low| + quadrature error of the high-precision value
  unsigned bits = 0;       // binary precision of the higher-precision computation
};

}  // namespace reconbound::verify
