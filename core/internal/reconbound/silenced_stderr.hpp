#pragma once
// libpng, under OpenCV's PNG decoder, prints its errors ("libpng error: …") straight to file
// descriptor 2, before reconbound's own error says the same in one line: while it lives, this
// guard points descriptor 2 at /dev/null. Use it only where one thread decodes at a time.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

namespace reconbound {

class SilencedStderr {
 public:
  SilencedStderr() : saved_(::dup(2)) {
    const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (saved_ >= 0 && null >= 0) {
      std::fflush(stderr);
      ::dup2(null, 2);
    }
    if (null >= 0) ::close(null);
  }
  ~SilencedStderr() {
    if (saved_ < 0) return;
    ::dup2(saved_, 2);
    ::close(saved_);
  }
  SilencedStderr(const SilencedStderr&) = delete;
  SilencedStderr& operator=(const SilencedStderr&) = delete;

 private:
  int saved_;
};

}  // namespace reconbound
