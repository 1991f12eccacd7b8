#pragma once
// A checkpoint file (docs/checkpoints.md): the finished work items of a long computation, kept
// on disk so that a rerun after a crash, a kill or an interrupt skips them.
//
// The file starts with a header, written once and atomically (a temporary file renamed into
// place): the format's line, then one "field<TAB>value" line per entry of the fingerprint of
// everything the result depends on, then an empty line. Work items follow, appended one at a
// time and made durable (fdatasync) before store() returns:
//   "ITEM" | key bytes (u32) | payload bytes (u64) | key | payload | CRC-32 of all before it
// (integers little-endian). A run killed mid-write leaves a prefix of a record at the end: it
// fails the length or CRC check, is dropped and cut off, and is computed again — never
// trusted. Keys name an item and everything its payload was computed from (an item of other
// inputs has another key), so a stale item cannot be mistaken for a current one.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "reconbound/export.hpp"

namespace reconbound {

class Registry;

// Named fields, in order: what a checkpoint's results depend on (data, split, options, plugins).
using Fingerprint = std::vector<std::pair<std::string, std::string>>;

class RECONBOUND_API Checkpoint {
 public:
  // Opens `path`: creates it with `fingerprint` in its header, or reads the items of an
  // existing one. InvalidInput when the file's fingerprint differs from `fingerprint` (naming
  // the first field that differs and both values), when the file is not a checkpoint, or when
  // another process holds it; FileError when it cannot be read or written. A torn last record
  // is cut off (torn_bytes() says how much).
  Checkpoint(std::string path, const Fingerprint& fingerprint);
  ~Checkpoint();
  Checkpoint(const Checkpoint&) = delete;
  Checkpoint& operator=(const Checkpoint&) = delete;

  const std::string& path() const { return path_; }
  // The payload stored under `key`, if an earlier run finished that item.
  std::optional<std::string> find(const std::string& key) const;
  // Appends an item and makes it durable before returning. Not thread safe: one caller.
  void store(const std::string& key, const std::string& payload);

  std::size_t items() const { return items_.size(); }  // items on file (restored and stored)
  std::size_t restored() const { return restored_; }   // items found in the file when it was opened
  std::size_t torn_bytes() const { return torn_bytes_; }  // bytes of a torn last record cut off on opening
  std::size_t found() const { return found_; }          // find() calls answered from the file

 private:
  void create(const Fingerprint& fingerprint);
  void read_existing(const Fingerprint& fingerprint);

  std::string path_;
  int fd_ = -1;
  std::unordered_map<std::string, std::string> items_;
  std::size_t restored_ = 0;
  std::size_t torn_bytes_ = 0;
  mutable std::size_t found_ = 0;
};

// Where an estimate's work items go (docs/checkpoints.md): the checkpoint (nullptr: none) and the
// digest every item's key starts from — the bound's settings' (bound_config_fingerprint), so that
// an item computed under other settings is never restored.
struct ItemStore {
  // Not explicit: a checkpoint alone is a store whose keys start from 0.
  ItemStore(Checkpoint* file = nullptr, std::uint64_t settings_digest = 0)
      : checkpoint(file), key_seed(settings_digest) {}
  Checkpoint* checkpoint;
  std::uint64_t key_seed;
};

// The checkpoint of rank `rank` of `ranks`: `path` itself for one process, else
// "<path>.rank<rank>-of-<ranks>" (each rank keeps its own items; docs/checkpoints.md).
RECONBOUND_API std::string checkpoint_path_of_rank(const std::string& path, std::size_t rank, std::size_t ranks);

// The software a result comes from: this library's version, the plugin ABI and every plugin
// of `registry` with its version — the first fields of every checkpoint's fingerprint.
RECONBOUND_API Fingerprint software_fingerprint(const Registry& registry);

// The files an argument names, to fingerprint their contents: the two files of
// "fashion-mnist", the path of a data spec "kind:PATH", or the value itself when it is an
// existing path; none otherwise.
RECONBOUND_API std::vector<std::string> files_named_by(const std::string& value);

// A fingerprint of a file's contents, cheap for any size: "<bytes> bytes, modified <time>,
// sampled CRC-32 <hex>" (the CRC of 16 pieces of 4 KiB spread over the file). A folder: the
// same of each file in it and in its sub-folders (png:DIR's class folders), in path order, folded
// into one line. FileError when it cannot be read.
RECONBOUND_API std::string file_fingerprint(const std::string& path);

}  // namespace reconbound
