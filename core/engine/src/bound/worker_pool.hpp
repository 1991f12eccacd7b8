#pragma once
// Threads that stay for the whole process, for represent_into's batches. A representation
// plugin may keep state for every thread that ever calls it and free it only at exit: OpenCV 4.6
// keeps about 850 bytes for each thread that entered cv::parallel_for_ (its trace manager's
// TLSDataAccumulator holds the data of ended threads), so threads started for a window and ended
// after it would leave that much behind every window, and threads that stay leave it once.
#include <cstddef>
#include <functional>

namespace reconbound {

// Calls work() on the calling thread and, at the same time, on `helpers` threads of the process's
// pool; returns when every call has returned. The calls take their work from what they share (a
// counter of batches) until none is left, so a helper that has not started when the calling
// thread's call returns would find nothing: it is not started. work() must not throw. With no
// helpers no pool is made. The pool grows to the most helpers wanted at one time; its threads
// wait for work until the process ends and are never joined, as OpenCV's and TBB's are not
// (joined at exit, each would run other libraries' thread-exit hooks while those libraries are
// torn down). A child of fork() gets a pool of its own: the parent's threads did not come along.
void share_work(std::size_t helpers, const std::function<void()>& work);

}  // namespace reconbound
