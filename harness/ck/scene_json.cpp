// ck info's JSON and detail lines (the CLI prints them; the header text uses
// the same facts).
#include "harness/ck/scene_json.h"

#include <cstdio>

#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/io/class_table.h"
#include "io/hex.h"

namespace retroanim::ck::io {

namespace {

std::string fmt(float v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", static_cast<double>(v));
  return b;
}

std::string vec_text(math::Vec3 v) { return "(" + fmt(v.x) + ", " + fmt(v.y) + ", " + fmt(v.z) + ")"; }

// Ids and versions as ck info prints them: 0x + 8 lower-case digits.
std::string hex32(uint32_t v) { return retroanim::io::hex(v, 8, retroanim::io::HexCase::kLower); }

std::string name_at(const Scene& scene, FileIndex index) {
  const ObjectRecord* r = scene.at(index);
  return r ? r->name : std::string();
}

const char* interpolation_name(Interpolation i) {
  switch (i) {
    case Interpolation::kLinear: return "linear";
    case Interpolation::kTcb: return "TCB";
    case Interpolation::kBezier: return "Bezier";
  }
  return "?";
}

struct ControllerSummary {
  const char* slot;
  uint32_t type;
  std::string interpolation;
  size_t keys;
};

std::vector<ControllerSummary> controllers_of(const ObjectAnimation& a) {
  std::vector<ControllerSummary> out;
  const KeyframeData& k = a.keyframes;
  if (k.position) out.push_back({"position", k.position->type, interpolation_name(k.position->interpolation()), k.position->key_count()});
  if (k.rotation) out.push_back({"rotation", k.rotation->type, interpolation_name(k.rotation->interpolation()), k.rotation->key_count()});
  if (k.scale) out.push_back({"scale", k.scale->type, interpolation_name(k.scale->interpolation()), k.scale->key_count()});
  if (k.scale_axis) out.push_back({"scale axis", k.scale_axis->type, interpolation_name(k.scale_axis->interpolation()), k.scale_axis->key_count()});
  if (k.morph) out.push_back({"morph", k.morph->type, "morph", k.morph->key_count});
  return out;
}

}  // namespace

std::string scene_object_details_text(const Scene& scene, const ObjectRecord& r) {
  std::string s;
  if (r.curve) {
    s = std::to_string(r.curve->control_point_count()) + " points, " + (r.curve->is_open() ? "open" : "closed") +
        ", length " + fmt(r.curve->get_length());
  } else if (r.curve_point) {
    s = "curve " + (r.curve_point->curve() ? r.curve_point->curve()->name : std::string("-")) + ", tension " +
        fmt(r.curve_point->tension()) + (r.curve_point->is_tcb() ? ", TCB" : ", user tangents") +
        (r.curve_point->is_linear() ? ", linear" : "") + ", position " + vec_text(r.entity->world_matrix().row(3));
  } else if (r.entity) {
    s = "position " + vec_text(r.entity->world_matrix().row(3));
    if (r.entity->parent()) s += ", parent " + name_at(scene, scene.index_of(r.entity->parent()));
  } else if (r.object_animation) {
    const ObjectAnimation& a = *r.object_animation;
    s = "entity " + (a.entity ? a.entity->name : std::string("-")) + ", length " + fmt(a.length()) + " frames";
    for (const auto& c : controllers_of(a)) {
      s += ", " + std::string(c.slot) + " " + c.interpolation + " " + std::to_string(c.keys) + " keys";
    }
  } else if (r.keyed_animation) {
    const KeyedAnimation& k = *r.keyed_animation;
    s = "length " + fmt(k.length) + " frames, " + fmt(k.frame_rate) + " fps, root " +
        (k.root_entity ? k.root_entity->name : std::string("-")) + ", animations:";
    for (const ObjectAnimation* a : k.animations) s += " " + a->name;
  }
  return s;
}

std::string write_mode_text(uint32_t m) {
  if (m == 0) return "uncompressed";
  std::string s;
  auto add = [&](uint32_t bit, const char* name) {
    if (m & bit) s += (s.empty() ? "" : "|") + std::string(name);
  };
  add(write_mode::kChunkCompressedOld, "chunk compressed");
  add(write_mode::kExternalTextures, "external textures");
  add(write_mode::kForViewer, "for viewer");
  add(write_mode::kWholeCompressed, "whole compressed");
  return s;
}

SceneJson scene_header_json(const Scene& scene, const std::string& file) {
  const NmoFile& f = scene.file_info();
  const FileHeader& h = f.header;
  return SceneJson{
      {"file", file},
      {"ck_version", hex32(h.ck_version)},
      {"file_version", h.file_version},
      {"write_mode", h.write_mode},
      {"write_mode_text", write_mode_text(h.write_mode)},
      {"crc", hex32(h.crc)},
      {"crc_verified", f.computed_crc == h.crc},
      {"product_version", h.product_version},
      {"product_build", hex32(h.product_build)},
      {"max_id_saved", hex32(h.max_id_saved)},
      {"object_count", h.object_count},
      {"manager_count", h.manager_count},
      {"hdr1_packed", h.hdr1_pack_size},
      {"hdr1_unpacked", h.hdr1_unpack_size},
      {"data_packed", h.data_pack_size},
      {"data_unpacked", h.data_unpack_size},
      {"plugin_dependency_count", f.plugins.size()},
      {"included_file_count", f.included_files.size()},
      {"trailing_byte_count", f.trailing.size()},
  };
}

SceneJson scene_object_json(const Scene& scene, const ObjectRecord& r) {
  SceneJson j = {{"id", hex32(r.id)},
                 {"class", r.class_id},
                 {"class_name", class_name(r.class_id)},
                 {"name", r.name},
                 {"file_index", r.file_index}};
  if (r.entity) {
    math::Vec3 p = r.entity->world_matrix().row(3);
    j["position"] = {p.x, p.y, p.z};
    if (r.entity->parent()) j["parent"] = name_at(scene, scene.index_of(r.entity->parent()));
  }
  if (r.curve) {
    j["point_count"] = r.curve->control_point_count();
    j["closed"] = !r.curve->is_open();
    j["length"] = r.curve->get_length();
    SceneJson pts = SceneJson::array();
    for (const CurvePoint* p : r.curve->control_points()) pts.push_back(p->name);
    j["points"] = pts;
  }
  if (r.curve_point) {
    j["curve"] = r.curve_point->curve() ? r.curve_point->curve()->name : "";
    j["tension"] = r.curve_point->tension();
    j["continuity"] = r.curve_point->continuity();
    j["bias"] = r.curve_point->bias();
    j["tcb"] = r.curve_point->is_tcb();
    j["linear"] = r.curve_point->is_linear();
  }
  if (r.object_animation) {
    const ObjectAnimation& a = *r.object_animation;
    j["entity"] = a.entity ? a.entity->name : "";
    j["length"] = a.length();
    j["flags"] = a.flags;
    SceneJson cs = SceneJson::array();
    for (const auto& c : controllers_of(a)) {
      cs.push_back({{"slot", c.slot}, {"type", hex32(c.type)}, {"interpolation", c.interpolation}, {"keys", c.keys}});
    }
    j["controllers"] = cs;
  }
  if (r.keyed_animation) {
    const KeyedAnimation& k = *r.keyed_animation;
    j["length"] = k.length;
    j["frame_rate"] = k.frame_rate;
    j["flags"] = k.flags;
    j["root_entity"] = k.root_entity ? k.root_entity->name : "";
    SceneJson as = SceneJson::array();
    for (const ObjectAnimation* a : k.animations) as.push_back(a->name);
    j["animations"] = as;
  }
  return j;
}

}  // namespace retroanim::ck::io
