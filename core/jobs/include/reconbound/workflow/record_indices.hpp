#pragma once
// Record indices as a user gives them (the CLI's ranges and index files, Python's ranges):
// parsed and checked here, in the jobs, before the data set is opened.
#include <cstddef>
#include <string>
#include <vector>

#include "reconbound/export.hpp"

namespace reconbound::workflow {

// Half-open record range [begin, end).
struct IndexRange {
  std::size_t begin = 0, end = 0;
};

// "a:b" with whole numbers a < b (spaces around the numbers allowed); InvalidInput otherwise.
RECONBOUND_API IndexRange parse_index_range(const std::string& text);

// The indices begin, begin + 1, …, end − 1 of a data set of n_records; InvalidInput when the
// range is empty or end > n_records (checked before anything is allocated).
RECONBOUND_API std::vector<std::size_t> range_indices(const IndexRange& range,
                                                      std::size_t n_records);

// Whole numbers separated by whitespace, commas or newlines; '#' starts a comment that runs
// to the end of the line. An empty list, a token that is not a whole number, or a repeated
// index is a FileError naming origin, the line and the token. Indices keep their file order.
RECONBOUND_API std::vector<std::size_t> parse_index_list(const std::string& text,
                                                         const std::string& origin);
RECONBOUND_API std::vector<std::size_t> read_index_file(const std::string& path);

}  // namespace reconbound::workflow
