// The C API's AC meshes, surfaces and textures (include/retroanim/retroanim.h):
// ac::io::read_drawn_gfx_obj triangulated by ac::triangulate_gfx_obj,
// ac::io::read_surface, and texture pixels through ac::io::load_texture_image.
#include <algorithm>

#include "capi/capi_image.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/texture_image_io.h"
#include "retroanim/ac/object/gfx_obj_mesh.h"

namespace ra = retroanim;
using namespace retroanim::capi;

static_assert(sizeof(ra_ac_mesh_info) == 40 && sizeof(ra_ac_submesh) == 24 && sizeof(ra_ac_surface) == 32);

namespace {

struct AcMesh {
  uintptr_t handle = 0;
  ra::ac::GfxObjMesh mesh;
};

bool holds(const ra::ac::io::DatDatabase& db, uint32_t id, ra::ac::io::DatType type) {
  return ra::ac::io::dat_type_byte(id) == static_cast<uint8_t>(type) && db.find(id);
}

int not_in_dat(const AcDat& d, const char* kind, uint32_t id) {
  return fail(RA_ERR_NOT_FOUND, d.db.name() + ": no " + kind + " " + ra::ac::io::format_dat_id(id) + " in the dat");
}

}  // namespace

extern "C" {

int ra_ac_dat_load_mesh(ra_ac_dat* dat, uint32_t gfx_obj_id, ra_ac_mesh** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  if (!holds(d->db, gfx_obj_id, ra::ac::io::DatType::kGfxObj)) return not_in_dat(*d, "GfxObj", gfx_obj_id);
  return guarded([&]() -> int {
    const ra::ac::GfxObj g = ra::ac::io::read_drawn_gfx_obj(d->db, gfx_obj_id);
    auto m = std::make_unique<AcMesh>();
    m->mesh = ra::ac::triangulate_gfx_obj(g, d->db.name() + ": GfxObj " + ra::ac::io::format_dat_id(g.id));
    return publish(m, Kind::kAcMesh, out);
  });
}

int ra_ac_mesh_free(ra_ac_mesh* mesh) {
  if (!mesh) return RA_OK;
  int rc = RA_OK;
  AcMesh* m = lookup<AcMesh>(mesh, Kind::kAcMesh, rc);
  if (!m) return rc;
  HandleTable::get().remove(m->handle);
  delete m;
  return RA_OK;
}

int ra_ac_mesh_get_info(ra_ac_mesh* mesh, ra_ac_mesh_info* out) {
  int rc = RA_OK;
  const AcMesh* m = lookup<AcMesh>(mesh, Kind::kAcMesh, rc);
  if (!m) return rc;
  if (!out) return null_arg("out");
  const ra::ac::GfxObjMesh& g = m->mesh;
  *out = ra_ac_mesh_info{g.gfx_obj_id,
                         static_cast<uint32_t>(g.vertex_count()),
                         static_cast<uint32_t>(g.indices.size()),
                         static_cast<uint32_t>(g.submeshes.size()),
                         {g.bounds_min.x, g.bounds_min.y, g.bounds_min.z},
                         {g.bounds_max.x, g.bounds_max.y, g.bounds_max.z}};
  return RA_OK;
}

int ra_ac_mesh_get_vertices(ra_ac_mesh* mesh, float* positions, float* normals, float* uvs, size_t count) {
  int rc = RA_OK;
  const AcMesh* m = lookup<AcMesh>(mesh, Kind::kAcMesh, rc);
  if (!m) return rc;
  const ra::ac::GfxObjMesh& g = m->mesh;
  if (count != g.vertex_count()) return wrong_count("vertices", count, g.vertex_count());
  if (positions) std::copy(g.positions.begin(), g.positions.end(), positions);
  if (normals) std::copy(g.normals.begin(), g.normals.end(), normals);
  if (uvs) std::copy(g.uvs.begin(), g.uvs.end(), uvs);
  return RA_OK;
}

int ra_ac_mesh_get_indices(ra_ac_mesh* mesh, uint32_t* indices, size_t count) {
  int rc = RA_OK;
  const AcMesh* m = lookup<AcMesh>(mesh, Kind::kAcMesh, rc);
  if (!m) return rc;
  if (!indices) return null_arg("indices");
  if (count != m->mesh.indices.size()) return wrong_count("indices", count, m->mesh.indices.size());
  std::copy(m->mesh.indices.begin(), m->mesh.indices.end(), indices);
  return RA_OK;
}

int ra_ac_mesh_get_submeshes(ra_ac_mesh* mesh, ra_ac_submesh* out, size_t count) {
  int rc = RA_OK;
  const AcMesh* m = lookup<AcMesh>(mesh, Kind::kAcMesh, rc);
  if (!m) return rc;
  if (!out) return null_arg("out");
  const auto& subs = m->mesh.submeshes;
  if (count != subs.size()) return wrong_count("submeshes", count, subs.size());
  for (size_t i = 0; i < count; ++i) {
    out[i] = ra_ac_submesh{subs[i].surface_id, subs[i].first_vertex, subs[i].vertex_count,
                           subs[i].first_index, subs[i].index_count, 0};
  }
  return RA_OK;
}

int ra_ac_dat_get_surface(ra_ac_dat* dat, uint32_t surface_id, ra_ac_surface* out) {
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  if (!out) return null_arg("out");
  if (!holds(d->db, surface_id, ra::ac::io::DatType::kSurface)) return not_in_dat(*d, "Surface", surface_id);
  return guarded([&]() -> int {
    const ra::ac::Surface s = ra::ac::io::read_surface(d->db, surface_id);
    const bool textured = s.has_texture();
    *out = ra_ac_surface{s.loaded_type(), textured ? s.orig_texture_id : 0u, textured ? s.orig_palette_id : 0u,
                         textured ? 0u : s.color_value, s.translucency, s.luminosity, s.diffuse, 0};
    return RA_OK;
  });
}

int ra_ac_dat_load_texture(ra_ac_dat* dat, uint32_t texture_id, uint32_t palette_id, int clipmap, ra_image** out) {
  if (!out) return null_arg("out");
  *out = nullptr;
  int rc = RA_OK;
  AcDat* d = lookup<AcDat>(dat, Kind::kAcDat, rc);
  if (!d) return rc;
  return guarded([&]() -> int {
    ra::ac::io::TextureImage t = ra::ac::io::load_texture_image(d->db, texture_id, palette_id, clipmap != 0);
    if (!t.image) return fail(RA_ERR_NOT_FOUND, t.missing);
    return publish_image(std::move(*t.image), out);
  });
}

}  // extern "C"
