#pragma once
// Data sets (mathematics §7): the records an entropy estimate or a rotation is computed from.
// Every reader returns the records as doubles, one record per row, channel-major (C, H, W),
// exactly as stored in the file: nothing is rescaled, centred or fitted (mathematics §7 forbids
// preprocessing fitted across the protected set). 8-bit sources give grey levels in [0, 255].
// A data-set spec opened with a RecordEncoding (record_encoding.hpp) reads an .npy file as its
// caller says it is stored — channels last, or scaled to [0, 1] — and refuses one that looks
// stored so without being said to be.
// Every reader rejects what it cannot read exactly (truncation, trailing bytes, zero records,
// non-finite values, unsupported types) with a FileError naming the file and the problem.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/record_encoding.hpp"

namespace reconbound {

struct Dataset {
  RowMatrix records;   // N × d, N ≥ 1, every value finite
  ImageShape shape;    // (C, H, W) of one record, C·H·W == d
  std::string source;  // human-readable origin, e.g. "idx:/path/file.gz"
};

// Largest number of values (N·d) a reader accepts; checked before anything is allocated.
inline constexpr std::size_t kMaxDatasetValues = std::size_t{1} << 31;

// Checks records a caller holds in memory (e.g. NumPy arrays from Python) as the readers check
// theirs: InvalidInput naming `origin`, the record and the position of the first NaN or
// infinite value.
RECONBOUND_API void require_finite_records(MatrixView records, const std::string& origin);

// Opens a data set from a spec:
//   "fashion-mnist"  the Debian package dataset-fashion-mnist: train (60,000) then t10k
//                    (10,000) images, 70,000 × 784, shape 1×28×28
//   "idx:PATH"       an IDX file, gzipped or raw (read_idx)
//   "npy:PATH"       a NumPy .npy file (read_npy)
//   "png:DIR"        a folder of PNG images (read_png_folder)
// An unknown spec is an InvalidInput naming the accepted forms.
RECONBOUND_API Dataset load_dataset(const std::string& spec);
// The same, with an "npy:PATH" file read under `encoding` (MappedDataset::open_npy); a layout
// or a scale given for another spec is an InvalidInput (require_no_encoding).
RECONBOUND_API Dataset load_dataset(const std::string& spec, const RecordEncoding& encoding);

// The two gzipped IDX image files that "fashion-mnist" reads: the 60,000 training images and
// the 10,000 test images of Debian's dataset-fashion-mnist. Their folder is fixed when
// reconbound is built (CMake cache variable RECONBOUND_FASHION_MNIST_DIR, by default
// /usr/share/datasets/fashion-mnist).
RECONBOUND_API std::string fashion_mnist_train_images();
RECONBOUND_API std::string fashion_mnist_test_images();

// IDX (the MNIST format): magic 00 00 <type> <ndims>, ndims big-endian uint32 sizes, then
// big-endian values. Types 0x08 uint8, 0x09 int8, 0x0B int16, 0x0C int32, 0x0D float32,
// 0x0E float64. The first axis counts records; 1 dim → d = 1, 2 dims → (1, 1, W),
// 3 dims → (1, H, W), 4 dims → (C, H, W). A gzip file (magic 1f 8b) is inflated first.
RECONBOUND_API Dataset read_idx(const std::string& path);
RECONBOUND_API Dataset parse_idx(std::span<const std::uint8_t> bytes, const std::string& origin);

// NPY format versions 1.0, 2.0 and 3.0; dtypes uint8 ('|u1'), float32 and float64 ('<f4',
// '<f8', or big-endian '>f4', '>f8'); C order only; 1 to 4 dimensions with the first axis
// counting records (1-D → d = 1, 2-D → (1, 1, d), 3-D → (1, H, W), 4-D → (C, H, W)).
RECONBOUND_API Dataset read_npy(const std::string& path);
RECONBOUND_API Dataset parse_npy(std::span<const std::uint8_t> bytes, const std::string& origin);

// A data set whose records stay in their file encoding and are decoded to doubles only when
// asked for, a batch at a time (docs/memory.md). An .npy or a raw IDX file is mapped read-only
// into memory; a gzipped IDX file is inflated once and its bytes kept (for Fashion-MNIST 55 MB,
// where its doubles would take 440 MB). Opening checks the header and the length as read_npy and
// read_idx do (the same FileError for a corrupt or truncated file) and every floating-point
// value (finite). A mapped file must not change while it is open.
class RECONBOUND_API MappedDataset {
 public:
  static std::shared_ptr<const MappedDataset> open_npy(const std::string& path);
  // The records read under `encoding` (record_conversion: its checks, its shape and values). The
  // values' range is found when the file is opened: float files are decoded once then anyway
  // (every value is checked finite), integer files only for a scale given.
  static std::shared_ptr<const MappedDataset> open_npy(const std::string& path, const RecordEncoding& encoding);
  static std::shared_ptr<const MappedDataset> open_idx(const std::string& path);
  // The records load_dataset("fashion-mnist") returns, in the same order.
  static std::shared_ptr<const MappedDataset> open_fashion_mnist();
  ~MappedDataset();
  MappedDataset(const MappedDataset&) = delete;
  MappedDataset& operator=(const MappedDataset&) = delete;

  std::size_t size() const;             // records N
  const ImageShape& shape() const;      // (C, H, W) of one record
  const std::string& source() const;    // "npy:PATH", "idx:PATH", or the fashion-mnist source
  std::size_t record_bytes() const;     // bytes one record takes in the file
  std::size_t resident_bytes() const;   // bytes held in memory for as long as it is open
                                        // (inflated gzip data); 0 when every file is mapped
  // Decodes the records `indices` (each < size()) into the rows of `out` (indices.size() × d),
  // then drops the mapped file pages they were read from out of this process's memory, so that
  // a record read takes memory only while it is decoded. Thread safe. InvalidInput for an index
  // ≥ size() or a wrong `out`.
  void read(std::span<const std::size_t> indices, MutableMatrixView out) const;
  // Every record, decoded (what load_dataset returns for the same file).
  Dataset read_all() const;

 private:
  struct Mapping;
  explicit MappedDataset(std::unique_ptr<Mapping> mapping);
  std::unique_ptr<Mapping> mapping_;
};

// The records of a spec kept in their file encoding: "npy:PATH", "idx:PATH" and
// "fashion-mnist"; nullptr for "png:DIR" (load_dataset reads those whole) and for a spec
// load_dataset would refuse.
RECONBOUND_API std::shared_ptr<const MappedDataset> map_dataset(const std::string& spec);
// The same, with an "npy:PATH" file read under `encoding`; a layout or a scale given for another
// spec is an InvalidInput (require_no_encoding).
RECONBOUND_API std::shared_ptr<const MappedDataset> map_dataset(const std::string& spec,
                                                                const RecordEncoding& encoding);

// Every *.png (any letter case) directly in dir, sorted by file name (byte order), one
// record each, decoded with libpng. All images must have one size and one colour type. 8-bit
// only (16-bit is rejected). Grey → C = 1 (also grey + alpha); colour or palette → C = 3 in RGB
// order. An alpha channel is dropped: the stored colour values are kept as they are, without
// compositing onto any background.
RECONBOUND_API Dataset read_png_folder(const std::string& dir);

namespace detail {

// Largest output the gzip inflater produces before refusing the file as a decompression bomb.
inline constexpr std::size_t kMaxInflatedBytes = std::size_t{4} << 30;  // 4 GiB

// The whole file as bytes; FileError naming the path when it cannot be opened or read.
RECONBOUND_API std::vector<std::uint8_t> read_file_bytes(const std::string& path);

// Inflates a gzip stream (one or more concatenated members); FileError naming origin when the
// stream is corrupt, truncated, followed by non-gzip bytes, or would exceed max_bytes.
RECONBOUND_API std::vector<std::uint8_t> gunzip(std::span<const std::uint8_t> bytes,
                                                const std::string& origin,
                                                std::size_t max_bytes = kMaxInflatedBytes);

}  // namespace detail

}  // namespace reconbound
