#pragma once
// One round of the soak test's workload, as a long-lived program using the library runs it: a
// registry that loads every plugin file, small bounds through the workflow API on real images
// read from a file each time (every representation plugin, dct's FFTW plans and the codebook's
// FFTs among them, on 1 to 4 threads), an ε by the PLD accountant (FFTs), then everything
// destroyed, the plugins unloaded.
#include <cstddef>
#include <string>

namespace reconbound::test {

// The records of a round: the first 600 Fashion-MNIST test images (1 × 28 × 28).
inline constexpr std::size_t kSoakRecords = 600;

// Each of D⊥ and D_est of every bound but lpips's: 200 records.
inline constexpr std::size_t kSoakSetRecords = 200;

// Writes them as a uint8 .npy file at `path`, which every bound of a round reads (mapped).
void write_soak_records(const std::string& path);

// Runs one round on the records at `records_npy`; returns the sum of the ρ* and the ε it
// computed, the same every round. Throws what the library throws.
double run_soak_round(const std::string& records_npy);

// The D_est records of one bound but lpips's as the bound holds them (200 records in doubles,
// 1.25 MB): the smallest of the large buffers a round fills.
inline constexpr std::size_t kSoakSmallestRoundBuffer = kSoakSetRecords * 28 * 28 * sizeof(double);

}  // namespace reconbound::test
