// Little-endian loads and stores of fixed-size values, the same on every host:
// values are assembled from (or split into) bytes, never read in host order.
// Both file formats (Virtools .nmo, Asheron's Call .dat) are little-endian.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace retroanim::io {

// The 16-bit little-endian value at p (2 bytes readable).
inline uint16_t load_u16_le(const uint8_t* p) { return static_cast<uint16_t>(p[0] | (p[1] << 8)); }

// The 32-bit little-endian value at p (4 bytes readable).
inline uint32_t load_u32_le(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | (static_cast<uint32_t>(p[1]) << 8) | (static_cast<uint32_t>(p[2]) << 16) |
         (static_cast<uint32_t>(p[3]) << 24);
}

// Writes v little-endian to p (4 bytes writable).
inline void store_u32_le(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
  p[2] = static_cast<uint8_t>(v >> 16);
  p[3] = static_cast<uint8_t>(v >> 24);
}

// Appends v little-endian to out.
inline void append_u32_le(std::vector<uint8_t>& out, uint32_t v) {
  uint8_t b[4];
  store_u32_le(b, v);
  out.insert(out.end(), b, b + 4);
}

// Reads `count` little-endian dwords from src into dst (a plain copy on a
// little-endian host, a per-dword assembly elsewhere).
inline void load_u32_le_array(uint32_t* dst, const uint8_t* src, size_t count) {
  if constexpr (std::endian::native == std::endian::little) {
    if (count) std::memcpy(dst, src, count * 4);
  } else {
    for (size_t i = 0; i < count; ++i) dst[i] = load_u32_le(src + 4 * i);
  }
}

// Writes `count` dwords little-endian from src to dst.
inline void store_u32_le_array(uint8_t* dst, const uint32_t* src, size_t count) {
  if constexpr (std::endian::native == std::endian::little) {
    if (count) std::memcpy(dst, src, count * 4);
  } else {
    for (size_t i = 0; i < count; ++i) store_u32_le(dst + 4 * i, src[i]);
  }
}

// The bits of an IEEE-754 float and back (a float's bytes are stored as its bits' little-endian dword).
inline uint32_t float_bits(float f) { return std::bit_cast<uint32_t>(f); }
inline float bits_float(uint32_t v) { return std::bit_cast<float>(v); }

}  // namespace retroanim::io
