#include "reconbound/fft_plans.hpp"

#include <fftw3.h>

#include <map>
#include <mutex>
#include <new>

#include "reconbound/fftw_planner_lock.hpp"

namespace reconbound {

namespace {

struct PlanPair {
  fftw_plan forward = nullptr;
  fftw_plan inverse = nullptr;
};

// Plans live until the process exits (then they are destroyed); FFTW keeps them valid for
// any arrays of the same length and alignment. `mutex` guards the map; the planner calls
// hold FFTW's process-wide planner lock as well.
struct PlanCache {
  std::mutex mutex;
  std::map<std::size_t, PlanPair> plans;
  ~PlanCache() {
    const std::lock_guard<std::mutex> planner_lock(fftw_planner_mutex());
    for (auto& [n, p] : plans) {
      fftw_destroy_plan(p.forward);
      fftw_destroy_plan(p.inverse);
    }
  }
};

PlanPair plans_for(std::size_t n) {
  static PlanCache cache;
  const std::lock_guard<std::mutex> lock(cache.mutex);
  auto it = cache.plans.find(n);
  if (it != cache.plans.end()) return it->second;
  FftwBuffer<double> real(n);
  FftwBuffer<std::complex<double>> spectrum(n / 2 + 1);
  auto* c = reinterpret_cast<fftw_complex*>(spectrum.data());
  const int len = static_cast<int>(n);
  PlanPair p;
  const std::lock_guard<std::mutex> planner_lock(fftw_planner_mutex());
  p.forward = fftw_plan_dft_r2c_1d(len, real.data(), c, FFTW_ESTIMATE);
  p.inverse = fftw_plan_dft_c2r_1d(len, c, real.data(), FFTW_ESTIMATE);
  if (p.forward == nullptr || p.inverse == nullptr) throw std::bad_alloc();
  cache.plans.emplace(n, p);
  return p;
}

}  // namespace

template <class T>
FftwBuffer<T>::FftwBuffer(std::size_t n)
    : data_(static_cast<T*>(fftw_malloc(sizeof(T) * n))), size_(n) {
  if (data_ == nullptr) throw std::bad_alloc();
}

template <class T>
FftwBuffer<T>::~FftwBuffer() {
  fftw_free(data_);
}

template class FftwBuffer<double>;
template class FftwBuffer<std::complex<double>>;

void forward_real_fft(std::size_t n, double* in, std::complex<double>* out) {
  fftw_execute_dft_r2c(plans_for(n).forward, in, reinterpret_cast<fftw_complex*>(out));
}

void inverse_real_fft(std::size_t n, std::complex<double>* in, double* out) {
  fftw_execute_dft_c2r(plans_for(n).inverse, reinterpret_cast<fftw_complex*>(in), out);
}

std::size_t good_fft_size(std::size_t n) {
  for (std::size_t m = std::max<std::size_t>(n, 2);; ++m) {
    std::size_t r = m;
    for (std::size_t f : {2, 3, 5, 7}) {
      while (r % f == 0) r /= f;
    }
    if (r == 1 && m % 2 == 0) return m;
  }
}

}  // namespace reconbound
