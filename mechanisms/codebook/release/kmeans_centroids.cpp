#include "kmeans_centroids.hpp"

#include <fmt/format.h>

#include <cmath>
#include <opencv2/core.hpp>

#include "codebook.hpp"
#include "reconbound/error.hpp"

namespace reconbound::codebook {

namespace {

// cv::kmeans draws from the calling thread's cv::theRNG(); this guard seeds it for one fit
// and restores the previous state afterwards.
class SeededOpenCvRng {
 public:
  explicit SeededOpenCvRng(std::uint64_t seed) : saved_(cv::theRNG()) { cv::theRNG() = cv::RNG(mix(seed)); }
  ~SeededOpenCvRng() { cv::theRNG() = saved_; }
  SeededOpenCvRng(const SeededOpenCvRng&) = delete;
  SeededOpenCvRng& operator=(const SeededOpenCvRng&) = delete;

 private:
  // SplitMix64 finaliser: nearby seeds give unrelated states (cv::RNG maps 0 to a fixed state).
  static std::uint64_t mix(std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27U)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31U);
  }
  cv::RNG saved_;
};

// The root-mean-square distance of the rows from their mean: the scale of the stopping shift.
double spread(MatrixView points) {
  const Eigen::RowVectorXd mean = points.colwise().mean();
  return std::sqrt((points.rowwise() - mean).squaredNorm() / static_cast<double>(points.rows()));
}

}  // namespace

RowMatrix kmeans_centroids(MatrixView points, std::size_t cells, std::uint64_t seed) {
  const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> single = points.cast<float>();
  const cv::Mat samples(static_cast<int>(single.rows()), static_cast<int>(single.cols()), CV_32F,
                        const_cast<float*>(single.data()));
  const cv::TermCriteria stop(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, kKmeansIterations,
                              kKmeansRelativeShift * spread(points));
  cv::Mat labels;
  cv::Mat centers;
  try {
    const SeededOpenCvRng rng(seed);
    cv::kmeans(samples, static_cast<int>(cells), labels, stop, 1, cv::KMEANS_PP_CENTERS, centers);
  } catch (const cv::Exception& e) {
    throw NumericalError(fmt::format("k-means with {} centroids failed: {}", cells, e.what()));
  }
  RowMatrix out(centers.rows, centers.cols);
  for (int i = 0; i < centers.rows; ++i) {
    for (int j = 0; j < centers.cols; ++j) out(i, j) = centers.at<float>(i, j);
  }
  return out;
}

}  // namespace reconbound::codebook
