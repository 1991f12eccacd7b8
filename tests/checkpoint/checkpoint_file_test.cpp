// The checkpoint file (reconbound/checkpoint.hpp, docs/checkpoints.md): items survive a reopen,
// a torn last record (every prefix of it) is cut off and never trusted, a file of other inputs
// is refused naming the field, a held file is refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "../support/temp_dir.hpp"
#include "reconbound/checkpoint.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

const Fingerprint kInputs{{"command", "bound"}, {"option --seed", "3"}, {"file data.npy", "10 bytes"}};

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// A payload with every byte value, zeros included.
std::string binary_payload(std::size_t size, unsigned salt) {
  std::string out(size, '\0');
  for (std::size_t i = 0; i < size; ++i) out[i] = static_cast<char>((i * 37 + salt) & 0xff);
  return out;
}

TEST(CheckpointFile, ItemsSurviveAReopenAndAreDurableOneByOne) {
  const test::TempDir dir;
  const std::string path = dir.file("run.ckpt");
  {
    Checkpoint checkpoint(path, kInputs);
    EXPECT_EQ(checkpoint.restored(), 0U);
    EXPECT_FALSE(checkpoint.find("a"));
    checkpoint.store("a", binary_payload(1000, 1));
    checkpoint.store("key with spaces", "");
    EXPECT_EQ(checkpoint.find("a"), binary_payload(1000, 1));
  }
  Checkpoint again(path, kInputs);
  EXPECT_EQ(again.restored(), 2U);
  EXPECT_EQ(again.torn_bytes(), 0U);
  EXPECT_EQ(again.find("a"), binary_payload(1000, 1));
  EXPECT_EQ(again.find("key with spaces"), std::string());
  EXPECT_EQ(again.found(), 2U);
}

TEST(CheckpointFile, EveryPrefixOfTheLastRecordIsCutOffAndTheRestKept) {
  const test::TempDir dir;
  const std::string path = dir.file("run.ckpt");
  std::size_t before_last = 0;
  {
    Checkpoint checkpoint(path, kInputs);
    checkpoint.store("first", binary_payload(50, 2));
    checkpoint.store("second", binary_payload(70, 3));
    before_last = std::filesystem::file_size(path);
    checkpoint.store("third", binary_payload(40, 4));
  }
  const std::string whole = read_bytes(path);
  // A kill mid-write leaves any prefix of the last record: each is dropped, the others kept,
  // and the file is cut back so that the next item appends cleanly.
  for (std::size_t size = before_last + 1; size < whole.size(); ++size) {
    const std::string torn = dir.file("torn.ckpt");
    write_bytes(torn, whole.substr(0, size));
    {
      Checkpoint checkpoint(torn, kInputs);
      EXPECT_EQ(checkpoint.restored(), 2U) << "cut at " << size;
      EXPECT_EQ(checkpoint.torn_bytes(), size - before_last) << "cut at " << size;
      EXPECT_FALSE(checkpoint.find("third")) << "cut at " << size;
      EXPECT_EQ(checkpoint.find("second"), binary_payload(70, 3));
      EXPECT_EQ(std::filesystem::file_size(torn), before_last);
      checkpoint.store("third", binary_payload(40, 4));
    }
    EXPECT_EQ(read_bytes(torn), whole) << "cut at " << size;
  }
}

TEST(CheckpointFile, ARecordThatFailsItsCrcIsNeverTrusted) {
  const test::TempDir dir;
  const std::string path = dir.file("run.ckpt");
  std::size_t before_last = 0;
  {
    Checkpoint checkpoint(path, kInputs);
    checkpoint.store("first", "one");
    before_last = std::filesystem::file_size(path);
    checkpoint.store("second", binary_payload(64, 5));
  }
  std::string bytes = read_bytes(path);
  bytes[bytes.size() - 10] ^= 0x01;  // one bit of the last payload
  write_bytes(path, bytes);
  const Checkpoint checkpoint(path, kInputs);
  EXPECT_EQ(checkpoint.restored(), 1U);
  EXPECT_FALSE(checkpoint.find("second"));
  EXPECT_EQ(checkpoint.torn_bytes(), bytes.size() - before_last);
}

TEST(CheckpointFile, AFileOfOtherInputsIsRefusedNamingTheField) {
  const test::TempDir dir;
  const std::string path = dir.file("run.ckpt");
  { Checkpoint checkpoint(path, kInputs); }
  Fingerprint other = kInputs;
  other[1].second = "4";
  try {
    Checkpoint checkpoint(path, other);
    FAIL() << "a checkpoint of seed 3 was opened for seed 4";
  } catch (const InvalidInput& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("option --seed was '3' there and is '4' now"), std::string::npos) << message;
  }
  Fingerprint longer = kInputs;
  longer.emplace_back("plugin estimator goldfeld", "1.2.0");
  EXPECT_THROW(Checkpoint(path, longer), InvalidInput);
  Fingerprint shorter(kInputs.begin(), kInputs.end() - 1);
  EXPECT_THROW(Checkpoint(path, shorter), InvalidInput);
}

TEST(CheckpointFile, AFileThatIsNoCheckpointIsRefused) {
  const test::TempDir dir;
  for (const std::string& bytes : {std::string(), std::string("hello\n\n"),
                                  std::string("reconbound checkpoint 1\nno tab here\n\n")}) {
    const std::string path = dir.file("other.txt");
    write_bytes(path, bytes);
    EXPECT_THROW(Checkpoint(path, kInputs), InvalidInput) << bytes;
    EXPECT_EQ(read_bytes(path), bytes) << "a refused file must not be touched";
  }
}

TEST(CheckpointFile, OneRunAtATime) {
  const test::TempDir dir;
  const std::string path = dir.file("run.ckpt");
  const Checkpoint first(path, kInputs);
  try {
    Checkpoint second(path, kInputs);
    FAIL() << "two runs opened one checkpoint";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("in use by another run"), std::string::npos) << e.what();
  }
}

TEST(CheckpointFile, RanksKeepFilesOfTheirOwn) {
  EXPECT_EQ(checkpoint_path_of_rank("run.ckpt", 0, 1), "run.ckpt");
  EXPECT_EQ(checkpoint_path_of_rank("run.ckpt", 1, 3), "run.ckpt.rank1-of-3");
}

TEST(CheckpointFile, AFileFingerprintChangesWithTheContents) {
  const test::TempDir dir;
  const std::string path = dir.file("data.bin");
  write_bytes(path, binary_payload(100000, 6));
  const std::string before = file_fingerprint(path);
  EXPECT_EQ(file_fingerprint(path), before);
  std::string changed = binary_payload(100000, 6);
  changed[0] ^= 1;  // the first sampled piece
  write_bytes(path, changed);
  std::filesystem::last_write_time(path, std::filesystem::last_write_time(path));
  EXPECT_NE(file_fingerprint(path), before);
  EXPECT_THROW(file_fingerprint(dir.file("missing")), FileError);
}

TEST(CheckpointFile, AFolderFingerprintCoversTheFilesOfItsClassFolders) {
  const test::TempDir dir;
  const std::filesystem::path folder = dir.file("images");
  std::filesystem::create_directories(folder / "cat");
  write_bytes((folder / "a.bin").string(), binary_payload(1000, 1));
  write_bytes((folder / "cat" / "b.bin").string(), binary_payload(1000, 2));
  const std::string before = file_fingerprint(folder.string());
  EXPECT_NE(before.find("2 files"), std::string::npos) << before;
  std::string changed = binary_payload(1000, 2);
  changed[0] ^= 1;
  write_bytes((folder / "cat" / "b.bin").string(), changed);
  EXPECT_NE(file_fingerprint(folder.string()), before);
}

}  // namespace
}  // namespace reconbound
