#pragma once
// Runs the reconbound executable as a user would and captures what it prints.
#include <string>
#include <vector>

namespace reconbound::test {

struct CliResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs RECONBOUND_CLI with the arguments (no shell), with extra "NAME=value" environment.
CliResult run_cli(const std::vector<std::string>& args, const std::vector<std::string>& env = {});
// Runs any program (absolute path) the same way.
CliResult run_program(const std::string& program, const std::vector<std::string>& args,
                      const std::vector<std::string>& env = {});

// "idx:…/t10k-images-idx3-ubyte.gz": the --data spec of the 10,000 Fashion-MNIST test images
// (Debian's dataset-fashion-mnist, where "--data fashion-mnist" finds it).
std::string fashion_mnist_t10k();

// A fresh temporary folder, removed by the destructor.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string path(const std::string& name) const;
  std::string write(const std::string& name, const std::string& bytes) const;

 private:
  std::string dir_;
};

// A C-order float64 .npy file of the given shape and values.
std::string npy_float64(const std::vector<std::size_t>& shape, const std::vector<double>& values);

}  // namespace reconbound::test
