// Appends little-endian values to a byte vector (the counterpart of
// ByteReader), and patches dwords at a position already written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "retroanim/io/byte_order.h"

namespace retroanim::io {

class ByteWriter {
 public:
  void u8(uint8_t v) { out_.push_back(v); }
  void u16(uint16_t v) {
    out_.push_back(static_cast<uint8_t>(v));
    out_.push_back(static_cast<uint8_t>(v >> 8));
  }
  void u32(uint32_t v) { append_u32_le(out_, v); }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void f32(float f) { u32(float_bits(f)); }
  // Appends raw bytes.
  void bytes(const uint8_t* p, size_t n) { out_.insert(out_.end(), p, p + n); }
  // Pads with zero bytes to the next multiple of 4 from the start.
  void align4() {
    while (out_.size() % 4 != 0) out_.push_back(0);
  }
  size_t size() const { return out_.size(); }
  std::vector<uint8_t>& bytes() { return out_; }
  std::vector<uint8_t> take() { return std::move(out_); }

 private:
  std::vector<uint8_t> out_;
};

// Overwrites the 4 bytes at `at` (already present) with v, little-endian.
inline void patch_u32_le(std::vector<uint8_t>& out, size_t at, uint32_t v) { store_u32_le(out.data() + at, v); }

}  // namespace retroanim::io
