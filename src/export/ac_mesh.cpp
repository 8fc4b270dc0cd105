// AC GfxObj meshes as glTF (src/export/ac_mesh.h).
#include "export/ac_mesh.h"

#include <algorithm>
#include <cmath>

#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/texture_image_io.h"
#include "retroanim/ac/object/gfx_obj_mesh.h"
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
  const ac::io::TextureImage t = ac::io::load_texture_image(dat_, texture_id, palette_id, clipmap);
  if (!t.image) {
    note_once(t.render_surface_id != 0 ? t.render_surface_id : texture_id, t.missing + "; drawn untextured");
  } else {
    const int image = b_.add_png_image("image " + ac::io::format_dat_id(t.render_surface_id), *t.image);
    result = b_.add_texture(image, b_.add_sampler(SamplerSpec{}));
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
  const ac::GfxObj g = ac::io::read_drawn_gfx_obj(dat_, id);
  const ac::GfxObjMesh m = ac::triangulate_gfx_obj(g, where(dat_, "GfxObj", g.id));
  std::vector<Primitive> list;
  for (const ac::GfxObjSubmesh& sub : m.submeshes) {
    Primitive prim;
    for (uint32_t v = sub.first_vertex; v < sub.first_vertex + sub.vertex_count; ++v) {
      push_vec3(prim.positions, ac_point(math::Vec3{m.positions[v * 3], m.positions[v * 3 + 1], m.positions[v * 3 + 2]}));
      push_vec3(prim.normals, ac_point(math::Vec3{m.normals[v * 3], m.normals[v * 3 + 1], m.normals[v * 3 + 2]}));
      prim.uvs.push_back(m.uvs[v * 2]);
      prim.uvs.push_back(m.uvs[v * 2 + 1]);
    }
    for (uint32_t i = sub.first_index; i < sub.first_index + sub.index_count; ++i)
      prim.indices.push_back(m.indices[i] - sub.first_vertex);
    prim.material = material(sub.surface_id);
    list.push_back(std::move(prim));
  }
  const int index = list.empty() ? -1 : b_.add_triangle_mesh("GfxObj " + ac::io::format_dat_id(g.id), list);
  meshes_.emplace(id, index);
  return index;
}

}  // namespace retroanim::gltf
