// capi/capi_ck_mesh.cpp: meshes, materials and textures through the C API
// give exactly the library's plain data (MenuLevel.nmo's, looked up by name,
// against ck::io::load_scene_file), an external image as the library decodes
// it once a folder holds it, RA_ERR_NOT_FOUND naming it before, and bad
// calls as codes with one line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "capi/capi_expect.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/io/texture_files.h"
#include "support/test_support.h"

namespace ck = retroanim::ck;

namespace {

void put32(std::ofstream& f, uint32_t v) {
  const char b[4] = {static_cast<char>(v), static_cast<char>(v >> 8), static_cast<char>(v >> 16), static_cast<char>(v >> 24)};
  f.write(b, 4);
}

// A 2 x 2 24-bit BMP: bottom row blue, white; top row red, green.
void write_bmp(const std::string& path) {
  std::ofstream f(path, std::ios::binary);
  f.write("BM", 2);
  put32(f, 54 + 16);
  put32(f, 0);
  put32(f, 54);
  put32(f, 40);
  put32(f, 2);
  put32(f, 2);
  f.write("\x01\x00\x18\x00", 4);
  for (int i = 0; i < 6; ++i) put32(f, i == 1 ? 16 : 0);
  const unsigned char rows[16] = {255, 0, 0, 255, 255, 255, 0, 0, 0, 0, 255, 0, 255, 0, 0, 0};
  f.write(reinterpret_cast<const char*>(rows), 16);
}

}  // namespace

// A scene without meshes (one 3D entity, written here): look-ups of
// other classes' names fail, and so do bad handles and NULL arguments.
TEST(CApiCkMesh, BadCallsAreCodesWithOneLine) {
  ck::Scene s;
  s.add_entity(41, "Cube");
  const std::vector<uint8_t> bytes = ck::io::save_scene(s);
  ra_ck_scene* scene = nullptr;
  RA_CHECK(ra_ck_scene_open_memory(bytes.data(), bytes.size(), "cube.nmo", &scene));
  ra_ck_mesh* mesh = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ck_scene_find_mesh(scene, "Cube", &mesh));  // an entity, not a mesh
  EXPECT_EQ(mesh, nullptr);
  ra_ck_material* mat = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ck_scene_find_material(scene, "Cube", &mat));
  ra_ck_texture* tex = nullptr;
  EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ck_scene_find_texture(scene, "Cube", &tex));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_scene_find_mesh(scene, nullptr, &mesh));
  ra_ck_entity* cube = nullptr;
  RA_CHECK(ra_ck_scene_find_entity(scene, "Cube", &cube));
  mesh = reinterpret_cast<ra_ck_mesh*>(1);
  RA_CHECK(ra_ck_entity_get_mesh(cube, &mesh));
  EXPECT_EQ(mesh, nullptr);  // no current mesh
  ra_ck_mesh_info info{};
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_mesh_get_info(reinterpret_cast<ra_ck_mesh*>(cube), &info));  // an entity's handle
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_material_get_info(nullptr, nullptr));
  ra_image* img = nullptr;
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_texture_load_image(reinterpret_cast<ra_ck_texture*>(scene), nullptr, &img));
  uint32_t w = 0, h = 0;
  EXPECT_FAILS(RA_ERR_HANDLE, ra_image_get_size(nullptr, &w, &h));
  EXPECT_EQ(ra_image_free(nullptr), RA_OK);
  RA_CHECK(ra_ck_scene_close(scene));
}

// Every mesh of every 3D object of MenuLevel.nmo, by the object's name,
// equals the library's: counts, every vertex and face, each slot's material
// colours, and the main texture's file name (the game's images are external).
TEST(CApiCkMesh, MenuLevelMeshesEqualTheLibrarys) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const ck::Scene cpp = ck::io::load_scene_file(path);
  ra_ck_scene* scene = nullptr;
  RA_CHECK(ra_ck_scene_open(path.c_str(), &scene));
  size_t checked = 0;
  for (const ck::ObjectRecord& r : cpp.objects()) {
    const ck::ObjectRecord* mr = cpp.at(r.current_mesh);
    if (!r.entity || !mr || !mr->mesh || cpp.entity(r.name) != r.entity) continue;
    SCOPED_TRACE(r.name);
    ra_ck_entity* e = nullptr;
    RA_CHECK(ra_ck_scene_find_entity(scene, r.name.c_str(), &e));
    ra_ck_mesh* mesh = nullptr;
    RA_CHECK(ra_ck_entity_get_mesh(e, &mesh));
    ASSERT_NE(mesh, nullptr);
    const ck::Mesh& m = *mr->mesh;
    ra_ck_mesh_info info{};
    RA_CHECK(ra_ck_mesh_get_info(mesh, &info));
    ASSERT_EQ(info.vertex_count, m.positions.size());
    ASSERT_EQ(info.face_count, m.faces.size());
    ASSERT_EQ(info.material_count, m.materials.size());
    EXPECT_EQ(info.flags, m.flags);
    std::vector<float> pos(3 * m.positions.size()), uv(2 * m.positions.size());
    std::vector<uint32_t> idx(3 * m.faces.size()), slots(m.faces.size());
    RA_CHECK(ra_ck_mesh_get_vertices(mesh, pos.data(), nullptr, uv.data(), nullptr, m.positions.size()));
    RA_CHECK(ra_ck_mesh_get_faces(mesh, idx.data(), slots.data(), m.faces.size()));
    for (size_t i = 0; i < m.positions.size(); ++i) {
      ASSERT_EQ(pos[3 * i + 1], m.positions[i].y);
      ASSERT_EQ(uv[2 * i], m.uvs[i].x);
    }
    for (size_t f = 0; f < m.faces.size(); ++f) {
      ASSERT_EQ(idx[3 * f + 2], m.faces[f].vertices[2]);
      ASSERT_EQ(slots[f], m.faces[f].material_slot);
    }
    for (size_t s = 0; s < m.materials.size(); ++s) {
      ra_ck_material* mat = nullptr;
      RA_CHECK(ra_ck_mesh_get_material(mesh, s, &mat));
      const ck::ObjectRecord* matr = cpp.at(m.materials[s]);
      ASSERT_EQ(mat != nullptr, matr && matr->material);
      if (!mat) continue;
      ra_ck_material_info mi{};
      RA_CHECK(ra_ck_material_get_info(mat, &mi));
      EXPECT_EQ(mi.diffuse[2], matr->material->diffuse.b);
      EXPECT_EQ(mi.emissive[0], matr->material->emissive.r);
      ra_ck_texture* tex = nullptr;
      RA_CHECK(ra_ck_material_get_texture(mat, &tex));
      const ck::ObjectRecord* texr = cpp.at(matr->material->textures[0]);
      ASSERT_EQ(tex != nullptr, texr && texr->texture);
      if (!tex) continue;
      const char* file = nullptr;
      RA_CHECK(ra_ck_texture_get_file_name(tex, &file));
      EXPECT_EQ(std::string(file), ck::io::resolve_texture(*texr->texture, {}).file_name);
    }
    ++checked;
  }
  EXPECT_GE(checked, 5u);  // at least the five meshes tests/ck/io/test_mesh_io_files.cpp pins

  // The stone's texture: its image is external. Missing: NOT_FOUND naming it;
  // given in a folder (as a BMP of that name): decoded as the library decodes it.
  const ck::ObjectRecord* stone = cpp.find("I_Ball_Stone", 30);
  ASSERT_TRUE(stone && stone->material);
  const ck::ObjectRecord* stone_tex = cpp.at(stone->material->textures[0]);
  ASSERT_TRUE(stone_tex && stone_tex->texture);
  ra_ck_texture* tex = nullptr;
  RA_CHECK(ra_ck_scene_find_texture(scene, stone_tex->name.c_str(), &tex));
  ra_ck_texture_info ti{};
  RA_CHECK(ra_ck_texture_get_info(tex, &ti));
  EXPECT_EQ(ti.source, RA_CK_TEXTURE_FILE_NAME);
  const char* file = nullptr;
  RA_CHECK(ra_ck_texture_get_file_name(tex, &file));
  const std::string name = file;
  ASSERT_FALSE(name.empty());
  const std::string dir = retroanim::test::temp_dir() + "/capi-textures";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ra_image* img = nullptr;
  const std::vector<std::string> dirs = ck::io::texture_search_dirs(path, {dir});
  if (!ck::io::find_texture_file(name, dirs)) {  // the game's Textures folder is not beside the test files
    EXPECT_FAILS(RA_ERR_NOT_FOUND, ra_ck_texture_load_image(tex, dir.c_str(), &img));
    EXPECT_NE(std::string(ra_last_error()).find(name.substr(name.find_last_of("/\\") + 1)), std::string::npos)
        << ra_last_error();
    EXPECT_EQ(img, nullptr);
  }
  write_bmp(dir + "/" + name.substr(name.find_last_of("/\\") + 1));
  RA_CHECK(ra_ck_texture_load_image(tex, dir.c_str(), &img));
  uint32_t w = 0, h = 0;
  RA_CHECK(ra_image_get_size(img, &w, &h));
  const uint8_t* px = nullptr;
  size_t n = 0;
  RA_CHECK(ra_image_get_pixels(img, &px, &n));
  auto want = ck::io::load_texture_image(*stone_tex->texture, ck::io::texture_search_dirs(path, {dir}), "t");
  ASSERT_TRUE(want);
  EXPECT_EQ(w, want->width);
  EXPECT_EQ(h, want->height);
  EXPECT_EQ(std::vector<uint8_t>(px, px + n), want->rgba);
  if (w == 2 && h == 2) {  // ours (not a real image found first): red, green over blue, white
    EXPECT_EQ(std::vector<uint8_t>(px, px + 16),
              (std::vector<uint8_t>{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255}));
  }
  RA_CHECK(ra_image_free(img));
  EXPECT_FAILS(RA_ERR_HANDLE, ra_image_get_size(img, &w, &h));  // freed

  // Wrong counts and slots.
  ra_ck_mesh* mesh = nullptr;
  RA_CHECK(ra_ck_scene_find_mesh(scene, "I_Ball_Stone_Mesh", &mesh));
  std::vector<float> pos(3 * 107);
  std::vector<uint32_t> idx(3 * 180);
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_mesh_get_vertices(mesh, pos.data(), nullptr, nullptr, nullptr, 106));
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_mesh_get_faces(mesh, idx.data(), nullptr, 181));
  ra_ck_material* mat = nullptr;
  EXPECT_FAILS(RA_ERR_ARGUMENT, ra_ck_mesh_get_material(mesh, 2, &mat));
  RA_CHECK(ra_ck_scene_close(scene));
  ra_ck_mesh_info info{};
  EXPECT_FAILS(RA_ERR_HANDLE, ra_ck_mesh_get_info(mesh, &info));  // the scene's handles go with it
}
