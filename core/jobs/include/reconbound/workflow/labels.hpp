#pragma once
// The class labels of a data set's records, as people hold them (mathematics §6.10): the label
// files Debian's dataset-fashion-mnist ships beside its images, an IDX or NumPy file of whole
// numbers (one per record, in file order), or the class sub-folders of a png:DIR data set
// (torchvision's ImageFolder layout); the class names from a file of one name per line.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "reconbound/export.hpp"

namespace reconbound::workflow {

struct Labels {
  std::vector<std::size_t> of_record;  // the label of each record, in the data set's order
  std::vector<std::string> names;      // names[c]: the name of label c (empty: none known)
  std::string source;                  // where they came from, one line
};

// The labels `spec` names: "idx:PATH" or "npy:PATH" (whole numbers ≥ 0, one per record), or ""
// for the data set's own — "fashion-mnist" (Debian's label files, the ten class names) or
// "png:DIR" with one sub-folder of images per class (the folder names, sorted, are the names).
// A names_file (one name per line, line c naming label c) replaces the names. InvalidInput for
// "" with a data set that carries no labels or an unknown spec; FileError for a file that
// cannot be read as labels or names.
RECONBOUND_API Labels load_labels(const std::string& data_spec, const std::string& spec,
                                  const std::string& names_file);

// The readers, on a file's bytes (`origin` names it in errors): an IDX file of one dimension
// (gzipped or not), an .npy file of one dimension and integer type, each value a whole number
// below 2^31; a names file, one non-empty name per line (a last empty line allowed).
RECONBOUND_API std::vector<std::size_t> parse_idx_labels(std::span<const std::uint8_t> bytes,
                                                         const std::string& origin);
RECONBOUND_API std::vector<std::size_t> parse_npy_labels(std::span<const std::uint8_t> bytes,
                                                         const std::string& origin);
RECONBOUND_API std::vector<std::string> parse_label_names(const std::string& text, const std::string& origin);

// The names file at `path` (parse_label_names); FileError when it cannot be read.
RECONBOUND_API std::vector<std::string> read_label_names(const std::string& path);

// The name of label c ("label c" when none is known).
RECONBOUND_API std::string label_name(const Labels& labels, std::size_t c);

}  // namespace reconbound::workflow
