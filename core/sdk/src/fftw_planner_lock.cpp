#include "reconbound/fftw_planner_lock.hpp"

namespace reconbound {

std::mutex& fftw_planner_mutex() {
  // Never destroyed: plan caches that are themselves destroyed at exit still lock it.
  static std::mutex* const mutex = new std::mutex;
  return *mutex;
}

}  // namespace reconbound
