// capi/capi_ac_mesh.cpp: a GfxObj's triangles, its surfaces and a texture's
// pixels through the C API, on a dat built here (harness/ac/gfx_samples.h's
// box): counts, submeshes per surface, bounds, the back sides, the close-range
// degrade, surface fields, decoded pixels equal to the picture encoded, and
// missing objects and bad calls as codes with one line.
#include <gtest/gtest.h>

#include <vector>

#include "capi/capi_expect.h"
#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/io/dat_objects.h"

namespace ac = retroanim::ac;

namespace {

constexpr uint32_t kBox = 0x01000001u, kDegraded = 0x01000002u, kDegrade = 0x11000001u;
constexpr uint32_t kSolid = 0x08000001u, kTextured = 0x08000002u, kTexture = 0x05000001u, kImage = 0x06000001u;
constexpr uint32_t kNoImage = 0x05000002u;

// The box (centre (1, 2, 3), half sizes (0.5, 1, 2)) on a solid and a
// textured surface; its degrade table's close-range level is a second, larger box.
std::vector<uint8_t> box_dat() {
  ac::io::DatWriter w;
  ac::io::add_gfx_obj(w, ac::samples::box_gfx_obj(kBox, {1, 2, 3}, {0.5f, 1, 2}, {kSolid, kTextured}, kDegrade));
  ac::io::add_gfx_obj(w, ac::samples::box_gfx_obj(kDegraded, {0, 0, 0}, {4, 4, 4}, {kSolid}));
  ac::GfxObjDegradeInfo info;
  info.id = kDegrade;
  ac::GfxObjInfo level;
  level.gfx_obj_id = kDegraded;
  info.degrades = {level};
  ac::io::add_degrade_info(w, info);
  ac::io::add_surface(w, ac::samples::solid_surface(kSolid, 0x80FF2010u, 0.25f));
  ac::io::add_surface(w, ac::samples::texture_surface(kTextured, kTexture));
  ac::SurfaceTexture t;
  t.id = kTexture;
  t.source_levels = {kImage};
  ac::io::add_surface_texture(w, t);
  ac::SurfaceTexture broken;
  broken.id = kNoImage;
  broken.source_levels = {0x06000099u};
  ac::io::add_surface_texture(w, broken);
  ac::io::add_render_surface(w, ac::samples::render_surface(kImage, ac::samples::test_picture(4, 2), ac::pixel_format::kA8R8G8B8));
  return w.build();
}

}  // namespace

TEST(CApiAcMesh, BoxTrianglesSurfacesAndTexture) {
  const std::vector<uint8_t> bytes = box_dat();
  ra_ac_dat* dat = nullptr;
  RA_CHECK(ra_ac_dat_open_memory(bytes.data(), bytes.size(), "box.dat", &dat));

  // The box with a degrade table draws its close-range level.
  ra_ac_mesh* mesh = nullptr;
  RA_CHECK(ra_ac_dat_load_mesh(dat, kBox, &mesh));
  ra_ac_mesh_info info{};
  RA_CHECK(ra_ac_mesh_get_info(mesh, &info));
  EXPECT_EQ(info.gfx_obj_id, kDegraded);
  EXPECT_EQ(info.bounds_max[0], 4.0f);
  RA_CHECK(ra_ac_mesh_free(mesh));

  // The degraded box has no degrade table: itself. Six quads, the top one
  // double-sided and the bottom one with its own back: 8 sides of 4 corners.
  RA_CHECK(ra_ac_dat_load_mesh(dat, kDegraded, &mesh));
  RA_CHECK(ra_ac_mesh_get_info(mesh, &info));
  EXPECT_EQ(info.vertex_count, 32u);
  EXPECT_EQ(info.index_count, 48u);
  ASSERT_EQ(info.submesh_count, 1u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(info.bounds_min[k], -4.0f);
    EXPECT_EQ(info.bounds_max[k], 4.0f);
  }
  std::vector<float> pos(96), nrm(96), uv(64);
  std::vector<uint32_t> idx(48);
  RA_CHECK(ra_ac_mesh_get_vertices(mesh, pos.data(), nrm.data(), uv.data(), 32));
  RA_CHECK(ra_ac_mesh_get_indices(mesh, idx.data(), 48));
  // Each triangle's winding agrees with its corners' normal (fronts and backs alike).
  for (size_t t = 0; t < 16; ++t) {
    const float* a = &pos[3 * idx[3 * t]];
    const float* b = &pos[3 * idx[3 * t + 1]];
    const float* c = &pos[3 * idx[3 * t + 2]];
    const float* n = &nrm[3 * idx[3 * t]];
    const float cx = (b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]);
    const float cy = (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]);
    const float cz = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    EXPECT_GT(cx * n[0] + cy * n[1] + cz * n[2], 0.0f) << "triangle " << t;
  }
  RA_CHECK(ra_ac_mesh_free(mesh));

  // A GfxObj built without a degrade table: two surfaces, two submeshes.
  ac::io::DatWriter w2;
  ac::io::add_gfx_obj(w2, ac::samples::box_gfx_obj(kBox, {1, 2, 3}, {0.5f, 1, 2}, {kSolid, kTextured}));
  const std::vector<uint8_t> plain = w2.build();
  ra_ac_dat* dat2 = nullptr;
  RA_CHECK(ra_ac_dat_open_memory(plain.data(), plain.size(), "plain.dat", &dat2));
  RA_CHECK(ra_ac_dat_load_mesh(dat2, kBox, &mesh));
  RA_CHECK(ra_ac_mesh_get_info(mesh, &info));
  EXPECT_EQ(info.gfx_obj_id, kBox);
  EXPECT_EQ(info.bounds_min[0], 0.5f);
  EXPECT_EQ(info.bounds_max[2], 5.0f);
  ASSERT_EQ(info.submesh_count, 2u);
  ra_ac_submesh subs[2];
  RA_CHECK(ra_ac_mesh_get_submeshes(mesh, subs, 2));
  // Surface 0: faces 0, 2, 4 in front, 4 and 5 behind (5 sides); surface 1: faces 1, 3, 5 (3 sides).
  EXPECT_EQ(subs[0].surface_id, kSolid);
  EXPECT_EQ(subs[0].vertex_count, 20u);
  EXPECT_EQ(subs[0].index_count, 30u);
  EXPECT_EQ(subs[1].surface_id, kTextured);
  EXPECT_EQ(subs[1].first_vertex, 20u);
  EXPECT_EQ(subs[1].first_index, 30u);
  EXPECT_EQ(subs[1].index_count, 18u);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_mesh_get_vertices(mesh, pos.data(), nullptr, nullptr, 31));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_mesh_get_indices(mesh, idx.data(), 47));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_mesh_get_submeshes(mesh, subs, 1));
  RA_CHECK(ra_ac_mesh_free(mesh));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_mesh_get_info(mesh, &info));
  RA_CHECK(ra_ac_dat_free(dat2));

  // Surfaces as loaded: the translucent bit added, the colour or the texture.
  ra_ac_surface s{};
  RA_CHECK(ra_ac_dat_get_surface(dat, kSolid, &s));
  EXPECT_EQ(s.type, ac::surface_type::kBase1Solid | ac::surface_type::kTranslucent);
  EXPECT_EQ(s.color, 0x80FF2010u);
  EXPECT_EQ(s.texture_id, 0u);
  EXPECT_EQ(s.translucency, 0.25f);
  RA_CHECK(ra_ac_dat_get_surface(dat, kTextured, &s));
  EXPECT_EQ(s.texture_id, kTexture);
  EXPECT_EQ(s.color, 0u);

  // The texture's pixels: the picture, through the SurfaceTexture or its RenderSurface.
  const retroanim::io::Image picture = ac::samples::test_picture(4, 2);
  for (uint32_t id : {kTexture, kImage}) {
    ra_image* img = nullptr;
    RA_CHECK(ra_ac_dat_load_texture(dat, id, 0, 0, &img));
    uint32_t width = 0, height = 0;
    RA_CHECK(ra_image_get_size(img, &width, &height));
    EXPECT_EQ(width, 4u);
    EXPECT_EQ(height, 2u);
    const uint8_t* px = nullptr;
    size_t n = 0;
    RA_CHECK(ra_image_get_pixels(img, &px, &n));
    EXPECT_EQ(std::vector<uint8_t>(px, px + n), picture.rgba);
    RA_CHECK(ra_image_free(img));
  }

  // Missing objects: NOT_FOUND naming what is missing.
  ra_image* none = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_dat_load_texture(dat, kNoImage, 0, 0, &none));
  EXPECT_NE(std::string(ra_last_error()).find("0x06000099"), std::string::npos) << ra_last_error();
  EXPECT_EQ(none, nullptr);
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_dat_load_mesh(dat, 0x01000077u, &mesh));
  EXPECT_EQ(mesh, nullptr);
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_dat_load_mesh(dat, kSolid, &mesh));  // not a GfxObj id
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ac_dat_get_surface(dat, 0x08000077u, &s));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ac_dat_load_mesh(reinterpret_cast<ra_ac_dat*>(mesh), kBox, &mesh));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ac_dat_load_mesh(dat, kBox, nullptr));
  RA_CHECK(ra_ac_dat_free(dat));
}

// A polygon whose surface index is beyond the GfxObj's surfaces: RA_ERR_INPUT
// with one line naming dat, object and polygon.
TEST(CApiAcMesh, ASurfaceIndexBeyondTheSurfacesIsAnInputError) {
  ac::GfxObj g = ac::samples::box_gfx_obj(kBox, {0, 0, 0}, {1, 1, 1}, {kSolid});
  g.polygons[2].pos_surface = 3;
  ac::io::DatWriter w;
  ac::io::add_gfx_obj(w, g);
  const std::vector<uint8_t> bytes = w.build();
  ra_ac_dat* dat = nullptr;
  RA_CHECK(ra_ac_dat_open_memory(bytes.data(), bytes.size(), "bad.dat", &dat));
  ra_ac_mesh* mesh = nullptr;
  EXPECT_FAILS(RA_ERR_INPUT, ra_ac_dat_load_mesh(dat, kBox, &mesh));
  const std::string m = ra_last_error();
  EXPECT_EQ(m.rfind("bad.dat: GfxObj 0x01000001: polygon 2: front surface 3", 0), 0u) << m;
  RA_CHECK(ra_ac_dat_free(dat));
}
