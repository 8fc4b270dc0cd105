// MotionTable (0x09) unpack/pack: CMotionTable::UnPack (0x5238C0),
// MotionData::UnPack (0x526570), AnimData::UnPack (0x525E50).
#include "retroanim/ac/io/motion_table_io.h"

#include <algorithm>

#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

template <typename Map>
std::vector<uint32_t> sorted_keys(const Map& m) {
  std::vector<uint32_t> keys;
  keys.reserve(m.size());
  for (const auto& kv : m) keys.push_back(kv.first);
  std::sort(keys.begin(), keys.end());
  return keys;
}

// Reads the entries of one MotionData hash (a count, then key + MotionData each).
void read_motion_map(ByteReader& r, std::unordered_map<uint32_t, MotionData>& out, const char* what) {
  const uint32_t n = r.u32(what);
  r.need_items(n, 8, what);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t key = 0;
    MotionData d = unpack_motion_data(r, key);
    out.insert_or_assign(key, std::move(d));
  }
}

void write_motion_map(ByteWriter& w, const std::unordered_map<uint32_t, MotionData>& m) {
  w.u32(static_cast<uint32_t>(m.size()));
  for (uint32_t key : sorted_keys(m)) pack_motion_data(w, key, m.at(key));
}

}  // namespace

// MotionData::UnPack (0x526570) with AnimData::UnPack (0x525E50) per animation.
MotionData unpack_motion_data(ByteReader& r, uint32_t& key) {
  MotionData d;
  key = r.u32("motion key");
  const uint8_t num_anims = r.u8("animation count");
  d.bitfield = r.u8("motion bitfield");
  d.flags = r.u8("motion flags");
  r.align4("motion padding");
  r.need_items(num_anims, 16, "AnimData");
  d.anims.reserve(num_anims);
  for (uint8_t i = 0; i < num_anims; ++i) {
    AnimData a;
    a.anim_id = r.u32("animation id");
    a.low_frame = r.i32("low frame");
    a.high_frame = r.i32("high frame");
    a.framerate = r.f32("framerate");
    d.anims.push_back(a);
  }
  if ((d.flags & motion_data_flags::kHasVelocity) != 0) d.velocity = read_vec3(r, "velocity");
  if ((d.flags & motion_data_flags::kHasOmega) != 0) d.omega = read_vec3(r, "omega");
  return d;
}

void pack_motion_data(ByteWriter& w, uint32_t key, const MotionData& d) {
  if (d.anims.size() > 255) {
    throw Error(describe_error("", "MotionData", std::nullopt, "more than 255 animations do not fit num_anims"));
  }
  const math::Vec3 zero{};
  uint8_t flags = d.flags;
  if (!(d.velocity == zero)) flags |= motion_data_flags::kHasVelocity;
  if (!(d.omega == zero)) flags |= motion_data_flags::kHasOmega;
  w.u32(key);
  w.u8(static_cast<uint8_t>(d.anims.size()));
  w.u8(d.bitfield);
  w.u8(flags);
  w.align4();
  for (const AnimData& a : d.anims) {
    w.u32(a.anim_id);
    w.i32(a.low_frame);
    w.i32(a.high_frame);
    w.f32(a.framerate);
  }
  if ((flags & motion_data_flags::kHasVelocity) != 0) write_vec3(w, d.velocity);
  if ((flags & motion_data_flags::kHasOmega) != 0) write_vec3(w, d.omega);
}

// CMotionTable::UnPack (0x5238C0), after the DBObj id.
MotionTable unpack_motion_table(std::span<const uint8_t> bytes, const std::string& file, const std::string& object,
                                size_t* consumed) {
  ByteReader r(bytes, file, object);
  MotionTable t;
  t.id = r.u32("id");
  t.default_style = r.u32("default style");
  const uint32_t num_defaults = r.u32("style default count");
  r.need_items(num_defaults, 8, "style default");
  for (uint32_t i = 0; i < num_defaults; ++i) {
    const uint32_t style = r.u32("style");
    t.style_defaults.insert_or_assign(style, r.u32("default substate"));
  }
  read_motion_map(r, t.cycles, "cycle count");
  read_motion_map(r, t.modifiers, "modifier count");
  const uint32_t num_links = r.u32("link table count");
  r.need_items(num_links, 8, "link table");
  for (uint32_t i = 0; i < num_links; ++i) {
    const uint32_t outer = r.u32("link key");
    std::unordered_map<uint32_t, MotionData> inner;
    read_motion_map(r, inner, "link count");
    t.links.insert_or_assign(outer, std::move(inner));
  }
  if (consumed) *consumed = r.offset();
  return t;
}

std::vector<uint8_t> pack_motion_table(const MotionTable& t) {
  ByteWriter w;
  w.u32(t.id);
  w.u32(t.default_style);
  w.u32(static_cast<uint32_t>(t.style_defaults.size()));
  for (uint32_t style : sorted_keys(t.style_defaults)) {
    w.u32(style);
    w.u32(t.style_defaults.at(style));
  }
  write_motion_map(w, t.cycles);
  write_motion_map(w, t.modifiers);
  w.u32(static_cast<uint32_t>(t.links.size()));
  for (uint32_t outer : sorted_keys(t.links)) {
    w.u32(outer);
    write_motion_map(w, t.links.at(outer));
  }
  return w.take();
}

}  // namespace retroanim::ac::io
