#pragma once
// `bound --by-label --label-indices DIR` (mathematics §6.10): every label's records of D⊥ and of
// D_est as index files, DIR/label-<c>-perp.txt and DIR/label-<c>-est.txt, one record index per
// line (the format --perp-indices and --est-indices read), so that a reviewer re-computes row c
// with `bound --perp-indices DIR/label-<c>-perp.txt --est-indices DIR/label-<c>-est.txt
// --alpha α/C` and the run's other options.
#include <string>
#include <vector>

#include "reconbound/workflow/by_label.hpp"

namespace reconbound::cli {

// Creates `folder` (and its parents) when it is absent and checks that a file can be written in
// it, so that an unwritable folder is refused before any work: FileError naming the folder.
void prepare_label_index_folder(const std::string& folder);

// Writes both index files of every label into `folder`; FileError naming a file that cannot be
// written. Returns the line for stderr that says where they are and how a row is re-computed.
std::string write_label_index_files(const std::string& folder, const std::vector<workflow::LabelBound>& labels,
                                    double alpha);

}  // namespace reconbound::cli
