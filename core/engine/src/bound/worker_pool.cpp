#include "worker_pool.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

namespace reconbound {

namespace {

// One call of share_work, on its caller's stack: its work, and its helpers still to start and running.
struct Share {
  Share(const std::function<void()>& w, std::size_t helpers) : work(&w), to_start(helpers) {}
  const std::function<void()>* work;
  std::size_t to_start;
  std::size_t running = 0;
  std::condition_variable finished;  // running fell to 0
};

class WorkerPool {
 public:
  // `inherited`: the pool of the parent process in a child of fork(), kept untouched (its
  // threads are not in this process) and reachable, so that leak checkers do not report it.
  explicit WorkerPool(const WorkerPool* inherited) : inherited_(inherited) {}

  pid_t owner() const { return owner_; }

  void share(std::size_t helpers, const std::function<void()>& work) {
    Share share(work, helpers);
    {
      const std::lock_guard lock(mutex_);
      // A waiting thread for every helper wanted now, in all shares: a share's helpers start at
      // once, as threads started for it would. A thread that cannot be made throws here, before
      // the share is queued; the threads made so far stay in the pool.
      for (; idle_ < to_start_ + helpers; ++idle_) std::thread([this] { serve(); }).detach();
      shares_.push_back(&share);
      to_start_ += helpers;
    }
    for (std::size_t h = 0; h < helpers; ++h) queued_.notify_one();
    work();
    std::unique_lock lock(mutex_);
    if (share.to_start > 0) {
      shares_.erase(std::find(shares_.begin(), shares_.end(), &share));
      to_start_ -= share.to_start;
    }
    share.finished.wait(lock, [&] { return share.running == 0; });
  }

 private:
  void serve() {
    std::unique_lock lock(mutex_);
    for (;;) {
      queued_.wait(lock, [&] { return !shares_.empty(); });
      Share& taken = *shares_.front();
      if (--taken.to_start == 0) shares_.pop_front();
      --to_start_;
      --idle_;
      ++taken.running;
      lock.unlock();
      (*taken.work)();
      lock.lock();
      ++idle_;
      // Under the lock: the share lives until its caller, waiting for the lock, sees running == 0.
      if (--taken.running == 0) taken.finished.notify_one();
    }
  }

  const pid_t owner_ = ::getpid();  // the process whose threads these are
  [[maybe_unused]] const WorkerPool* inherited_;
  std::mutex mutex_;
  std::condition_variable queued_;  // a share was queued
  std::deque<Share*> shares_;       // the shares with helpers still to start, oldest first
  std::size_t to_start_ = 0;        // their helpers still to start, in all
  std::size_t idle_ = 0;            // threads not running a share's work
};

// The pool of this process, made when first needed and never destroyed; made anew in a child of
// fork(), to which only the forking thread came (the parent's pool may even have been locked).
WorkerPool& process_pool() {
  static std::atomic<WorkerPool*> pool{nullptr};
  WorkerPool* current = pool.load(std::memory_order_acquire);
  while (current == nullptr || current->owner() != ::getpid()) {
    auto fresh = std::make_unique<WorkerPool>(current);
    if (pool.compare_exchange_weak(current, fresh.get(), std::memory_order_acq_rel)) return *fresh.release();
  }
  return *current;
}

}  // namespace

void share_work(std::size_t helpers, const std::function<void()>& work) {
  if (helpers == 0) {
    work();
    return;
  }
  process_pool().share(helpers, work);
}

}  // namespace reconbound
