// Surface (0x08) unpack/pack: CSurface::Serialize (0x5365F0), after DBObj::Serialize (0x4152F0)
// (none: a Surface stores no id).
// The dat archive is not word-aligned, so Archive::CheckAlignment reads nothing.
#include "retroanim/ac/io/surface_io.h"

#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

// CSurface::Serialize (0x5365F0), reading side (no DBObj id).
Surface unpack_surface(std::span<const uint8_t> bytes, const std::string& file, const std::string& object,
                       size_t* consumed) {
  ByteReader r(bytes, file, object);
  Surface s;
  s.type = r.u32("surface type");
  if (s.has_texture()) {
    s.orig_texture_id = r.u32("texture id");
    s.orig_palette_id = r.u32("palette id");
  } else {
    s.color_value = r.u32("colour");
  }
  s.translucency = r.f32("translucency");
  s.luminosity = r.f32("luminosity");
  s.diffuse = r.f32("diffuse");
  if (consumed) *consumed = r.offset();
  return s;
}

std::vector<uint8_t> pack_surface(const Surface& s) {
  ByteWriter w;
  w.u32(s.type);
  if (s.has_texture()) {
    w.u32(s.orig_texture_id);
    w.u32(s.orig_palette_id);
  } else {
    w.u32(s.color_value);
  }
  w.f32(s.translucency);
  w.f32(s.luminosity);
  w.f32(s.diffuse);
  return w.take();
}

}  // namespace retroanim::ac::io
