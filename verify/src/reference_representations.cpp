#include "reconbound/verify/reference_representations.hpp"

#include <cmath>
#include <numbers>

namespace reconbound::verify {

namespace {

// cos(π·t/(2N)) for an integer t, with t reduced mod 4N first so that the long-double argument
// stays in [0, 2π) and carries no error from large multiples of π.
long double cos_half_turns(std::size_t t, std::size_t n) {
  const std::size_t reduced = t % (4 * n);
  return std::cos(std::numbers::pi_v<long double> * static_cast<long double>(reduced) / static_cast<long double>(2 * n));
}

long double dct_scale(std::size_t k, std::size_t n) {
  return std::sqrt((k == 0 ? 1.0L : 2.0L) / static_cast<long double>(n));
}

}  // namespace

std::vector<long double> reference_downsample(const ImageShape& shape, const std::vector<double>& record,
                                              std::size_t factor) {
  const std::size_t oh = shape.height / factor;
  const std::size_t ow = shape.width / factor;
  std::vector<long double> out;
  for (std::size_t c = 0; c < shape.channels; ++c) {
    for (std::size_t i = 0; i < oh; ++i) {
      for (std::size_t j = 0; j < ow; ++j) {
        long double sum = 0.0L;
        for (std::size_t y = i * factor; y < (i + 1) * factor; ++y) {
          for (std::size_t x = j * factor; x < (j + 1) * factor; ++x) sum += record[(c * shape.height + y) * shape.width + x];
        }
        out.push_back(sum / static_cast<long double>(factor * factor));
      }
    }
  }
  return out;
}

std::vector<long double> reference_dct(const ImageShape& shape, const std::vector<double>& record,
                                       std::size_t frequencies) {
  const std::size_t h = shape.height;
  const std::size_t w = shape.width;
  std::vector<long double> out;
  for (std::size_t c = 0; c < shape.channels; ++c) {
    for (std::size_t k = 0; k < frequencies; ++k) {
      for (std::size_t l = 0; l < frequencies; ++l) {
        long double sum = 0.0L;
        for (std::size_t i = 0; i < h; ++i) {
          const long double row_cos = cos_half_turns((2 * i + 1) * k, h);
          for (std::size_t j = 0; j < w; ++j) {
            sum += static_cast<long double>(record[(c * h + i) * w + j]) * row_cos * cos_half_turns((2 * j + 1) * l, w);
          }
        }
        out.push_back(dct_scale(k, h) * dct_scale(l, w) * sum);
      }
    }
  }
  return out;
}

std::vector<double> reference_select(const std::vector<double>& record, const std::vector<int>& keep) {
  std::vector<double> out;
  for (std::size_t i = 0; i < record.size(); ++i) {
    if (keep[i] == 1) out.push_back(record[i]);
  }
  return out;
}

std::vector<int> reference_rect_keep(const ImageShape& shape, std::size_t y0, std::size_t x0, std::size_t h,
                                     std::size_t w) {
  std::vector<int> keep(shape.size(), 0);
  for (std::size_t c = 0; c < shape.channels; ++c) {
    for (std::size_t y = 0; y < shape.height; ++y) {
      for (std::size_t x = 0; x < shape.width; ++x) {
        const bool inside = y >= y0 && y < y0 + h && x >= x0 && x < x0 + w;
        keep[(c * shape.height + y) * shape.width + x] = inside ? 1 : 0;
      }
    }
  }
  return keep;
}

std::vector<int> reference_channel_keep(const ImageShape& shape, std::size_t channel) {
  std::vector<int> keep(shape.size(), 0);
  for (std::size_t i = 0; i < shape.size(); ++i) keep[i] = i / (shape.height * shape.width) == channel ? 1 : 0;
  return keep;
}

std::vector<int> reference_plane_mask_keep(const ImageShape& shape, const std::vector<int>& plane_mask) {
  std::vector<int> keep(shape.size(), 0);
  for (std::size_t i = 0; i < shape.size(); ++i) keep[i] = plane_mask[i % (shape.height * shape.width)];
  return keep;
}

}  // namespace reconbound::verify
