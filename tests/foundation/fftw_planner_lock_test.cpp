// FFTW's planner lock is one mutex for the whole process: every thread, and every caller
// (core's FFT plans, the dct plugin), gets the same object.
#include <gtest/gtest.h>

#include <future>
#include <mutex>

#include "reconbound/fftw_planner_lock.hpp"

using namespace reconbound;

TEST(FftwPlannerLock, IsOneMutexForEveryThread) {
  std::mutex* here = &fftw_planner_mutex();
  std::mutex* there = std::async(std::launch::async, [] { return &fftw_planner_mutex(); }).get();
  EXPECT_EQ(here, there);
  EXPECT_EQ(here, &fftw_planner_mutex());
}
