// JSON views of dat contents (tools only; no client counterpart).
#include "harness/ac/dat_json.h"

#include "harness/ac/anim_hook_json.h"

#include <algorithm>
#include <type_traits>
#include <variant>

namespace retroanim::ac::io {

namespace {

DatJson vec3_json(const math::Vec3& v) { return DatJson::array({v.x, v.y, v.z}); }

DatJson sphere_json(const Sphere& s) {
  DatJson j = DatJson::object();
  j["center"] = vec3_json(s.center);
  j["radius"] = s.radius;
  return j;
}

std::string id_string(uint32_t id) { return format_dat_id(id); }

template <typename Map>
std::vector<uint32_t> sorted_keys(const Map& m) {
  std::vector<uint32_t> keys;
  for (const auto& kv : m) keys.push_back(kv.first);
  std::sort(keys.begin(), keys.end());
  return keys;
}

DatJson motion_data_json(const MotionData& d) {
  DatJson j = DatJson::object();
  DatJson anims = DatJson::array();
  for (const AnimData& a : d.anims) {
    DatJson aj = DatJson::object();
    aj["anim"] = id_string(a.anim_id);
    aj["low"] = a.low_frame;
    aj["high"] = a.high_frame;
    aj["framerate"] = a.framerate;
    anims.push_back(aj);
  }
  j["anims"] = anims;
  j["bitfield"] = d.bitfield;
  if (d.flags & motion_data_flags::kHasVelocity) j["velocity"] = vec3_json(d.velocity);
  if (d.flags & motion_data_flags::kHasOmega) j["omega"] = vec3_json(d.omega);
  return j;
}

DatJson frame_json(const AnimationFrame& f) {
  DatJson j = DatJson::object();
  DatJson parts = DatJson::array();
  for (const auto& p : f.parts) parts.push_back(transform_json(p));
  j["parts"] = parts;
  DatJson hooks = DatJson::array();
  for (const auto& h : f.hooks) hooks.push_back(animation_hook_json(h));
  j["hooks"] = hooks;
  return j;
}

const char* data_set_name(uint32_t set) {
  switch (set) {
    case 1: return "portal";
    case 2: return "cell";
    case 3: return "local";
    default: return "unknown";
  }
}

}  // namespace

DatJson dat_header_json(const DatDatabase& dat) {
  const DatHeader& h = dat.header();
  DatJson j = DatJson::object();
  j["file"] = dat.name();
  j["file_size"] = dat.file_size();
  j["header_file_size"] = h.file_size;
  j["block_size"] = h.block_size;
  j["data_set"] = h.data_set;
  j["data_set_name"] = data_set_name(h.data_set);
  j["data_subset"] = h.data_subset;
  j["btree_root"] = h.btree_root;
  j["first_free"] = h.first_free;
  j["final_free"] = h.final_free;
  j["free_block_count"] = h.free_blocks;
  j["master_map_id"] = id_string(h.master_map_id);
  j["engine_pack_version"] = h.engine_pack_version;
  j["game_pack_version"] = h.game_pack_version;
  j["id_stamp_number"] = h.id_stamp.number;
  const auto entries = dat.entries();
  uint64_t compressed = 0;
  uint64_t setups = 0, anims = 0, tables = 0;
  for (const DatEntry& e : entries) {
    compressed += e.compressed() ? 1 : 0;
    const auto t = static_cast<DatType>(dat_type_byte(e.id));
    setups += t == DatType::kSetup;
    anims += t == DatType::kAnimation;
    tables += t == DatType::kMotionTable;
  }
  j["entry_count"] = entries.size();
  j["compressed_entry_count"] = compressed;
  j["setup_count"] = setups;
  j["animation_count"] = anims;
  j["motion_table_count"] = tables;
  return j;
}

DatJson dat_entry_json(const DatEntry& e) {
  DatJson j = DatJson::object();
  j["id"] = id_string(e.id);
  j["size"] = e.size;
  j["compressed"] = e.compressed();
  j["version"] = e.version();
  j["date"] = e.date;
  j["iteration"] = e.iteration;
  j["offset"] = e.offset;
  return j;
}

DatJson animation_hook_json(const AnimationHook& hook) {
  DatJson j = DatJson::object();
  j["type"] = static_cast<uint32_t>(hook.type);
  j["name"] = std::string(hook_type_name(hook.type));
  j["direction"] = static_cast<int32_t>(hook.direction);
  add_hook_payload_json(j, hook.data, [](uint32_t id) { return DatJson(id_string(id)); });
  return j;
}

DatJson animation_json(const Animation& a) {
  DatJson j = DatJson::object();
  j["id"] = id_string(a.id);
  j["flags"] = a.flags;
  j["part_count"] = a.num_parts;
  j["frame_count"] = a.num_frames();
  if (!a.pos_frames.empty()) {
    DatJson pos = DatJson::array();
    for (const auto& f : a.pos_frames) pos.push_back(transform_json(f));
    j["pos_frames"] = pos;
  }
  DatJson frames = DatJson::array();
  for (const auto& f : a.part_frames) frames.push_back(frame_json(f));
  j["frames"] = frames;
  return j;
}

DatJson setup_json(const Setup& s) {
  DatJson j = DatJson::object();
  j["id"] = id_string(s.id);
  j["flags"] = s.flags;
  j["part_count"] = s.num_parts();
  DatJson parts = DatJson::array();
  for (uint32_t id : s.part_ids) parts.push_back(id_string(id));
  j["parts"] = parts;
  if (!s.parent_index.empty()) {
    DatJson parents = DatJson::array();
    for (uint32_t p : s.parent_index) parents.push_back(static_cast<int32_t>(p));
    j["parents"] = parents;
  }
  if (!s.default_scale.empty()) {
    DatJson scales = DatJson::array();
    for (const auto& v : s.default_scale) scales.push_back(vec3_json(v));
    j["default_scale"] = scales;
  }
  auto locations = [](const std::vector<std::pair<uint32_t, LocationType>>& locs) {
    DatJson arr = DatJson::array();
    for (const auto& [key, loc] : locs) {
      DatJson l = DatJson::object();
      l["key"] = key;
      l["part"] = loc.part_id;
      l["frame"] = transform_json(loc.frame);
      arr.push_back(l);
    }
    return arr;
  };
  j["holding_locations"] = locations(s.holding_locations);
  j["connection_points"] = locations(s.connection_points);
  DatJson placements = DatJson::array();
  for (const auto& [key, frame] : s.placement_frames) {
    DatJson p = frame_json(frame);
    p["placement"] = key;
    placements.push_back(p);
  }
  j["placement_frames"] = placements;
  DatJson cyl = DatJson::array();
  for (const auto& c : s.cyl_spheres) {
    DatJson cj = DatJson::object();
    cj["low_point"] = vec3_json(c.low_point);
    cj["radius"] = c.radius;
    cj["height"] = c.height;
    cyl.push_back(cj);
  }
  j["cyl_spheres"] = cyl;
  DatJson spheres = DatJson::array();
  for (const auto& sp : s.spheres) spheres.push_back(sphere_json(sp));
  j["spheres"] = spheres;
  j["height"] = s.height;
  j["radius"] = s.radius;
  j["step_up_height"] = s.step_up_height;
  j["step_down_height"] = s.step_down_height;
  j["sorting_sphere"] = sphere_json(s.sorting_sphere);
  j["selection_sphere"] = sphere_json(s.selection_sphere);
  DatJson lights = DatJson::array();
  for (const auto& [key, l] : s.lights) {
    DatJson lj = DatJson::object();
    lj["key"] = key;
    lj["frame"] = transform_json(l.view_space_location);
    lj["color"] = id_string(l.color);
    lj["intensity"] = l.intensity;
    lj["falloff"] = l.falloff;
    lj["cone_angle"] = l.cone_angle;
    lights.push_back(lj);
  }
  j["lights"] = lights;
  j["default_animation"] = id_string(s.default_animation);
  j["default_script"] = id_string(s.default_script);
  j["default_motion_table"] = id_string(s.default_motion_table);
  j["default_sound_table"] = id_string(s.default_sound_table);
  j["default_script_table"] = id_string(s.default_script_table);
  return j;
}

DatJson motion_table_json(const MotionTable& t) {
  DatJson j = DatJson::object();
  j["id"] = id_string(t.id);
  j["default_style"] = id_string(t.default_style);
  DatJson defaults = DatJson::object();
  for (uint32_t k : sorted_keys(t.style_defaults)) defaults[id_string(k)] = id_string(t.style_defaults.at(k));
  j["style_defaults"] = defaults;
  DatJson cycles = DatJson::object();
  for (uint32_t k : sorted_keys(t.cycles)) cycles[id_string(k)] = motion_data_json(t.cycles.at(k));
  j["cycles"] = cycles;
  DatJson modifiers = DatJson::object();
  for (uint32_t k : sorted_keys(t.modifiers)) modifiers[id_string(k)] = motion_data_json(t.modifiers.at(k));
  j["modifiers"] = modifiers;
  DatJson links = DatJson::object();
  for (uint32_t k : sorted_keys(t.links)) {
    DatJson inner = DatJson::object();
    const auto& m = t.links.at(k);
    for (uint32_t k2 : sorted_keys(m)) inner[id_string(k2)] = motion_data_json(m.at(k2));
    links[id_string(k)] = inner;
  }
  j["links"] = links;
  return j;
}

namespace {

DatJson bsp_json(const BspTree& tree) {
  DatJson j = DatJson::object();
  j["node_count"] = tree.nodes.size();
  if (!tree.nodes.empty()) {
    const uint32_t t = tree.nodes[0].tag;
    const char tag[5] = {static_cast<char>(t >> 24), static_cast<char>(t >> 16), static_cast<char>(t >> 8),
                         static_cast<char>(t), 0};
    bool printable = true;
    for (int i = 0; i < 4; ++i) printable = printable && tag[i] >= 0x20 && tag[i] < 0x7F;
    j["root_tag"] = printable ? std::string(tag) : format_dat_id(t);
  }
  return j;
}

DatJson polygons_json(const std::vector<Polygon>& polys) {
  DatJson arr = DatJson::array();
  for (const Polygon& p : polys) {
    DatJson j = DatJson::object();
    j["id"] = p.poly_id;
    j["sides_type"] = p.sides_type;
    j["stippling"] = p.stippling;
    j["pos_surface"] = p.pos_surface;
    j["neg_surface"] = p.neg_surface;
    j["vertices"] = p.vertex_ids;
    j["pos_uv_indices"] = p.pos_uv_indices;
    if (!p.neg_uv_indices.empty()) j["neg_uv_indices"] = p.neg_uv_indices;
    arr.push_back(j);
  }
  return arr;
}

std::string argb_string(uint32_t argb) { return format_dat_id(argb); }

}  // namespace

DatJson gfx_obj_json(const GfxObj& g) {
  DatJson j = DatJson::object();
  j["id"] = id_string(g.id);
  j["flags"] = g.flags;
  DatJson surfaces = DatJson::array();
  for (uint32_t s : g.surfaces) surfaces.push_back(id_string(s));
  j["surfaces"] = surfaces;
  j["vertex_type"] = g.vertex_array.vertex_type;
  DatJson verts = DatJson::array();
  for (const GfxVertex& v : g.vertex_array.vertices) {
    DatJson vj = DatJson::object();
    vj["id"] = v.vert_id;
    vj["origin"] = vec3_json(v.origin);
    vj["normal"] = vec3_json(v.normal);
    DatJson uvs = DatJson::array();
    for (const TexCoord& t : v.uvs) uvs.push_back(DatJson::array({t.u, t.v}));
    vj["uvs"] = uvs;
    verts.push_back(vj);
  }
  j["vertices"] = verts;
  j["polygons"] = polygons_json(g.polygons);
  j["physics_polygons"] = polygons_json(g.physics_polygons);
  j["sort_center"] = vec3_json(g.sort_center);
  j["drawing_bsp"] = bsp_json(g.drawing_bsp);
  j["physics_bsp"] = bsp_json(g.physics_bsp);
  if ((g.flags & gfx_obj_flag::kHasDegrade) != 0) j["degrade_id"] = id_string(g.degrade_id);
  return j;
}

DatJson degrade_info_json(const GfxObjDegradeInfo& d) {
  DatJson j = DatJson::object();
  j["id"] = id_string(d.id);
  DatJson arr = DatJson::array();
  for (const GfxObjInfo& g : d.degrades) {
    DatJson gj = DatJson::object();
    gj["gfx_obj"] = id_string(g.gfx_obj_id);
    gj["degrade_mode"] = g.degrade_mode;
    gj["min_dist"] = g.min_dist;
    gj["ideal_dist"] = g.ideal_dist;
    gj["max_dist"] = g.max_dist;
    arr.push_back(gj);
  }
  j["degrades"] = arr;
  return j;
}

DatJson surface_json(const Surface& s) {
  DatJson j = DatJson::object();
  j["id"] = id_string(s.id);
  j["type"] = format_dat_id(s.type);
  j["loaded_type"] = format_dat_id(s.loaded_type());
  if (s.has_texture()) {
    j["texture"] = id_string(s.orig_texture_id);
    j["palette"] = id_string(s.orig_palette_id);
  } else {
    j["color"] = argb_string(s.color_value);
  }
  j["translucency"] = s.translucency;
  j["luminosity"] = s.luminosity;
  j["diffuse"] = s.diffuse;
  return j;
}

DatJson surface_texture_json(const SurfaceTexture& t) {
  DatJson j = DatJson::object();
  j["id"] = id_string(t.id);
  j["data_category"] = t.data_category;
  j["texture_type"] = t.texture_type;
  DatJson levels = DatJson::array();
  for (uint32_t id : t.source_levels) levels.push_back(id_string(id));
  j["levels"] = levels;
  return j;
}

DatJson render_surface_json(const RenderSurface& s) {
  DatJson j = DatJson::object();
  j["id"] = id_string(s.id);
  j["data_category"] = s.data_category;
  j["width"] = s.width;
  j["height"] = s.height;
  j["format"] = s.format;
  j["format_name"] = pixel_format_name(s.format);
  j["image_size"] = s.data.size();
  if (pixel_format_has_palette(s.format)) j["palette"] = id_string(s.palette_id);
  return j;
}

DatJson palette_json(const Palette& p) {
  DatJson j = DatJson::object();
  j["id"] = id_string(p.id);
  DatJson colors = DatJson::array();
  for (uint32_t c : p.colors) colors.push_back(argb_string(c));
  j["colors"] = colors;
  return j;
}

}  // namespace retroanim::ac::io
