// SurfaceTexture (0x05) unpack/pack: ImgTex::Serialize (0x53F580), after DBObj::Serialize
// (0x4152F0), the id and the data category (a categorized type).
// The dat archive is not word-aligned, so Archive::CheckAlignment reads nothing.
#include "retroanim/ac/io/surface_texture_io.h"

#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

// ImgTex::Serialize (0x53F580), reading side.
SurfaceTexture unpack_surface_texture(std::span<const uint8_t> bytes, const std::string& file,
                                      const std::string& object, size_t* consumed) {
  ByteReader r(bytes, file, object);
  SurfaceTexture t;
  t.id = r.u32("id");
  t.data_category = r.u32("data category");
  t.texture_type = r.u8("texture type");
  const uint32_t n = r.u32("level count");
  r.need_items(n, 4, "level");
  t.source_levels.reserve(n);
  for (uint32_t i = 0; i < n; ++i) t.source_levels.push_back(r.u32("level id"));
  if (consumed) *consumed = r.offset();
  return t;
}

std::vector<uint8_t> pack_surface_texture(const SurfaceTexture& t) {
  ByteWriter w;
  w.u32(t.id);
  w.u32(t.data_category);
  w.u8(t.texture_type);
  w.u32(static_cast<uint32_t>(t.source_levels.size()));
  for (uint32_t id : t.source_levels) w.u32(id);
  return w.take();
}

}  // namespace retroanim::ac::io
