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
#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/texture_files.h"
#include "retroanim/error.h"
#include "retroanim/io/image.h"
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

std::string color_text(const Color& c) { return "(" + fmt(c.r) + ", " + fmt(c.g) + ", " + fmt(c.b) + ", " + fmt(c.a) + ")"; }

// What ck info says about a texture's image: where it is, its format and size.
struct TextureFacts {
  std::string where;   // "embedded", "external", "none"
  std::string file;    // the stored file name (UTF-8)
  std::string format;  // "bmp", "tga", "raw", ...
  bool found = false;  // external: the file was found
  std::string path;
  uint32_t width = 0, height = 0;  // 0 when unknown
};

TextureFacts texture_facts(const Texture& t, const std::vector<std::string>& dirs) {
  TextureFacts f;
  TextureImageSource src = resolve_texture(t, dirs);
  f.file = src.file_name;
  f.format = src.format;
  switch (src.kind) {
    case TextureImageSource::Kind::kEmbedded: {
      f.where = "embedded";
      f.found = true;
      const TextureSlot& s = t.slots[t.current_slot < t.slots.size() ? t.current_slot : 0];
      f.width = s.width;
      f.height = s.height;
      if (s.source == TextureSource::kImageFile) {
        if (auto size = retroanim::io::image_file_size(s.image)) {
          f.width = size->first;
          f.height = size->second;
        }
      }
      break;
    }
    case TextureImageSource::Kind::kFile: {
      f.where = "external";
      f.found = true;
      f.path = src.path;
      try {
        if (auto size = retroanim::io::image_file_size(read_file_bytes(src.path))) {
          f.width = size->first;
          f.height = size->second;
        }
      } catch (const Error&) {
      }
      break;
    }
    case TextureImageSource::Kind::kMissing: f.where = "external"; break;
    case TextureImageSource::Kind::kNone: f.where = "none"; break;
  }
  return f;
}

std::string count_text(size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); }

std::string size_text(uint32_t w, uint32_t h) { return w ? std::to_string(w) + " x " + std::to_string(h) : "size unknown"; }

}  // namespace

std::string scene_object_details_text(const Scene& scene, const ObjectRecord& r,
                                      const std::vector<std::string>& texture_dirs) {
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
    if (r.current_mesh != kNoObject) s += ", mesh " + name_at(scene, r.current_mesh);
  } else if (r.mesh) {
    const Mesh& m = *r.mesh;
    s = count_text(m.positions.size(), "vertex", "vertices") + ", " + count_text(m.faces.size(), "face", "faces");
    if (!m.lines.empty()) s += ", " + count_text(m.lines.size(), "line", "lines");
    s += ", materials:";
    for (FileIndex i : m.materials) s += " " + (i == kNoObject ? std::string("-") : name_at(scene, i));
    if (!m.channels.empty()) s += ", " + count_text(m.channels.size(), "channel", "channels");
    if (!m.normals_stored) s += ", no normals stored";
  } else if (r.material) {
    const Material& m = *r.material;
    s = "diffuse " + color_text(m.diffuse) + ", texture " +
        (m.textures[0] == kNoObject ? std::string("-") : name_at(scene, m.textures[0]));
    if (m.alpha_blend) s += ", blend " + std::to_string(m.source_blend) + "/" + std::to_string(m.dest_blend);
    if (m.alpha_test) s += ", alpha test " + std::to_string(m.alpha_func) + " " + std::to_string(m.alpha_ref);
    if (m.two_sided) s += ", two-sided";
  } else if (r.texture) {
    TextureFacts f = texture_facts(*r.texture, texture_dirs);
    if (f.where == "embedded") {
      s = "embedded " + f.format + ", " + size_text(f.width, f.height);
    } else if (f.where == "external") {
      s = "external '" + f.file + "' (" + f.format + "), " + (f.found ? "found " + f.path + ", " + size_text(f.width, f.height) : std::string("not found"));
    } else {
      s = "no image";
    }
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

SceneJson scene_object_json(const Scene& scene, const ObjectRecord& r, const std::vector<std::string>& texture_dirs) {
  SceneJson j = {{"id", hex32(r.id)},
                 {"class", r.class_id},
                 {"class_name", class_name(r.class_id)},
                 {"name", r.name},
                 {"file_index", r.file_index}};
  if (r.entity) {
    math::Vec3 p = r.entity->world_matrix().row(3);
    j["position"] = {p.x, p.y, p.z};
    if (r.entity->parent()) j["parent"] = name_at(scene, scene.index_of(r.entity->parent()));
    if (r.current_mesh != kNoObject) j["mesh"] = name_at(scene, r.current_mesh);
  }
  if (r.mesh) {
    const Mesh& m = *r.mesh;
    j["vertices"] = m.positions.size();
    j["faces"] = m.faces.size();
    j["lines"] = m.lines.size();
    SceneJson mats = SceneJson::array();
    for (FileIndex i : m.materials) mats.push_back(i == kNoObject ? SceneJson(nullptr) : SceneJson(name_at(scene, i)));
    j["materials"] = mats;
    j["channels"] = m.channels.size();
    j["normals_stored"] = m.normals_stored;
    j["flags"] = hex32(m.flags);
  }
  if (r.material) {
    const Material& m = *r.material;
    auto col = [](const Color& c) { return SceneJson::array({c.r, c.g, c.b, c.a}); };
    j["diffuse"] = col(m.diffuse);
    j["ambient"] = col(m.ambient);
    j["specular"] = col(m.specular);
    j["emissive"] = col(m.emissive);
    j["specular_power"] = m.specular_power;
    j["texture"] = m.textures[0] == kNoObject ? SceneJson(nullptr) : SceneJson(name_at(scene, m.textures[0]));
    j["texture_blend"] = m.texture_blend;
    j["min_filter"] = m.min_filter;
    j["mag_filter"] = m.mag_filter;
    j["address_mode"] = m.address_mode;
    j["alpha_blend"] = m.alpha_blend;
    j["source_blend"] = m.source_blend;
    j["dest_blend"] = m.dest_blend;
    j["alpha_test"] = m.alpha_test;
    j["alpha_func"] = m.alpha_func;
    j["alpha_ref"] = m.alpha_ref;
    j["two_sided"] = m.two_sided;
  }
  if (r.texture) {
    TextureFacts f = texture_facts(*r.texture, texture_dirs);
    j["image"] = f.where;
    j["file_name"] = f.file;
    j["format"] = f.format;
    j["found"] = f.found;
    if (!f.path.empty()) j["path"] = f.path;
    if (f.width) {
      j["width"] = f.width;
      j["height"] = f.height;
    }
    j["slots"] = r.texture->slots.size();
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
