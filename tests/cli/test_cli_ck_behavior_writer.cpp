// Files with behaviour graphs the .nmo writer saved, through the CLI:
// MenuLevel.nmo re-saved with freshly written behaviour chunks plays as the
// original under `ck play`, and a keyed animation's members without an entity
// are reported by `ck anim`.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/io/behavior_loader.h"
#include "retroanim/ck/io/behavior_writer.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "harness/ck/scenario.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "retroanim/error.h"
#include "support/ck_behavior_fixtures.h"
#include "support/ck_graph_fixtures.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::test;
using retroanim::test::run_cli;

std::string write_temp(const std::vector<uint8_t>& bytes, const std::string& name) {
  const std::string path = retroanim::test::temp_dir() + "/" + name;
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return path;
}

// MenuLevel.nmo with every behaviour chunk written afresh from the graph (no
// saved chunk to merge into: only the scripts' and blocks' schematic
// interfaces are lost), saved and loaded: `ck play` prints the same traces as
// on the original, for both built-ins and for MenuLevel_Init run as saved.
TEST(CliCkBehaviorWriter, MenuLevelResavedWithFreshBehaviourChunksPlaysTheSame) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  const BehaviorGraphDesc graph = io::read_behavior_graph(scene);
  for (const SavedObject& o : graph.objects) scene.at(o.index)->chunk.reset();
  io::save_behavior_graph(scene, graph);
  // Beside copies of the game files, as the original is (its scripts get objects from them by name).
  const std::string resaved = retroanim::test::write_beside(io::save_scene(scene), "MenuLevel.nmo",
                                                            retroanim::test::game_files_except("MenuLevel.nmo"));
  EXPECT_EQ(graph_difference(graph, io::read_behavior_graph(io::load_scene_file(resaved))), "");
  EXPECT_EQ(list_building_blocks(io::load_scene_file(resaved)).size(), list_building_blocks(io::load_scene_file(path)).size());
  for (const std::string& scenario :
       {std::string("menu-camera"), std::string("stone"),
        std::string(R"('{"script":{"name":"MenuLevel_Init"},"record":["Cam_MenuLevel"]}')")}) {
    const std::string args = " --scenario " + scenario + " --seconds 3 --json";
    auto a = run_cli("ck play '" + path + "'" + args);
    auto b = run_cli("ck play '" + resaved + "'" + args);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(a.out, b.out) << scenario;
    EXPECT_EQ(a.err, b.err) << scenario;
    EXPECT_FALSE(a.out.empty());
  }
}

// `ck anim --keyed` says which members it skips: a member without an entity.
TEST(CliCkBehaviorWriter, KeyedMembersWithoutAnEntityAreReported) {
  Scene scene = build_scene();
  auto keyed = std::make_shared<KeyedAnimation>();
  keyed->name = "Group";
  keyed->animations.push_back(scene.object_animation("Roll"));
  auto lonely = std::make_shared<ObjectAnimation>();
  lonely->name = "Lonely";
  lonely->keyframes.set_length(60.0f);
  ObjectRecord lr;
  lr.class_id = class_id::kObjectAnimation;
  lr.name = "Lonely";
  scene.adopt_object_animation(scene.add_record(lr), lonely);
  keyed->animations.push_back(lonely.get());
  keyed->length = 60.0f;
  ObjectRecord kr;
  kr.class_id = class_id::kKeyedAnimation;
  kr.name = "Group";
  scene.adopt_keyed_animation(scene.add_record(kr), keyed);
  scene.reindex();
  const std::string file = write_temp(io::save_scene(scene), "keyed_lonely.nmo");
  auto r = run_cli("ck anim '" + file + "' --keyed Group --frames 0,30");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Stone (Roll)"), std::string::npos) << r.out;
  EXPECT_EQ(r.err, "retroanim: warning: " + file +
                       ": keyed animation 'Group': member 'Lonely' has no entity; it is skipped\n");
}

}  // namespace
