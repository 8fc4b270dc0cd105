// Setup (0x02) unpack/pack: CSetup::UnPack (0x520C50), with LocationType,
// PlacementType (an AnimFrame of num_parts frames), CCylSphere::UnPack
// (0x53A960), CSphere::UnPack (0x51FD20) and LIGHTINFO as the dat stores them.
#include "retroanim/ac/io/setup_io.h"

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/pack_primitives.h"
#include "retroanim/error.h"

namespace retroanim::ac::io {

namespace {

// A signed count as the client reads it; negative counts are rejected (the
// client would loop about 2^32 times).
uint32_t read_count(ByteReader& r, const char* what, size_t min_item_size) {
  const size_t at = r.offset();
  const int32_t n = r.i32(what);
  if (n < 0) r.fail_at(at, std::string("negative ") + what + " " + std::to_string(n));
  r.need_items(static_cast<uint32_t>(n), min_item_size, what);
  return static_cast<uint32_t>(n);
}

std::vector<std::pair<uint32_t, LocationType>> read_locations(ByteReader& r, const char* what) {
  std::vector<std::pair<uint32_t, LocationType>> out;
  const uint32_t n = read_count(r, what, 36);
  out.reserve(n);
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t key = r.u32("location key");
    LocationType loc;
    loc.part_id = r.i32("location part");
    loc.frame = unpack_aframe(r);
    out.emplace_back(key, loc);
  }
  return out;
}

void write_locations(ByteWriter& w, const std::vector<std::pair<uint32_t, LocationType>>& locs) {
  w.u32(static_cast<uint32_t>(locs.size()));
  for (const auto& [key, loc] : locs) {
    w.u32(key);
    w.i32(loc.part_id);
    pack_aframe(w, loc.frame);
  }
}

[[noreturn]] void pack_fail(const std::string& what) { throw Error(describe_error("", "Setup", std::nullopt, what)); }

}  // namespace

// CSetup::UnPack (0x520C50), after the DBObj id.
Setup unpack_setup(std::span<const uint8_t> bytes, const std::string& file, const std::string& object,
                   size_t* consumed) {
  ByteReader r(bytes, file, object);
  Setup s;
  s.id = r.u32("id");
  s.flags = r.u32("flags");
  const uint32_t num_parts = r.u32("part count");
  r.need_items(num_parts, 4, "part");
  s.part_ids.reserve(num_parts);
  for (uint32_t i = 0; i < num_parts; ++i) s.part_ids.push_back(r.u32("part id"));
  if ((s.flags & setup_flag::kHasParent) != 0) {
    r.need_items(num_parts, 4, "parent index");
    s.parent_index.reserve(num_parts);
    for (uint32_t i = 0; i < num_parts; ++i) s.parent_index.push_back(r.u32("parent index"));
  }
  if ((s.flags & setup_flag::kHasDefaultScale) != 0) {
    r.need_items(num_parts, 12, "default scale");
    s.default_scale.reserve(num_parts);
    for (uint32_t i = 0; i < num_parts; ++i) s.default_scale.push_back(read_vec3(r, "default scale"));
  }
  s.holding_locations = read_locations(r, "holding location count");
  s.connection_points = read_locations(r, "connection point count");
  const uint32_t num_placements = read_count(r, "placement count", 8 + static_cast<size_t>(num_parts) * 28);
  s.placement_frames.reserve(num_placements);
  for (uint32_t i = 0; i < num_placements; ++i) {
    const uint32_t key = r.u32("placement id");
    s.placement_frames.emplace_back(key, unpack_anim_frame(r, num_parts));
  }
  const uint32_t num_cyl = r.u32("cylsphere count");
  r.need_items(num_cyl, 20, "cylsphere");
  s.cyl_spheres.reserve(num_cyl);
  for (uint32_t i = 0; i < num_cyl; ++i) {  // CCylSphere::UnPack (0x53A960): low point, radius, height
    CylSphere c;
    c.low_point = read_vec3(r, "cylsphere low point");
    c.radius = r.f32("cylsphere radius");
    c.height = r.f32("cylsphere height");
    s.cyl_spheres.push_back(c);
  }
  const uint32_t num_spheres = r.u32("sphere count");
  r.need_items(num_spheres, 16, "sphere");
  s.spheres.reserve(num_spheres);
  for (uint32_t i = 0; i < num_spheres; ++i) s.spheres.push_back(read_sphere(r));
  s.height = r.f32("height");
  s.radius = r.f32("radius");
  s.step_up_height = r.f32("step up height");
  s.step_down_height = r.f32("step down height");
  s.sorting_sphere = read_sphere(r);
  s.selection_sphere = read_sphere(r);
  const uint32_t num_lights = read_count(r, "light count", 48);
  s.lights.reserve(num_lights);
  for (uint32_t i = 0; i < num_lights; ++i) {
    const uint32_t key = r.u32("light key");
    LightInfo l;
    l.view_space_location = unpack_aframe(r);
    l.color = r.u32("light color");
    l.intensity = r.f32("light intensity");
    l.falloff = r.f32("light falloff");
    l.cone_angle = r.f32("light cone angle");
    s.lights.emplace_back(key, l);
  }
  s.default_animation = r.u32("default animation");
  s.default_script = r.u32("default script");
  s.default_motion_table = r.u32("default motion table");
  s.default_sound_table = r.u32("default sound table");
  s.default_script_table = r.u32("default script table");
  if (consumed) *consumed = r.offset();
  return s;
}

std::vector<uint8_t> pack_setup(const Setup& s) {
  const uint32_t n = s.num_parts();
  const bool parents = (s.flags & setup_flag::kHasParent) != 0;
  const bool scales = (s.flags & setup_flag::kHasDefaultScale) != 0;
  if (parents ? s.parent_index.size() != n : !s.parent_index.empty()) {
    pack_fail("parent indices must be present (one per part) exactly when flag 1 is set");
  }
  if (scales ? s.default_scale.size() != n : !s.default_scale.empty()) {
    pack_fail("default scales must be present (one per part) exactly when flag 2 is set");
  }
  ByteWriter w;
  w.u32(s.id);
  w.u32(s.flags);
  w.u32(n);
  for (uint32_t id : s.part_ids) w.u32(id);
  for (uint32_t p : s.parent_index) w.u32(p);
  for (const auto& v : s.default_scale) write_vec3(w, v);
  write_locations(w, s.holding_locations);
  write_locations(w, s.connection_points);
  w.u32(static_cast<uint32_t>(s.placement_frames.size()));
  for (const auto& [key, frame] : s.placement_frames) {
    w.u32(key);
    pack_anim_frame(w, frame, n);
  }
  w.u32(static_cast<uint32_t>(s.cyl_spheres.size()));
  for (const auto& c : s.cyl_spheres) {
    write_vec3(w, c.low_point);
    w.f32(c.radius);
    w.f32(c.height);
  }
  w.u32(static_cast<uint32_t>(s.spheres.size()));
  for (const auto& sp : s.spheres) write_sphere(w, sp);
  w.f32(s.height);
  w.f32(s.radius);
  w.f32(s.step_up_height);
  w.f32(s.step_down_height);
  write_sphere(w, s.sorting_sphere);
  write_sphere(w, s.selection_sphere);
  w.u32(static_cast<uint32_t>(s.lights.size()));
  for (const auto& [key, l] : s.lights) {
    w.u32(key);
    pack_aframe(w, l.view_space_location);
    w.u32(l.color);
    w.f32(l.intensity);
    w.f32(l.falloff);
    w.f32(l.cone_angle);
  }
  w.u32(s.default_animation);
  w.u32(s.default_script);
  w.u32(s.default_motion_table);
  w.u32(s.default_sound_table);
  w.u32(s.default_script_table);
  return w.take();
}

}  // namespace retroanim::ac::io
