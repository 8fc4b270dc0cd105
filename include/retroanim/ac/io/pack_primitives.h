// The dat's Pack/UnPack primitives over the shared little-endian reader and
// writer: ByteReader walks one object's data as the client's `void** addr`
// walk does in the UnPack functions (alignment relative to the start of the
// object's data, as PackObj::ALIGN_PTR aligns into a buffer that starts on a
// 4-byte boundary; ALIGN_PTR writes zeros on the Pack side).
#pragma once

#include <string>

#include "retroanim/ac/object/setup.h"
#include "retroanim/io/byte_reader.h"
#include "retroanim/io/byte_writer.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ac::io {

using retroanim::io::ByteReader;
using retroanim::io::ByteWriter;

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

// CSphere::UnPack (0x51FD20): centre x, y, z, radius.
inline Sphere read_sphere(ByteReader& r, const char* what = "sphere") {
  Sphere s;
  s.center = read_vec3(r, what);
  s.radius = r.f32(what);
  return s;
}

// The Pack side of read_sphere.
inline void write_sphere(ByteWriter& w, const Sphere& s) {
  write_vec3(w, s.center);
  w.f32(s.radius);
}

// SB_As32Bit_Compressed::Serialize (0x5BE430), reading: one byte b; below
// 0x80 it is the value; with 0x40 also set, ((b & 0x3F) << 24) | (next byte
// << 16) | next u16; else ((b & 0x7F) << 8) | next byte. (No alignment: the
// dat archive is not word-aligned.)
inline uint32_t read_compressed_u32(ByteReader& r, const char* what) {
  const uint8_t b = r.u8(what);
  if ((b & 0x80) == 0) return b;
  const uint8_t b2 = r.u8(what);
  if ((b & 0x40) != 0) {
    const uint16_t low = r.u16(what);
    return (static_cast<uint32_t>((b & 0x3F) << 8 | b2) << 16) | low;
  }
  return static_cast<uint32_t>((b & 0x7F) << 8 | b2);
}

// The largest value SB_As32Bit_Compressed can write.
inline constexpr uint32_t kMaxCompressedU32 = 0x3FFFFFFF;

// SB_As32Bit_Compressed::Serialize, writing: the shortest of the three forms.
// `v` must be at most kMaxCompressedU32 (callers check).
inline void write_compressed_u32(ByteWriter& w, uint32_t v) {
  if (v <= 0x7F) {
    w.u8(static_cast<uint8_t>(v));
  } else if (v <= 0x3FFF) {
    w.u8(static_cast<uint8_t>((v >> 8) | 0x80));
    w.u8(static_cast<uint8_t>(v));
  } else {
    w.u8(static_cast<uint8_t>((v >> 24) | 0xC0));
    w.u8(static_cast<uint8_t>(v >> 16));
    w.u16(static_cast<uint16_t>(v));
  }
}

}  // namespace retroanim::ac::io
