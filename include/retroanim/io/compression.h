// zlib compression for both engines (Virtools CKPackData/CKUnPackData, the AC
// client's DiskController compress/decompress), with one policy on how large
// a claimed inflated size may be.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace retroanim::io {

// The largest inflated size accepted for `packed_size` bytes of zlib data:
// deflate expands at most about 1032:1, so anything claiming more is corrupt;
// the 1 GiB cap keeps an allocation driven by a file's size field bounded.
uint64_t max_inflated_size(uint64_t packed_size);

// The outcome of inflate_exact.
struct InflateResult {
  int zlib_status = 0;  // zlib's return code (Z_OK on success)
  uint64_t produced = 0;  // bytes written to the output
  bool ok() const;
  // zlib's text for zlib_status ("data error", ...).
  std::string zlib_message() const;
};

// Inflates `packed` into `out` (sized to the expected inflated size, at most
// max_inflated_size: callers check that first, with their own message).
InflateResult inflate_exact(std::span<const uint8_t> packed, std::span<uint8_t> out);

// Deflates `raw` at `level` into at most `capacity` bytes (compressBound when
// capacity is 0); returns false when it does not fit or zlib fails, with the
// zlib code in *status when given.
bool deflate_into(std::span<const uint8_t> raw, int level, size_t capacity, std::vector<uint8_t>& out,
                  int* status = nullptr);

// zlib's text for a status code.
std::string zlib_message(int status);

// The Adler-32 checksum of `bytes` continuing from `adler` (1 for a fresh sum).
uint32_t adler32(std::span<const uint8_t> bytes, uint32_t adler);

}  // namespace retroanim::io
