#pragma once
// FFTW's planner is not thread safe: every call that creates or destroys a plan
// (fftw_plan_*, fftw_destroy_plan), in core or in any plugin, holds this one mutex of the
// process. Executing an existing plan on new arrays (fftw_execute_dft_*, fftw_execute_r2r)
// is thread safe and needs no lock.
#include <mutex>

#include "reconbound/export.hpp"

namespace reconbound {

RECONBOUND_API std::mutex& fftw_planner_mutex();

}  // namespace reconbound
