// export/ac_mesh.cpp through export_ac: a setup's parts get their GfxObj
// meshes (vertices through A, both sides where the sides type asks, one
// primitive per surface), surfaces as materials (embedded PNG textures,
// solid colours, translucency as alpha), the degrade's level 0, the part's
// default scale; boxes and one note only for parts without a GfxObj.
#include <gtest/gtest.h>

#include <string>

#include "export/builder.h"
#include "harness/ac/gfx_samples.h"
#include "retroanim/ac/io/dat_database.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/error.h"

namespace {

using namespace retroanim;
using gltf::AcExportOptions;

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// mesh.dat: setup 0x02000001 of three parts; parts 0 and 1 have GfxObjs
// (the demo's graphics set), part 2 (0x01000003) has none.
ac::io::DatDatabase mesh_dat(ac::samples::GfxSet* out = nullptr) {
  ac::io::DatWriter w;
  ac::Setup s;
  s.id = 0x02000001u;
  s.flags = ac::setup_flag::kHasDefaultScale;
  s.part_ids = {0x01000001u, 0x01000002u, 0x01000003u};
  s.default_scale = {{1, 1, 1}, {2, 3, 4}, {1, 1, 1}};
  ac::io::add_setup(w, s);
  ac::samples::GfxSet gfx =
      ac::samples::demo_gfx({0x01000001u, 0x01000002u}, {{0, 0, 1}, {0, 0, 0}}, {{0.5f, 0.25f, 1.0f}, {0.1f, 0.1f, 0.1f}});
  ac::samples::add_gfx_set(w, gfx);
  if (out) *out = gfx;
  return ac::io::DatDatabase::from_bytes(w.build(), "mesh.dat");
}

const tinygltf::Node& node(const tinygltf::Model& m, const std::string& name) {
  for (const auto& n : m.nodes)
    if (n.name == name) return n;
  throw std::runtime_error("no node " + name);
}

}  // namespace

TEST(AcExportMesh, PartsGetTheirGfxObjMeshes) {
  const ac::io::DatDatabase dat = mesh_dat();
  AcExportOptions o;
  o.setup_id = 0x02000001u;
  const gltf::Asset a = gltf::export_ac(dat, o);
  const tinygltf::Model& m = a.model().m;
  const tinygltf::Node& p0 = node(m, "part_0");
  const tinygltf::Node& p2 = node(m, "part_2");
  ASSERT_GE(p0.mesh, 0);
  EXPECT_EQ(m.meshes[static_cast<size_t>(p0.mesh)].name, "GfxObj 0x01000001");
  EXPECT_EQ(m.meshes[static_cast<size_t>(p2.mesh)].name, "part_box");
  // The one note: the part without a GfxObj.
  ASSERT_EQ(a.notes.size(), 1u);
  EXPECT_EQ(a.notes[0], "mesh.dat: setup 0x02000001: no GfxObj in the dat for part 2 (0x01000003); drawn as boxes");
  // Default scale through A: (sx, sz, sy).
  const tinygltf::Node& p1 = node(m, "part_1");
  EXPECT_EQ(p1.scale, (std::vector<double>{2, 4, 3}));
}

TEST(AcExportMesh, TrianglesSidesAndCoordinates) {
  const ac::io::DatDatabase dat = mesh_dat();
  AcExportOptions o;
  o.setup_id = 0x02000001u;
  const gltf::Asset a = gltf::export_ac(dat, o);
  const tinygltf::Model& m = a.model().m;
  const tinygltf::Mesh& mesh = m.meshes[static_cast<size_t>(node(m, "part_0").mesh)];
  // Six quads: 2 triangles each, the top (sides 1) and bottom (sides 2) twice: 16 triangles.
  size_t triangles = 0;
  double max_y = -1e9, min_z = 1e9;
  for (const auto& prim : mesh.primitives) {
    triangles += m.accessors[static_cast<size_t>(prim.indices)].count / 3;
    const tinygltf::Accessor& pos = m.accessors[static_cast<size_t>(prim.attributes.at("POSITION"))];
    max_y = std::max(max_y, pos.maxValues[1]);
    min_z = std::min(min_z, pos.minValues[2]);
    EXPECT_TRUE(prim.attributes.count("NORMAL"));
    EXPECT_TRUE(prim.attributes.count("TEXCOORD_0"));
    EXPECT_GE(prim.material, 0);
  }
  EXPECT_EQ(triangles, 16u);
  // The box spans z 0..2 in AC (up): glTF y 0..2; AC y -0.25..0.25 is glTF z -0.25..0.25 (z = -y).
  EXPECT_FLOAT_EQ(max_y, 2.0);
  EXPECT_FLOAT_EQ(min_z, -0.25);
}

TEST(AcExportMesh, SurfacesBecomeMaterials) {
  ac::samples::GfxSet gfx;
  const ac::io::DatDatabase dat = mesh_dat(&gfx);
  AcExportOptions o;
  o.setup_id = 0x02000001u;
  const gltf::Asset a = gltf::export_ac(dat, o);
  const tinygltf::Model& m = a.model().m;
  int textured = 0, solid = 0, translucent = 0;
  for (const auto& mat : m.materials) {
    const auto& pbr = mat.pbrMetallicRoughness;
    if (pbr.baseColorTexture.index >= 0) ++textured;
    if (pbr.baseColorTexture.index < 0 && pbr.baseColorFactor[3] == 1.0) {
      ++solid;
      // 0xFFC08040
      EXPECT_NEAR(pbr.baseColorFactor[0], 0xC0 / 255.0, 1e-6);
      EXPECT_NEAR(pbr.baseColorFactor[2], 0x40 / 255.0, 1e-6);
    }
    if (pbr.baseColorFactor[3] < 1.0) {
      ++translucent;
      EXPECT_NEAR(pbr.baseColorFactor[3], 0.5, 1e-6);
      EXPECT_EQ(mat.alphaMode, "BLEND");
    }
  }
  EXPECT_GE(textured, 3);
  EXPECT_EQ(solid, 1);
  EXPECT_EQ(translucent, 1);
  EXPECT_FALSE(m.images.empty());
  for (const auto& img : m.images) EXPECT_EQ(img.mimeType, "image/png");
}

TEST(AcExportMesh, BadSurfaceIndexIsAnError) {
  ac::io::DatWriter w;
  ac::Setup s;
  s.id = 0x02000001u;
  s.part_ids = {0x01000001u};
  ac::io::add_setup(w, s);
  ac::GfxObj g = ac::samples::box_gfx_obj(0x01000001u, {0, 0, 0}, {1, 1, 1}, {0x08000001u});
  g.polygons[2].pos_surface = 3;
  ac::io::add_gfx_obj(w, g);
  const ac::io::DatDatabase dat = ac::io::DatDatabase::from_bytes(w.build(), "bad.dat");
  AcExportOptions o;
  o.setup_id = 0x02000001u;
  EXPECT_EQ(error_of([&] { gltf::export_ac(dat, o); }),
            "bad.dat: GfxObj 0x01000001: polygon 2: front surface 3 is beyond the 1 surfaces");
}

TEST(AcExportMesh, MissingSurfaceIsGreyAndNotedOnce) {
  ac::io::DatWriter w;
  ac::Setup s;
  s.id = 0x02000001u;
  s.part_ids = {0x01000001u, 0x01000001u};
  ac::io::add_setup(w, s);
  ac::io::add_gfx_obj(w, ac::samples::box_gfx_obj(0x01000001u, {0, 0, 0}, {1, 1, 1}, {0x08000009u}));
  const ac::io::DatDatabase dat = ac::io::DatDatabase::from_bytes(w.build(), "m.dat");
  AcExportOptions o;
  o.setup_id = 0x02000001u;
  const gltf::Asset a = gltf::export_ac(dat, o);
  ASSERT_EQ(a.notes.size(), 1u);
  EXPECT_EQ(a.notes[0], "m.dat: Surface 0x08000009: not in the dat; drawn grey");
  EXPECT_EQ(a.model().m.meshes.size(), 1u);  // both parts share the mesh
}
