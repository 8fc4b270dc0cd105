// AC GfxObj meshes as glTF (src/export/ac_mesh.h).
#include "export/ac_mesh.h"

#include <algorithm>
#include <cmath>

#include "export/ac_texture.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/object/degrade_info.h"
#include "retroanim/ac/object/gfx_obj.h"
#include "retroanim/ac/object/palette.h"
#include "retroanim/error.h"

namespace retroanim::gltf {

namespace {

bool holds(const ac::io::DatDatabase& dat, uint32_t id, ac::io::DatType type) {
  return ac::io::dat_type_byte(id) == static_cast<uint8_t>(type) && dat.find(id);
}

std::string where(const ac::io::DatDatabase& dat, const char* kind, uint32_t id) {
  return dat.name() + ": " + kind + " " + ac::io::format_dat_id(id);
}

float unit(uint32_t c) { return static_cast<float>(c & 0xFF) / 255.0f; }

}  // namespace

AcMeshBuilder::AcMeshBuilder(Builder& b, Asset& asset, const ac::io::DatDatabase& dat)
    : b_(b), asset_(asset), dat_(dat) {}

void AcMeshBuilder::note_once(uint32_t id, const std::string& what) {
  if (noted_.insert(id).second) asset_.notes.push_back(what);
}

int AcMeshBuilder::texture(uint32_t texture_id, uint32_t palette_id, bool clipmap) {
  const auto key = std::make_tuple(texture_id, palette_id, clipmap);
  if (auto it = textures_.find(key); it != textures_.end()) return it->second;
  int result = -1;
  if (!holds(dat_, texture_id, ac::io::DatType::kSurfaceTexture)) {
    note_once(texture_id, where(dat_, "SurfaceTexture", texture_id) + ": not in the dat; drawn untextured");
  } else {
    const ac::SurfaceTexture t = ac::io::read_surface_texture(dat_, texture_id);
    // The first level: the largest image.
    const uint32_t level = t.source_levels.empty() ? 0 : t.source_levels[0];
    if (!holds(dat_, level, ac::io::DatType::kRenderSurface)) {
      note_once(texture_id, where(dat_, "SurfaceTexture", texture_id) + ": its image " +
                                ac::io::format_dat_id(level) + " is not in the dat; drawn untextured");
    } else {
      const ac::RenderSurface rs = ac::io::read_render_surface(dat_, level);
      if (!ac_format_decodable(rs.format)) {
        const char* name = ac::pixel_format_name(rs.format);
        note_once(level, where(dat_, "RenderSurface", level) + ": pixel format " +
                             (name[0] ? std::string(name) : std::to_string(rs.format)) +
                             " is not decoded; drawn untextured");
      } else {
        std::vector<uint32_t> colors;
        if (ac::pixel_format_has_palette(rs.format)) {
          // The surface's palette when it names one (CSurface::base1pal), else the image's.
          const uint32_t pid = palette_id != 0 ? palette_id : rs.palette_id;
          if (holds(dat_, pid, ac::io::DatType::kPalette)) colors = ac::loaded_palette_colors(ac::io::read_palette(dat_, pid));
        }
        if (ac::pixel_format_has_palette(rs.format) && colors.empty()) {
          note_once(level, where(dat_, "RenderSurface", level) + ": its palette is not in the dat; drawn untextured");
        } else {
          const io::Image img = decode_render_surface(rs, &colors, clipmap, where(dat_, "RenderSurface", level));
          const int image = b_.add_png_image("image " + ac::io::format_dat_id(level), img);
          result = b_.add_texture(image, b_.add_sampler(SamplerSpec{}));
        }
      }
    }
  }
  textures_.emplace(key, result);
  return result;
}

int AcMeshBuilder::material(uint32_t surface_id) {
  if (auto it = materials_.find(surface_id); it != materials_.end()) return it->second;
  tinygltf::Material m;
  m.name = "surface " + ac::io::format_dat_id(surface_id);
  m.pbrMetallicRoughness.metallicFactor = 0.0;
  m.pbrMetallicRoughness.roughnessFactor = 1.0;
  if (!holds(dat_, surface_id, ac::io::DatType::kSurface)) {
    note_once(surface_id, where(dat_, "Surface", surface_id) + ": not in the dat; drawn grey");
    m.pbrMetallicRoughness.baseColorFactor = {0.5, 0.5, 0.5, 1.0};
  } else {
    const ac::Surface s = ac::io::read_surface(dat_, surface_id);
    const uint32_t type = s.loaded_type();
    const double alpha = std::clamp(1.0 - static_cast<double>(s.translucency), 0.0, 1.0);
    if (s.has_texture()) {
      const int tex = texture(s.orig_texture_id, s.orig_palette_id, (type & ac::surface_type::kBase1ClipMap) != 0);
      if (tex >= 0) m.pbrMetallicRoughness.baseColorTexture.index = tex;
      m.pbrMetallicRoughness.baseColorFactor = {1.0, 1.0, 1.0, alpha};
    } else {
      m.pbrMetallicRoughness.baseColorFactor = {unit(s.color_value >> 16), unit(s.color_value >> 8),
                                                unit(s.color_value), alpha};
    }
    const uint32_t blend = ac::surface_type::kTranslucent | ac::surface_type::kAlpha | ac::surface_type::kInvAlpha |
                           ac::surface_type::kAdditive;
    if ((type & blend) != 0) {
      m.alphaMode = "BLEND";
    } else if ((type & ac::surface_type::kBase1ClipMap) != 0) {
      m.alphaMode = "MASK";
      m.alphaCutoff = 0.5;
    }
    tinygltf::Value::Object x;
    x["surface"] = tinygltf::Value(ac::io::format_dat_id(surface_id));
    x["type"] = tinygltf::Value(ac::io::format_dat_id(s.type));
    x["translucency"] = tinygltf::Value(static_cast<double>(s.translucency));
    x["luminosity"] = tinygltf::Value(static_cast<double>(s.luminosity));
    x["diffuse"] = tinygltf::Value(static_cast<double>(s.diffuse));
    tinygltf::Value::Object o;
    o["retroanim"] = tinygltf::Value(std::move(x));
    m.extras = tinygltf::Value(std::move(o));
  }
  const int index = b_.add_material(std::move(m));
  materials_.emplace(surface_id, index);
  return index;
}

int AcMeshBuilder::mesh(uint32_t id) {
  if (auto it = meshes_.find(id); it != meshes_.end()) return it->second;
  if (!holds(dat_, id, ac::io::DatType::kGfxObj)) {
    meshes_.emplace(id, -1);
    return -1;
  }
  ac::GfxObj g = ac::io::read_gfx_obj(dat_, id);
  // The level the creature preview draws (degrades disabled): level 0 of its degrade table.
  if ((g.flags & ac::gfx_obj_flag::kHasDegrade) != 0 && holds(dat_, g.degrade_id, ac::io::DatType::kDegradeInfo)) {
    const ac::GfxObjDegradeInfo info = ac::io::read_degrade_info(dat_, g.degrade_id);
    if (!info.degrades.empty()) {
      const uint32_t level = info.degrades[ac::kCloseRangeDegrade].gfx_obj_id;
      if (level != id && holds(dat_, level, ac::io::DatType::kGfxObj)) g = ac::io::read_gfx_obj(dat_, level);
    }
  }
  const std::string obj = where(dat_, "GfxObj", g.id);
  std::map<uint16_t, Primitive> prims;  // by surface index
  const auto& verts = g.vertex_array.vertices;
  for (size_t k = 0; k < g.polygons.size(); ++k) {
    const ac::Polygon& p = g.polygons[k];
    const size_t n = p.num_points();
    if (n < 3) continue;
    for (int side = 0; side < (p.has_back() ? 2 : 1); ++side) {
      const uint16_t surface = side == 0 ? p.pos_surface : p.neg_side_surface();
      const std::vector<uint8_t>& uv_list = side == 0 ? p.pos_uv_indices : p.neg_side_uv_indices();
      if (surface >= g.surfaces.size()) {
        throw Error(obj + ": polygon " + std::to_string(k) + ": " + (side == 0 ? "front" : "back") + " surface " +
                    std::to_string(surface) + " is beyond the " + std::to_string(g.surfaces.size()) + " surfaces");
      }
      Primitive& prim = prims[surface];
      const auto base = static_cast<uint32_t>(prim.positions.size() / 3);
      const double sign = side == 0 ? 1.0 : -1.0;
      for (size_t i = 0; i < n; ++i) {
        const ac::GfxVertex& v = verts[p.vertex_ids[i]];  // checked by the unpacker
        push_vec3(prim.positions, ac_point(v.origin));
        const Vec3d nn = ac_point(v.normal);
        push_vec3(prim.normals, {sign * nn[0], sign * nn[1], sign * nn[2]});
        float u = 0.0f, w = 0.0f;
        if (!uv_list.empty()) {
          const uint8_t t = uv_list[i];
          if (t >= v.uvs.size()) {
            throw Error(obj + ": polygon " + std::to_string(k) + ": UV index " + std::to_string(t) + " is beyond the " +
                        std::to_string(v.uvs.size()) + " UV sets of vertex " + std::to_string(p.vertex_ids[i]));
          }
          u = v.uvs[t].u;
          w = v.uvs[t].v;
        }
        prim.uvs.push_back(u);
        prim.uvs.push_back(w);
      }
      for (uint32_t i = 1; i + 1 < n; ++i) {
        if (side == 0) {
          prim.indices.insert(prim.indices.end(), {base, base + i, base + i + 1});
        } else {
          prim.indices.insert(prim.indices.end(), {base, base + i + 1, base + i});
        }
      }
    }
  }
  std::vector<Primitive> list;
  for (auto& [surface, prim] : prims) {
    prim.material = material(g.surfaces[surface]);
    list.push_back(std::move(prim));
  }
  const int index = list.empty() ? -1 : b_.add_triangle_mesh("GfxObj " + ac::io::format_dat_id(g.id), list);
  meshes_.emplace(id, index);
  return index;
}

}  // namespace retroanim::gltf
