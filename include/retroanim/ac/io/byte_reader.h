// Bounds-checked little-endian cursor over the bytes of one dat object, the
// counterpart of the client's `void** addr` walk in the UnPack functions. Every
// read checks the bytes left and throws retroanim::Error naming the object and
// the byte offset; alignment is relative to the start of the object's data, as
// the client's PackObj::ALIGN_PTR aligns the pointer into a buffer that starts
// on a 4-byte boundary.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "retroanim/error.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac::io {

// Reads little-endian values from a byte span and reports bad input as errors
// that name `file` and `object` and the offset within the object's data.
class ByteReader {
 public:
  // Reads `data`; `file` and `object` only label error messages.
  ByteReader(std::span<const uint8_t> data, std::string file, std::string object)
      : data_(data), file_(std::move(file)), object_(std::move(object)) {}

  // Offset of the next byte to read, from the start of the data.
  size_t offset() const { return pos_; }
  // Bytes not yet read.
  size_t remaining() const { return data_.size() - pos_; }
  // Total size of the data.
  size_t size() const { return data_.size(); }

  // Throws unless at least n bytes remain; `what` names the field.
  void need(size_t n, const char* what) const {
    if (n > remaining()) {
      fail("truncated " + std::string(what) + ": needs " + std::to_string(n) + " bytes, " +
           std::to_string(remaining()) + " left");
    }
  }

  // Throws unless count items of item_size bytes each can still be read, so a
  // count read from the file never drives an allocation larger than the data.
  void need_items(uint64_t count, size_t item_size, const char* what) const {
    if (item_size == 0) item_size = 1;
    if (count > remaining() / item_size) {
      fail(std::string(what) + " count " + std::to_string(count) + " needs more than the " +
           std::to_string(remaining()) + " bytes left");
    }
  }

  uint8_t u8(const char* what) {
    need(1, what);
    return data_[pos_++];
  }
  uint16_t u16(const char* what) {
    need(2, what);
    uint16_t v = static_cast<uint16_t>(data_[pos_] | (data_[pos_ + 1] << 8));
    pos_ += 2;
    return v;
  }
  uint32_t u32(const char* what) {
    need(4, what);
    uint32_t v = static_cast<uint32_t>(data_[pos_]) | (static_cast<uint32_t>(data_[pos_ + 1]) << 8) |
                 (static_cast<uint32_t>(data_[pos_ + 2]) << 16) |
                 (static_cast<uint32_t>(data_[pos_ + 3]) << 24);
    pos_ += 4;
    return v;
  }
  int32_t i32(const char* what) { return static_cast<int32_t>(u32(what)); }
  float f32(const char* what) {
    uint32_t bits = u32(what);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }

  // Skips to the next multiple of 4 from the start of the data (PackObj::ALIGN_PTR).
  void align4(const char* what) {
    size_t pad = (4 - (pos_ % 4)) % 4;
    need(pad, what);
    pos_ += pad;
  }

  // Throws an Error at the current offset.
  [[noreturn]] void fail(const std::string& what) const { fail_at(pos_, what); }
  // Throws an Error at the given offset.
  [[noreturn]] void fail_at(size_t offset, const std::string& what) const {
    throw Error(describe_error(file_, object_, offset, what));
  }

 private:
  std::span<const uint8_t> data_;
  size_t pos_ = 0;
  std::string file_;
  std::string object_;
};

// Appends little-endian values to a byte vector (the Pack side).
class ByteWriter {
 public:
  void u8(uint8_t v) { out_.push_back(v); }
  void u16(uint16_t v) {
    out_.push_back(static_cast<uint8_t>(v));
    out_.push_back(static_cast<uint8_t>(v >> 8));
  }
  void u32(uint32_t v) {
    for (int i = 0; i < 4; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
  }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void f32(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    u32(bits);
  }
  // Pads with zero bytes to the next multiple of 4 from the start (PackObj::ALIGN_PTR writes zeros).
  void align4() {
    while (out_.size() % 4 != 0) out_.push_back(0);
  }
  size_t size() const { return out_.size(); }
  std::vector<uint8_t>& bytes() { return out_; }
  std::vector<uint8_t> take() { return std::move(out_); }

 private:
  std::vector<uint8_t> out_;
};

// Reads three floats x, y, z (the dat's Vector3).
inline math::Vec3 read_vec3(ByteReader& r, const char* what) {
  math::Vec3 v;
  v.x = r.f32(what);
  v.y = r.f32(what);
  v.z = r.f32(what);
  return v;
}

// Writes three floats x, y, z (the dat's Vector3).
inline void write_vec3(ByteWriter& w, const math::Vec3& v) {
  w.f32(v.x);
  w.f32(v.y);
  w.f32(v.z);
}

}  // namespace retroanim::ac::io
