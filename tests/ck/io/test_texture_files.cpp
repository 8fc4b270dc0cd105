// ck/io/texture_files.cpp: external images looked up as the game does
// (case-insensitively, by a stored Windows path or its last component, in
// the folders texture_search_dirs gives) and loaded; embedded slots decoded.
// The images are made here, at test time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "retroanim/ck/io/texture_files.h"
#include "retroanim/error.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::io;
namespace fs = std::filesystem;

namespace {

void write_png(const fs::path& p, uint8_t red) {
  retroanim::io::Image img;
  img.width = 2;
  img.height = 1;
  img.rgba = {red, 0, 0, 255, 0, red, 0, 255};
  std::vector<uint8_t> png = retroanim::io::encode_png(img);
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
}

Texture named(const std::string& file_name) {
  Texture t;
  TextureSlot s;
  s.file_name = file_name;
  t.slots.push_back(s);
  return t;
}

}  // namespace

TEST(TextureFiles, TheGameLayoutIsSearchedCaseInsensitively) {
  // game/3D Entities/PH/level.nmo, images in game/Textures and game/Textures/Sky.
  fs::path game = fs::path(retroanim::test::temp_dir()) / "game";
  fs::path nmo = game / "3D Entities" / "PH" / "level.nmo";
  fs::create_directories(nmo.parent_path());
  std::ofstream(nmo) << "x";
  write_png(game / "Textures" / "Ball_Stone.PNG", 10);
  write_png(game / "Textures" / "Sky" / "sky_a.png", 20);
  write_png(game / "3D Entities" / "PH" / "beside.png", 30);
  fs::path extra = fs::path(retroanim::test::temp_dir()) / "mine";
  write_png(extra / "ball_stone.png", 40);

  std::vector<std::string> dirs = texture_search_dirs(nmo.string());
  auto a = find_texture_file("ball_stone.png", dirs);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(fs::path(*a).filename(), "Ball_Stone.PNG");
  auto b = find_texture_file("SKY_A.png", dirs);
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(fs::path(*b).parent_path().filename(), "Sky");
  EXPECT_TRUE(find_texture_file("Beside.png", dirs).has_value());
  // A stored Windows path: followed where it exists, else its last component.
  EXPECT_TRUE(find_texture_file("..\\..\\textures\\ball_stone.png", {(game / "3D Entities" / "PH").string()}).has_value());
  EXPECT_TRUE(find_texture_file("C:\\Ballance\\Textures\\Sky\\sky_a.png", dirs).has_value());
  EXPECT_FALSE(find_texture_file("absent.bmp", dirs).has_value());
  EXPECT_FALSE(find_texture_file("", dirs).has_value());

  // --textures folders come first.
  std::vector<std::string> with_extra = texture_search_dirs(nmo.string(), {extra.string()});
  auto first = find_texture_file("BALL_STONE.png", with_extra);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(fs::path(*first).parent_path().filename(), "mine");
  auto img = load_texture_image(named("ball_stone.png"), with_extra, "T");
  ASSERT_TRUE(img.has_value());
  EXPECT_EQ(img->rgba[0], 40);

  TextureImageSource found = resolve_texture(named("Ball_Stone.png"), dirs);
  EXPECT_EQ(found.kind, TextureImageSource::Kind::kFile);
  EXPECT_EQ(found.format, "png");
  TextureImageSource missing = resolve_texture(named("Gone.BMP"), dirs);
  EXPECT_EQ(missing.kind, TextureImageSource::Kind::kMissing);
  EXPECT_EQ(missing.format, "bmp");
  EXPECT_FALSE(load_texture_image(named("Gone.BMP"), dirs, "T").has_value());
  EXPECT_EQ(resolve_texture(Texture{}, dirs).kind, TextureImageSource::Kind::kNone);
}

TEST(TextureFiles, AFileThatIsNotAnImageIsAnError) {
  fs::path dir = fs::path(retroanim::test::temp_dir()) / "bad";
  fs::create_directories(dir);
  std::ofstream(dir / "broken.bmp") << "not an image";
  try {
    load_texture_image(named("broken.bmp"), {dir.string()}, "T");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("broken.bmp"), std::string::npos) << e.what();
  }
}

TEST(TextureFiles, EmbeddedRawPixelsNeedNoFile) {
  Texture t;
  TextureSlot s;
  s.source = TextureSource::kRawPixels;
  s.width = 1;
  s.height = 1;
  s.blue = {3};
  s.green = {2};
  s.red = {1};
  t.slots.push_back(s);
  EXPECT_EQ(resolve_texture(t, {}).kind, TextureImageSource::Kind::kEmbedded);
  auto img = load_texture_image(t, {}, "T");
  ASSERT_TRUE(img.has_value());
  EXPECT_EQ(img->rgba, (std::vector<uint8_t>{1, 2, 3, 255}));
}
