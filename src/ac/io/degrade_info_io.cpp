// GfxObjDegradeInfo (0x11) unpack/pack: GfxObjDegradeInfo::UnPack (0x51E400), after
// DBObj::Serialize (0x4152F0), the id.
// The dat archive is not word-aligned, so Archive::CheckAlignment reads nothing.
#include "retroanim/ac/io/degrade_info_io.h"

#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

// GfxObjDegradeInfo::UnPack (0x51E400), after the id.
GfxObjDegradeInfo unpack_degrade_info(std::span<const uint8_t> bytes, const std::string& file,
                                      const std::string& object, size_t* consumed) {
  ByteReader r(bytes, file, object);
  GfxObjDegradeInfo info;
  info.id = r.u32("id");
  const uint32_t n = r.u32("degrade count");
  r.need_items(n, 20, "degrade");
  info.degrades.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    GfxObjInfo g;
    g.gfx_obj_id = r.u32("degrade GfxObj id");
    g.degrade_mode = r.u32("degrade mode");
    g.min_dist = r.f32("degrade min distance");
    g.ideal_dist = r.f32("degrade ideal distance");
    g.max_dist = r.f32("degrade max distance");
    info.degrades.push_back(g);
  }
  if (consumed) *consumed = r.offset();
  return info;
}

std::vector<uint8_t> pack_degrade_info(const GfxObjDegradeInfo& info) {
  ByteWriter w;
  w.u32(info.id);
  w.u32(static_cast<uint32_t>(info.degrades.size()));
  for (const GfxObjInfo& g : info.degrades) {
    w.u32(g.gfx_obj_id);
    w.u32(g.degrade_mode);
    w.f32(g.min_dist);
    w.f32(g.ideal_dist);
    w.f32(g.max_dist);
  }
  return w.take();
}

}  // namespace retroanim::ac::io
