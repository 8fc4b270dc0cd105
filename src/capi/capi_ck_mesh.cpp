// The C API's Virtools meshes, materials and textures
// (include/retroanim/retroanim.h): plain data of ck::Mesh, ck::Material and
// ck::Texture as loaded, and texture pixels through
// ck::io::load_texture_image. Handles name the object's record.
#include "capi/capi_image.h"
#include "retroanim/ck/io/texture_files.h"

namespace ra = retroanim;
using namespace retroanim::capi;

static_assert(sizeof(ra_ck_mesh_info) == 20 && sizeof(ra_ck_material_info) == 112 &&
              sizeof(ra_ck_texture_info) == 24);

namespace {

using Record = ra::ck::ObjectRecord;

// The scene's first record named `name` that holds the object `has` looks for (void* for find_child).
template <typename Has>
auto record_named(Has has) {
  return [has](ra::ck::Scene& s, const char* name) -> void* {
    for (Record& r : s.objects())
      if (has(r) && r.name == name) return &r;
    return nullptr;
  };
}

// The handle of the record at `index` when it holds what `has` looks for; NULL otherwise.
template <typename H, typename Has>
int child_at(CkChild* c, ra::ck::FileIndex index, H** out, Kind kind, Has&& has) {
  Record* r = c->scene->scene.at(index);
  if (!r || !has(*r)) return RA_OK;
  return guarded([&]() -> int {
    *out = as_handle<H>(c->scene->child(r, kind));
    return RA_OK;
  });
}

bool has_mesh(const Record& r) { return r.mesh != nullptr; }
bool has_material(const Record& r) { return r.material != nullptr; }
bool has_texture(const Record& r) { return r.texture != nullptr; }

void copy_color(const ra::ck::Color& c, float out[4]) {
  out[0] = c.r;
  out[1] = c.g;
  out[2] = c.b;
  out[3] = c.a;
}

const ra::ck::TextureSlot* current_slot(const ra::ck::Texture& t) {
  if (t.slots.empty()) return nullptr;
  return &t.slots[t.current_slot < t.slots.size() ? t.current_slot : 0];
}

}  // namespace

extern "C" {

int ra_ck_scene_find_mesh(ra_ck_scene* scene, const char* name, ra_ck_mesh** out) {
  return find_child(scene, name, out, Kind::kCkMesh, "mesh", record_named(has_mesh));
}

int ra_ck_scene_find_material(ra_ck_scene* scene, const char* name, ra_ck_material** out) {
  return find_child(scene, name, out, Kind::kCkMaterial, "material", record_named(has_material));
}

int ra_ck_scene_find_texture(ra_ck_scene* scene, const char* name, ra_ck_texture** out) {
  return find_child(scene, name, out, Kind::kCkTexture, "texture", record_named(has_texture));
}

int ra_ck_entity_get_mesh(ra_ck_entity* entity, ra_ck_mesh** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkChild* c = lookup<CkChild>(entity, Kind::kCkEntity, rc);
  if (!c) return rc;
  const ra::ck::FileIndex self = c->scene->scene.index_of(static_cast<const ra::ck::Entity3d*>(c->object));
  const Record* r = c->scene->scene.at(self);
  if (!r) return RA_OK;
  return child_at(c, r->current_mesh, out, Kind::kCkMesh, has_mesh);
}

int ra_ck_mesh_get_info(ra_ck_mesh* mesh, ra_ck_mesh_info* out) {
  int rc = RA_OK;
  const Record* r = ck_child<Record>(mesh, Kind::kCkMesh, rc);
  if (!r) return rc;
  if (!out) return null_arg("out");
  const ra::ck::Mesh& m = *r->mesh;
  *out = ra_ck_mesh_info{static_cast<uint32_t>(m.positions.size()), static_cast<uint32_t>(m.faces.size()),
                         static_cast<uint32_t>(m.materials.size()), static_cast<uint32_t>(m.lines.size()), m.flags};
  return RA_OK;
}

int ra_ck_mesh_get_vertices(ra_ck_mesh* mesh, float* positions, float* normals, float* uvs, uint32_t* colors,
                            size_t count) {
  int rc = RA_OK;
  const Record* r = ck_child<Record>(mesh, Kind::kCkMesh, rc);
  if (!r) return rc;
  const ra::ck::Mesh& m = *r->mesh;
  if (count != m.positions.size()) return wrong_count("vertices", count, m.positions.size());
  for (size_t i = 0; i < count; ++i) {
    if (positions) {
      positions[i * 3 + 0] = m.positions[i].x;
      positions[i * 3 + 1] = m.positions[i].y;
      positions[i * 3 + 2] = m.positions[i].z;
    }
    if (normals) {
      normals[i * 3 + 0] = m.normals[i].x;
      normals[i * 3 + 1] = m.normals[i].y;
      normals[i * 3 + 2] = m.normals[i].z;
    }
    if (uvs) {
      uvs[i * 2 + 0] = m.uvs[i].x;
      uvs[i * 2 + 1] = m.uvs[i].y;
    }
    if (colors) colors[i] = m.colors[i];
  }
  return RA_OK;
}

int ra_ck_mesh_get_faces(ra_ck_mesh* mesh, uint32_t* indices, uint32_t* material_slots, size_t count) {
  int rc = RA_OK;
  const Record* r = ck_child<Record>(mesh, Kind::kCkMesh, rc);
  if (!r) return rc;
  const ra::ck::Mesh& m = *r->mesh;
  if (count != m.faces.size()) return wrong_count("faces", count, m.faces.size());
  for (size_t i = 0; i < count; ++i) {
    if (indices) {
      for (int k = 0; k < 3; ++k) indices[i * 3 + k] = m.faces[i].vertices[static_cast<size_t>(k)];
    }
    if (material_slots) material_slots[i] = m.faces[i].material_slot;
  }
  return RA_OK;
}

int ra_ck_mesh_get_material(ra_ck_mesh* mesh, size_t slot, ra_ck_material** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkChild* c = lookup<CkChild>(mesh, Kind::kCkMesh, rc);
  if (!c) return rc;
  const ra::ck::Mesh& m = *static_cast<const Record*>(c->object)->mesh;
  if (slot >= m.materials.size())
    return fail(RA_ERR_ARGUMENT, "slot " + std::to_string(slot) + " is beyond the mesh's " +
                                     std::to_string(m.materials.size()) + " material slots");
  return child_at(c, m.materials[slot], out, Kind::kCkMaterial, has_material);
}

int ra_ck_material_get_info(ra_ck_material* material, ra_ck_material_info* out) {
  int rc = RA_OK;
  const Record* r = ck_child<Record>(material, Kind::kCkMaterial, rc);
  if (!r) return rc;
  if (!out) return null_arg("out");
  const ra::ck::Material& m = *r->material;
  ra_ck_material_info i{};
  copy_color(m.diffuse, i.diffuse);
  copy_color(m.ambient, i.ambient);
  copy_color(m.specular, i.specular);
  copy_color(m.emissive, i.emissive);
  i.specular_power = m.specular_power;
  i.texture_blend = m.texture_blend;
  i.min_filter = m.min_filter;
  i.mag_filter = m.mag_filter;
  i.address_mode = m.address_mode;
  i.source_blend = m.source_blend;
  i.dest_blend = m.dest_blend;
  i.two_sided = m.two_sided ? 1 : 0;
  i.alpha_blend = m.alpha_blend ? 1 : 0;
  i.alpha_test = m.alpha_test ? 1 : 0;
  i.alpha_func = m.alpha_func;
  i.alpha_ref = m.alpha_ref;
  *out = i;
  return RA_OK;
}

int ra_ck_material_get_texture(ra_ck_material* material, ra_ck_texture** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkChild* c = lookup<CkChild>(material, Kind::kCkMaterial, rc);
  if (!c) return rc;
  return child_at(c, static_cast<const Record*>(c->object)->material->textures[0], out, Kind::kCkTexture, has_texture);
}

int ra_ck_texture_get_info(ra_ck_texture* texture, ra_ck_texture_info* out) {
  int rc = RA_OK;
  const Record* r = ck_child<Record>(texture, Kind::kCkTexture, rc);
  if (!r) return rc;
  if (!out) return null_arg("out");
  const ra::ck::Texture& t = *r->texture;
  ra_ck_texture_info i{};
  if (const ra::ck::TextureSlot* slot = current_slot(t)) {
    switch (slot->source) {
      case ra::ck::TextureSource::kFileName: i.source = RA_CK_TEXTURE_FILE_NAME; break;
      case ra::ck::TextureSource::kRawPixels: i.source = RA_CK_TEXTURE_RAW_PIXELS; break;
      case ra::ck::TextureSource::kImageFile: i.source = RA_CK_TEXTURE_IMAGE_FILE; break;
    }
    i.width = slot->width;
    i.height = slot->height;
  }
  i.slot_count = static_cast<uint32_t>(t.slots.size());
  i.transparent = t.transparent ? 1 : 0;
  i.transparent_color = t.transparent_color;
  *out = i;
  return RA_OK;
}

int ra_ck_texture_get_file_name(ra_ck_texture* texture, const char** name) {
  int rc = RA_OK;
  const Record* r = ck_child<Record>(texture, Kind::kCkTexture, rc);
  if (!r) return rc;
  if (!name) return null_arg("name");
  const ra::ck::TextureSlot* slot = current_slot(*r->texture);
  *name = slot ? slot->file_name.c_str() : "";
  return RA_OK;
}

int ra_ck_texture_load_image(ra_ck_texture* texture, const char* texture_dir, ra_image** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  CkChild* c = lookup<CkChild>(texture, Kind::kCkTexture, rc);
  if (!c) return rc;
  const Record& r = *static_cast<const Record*>(c->object);
  return guarded([&]() -> int {
    std::vector<std::string> extra;
    if (texture_dir) extra.emplace_back(texture_dir);
    const auto dirs = ra::ck::io::texture_search_dirs(c->scene->scene.source_name(), extra);
    auto img = ra::ck::io::load_texture_image(*r.texture, dirs, "texture '" + r.name + "'");
    if (!img) {
      const ra::ck::io::TextureImageSource src = ra::ck::io::resolve_texture(*r.texture, dirs);
      return fail(RA_ERR_NOT_FOUND, "texture '" + r.name + "': " +
                                        (src.file_name.empty() ? std::string("holds no image")
                                                               : "image '" + src.file_name + "' not found (looked in " +
                                                                     std::to_string(dirs.size()) + " folders)"));
    }
    return publish_image(std::move(*img), out);
  });
}

}  // extern "C"
