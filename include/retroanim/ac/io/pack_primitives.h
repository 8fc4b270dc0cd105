// The dat's Pack/UnPack primitives over the shared little-endian reader and
// writer: ByteReader walks one object's data as the client's `void** addr`
// walk does in the UnPack functions (alignment relative to the start of the
// object's data, as PackObj::ALIGN_PTR aligns into a buffer that starts on a
// 4-byte boundary; ALIGN_PTR writes zeros on the Pack side).
#pragma once

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

}  // namespace retroanim::ac::io
