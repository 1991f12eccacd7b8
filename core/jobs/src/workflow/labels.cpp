// Where a data set's labels come from (mathematics §6.10): Debian's Fashion-MNIST label files,
// the class folders of png:DIR, or a label file the caller names.
#include "reconbound/workflow/labels.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound::workflow {

namespace {

namespace fs = std::filesystem;

// The ten classes of Fashion-MNIST, label c on line c (the data set's README).
const std::vector<std::string> kFashionMnistNames = {"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
                                                     "Sandal",      "Shirt",   "Sneaker",  "Bag",   "Ankle boot"};

std::vector<std::size_t> read_idx_labels(const std::string& path) {
  return parse_idx_labels(detail::read_file_bytes(path), path);
}

// Debian's label files lie beside the image files "fashion-mnist" reads: train (60,000) then
// t10k (10,000), the order of the records.
Labels fashion_mnist_labels() {
  const fs::path folder = fs::path(fashion_mnist_train_images()).parent_path();
  Labels out;
  out.of_record = read_idx_labels((folder / "train-labels-idx1-ubyte.gz").string());
  const std::vector<std::size_t> test = read_idx_labels((folder / "t10k-labels-idx1-ubyte.gz").string());
  out.of_record.insert(out.of_record.end(), test.begin(), test.end());
  out.names = kFashionMnistNames;
  out.source = fmt::format("fashion-mnist labels in {}", folder.string());
  return out;
}

bool is_png(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".png";
}

// png:DIR in the ImageFolder layout: the records are the class folders' images, folders sorted
// by name (read_png_folder reads them in this order), and a folder's name is its class's name.
Labels png_folder_labels(const std::string& dir) {
  std::error_code ec;
  std::vector<fs::path> classes;
  bool loose_images = false;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_directory()) classes.push_back(entry.path());
    if (entry.is_regular_file() && is_png(entry.path())) loose_images = true;
  }
  if (ec || loose_images || classes.empty()) {
    throw InvalidInput(fmt::format("png:{} holds no class sub-folders of images (one folder per class, as "
                                   "torchvision's ImageFolder reads); give the labels with {}", dir,
                                   parameter("labels")));
  }
  std::sort(classes.begin(), classes.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
  Labels out;
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const auto images = std::count_if(fs::directory_iterator(classes[c]), fs::directory_iterator(),
                                      [](const fs::directory_entry& e) { return e.is_regular_file() && is_png(e.path()); });
    out.of_record.insert(out.of_record.end(), static_cast<std::size_t>(images), c);
    out.names.push_back(classes[c].filename().string());
  }
  out.source = fmt::format("the class folders of png:{}", dir);
  return out;
}

// The labels the data set itself carries.
Labels own_labels(const std::string& data_spec) {
  if (data_spec == "fashion-mnist") return fashion_mnist_labels();
  if (data_spec.starts_with("png:") && data_spec.size() > 4) return png_folder_labels(data_spec.substr(4));
  throw InvalidInput(fmt::format("the data set {} carries no labels: give {} idx:PATH or npy:PATH (one whole "
                                 "number per record)", data_spec, parameter("labels")));
}

}  // namespace

Labels load_labels(const std::string& data_spec, const std::string& spec, const std::string& names_file) {
  Labels out;
  if (spec.empty()) {
    out = own_labels(data_spec);
  } else if (spec.starts_with("idx:") && spec.size() > 4) {
    out.of_record = read_idx_labels(spec.substr(4));
    out.source = spec;
  } else if (spec.starts_with("npy:") && spec.size() > 4) {
    out.of_record = parse_npy_labels(detail::read_file_bytes(spec.substr(4)), spec.substr(4));
    out.source = spec;
  } else {
    throw InvalidInput(fmt::format("{} '{}' is not idx:PATH or npy:PATH", parameter("labels"), spec));
  }
  if (!names_file.empty()) out.names = read_label_names(names_file);
  return out;
}

std::vector<std::string> read_label_names(const std::string& path) {
  const std::vector<std::uint8_t> bytes = detail::read_file_bytes(path);
  return parse_label_names(std::string(bytes.begin(), bytes.end()), path);
}

}  // namespace reconbound::workflow
