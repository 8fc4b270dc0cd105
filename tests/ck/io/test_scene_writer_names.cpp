// ck/io/scene_writer.cpp: a renamed object is saved in the scene's code page.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/ck/io/nmo_file.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/error.h"
#include "support/test_support.h"

namespace {

TEST(SceneWriterNames, RenamedObjectIsSavedInTheCodePage) {
  RETROANIM_REQUIRE_BALLANCE(path, "AnimTrafo.nmo");
  retroanim::ck::Scene scene = retroanim::ck::io::load_scene_file(path);
  ASSERT_FALSE(scene.objects().empty());
  scene.objects()[0].name = "Gr\xC3\xBC\xC3\x9F" "e \xE2\x82\xAC";  // Grüße €
  auto bytes = retroanim::ck::io::save_scene(scene);
  retroanim::ck::io::NmoFile back = retroanim::ck::io::read_nmo(bytes, "renamed.nmo");
  EXPECT_EQ(back.objects[0].name, "Gr\xFC\xDF" "e \x80");
  retroanim::ck::Scene again = retroanim::ck::io::load_scene(bytes, "renamed.nmo");
  EXPECT_EQ(again.objects()[0].name, scene.objects()[0].name);
  scene.objects()[0].name = "\xE4\xB8\xAD";  // 中: not in 1252
  EXPECT_THROW(retroanim::ck::io::save_scene(scene), retroanim::Error);
}

}  // namespace
