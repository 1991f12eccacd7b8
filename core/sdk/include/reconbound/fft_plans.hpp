#pragma once
// Real-to-complex FFTs of one length, with FFTW plans created once per length and reused.
// Plans are created under FFTW's planner lock (reconbound/fftw_planner_lock.hpp); executing
// a plan on new arrays (fftw_execute_dft_*) is thread safe. Shared by core (the coordinate
// grids of the per-block bound) and the mechanism plugins (e.g. a PLD accountant).
#include <complex>
#include <cstddef>

#include "reconbound/export.hpp"

namespace reconbound {

// An array from fftw_malloc (SIMD-aligned, as plans made on such arrays require).
template <class T>
class RECONBOUND_API FftwBuffer {
 public:
  explicit FftwBuffer(std::size_t n);
  ~FftwBuffer();
  FftwBuffer(const FftwBuffer&) = delete;
  FftwBuffer& operator=(const FftwBuffer&) = delete;
  T* data() { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  std::size_t size() const { return size_; }

 private:
  T* data_;
  std::size_t size_;
};

// out[k] = Σ_j in[j]·e^{−2πijk/n}, k ≤ n/2 (in is overwritten only by c2r).
RECONBOUND_API void forward_real_fft(std::size_t n, double* in, std::complex<double>* out);
// out[j] = Σ_k in[k]·e^{+2πijk/n} (unnormalised; `in` is destroyed).
RECONBOUND_API void inverse_real_fft(std::size_t n, std::complex<double>* in, double* out);

// The smallest n' ≥ n of the form 2^a·3^b·5^c·7^d (fast for FFTW).
RECONBOUND_API std::size_t good_fft_size(std::size_t n);

}  // namespace reconbound
