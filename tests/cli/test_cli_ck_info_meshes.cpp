// `retroanim ck info` on MenuLevel.nmo's meshes, materials and textures, in
// text and JSON: vertex, face and material counts, a material's colour and
// texture, a texture's external image not found, then found in a --textures
// folder holding a BMP written here (named in another case, as on Windows).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/test_support.h"

using retroanim::test::run_cli;

namespace {

// A 24-bit uncompressed BMP of `w` x `h` grey pixels.
void write_bmp(const std::string& path, uint32_t w, uint32_t h) {
  const uint32_t row = (w * 3 + 3) / 4 * 4, size = 54 + row * h;
  std::vector<uint8_t> b(size, 0x80);
  auto put32 = [&](size_t at, uint32_t v) {
    for (int i = 0; i < 4; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
  };
  std::fill(b.begin(), b.begin() + 54, 0);
  b[0] = 'B';
  b[1] = 'M';
  put32(2, size);
  put32(10, 54);
  put32(14, 40);
  put32(18, w);
  put32(22, h);
  b[26] = 1;
  b[28] = 24;
  put32(34, row * h);
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

}  // namespace

TEST(CliCkInfoMeshes, TextListsMeshesMaterialsAndTextures) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck info '" + path + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Mesh (32): 31"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Material (30): 61"), std::string::npos);
  EXPECT_NE(r.out.find("Texture (31): 34"), std::string::npos);
  EXPECT_NE(r.out.find("I_Ball_Stone_Mesh: 107 vertices, 180 faces, materials: - I_Ball_Stone"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("I_Ball_Stone: diffuse (1, 1, 1, 1), texture I_Ball_Stone"), std::string::npos);
  EXPECT_NE(r.out.find("I_Ball_Stone: external 'Ball_Stone.bmp' (bmp), not found"), std::string::npos);
  EXPECT_NE(r.out.find(", mesh I_Ball_Stone_Mesh"), std::string::npos);
}

TEST(CliCkInfoMeshes, JsonAndATexturesFolder) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  const std::string dir = retroanim::test::temp_dir();
  write_bmp(dir + "/BALL_STONE.BMP", 4, 2);
  auto r = run_cli("ck info '" + path + "' --json --class 31 --name I_Ball_Stone --textures '" + dir + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["objects"].size(), 1u);
  const auto& t = j["objects"][0];
  EXPECT_EQ(t["image"], "external");
  EXPECT_EQ(t["file_name"], "Ball_Stone.bmp");
  EXPECT_EQ(t["format"], "bmp");
  EXPECT_EQ(t["found"], true);
  EXPECT_EQ(std::filesystem::path(t["path"].get<std::string>()).filename(), "BALL_STONE.BMP");
  EXPECT_EQ(t["width"], 4);
  EXPECT_EQ(t["height"], 2);
  auto m = nlohmann::json::parse(run_cli("ck info '" + path + "' --json --class 32 --name I_Ball_Stone_Mesh").out);
  ASSERT_EQ(m["objects"].size(), 1u);
  EXPECT_EQ(m["objects"][0]["vertices"], 107);
  EXPECT_EQ(m["objects"][0]["faces"], 180);
  EXPECT_EQ(m["objects"][0]["materials"].dump(), R"([null,"I_Ball_Stone"])");
  auto mat = nlohmann::json::parse(run_cli("ck info '" + path + "' --json --class 30 --name I_Ball_Stone").out);
  ASSERT_EQ(mat["objects"].size(), 1u);
  EXPECT_EQ(mat["objects"][0]["diffuse"].dump(), "[1,1,1,1]");  // shortest round-trip numbers (docs/CLI.md)
  EXPECT_EQ(mat["objects"][0]["texture"], "I_Ball_Stone");
  EXPECT_EQ(mat["objects"][0]["two_sided"], false);
}
