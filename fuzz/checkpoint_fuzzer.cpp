// Fuzz target for the checkpoint file (reconbound/checkpoint.hpp): the input is a file's bytes,
// opened with the fingerprint "fuzz<TAB>1". It either opens — every item it keeps is one whole
// CRC-checked record, and what is cut off is the rest of the file — or throws reconbound::Error
// (not a checkpoint, another fingerprint); anything else (crash, other exception) aborts.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

#include "reconbound/checkpoint.hpp"
#include "reconbound/error.hpp"
#include "scratch_folder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const reconbound::fuzz::ScratchFolder folder;
  folder.clear();
  const std::string path = folder.write("run.ckpt", std::string_view(reinterpret_cast<const char*>(data), size));
  try {
    const reconbound::Checkpoint checkpoint(path, {{"fuzz", "1"}});
    const std::uintmax_t kept = std::filesystem::file_size(path);
    if (kept + checkpoint.torn_bytes() != size || checkpoint.items() != checkpoint.restored()) std::abort();
    // The header "reconbound checkpoint 1\nfuzz\t1\n\n" (32 bytes), then records of at least
    // 20 bytes (magic, sizes, CRC) each; a key stored twice counts once.
    if (kept < 32 + 20 * checkpoint.items()) std::abort();
  } catch (const reconbound::Error&) {
  }
  return 0;
}
