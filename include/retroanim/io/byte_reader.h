// Bounds-checked little-endian cursor over a span of bytes, shared by ck/io and
// ac/io. Every read checks the bytes left and throws retroanim::Error naming
// the file, the object and the byte offset (the position in the span plus a
// base offset, so a reader over one section of a file reports file offsets).
// Alignment (align4) is relative to the start of the span.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "retroanim/error.h"
#include "retroanim/io/byte_order.h"

namespace retroanim::io {

class ByteReader {
 public:
  // Reads `data`; `file` and `object` only label error messages, `base` is
  // added to the position in error offsets.
  ByteReader(std::span<const uint8_t> data, std::string file, std::string object, uint64_t base = 0)
      : data_(data), file_(std::move(file)), object_(std::move(object)), base_(base) {}

  // Offset of the next byte to read, from the start of the data.
  size_t offset() const { return pos_; }
  // Offset of the next byte to read, plus the base (the offset errors report).
  uint64_t absolute() const { return base_ + pos_; }
  // Bytes not yet read.
  size_t remaining() const { return data_.size() - pos_; }
  // Total size of the data.
  size_t size() const { return data_.size(); }
  const std::string& file() const { return file_; }
  const std::string& object() const { return object_; }

  // Throws unless at least n bytes remain; `what` names the field. The check
  // is inline and the failure out of line, so that reads stay small enough
  // for the compiler to inline into the readers' loops.
  void need(size_t n, const char* what) const {
    if (n > remaining()) [[unlikely]] fail_truncated(n, what);
  }

  // Throws unless count items of item_size bytes each can still be read, so a
  // count read from the file never drives an allocation larger than the data.
  void need_items(uint64_t count, size_t item_size, const char* what) const {
    if (item_size == 0) item_size = 1;
    if (count > remaining() / item_size) [[unlikely]] fail_count(count, what);
  }

  uint8_t u8(const char* what) {
    need(1, what);
    return data_[pos_++];
  }
  uint16_t u16(const char* what) {
    need(2, what);
    uint16_t v = load_u16_le(data_.data() + pos_);
    pos_ += 2;
    return v;
  }
  uint32_t u32(const char* what) {
    need(4, what);
    uint32_t v = load_u32_le(data_.data() + pos_);
    pos_ += 4;
    return v;
  }
  int32_t i32(const char* what) { return static_cast<int32_t>(u32(what)); }
  float f32(const char* what) { return bits_float(u32(what)); }
  // The next n bytes as a view into the data.
  std::span<const uint8_t> bytes(size_t n, const char* what) {
    need(n, what);
    auto s = data_.subspan(pos_, n);
    pos_ += n;
    return s;
  }

  // Skips to the next multiple of 4 from the start of the data.
  void align4(const char* what) {
    size_t pad = (4 - (pos_ % 4)) % 4;
    need(pad, what);
    pos_ += pad;
  }

  // Throws an Error at the current offset.
  [[noreturn]] void fail(const std::string& what) const { fail_at(pos_, what); }
  // Throws an Error at the given offset from the start of the data.
  [[noreturn]] void fail_at(size_t offset, const std::string& what) const;

 private:
  [[noreturn]] void fail_truncated(size_t n, const char* what) const;
  [[noreturn]] void fail_count(uint64_t count, const char* what) const;

  std::span<const uint8_t> data_;
  size_t pos_ = 0;
  std::string file_;
  std::string object_;
  uint64_t base_ = 0;
};

}  // namespace retroanim::io
