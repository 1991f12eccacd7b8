// The plugin registry: good plugins of every kind load, every kind of bad file is
// reported with its name and reason, and objects keep their library loaded.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

namespace fs = std::filesystem;
using namespace reconbound;

namespace {

// A fresh folder holding copies of the named test-double plugins plus broken files.
class PluginFolder : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("reconbound-registry-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void copy_double(const std::string& name) {
    fs::copy_file(fs::path(RECONBOUND_DOUBLE_DIR) / (name + ".so"), dir_ / (name + ".so"));
  }
  void write_file(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
  }
  const LoadFailure* failure_for(const Registry& r, const std::string& file) {
    for (const auto& f : r.failures()) {
      if (f.path.filename() == file) return &f;
    }
    return nullptr;
  }

  fs::path dir_;
};

TEST_F(PluginFolder, LoadsOneTestDoubleOfEveryKind) {
  for (const char* name : {"double-mechanism", "double-representation", "double-estimator",
                           "double-converse"}) {
    copy_double(name);
  }
  const Registry registry({dir_});
  EXPECT_TRUE(registry.failures().empty());
  ASSERT_EQ(registry.plugins().size(), 4u);
  EXPECT_EQ(registry.names(PluginKind::mechanism), std::vector<std::string>{"double-mechanism"});
  EXPECT_EQ(registry.names(PluginKind::converse), std::vector<std::string>{"double-converse"});
  const PluginRecord* record = registry.find(PluginKind::estimator, "double-estimator");
  ASSERT_NE(record, nullptr);
  EXPECT_EQ(record->version, "0.0.1");
  EXPECT_EQ(record->path, dir_ / "double-estimator.so");
}

TEST_F(PluginFolder, ExercisesEveryInterfaceThroughTheDoubles) {
  for (const char* name : {"double-mechanism", "double-representation", "double-estimator",
                           "double-converse"}) {
    copy_double(name);
  }
  const Registry registry({dir_});

  const Schedule schedule{{TrainingRun{{Segment{0.5, 1.0, 4}, Segment{0.25, 2.0, 16}}}}};
  const Leakage leakage = registry.make_mechanism("double-mechanism")->leakage({&schedule});
  EXPECT_DOUBLE_EQ(leakage.gamma_bits, 4 * 0.25 + 16 * 0.0625);

  const auto psi = registry.make_representation("double-representation");
  const ImageShape shape{1, 2, 2};
  RowMatrix batch(3, 4);
  batch.setConstant(7.0);
  RowMatrix out(3, psi->describe(shape).output_dim);
  psi->map(shape, batch, out);
  EXPECT_DOUBLE_EQ(out(2, 3), 14.0);

  const RowMatrix rotated = RowMatrix::Zero(5, 4);
  EntropyRequest request{.rotated = rotated, .grid = {{2, 0.4}, {4, 0.8}}};
  const auto entropies = registry.make_estimator("double-estimator")->estimate(request);
  ASSERT_EQ(entropies.size(), 2u);
  EXPECT_EQ(entropies[1].h_lb, 4.0);

  const ConverseResult result =
      registry.make_converse("double-converse")->bound({3.0, &entropies, 1.0});
  EXPECT_DOUBLE_EQ(result.rho_star, 0.125);
}

TEST_F(PluginFolder, ReportsEveryBadFileAndStillLoadsTheGoodOnes) {
  copy_double("double-mechanism");
  copy_double("abi-mismatch");
  copy_double("no-alias");
  copy_double("wrong-factory");
  write_file("corrupt.so", "this is not an ELF file\n");
  {  // a truncated copy of a real plugin
    std::ifstream in(fs::path(RECONBOUND_DOUBLE_DIR) / "double-converse.so", std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    write_file("truncated.so", bytes.substr(0, 300));
  }
  write_file("README.txt", "not a plugin, and not named like one: ignored");

  const Registry registry({dir_});
  EXPECT_EQ(registry.names(PluginKind::mechanism), std::vector<std::string>{"double-mechanism"});
  EXPECT_EQ(registry.failures().size(), 5u);

  const LoadFailure* abi = failure_for(registry, "abi-mismatch.so");
  ASSERT_NE(abi, nullptr);
  const std::string built = fmt::format("ABI version {}", kPluginAbiVersion + 41);
  const std::string needs = fmt::format("needs {}", kPluginAbiVersion);
  EXPECT_NE(abi->reason.find(built), std::string::npos) << abi->reason;
  EXPECT_NE(abi->reason.find(needs), std::string::npos) << abi->reason;

  const LoadFailure* no_alias = failure_for(registry, "no-alias.so");
  ASSERT_NE(no_alias, nullptr);
  EXPECT_NE(no_alias->reason.find("not a reconbound plugin"), std::string::npos);

  const LoadFailure* corrupt = failure_for(registry, "corrupt.so");
  ASSERT_NE(corrupt, nullptr);
  EXPECT_NE(corrupt->reason.find("cannot be loaded"), std::string::npos) << corrupt->reason;

  const LoadFailure* truncated = failure_for(registry, "truncated.so");
  ASSERT_NE(truncated, nullptr);
  EXPECT_NE(truncated->reason.find("cannot be loaded"), std::string::npos) << truncated->reason;

  const LoadFailure* confused = failure_for(registry, "wrong-factory.so");
  ASSERT_NE(confused, nullptr);
  EXPECT_NE(confused->reason.find("without a converse factory"), std::string::npos);
}

TEST_F(PluginFolder, MissingSymbolFailsTheLoadAndIsNamed) {
  copy_double("undefined-symbol");
  const Registry registry({dir_});
  EXPECT_TRUE(registry.plugins().empty());
  const LoadFailure* failure = failure_for(registry, "undefined-symbol.so");
  ASSERT_NE(failure, nullptr);
  EXPECT_NE(failure->reason.find("cannot be loaded"), std::string::npos) << failure->reason;
  EXPECT_NE(failure->reason.find("undefined symbol: reconbound_double_undefined_function"),
            std::string::npos)
      << failure->reason;
}

TEST_F(PluginFolder, OtherInterfaceHeadersAreRefusedByTheirFingerprint) {
  copy_double("stale-fingerprint");
  const Registry registry({dir_});
  EXPECT_TRUE(registry.plugins().empty());
  const LoadFailure* failure = failure_for(registry, "stale-fingerprint.so");
  ASSERT_NE(failure, nullptr);
  const std::string ours(kPluginAbiFingerprint, 12);
  ASSERT_NE(ours, "0123456789ab");
  EXPECT_NE(failure->reason.find("fingerprint 0123456789ab but this reconbound's is " + ours),
            std::string::npos)
      << failure->reason;
  EXPECT_NE(failure->reason.find("rebuild the plugin against this reconbound's headers"),
            std::string::npos)
      << failure->reason;
}

TEST_F(PluginFolder, MissingFileIsAFailureNotACrash) {
  Registry registry({dir_});
  EXPECT_FALSE(registry.load_file(dir_ / "absent.so"));
  ASSERT_EQ(registry.failures().size(), 1u);
  EXPECT_EQ(registry.failures()[0].path, dir_ / "absent.so");
  EXPECT_EQ(registry.failures()[0].reason, "no such file");
}

TEST_F(PluginFolder, SecondPluginOfTheSameNameIsShadowed) {
  copy_double("double-mechanism");
  Registry registry({dir_});
  EXPECT_FALSE(registry.load_file(dir_ / "double-mechanism.so"));
  ASSERT_EQ(registry.failures().size(), 1u);
  EXPECT_NE(registry.failures()[0].reason.find("already loaded"), std::string::npos);
}

TEST_F(PluginFolder, UnknownPluginNameListsTheAvailableOnes) {
  copy_double("double-mechanism");
  const Registry registry({dir_});
  try {
    registry.make_mechanism("dpsgd-typo");
    FAIL() << "expected PluginError";
  } catch (const PluginError& e) {
    EXPECT_NE(std::string(e.what()).find("available: double-mechanism"), std::string::npos)
        << e.what();
  }
}

TEST_F(PluginFolder, ObjectsKeepTheirLibraryLoadedAfterTheRegistryIsGone) {
  copy_double("double-mechanism");
  std::shared_ptr<Mechanism> mechanism;
  {
    const Registry registry({dir_});
    mechanism = registry.make_mechanism("double-mechanism");
  }
  const Schedule schedule = Schedule::constant(0.5, 1.0, 2);
  EXPECT_DOUBLE_EQ(mechanism->leakage({&schedule}).gamma_bits, 0.5);
}

TEST_F(PluginFolder, FactoryRejectsUnknownParameters) {
  copy_double("double-converse");
  const Registry registry({dir_});
  EXPECT_THROW(registry.make_converse("double-converse", Params::parse("alpha=1")), InvalidInput);
}

TEST(DefaultSearchPath, FindsTheBuildPluginsThenTheEnvironment) {
  ::setenv("RECONBOUND_PLUGIN_PATH", "/first/folder::/second", 1);
  const auto path = Registry::default_search_path();
  ::unsetenv("RECONBOUND_PLUGIN_PATH");
  ASSERT_EQ(path.size(), 3u);
  EXPECT_EQ(path[0].filename(), "plugins");
  EXPECT_EQ(path[1], "/first/folder");
  EXPECT_EQ(path[2], "/second");
  const Registry registry;
  EXPECT_NE(registry.find(PluginKind::mechanism, "dpsgd"), nullptr);
}

}  // namespace
