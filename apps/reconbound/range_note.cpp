#include "range_note.hpp"

#include <fmt/format.h>

namespace reconbound::cli {

void note_smallest_sigma(const std::string& target, double sigma) {
  fmt::print(stderr,
             "note: every sigma the mechanism supports reaches {}; sigma = {:.6g} is the smallest "
             "supported one, not a threshold\n",
             target, sigma);
}

}  // namespace reconbound::cli
