// The chain's attacks are checkpoint items (docs/checkpoints.md): a chain resumed from a
// checkpoint cut after any number of finished attacks reports what the uninterrupted chain
// reports (timings aside; the figure's reconstructions included), restores exactly those
// attacks, still counts them in its progress, counts 0 s for them and completes the file to
// the uninterrupted run's items. A stored attack result that is malformed or of another shape
// is refused. On generated 8×8 images with the paper's rows (codebook and dpsgd plugins).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <vector>

#include "../support/prototype_images.hpp"
#include "../support/temp_dir.hpp"
#include "reconbound/attack_result_codec.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/chain.hpp"
#include "reconbound/checkpoint.hpp"
#include "reconbound/error.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/chain.hpp"

namespace reconbound {
namespace {

constexpr int kSide = 8;
const Fingerprint kInputs{{"test", "chain checkpoint"}};

RowMatrix generated_images(std::size_t n, std::uint64_t seed) {
  return test::prototype_images(n, seed, kSide, 8, 7);
}

// Every report, for the stage counter and the restored line.
class Recorder final : public Progress {
 public:
  struct Report {
    std::string stage;
    std::size_t done, total;
  };
  void report(std::string_view stage, std::size_t done, std::size_t total) override {
    const std::lock_guard lock(mutex_);
    reports.push_back({std::string(stage), done, total});
  }
  std::vector<Report> reports;

 private:
  std::mutex mutex_;
};

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// The items of a finished checkpoint file: where each ends and its key.
struct Record {
  std::size_t end;
  std::string key;
};

std::size_t header_end(const std::string& file) { return file.find("\n\n") + 2; }

std::vector<Record> records_of(const std::string& file) {
  std::vector<Record> out;
  std::size_t at = header_end(file);
  while (at < file.size()) {
    std::uint32_t key_size = 0;
    std::uint64_t payload_size = 0;
    std::memcpy(&key_size, file.data() + at + 4, sizeof key_size);
    std::memcpy(&payload_size, file.data() + at + 8, sizeof payload_size);
    out.push_back({at + 16 + key_size + payload_size + 4, file.substr(at + 16, key_size)});
    at = out.back().end;
  }
  return out;
}

bool is_attack(const Record& record) { return record.key.rfind("attack ", 0) == 0; }

// Timings aside, as tests/support/json_same.py compares: every "timings_s" and "seconds" dropped.
nlohmann::json without_timings(nlohmann::json json) {
  if (json.is_object()) {
    json.erase("timings_s");
    json.erase("seconds");
    for (auto& [key, value] : json.items()) value = without_timings(value);
  } else if (json.is_array()) {
    for (auto& value : json) value = without_timings(value);
  }
  return json;
}

class ChainCheckpoint : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    perp_ = new RowMatrix(generated_images(200, 1));
    est_ = new RowMatrix(generated_images(500, 2));
    targets_ = new RowMatrix(generated_images(20, 3));
    reference_ = new ChainReport(run(nullptr, nullptr));
  }
  static void TearDownTestSuite() {
    delete reference_;
    delete targets_;
    delete est_;
    delete perp_;
  }

  // 7 attacks: the codebook at 1, 2 bits and (through the BSC) 0.5 bits, two dpsgd rows at 0.5
  // and 2.5 bits; the first dpsgd row's weights make the figure.
  static ChainReport run(Checkpoint* checkpoint, Progress* progress) {
    ChainConfig config;
    config.bound = presets::paper_bound_config();
    config.bound.block_sizes = {1, 2, 4};
    config.bound.seed = 5;
    config.run = {.progress = progress, .checkpoint = checkpoint};
    config.gammas = {0.5, 2.5};
    config.rates = {1, 2};
    presets::PaperChainRows rows;
    rows.dpsgd = std::vector<presets::DpsgdSetting>{{1.0, 1}, {0.1, 10}};
    config.attacks = presets::paper_chain_rows(rows);
    config.bootstrap = 50;
    config.figure_targets = 3;
    const Registry registry;
    return compute_chain(registry, {perp_, est_, nullptr, targets_, ImageShape{1, kSide, kSide}}, config);
  }

  static nlohmann::json json_of(const ChainReport& report) {
    workflow::ChainOutput output;
    output.report = report;
    output.certificate = make_certificate(report.bound, LeakageOrigin::given, 0.0, {true, "random split"});
    return without_timings(presets::paper_chain_json(output));
  }

  static void expect_same_as_reference(const ChainReport& report) {
    EXPECT_EQ(json_of(report), json_of(*reference_));
    EXPECT_EQ(report.figure_gammas, reference_->figure_gammas);
    ASSERT_EQ(report.figure_reconstructions.size(), reference_->figure_reconstructions.size());
    for (std::size_t i = 0; i < report.figure_reconstructions.size(); ++i) {
      EXPECT_EQ(report.figure_reconstructions[i], reference_->figure_reconstructions[i]) << "figure column " << i;
    }
  }

  static RowMatrix *perp_, *est_, *targets_;
  static ChainReport* reference_;
};

RowMatrix *ChainCheckpoint::perp_ = nullptr, *ChainCheckpoint::est_ = nullptr, *ChainCheckpoint::targets_ = nullptr;
ChainReport* ChainCheckpoint::reference_ = nullptr;

constexpr std::size_t kAttacks = 7;

TEST_F(ChainCheckpoint, EveryAttackIsAnItemStoredBeforeTheEstimates) {
  ASSERT_FALSE(reference_->figure_reconstructions.empty());  // the figure's weights are kept too
  const test::TempDir dir;
  const std::string path = dir.file("chain.ckpt");
  {
    Checkpoint checkpoint(path, kInputs);
    expect_same_as_reference(run(&checkpoint, nullptr));
  }
  const std::vector<Record> records = records_of(read_bytes(path));
  ASSERT_GT(records.size(), kAttacks);  // the estimates' items follow
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(is_attack(records[i]), i < kAttacks) << records[i].key;
  // The key names the row, its mechanism and γ (by its bits: 0.5 is 3fe0000000000000).
  EXPECT_EQ(records.front().key.rfind("attack row 0 mechanism 8:codebook params  settings", 0), 0U)
      << records.front().key;
  EXPECT_NE(records.front().key.find("gamma 0 3fe0000000000000"), std::string::npos) << records.front().key;
}

TEST_F(ChainCheckpoint, ResumedAfterAnyNumberOfAttacksItEqualsTheUninterruptedChain) {
  const test::TempDir dir;
  const std::string full = dir.file("full.ckpt");
  {
    Checkpoint checkpoint(full, kInputs);
    run(&checkpoint, nullptr);
  }
  const std::string bytes = read_bytes(full);
  const std::vector<Record> records = records_of(bytes);
  for (std::size_t kept = 0; kept <= kAttacks; ++kept) {
    SCOPED_TRACE(testing::Message() << kept << " attacks finished before the kill");
    const std::string path = dir.file("cut" + std::to_string(kept) + ".ckpt");
    write_bytes(path, bytes.substr(0, kept == 0 ? header_end(bytes) : records[kept - 1].end));
    Recorder progress;
    ChainReport report;
    {
      Checkpoint checkpoint(path, kInputs);
      report = run(&checkpoint, &progress);
    }
    expect_same_as_reference(report);
    // The same items, in the same order (not the same bytes: a codebook attack's details hold
    // the seconds its per-block bound took).
    const std::vector<Record> completed = records_of(read_bytes(path));
    ASSERT_EQ(completed.size(), records.size());
    for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(completed[i].key, records[i].key) << "item " << i;
    // Every attack, restored or run, advances the stage counter: 0, 1, ..., 6 of 7.
    std::vector<std::size_t> counted;
    for (const auto& r : progress.reports) {
      if (r.stage.find(" attack at gamma = ") != std::string::npos && r.total == kAttacks) counted.push_back(r.done);
    }
    EXPECT_EQ(counted, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6}));
    const std::string restored = "checkpoint: " + std::to_string(kept) + " of 7 attacks restored";
    const bool said = std::any_of(progress.reports.begin(), progress.reports.end(),
                                  [&](const auto& r) { return r.stage == restored; });
    EXPECT_EQ(said, kept > 0) << restored;
    if (kept == kAttacks) {  // every attack restored: none took time in this run
      for (const ChainAttackTiming& timing : report.timings.attacks) {
        EXPECT_EQ(timing.seconds, 0.0);
        for (const auto& [name, seconds] : timing.parts) EXPECT_EQ(seconds, 0.0) << name;
      }
      for (const ChainRow& row : report.rows) {
        for (const auto& attack : row.attacks) EXPECT_TRUE(!attack || attack->restored);
      }
    }
  }
}

TEST_F(ChainCheckpoint, AStoredResultThatIsMalformedOrOfAnotherShapeIsRefused) {
  const test::TempDir dir;
  const std::string full = dir.file("full.ckpt");
  {
    Checkpoint checkpoint(full, kInputs);
    run(&checkpoint, nullptr);
  }
  const std::string first_key = records_of(read_bytes(full)).front().key;
  AttackResult three_errors;
  three_errors.squared_errors = {1.0, 2.0, 3.0};  // for 20 targets
  const std::vector<std::pair<std::string, std::string>> stored{
      {"malformed", encode_attack_result(three_errors).substr(0, 20)},
      {"this chain has 20 targets", encode_attack_result(three_errors)}};
  for (const auto& [reason, payload] : stored) {
    const std::string path = dir.file("bad.ckpt");
    std::filesystem::remove(path);
    Checkpoint checkpoint(path, kInputs);
    checkpoint.store(first_key, payload);
    try {
      run(&checkpoint, nullptr);
      ADD_FAILURE() << "a stored result that is " << reason << " was trusted";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("delete it"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace reconbound
