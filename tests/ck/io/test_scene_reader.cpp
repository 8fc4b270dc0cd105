// ck/io/scene_reader.cpp: a composition built from a read file (CKFile's
// load then resolve): names decoded in the scene's code page with the stored
// bytes kept, references resolved, and errors naming the file. (Round trips
// of whole files: test_scene_writer.cpp.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/test_support.h"

namespace {

using namespace retroanim::ck;

std::string error_of(auto&& load) {
  try {
    load();
  } catch (const retroanim::Error& e) {
    return e.what();
  }
  return "";
}

// A file of one 3D entity whose stored name is the byte 0xC8 then "ist".
io::NmoFile file_with_one_name() {
  Scene s;
  s.add_entity(class_id::k3dEntity, "x");
  io::NmoFile f = io::scene_to_file(s);
  EXPECT_EQ(f.objects.size(), 1u);
  f.objects[0].name = "\xC8ist";
  return f;
}

TEST(SceneReader, NamesAreDecodedInTheScenesCodePage) {
  const Scene w = io::build_scene(file_with_one_name(), "names.nmo");  // Windows-1252 by default
  EXPECT_EQ(w.name_code_page(), 1252u);
  EXPECT_EQ(w.objects()[0].name, "\xC3\x88ist");  // U+00C8 È
  EXPECT_EQ(w.objects()[0].raw_name, "\xC8ist");  // the stored bytes, kept for saving
  ASSERT_NE(w.entity("\xC3\x88ist"), nullptr);
  const Scene c = io::build_scene(file_with_one_name(), "names.nmo", 1250);
  EXPECT_EQ(c.name_code_page(), 1250u);
  EXPECT_EQ(c.objects()[0].name, "\xC4\x8Cist");  // U+010C Č in Windows-1250
  EXPECT_EQ(c.source_name(), "names.nmo");
}

TEST(SceneReader, LoadFromBytesIsTheReadFileBuilt) {
  Scene s;
  Entity3d* p = s.add_entity(class_id::k3dEntity, "P");
  Entity3d* k = s.add_entity(class_id::k3dEntity, "K");
  p->set_position({0, 10, 0});
  k->set_position({2, 10, 0});
  ASSERT_TRUE(k->set_parent(p));
  const std::vector<uint8_t> bytes = io::save_scene(s);
  const Scene back = io::load_scene(bytes, "two.nmo");
  ASSERT_EQ(back.objects().size(), 2u);
  EXPECT_EQ(back.source_name(), "two.nmo");
  ASSERT_NE(back.entity("K"), nullptr);
  EXPECT_EQ(back.entity("K")->parent(), back.entity("P"));  // pass 2 resolved the parent
  EXPECT_EQ(back.entity("K")->world_matrix().row(3), (retroanim::math::Vec3{2, 10, 0}));
  EXPECT_TRUE(back.objects()[0].chunk.has_value());  // each record keeps the chunk it was read from
}

TEST(SceneReader, ErrorsNameTheFile) {
  const std::vector<uint8_t> junk(10, 0x5A);
  const std::string e = error_of([&] { io::load_scene(junk, "junk.nmo"); });
  EXPECT_EQ(e.rfind("junk.nmo: ", 0), 0u) << e;
  const std::string missing = retroanim::test::temp_dir() + "/none.nmo";
  const std::string m = error_of([&] { io::load_scene_file(missing); });
  EXPECT_NE(m.find(missing), std::string::npos) << m;
}

}  // namespace
