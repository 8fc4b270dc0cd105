#include "retroanim/io/compression.h"

#include <zlib.h>

#include <algorithm>

namespace retroanim::io {

namespace {
// deflate's worst case is about 1032:1; the slack covers the stream header and a short stream.
constexpr uint64_t kMaxDeflateRatio = 1032;
constexpr uint64_t kRatioSlack = 64;
constexpr uint64_t kMaxInflatedBytes = uint64_t{1} << 30;
// zlib's adler32 takes at most uInt bytes per call.
constexpr size_t kAdlerPiece = size_t{1} << 30;
}  // namespace

uint64_t max_inflated_size(uint64_t packed_size) {
  return std::min<uint64_t>(kMaxInflatedBytes, packed_size * kMaxDeflateRatio + kRatioSlack);
}

bool InflateResult::ok() const { return zlib_status == Z_OK; }
std::string InflateResult::zlib_message() const { return io::zlib_message(zlib_status); }
std::string zlib_message(int status) { return zError(status); }

InflateResult inflate_exact(std::span<const uint8_t> packed, std::span<uint8_t> out) {
  uLongf dest_len = static_cast<uLongf>(out.size());
  int rc = ::uncompress(out.data(), &dest_len, packed.data(), static_cast<uLong>(packed.size()));
  return InflateResult{rc, dest_len};
}

bool deflate_into(std::span<const uint8_t> raw, int level, size_t capacity, std::vector<uint8_t>& out, int* status) {
  uLongf cap = capacity != 0 ? static_cast<uLongf>(capacity) : compressBound(static_cast<uLong>(raw.size()));
  std::vector<uint8_t> buf(cap);
  int rc = ::compress2(buf.data(), &cap, raw.data(), static_cast<uLong>(raw.size()), level);
  if (status) *status = rc;
  if (rc != Z_OK) return false;
  buf.resize(cap);
  out = std::move(buf);
  return true;
}

uint32_t adler32(std::span<const uint8_t> bytes, uint32_t adler) {
  while (!bytes.empty()) {
    size_t n = std::min<size_t>(bytes.size(), kAdlerPiece);
    adler = static_cast<uint32_t>(::adler32(adler, bytes.data(), static_cast<uInt>(n)));
    bytes = bytes.subspan(n);
  }
  return adler;
}

}  // namespace retroanim::io
