// ck/io/mesh_io.cpp, material_io.cpp, texture_io.cpp on the Ballance files:
// every mesh, material and texture loads; MenuLevel.nmo's counts by class;
// meshes pinned by name (vertex and face counts, bounding box) and a few
// vertices, UVs and material colours compared with the chunk's dwords read
// here by walking the identifier chain by hand (not through the readers).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "retroanim/ck/io/class_table.h"
#include "retroanim/ck/io/scene_io.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

// The dword position of `ident`'s payload in `c`, walking the chain (dword 0
// is the first identifier, dword 1 the position of the next one).
size_t payload_of(const io::StateChunk& c, uint32_t ident) {
  size_t p = 0;
  while (p + 1 < c.data.size()) {
    if (c.data[p] == ident) return p + 2;
    if (c.data[p + 1] == 0) break;
    p = c.data[p + 1];
  }
  ADD_FAILURE() << "identifier " << std::hex << ident << " absent";
  return 0;
}

float as_float(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

struct Box {
  math::Vec3 lo{1e30f, 1e30f, 1e30f}, hi{-1e30f, -1e30f, -1e30f};
};

Box box_of(const Mesh& m) {
  Box b;
  for (const auto& p : m.positions) {
    b.lo = {std::min(b.lo.x, p.x), std::min(b.lo.y, p.y), std::min(b.lo.z, p.z)};
    b.hi = {std::max(b.hi.x, p.x), std::max(b.hi.y, p.y), std::max(b.hi.z, p.z)};
  }
  return b;
}

}  // namespace

TEST(MeshIoFiles, MenuLevelCountsByClass) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene s = io::load_scene_file(path);
  size_t objects = 0, objects_with_mesh = 0, meshes = 0, materials = 0, textures = 0;
  for (const auto& r : s.objects()) {
    if (r.class_id == 41) {
      ++objects;
      if (r.current_mesh != kNoObject) ++objects_with_mesh;
    }
    meshes += r.class_id == 32;
    materials += r.class_id == 30;
    textures += r.class_id == 31;
    if (r.class_id == 32) {
      EXPECT_NE(r.mesh, nullptr) << r.name;
    }
    if (r.class_id == 30) {
      EXPECT_NE(r.material, nullptr) << r.name;
    }
    if (r.class_id == 31) {
      EXPECT_NE(r.texture, nullptr) << r.name;
    }
  }
  EXPECT_EQ(objects, 30u);
  EXPECT_EQ(objects_with_mesh, 30u);
  EXPECT_EQ(meshes, 31u);
  EXPECT_EQ(materials, 61u);
  EXPECT_EQ(textures, 34u);
}

TEST(MeshIoFiles, MenuLevelMeshesPinnedByName) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene s = io::load_scene_file(path);
  struct Pin {
    const char* name;
    size_t vertices, faces, slots;
    math::Vec3 lo, hi;
  };
  // Bounding boxes as loaded (mesh-local coordinates), printed to 6 digits:
  // the tolerance is half a unit of the sixth digit of the largest coordinate.
  const Pin pins[] = {
      {"I_Ball_Stone_Mesh", 107, 180, 2, {-2.04249f, -2.07263f, -2.03745f}, {2.04249f, 2.07263f, 2.03745f}},
      {"I_Tower_Mesh", 640, 366, 10, {-3.50039f, -8.83954f, -17.5353f}, {3.50038f, 8.83954f, 17.5353f}},
      {"I_Floor_01_Mesh", 2186, 1085, 10, {-63.7481f, -18.0353f, -97.3567f}, {63.7481f, 18.0353f, 97.3567f}},
      {"I_Dome_MF_Mesh", 264, 480, 2, {-6.6435f, 0.123362f, -6.6435f}, {6.6435f, 3.67604f, 6.6435f}},
      {"I_Box_Mesh", 24, 12, 1, {-2.5f, -2.5f, -2.5f}, {2.5f, 2.5f, 2.5f}},
  };
  for (const Pin& p : pins) {
    SCOPED_TRACE(p.name);
    const ObjectRecord* r = s.find(p.name, 32);
    ASSERT_NE(r, nullptr);
    ASSERT_NE(r->mesh, nullptr);
    EXPECT_EQ(r->mesh->positions.size(), p.vertices);
    EXPECT_EQ(r->mesh->faces.size(), p.faces);
    EXPECT_EQ(r->mesh->materials.size(), p.slots);
    Box b = box_of(*r->mesh);
    float tol = 0.5e-5f * std::max({std::abs(p.lo.x), std::abs(p.lo.y), std::abs(p.lo.z), p.hi.x, p.hi.y, p.hi.z});
    EXPECT_NEAR(b.lo.x, p.lo.x, tol);
    EXPECT_NEAR(b.lo.y, p.lo.y, tol);
    EXPECT_NEAR(b.lo.z, p.lo.z, tol);
    EXPECT_NEAR(b.hi.x, p.hi.x, tol);
    EXPECT_NEAR(b.hi.y, p.hi.y, tol);
    EXPECT_NEAR(b.hi.z, p.hi.z, tol);
    // Every face's vertices exist (the reader checks; this holds it).
    for (const MeshFace& f : r->mesh->faces)
      for (uint16_t v : f.vertices) ASSERT_LT(v, p.vertices);
  }
}

// The stone ball's vertices, UVs, faces and material colour, against the
// chunk's dwords: the vertex block (0x20000) is count, save flags, size,
// then positions, one colour, one specular colour (save flags 3), normals, UVs.
TEST(MeshIoFiles, BallStoneAgainstTheChunkBytes) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene s = io::load_scene_file(path);
  const ObjectRecord* r = s.find("I_Ball_Stone_Mesh", 32);
  ASSERT_TRUE(r && r->mesh && r->chunk);
  const Mesh& m = *r->mesh;
  const auto& d = r->chunk->data;
  size_t v = payload_of(*r->chunk, 0x20000);
  const uint32_t n = d[v];
  ASSERT_EQ(n, 107u);
  ASSERT_EQ(d[v + 1], 3u);  // single colour, single specular colour; normals and UVs per vertex
  size_t pos = v + 3, normals = pos + 3 * n + 2, uvs = normals + 3 * n;
  for (uint32_t i : {0u, 50u, 106u}) {
    EXPECT_EQ(m.positions[i].x, as_float(d[pos + 3 * i]));
    EXPECT_EQ(m.positions[i].y, as_float(d[pos + 3 * i + 1]));
    EXPECT_EQ(m.positions[i].z, as_float(d[pos + 3 * i + 2]));
    EXPECT_EQ(m.normals[i].y, as_float(d[normals + 3 * i + 1]));
    EXPECT_EQ(m.uvs[i].x, as_float(d[uvs + 2 * i]));
    EXPECT_EQ(m.uvs[i].y, as_float(d[uvs + 2 * i + 1]));
    EXPECT_EQ(m.colors[i], d[pos + 3 * n]);
  }
  size_t f = payload_of(*r->chunk, 0x10000);
  ASSERT_EQ(d[f], 180u);
  for (uint32_t k : {0u, 179u}) {
    EXPECT_EQ(m.faces[k].vertices[0], d[f + 1 + 2 * k] & 0xFFFF);
    EXPECT_EQ(m.faces[k].vertices[1], d[f + 1 + 2 * k] >> 16);
    EXPECT_EQ(m.faces[k].vertices[2], d[f + 2 + 2 * k] & 0xFFFF);
    EXPECT_EQ(m.faces[k].material_slot, d[f + 2 + 2 * k] >> 16);
  }
  // Its material: slot of face 0, the material I_Ball_Stone (diffuse the first dword of 0x1000).
  const ObjectRecord* mat = s.at(m.materials[m.faces[0].material_slot]);
  ASSERT_TRUE(mat && mat->material);
  EXPECT_EQ(mat->name, "I_Ball_Stone");
  uint32_t argb = mat->chunk->data[payload_of(*mat->chunk, 0x1000)];
  EXPECT_FLOAT_EQ(mat->material->diffuse.r, float((argb >> 16) & 0xFF) / 255.0f);
  EXPECT_FLOAT_EQ(mat->material->diffuse.a, float(argb >> 24) / 255.0f);
  const ObjectRecord* tex = s.at(mat->material->textures[0]);
  ASSERT_TRUE(tex && tex->texture);
  EXPECT_EQ(tex->name, "I_Ball_Stone");  // the texture, material and 3D object share the name
  ASSERT_EQ(tex->texture->slots.size(), 1u);
  EXPECT_EQ(tex->texture->slots[0].source, TextureSource::kFileName);
  EXPECT_EQ(tex->texture->slots[0].file_name, "Ball_Stone.bmp");
  // The 3D object shows the mesh.
  const ObjectRecord* ball = s.find("I_Ball_Stone", 41);
  ASSERT_NE(ball, nullptr);
  EXPECT_EQ(ball->current_mesh, r->file_index);
}

// Every mesh, material and texture of every given file loads, and the
// references the loaders keep point to records of the right class.
TEST(MeshIoFiles, EveryFileLoadsItsMeshesMaterialsAndTextures) {
  int done = 0;
  for (const char* rel : {"MenuLevel.nmo", "PH/PE_Balloon.nmo", "PH/P_Modul_18.nmo", "base.cmo", "Balls.nmo",
                          "Gameplay.nmo", "Menu.nmo", "Levelinit.nmo", "Intro.nmo", "AnimTrafo.nmo", "Sound.nmo"}) {
    auto path = retroanim::test::ballance_file(rel);
    if (!path) continue;
    SCOPED_TRACE(rel);
    Scene s = io::load_scene_file(*path);
    for (const auto& r : s.objects()) {
      if (!r.chunk) continue;
      if (r.class_id == 32) {
        ASSERT_NE(r.mesh, nullptr) << r.name;
        for (FileIndex i : r.mesh->materials) {
          if (i != kNoObject) {
            EXPECT_NE(s.at(i)->material, nullptr);
          }
        }
      }
      if (r.class_id == 30) {
        ASSERT_NE(r.material, nullptr) << r.name;
        for (FileIndex i : r.material->textures) {
          if (i != kNoObject) {
            EXPECT_NE(s.at(i)->texture, nullptr);
          }
        }
      }
      if (r.class_id == 31) {
        ASSERT_NE(r.texture, nullptr) << r.name;
        for (const TextureSlot& t : r.texture->slots) EXPECT_EQ(t.source, TextureSource::kFileName) << r.name;
      }
      if (r.current_mesh != kNoObject) {
        EXPECT_NE(s.at(r.current_mesh)->mesh, nullptr) << r.name;
      }
    }
    ++done;
  }
  if (done == 0) GTEST_SKIP() << "no Ballance files (set RETROANIM_BALLANCE_DIR or provide ../shared/data/ballance)";
}

// ReadOptions::load_graphics = false: no Mesh, Material or Texture is made,
// the records keep their chunks, and the scene saves to the same bytes as
// one loaded with them.
TEST(MeshIoFiles, MenuLevelWithoutGraphicsKeepsTheirChunks) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  io::ReadOptions o;
  o.load_graphics = false;
  const Scene plain = io::load_scene_file(path, o);
  const Scene full = io::load_scene_file(path);
  size_t graphics = 0;
  for (const ObjectRecord& r : plain.objects()) {
    EXPECT_TRUE(!r.mesh && !r.material && !r.texture) << r.name;
    if (r.class_id == 30 || r.class_id == 31 || r.class_id == 32) {
      ++graphics;
      EXPECT_TRUE(r.chunk.has_value()) << r.name;
    }
  }
  EXPECT_EQ(graphics, 31u + 61u + 34u);  // MenuLevel.nmo's meshes, materials and textures
  EXPECT_NE(full.mesh("I_Ball_Stone_Mesh"), nullptr);
  EXPECT_EQ(plain.mesh("I_Ball_Stone_Mesh"), nullptr);
  EXPECT_EQ(io::save_scene(plain), io::save_scene(full));
}
