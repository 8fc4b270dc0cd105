// Never silent: a building block without an implementation that becomes active
// is reported once (name, GUID, script) and fires nothing; `ck play` warns on
// stderr and lists it in the JSON trace; `ck play --list-blocks` lists every
// block a file's scripts use. Tested through the runtime with a hand-built
// graph, and through the CLI on MenuLevel.nmo and on a copy written by the
// .nmo writer in which one block's saved prototype GUID was changed to an
// unknown one, and on a file the writer makes from a graph built in memory
// with an unknown block (no game file needed).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/ck/behavior/behavior_manager.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/io/behavior_writer.h"
#include "retroanim/ck/behavior/behavior_prototype.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "harness/ck/scenario_trace.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "support/ck_behavior_fixtures.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using retroanim::test::run_cli;

constexpr Guid kUnknownGuid{0x0badf00d, 0x5eed1234};

// The lines of `text` that contain `what`.
std::vector<std::string> lines_with(const std::string& text, const std::string& what) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.find(what) != std::string::npos) out.push_back(line);
  return out;
}

// The frames of `ck play --json` output (`out`) and how many carry an
// `unimplemented` list; each such list must name exactly `block` (GUID
// 0x0badf00d,0x5eed1234) in `script`. `entity`'s world must never change.
struct UnimplementedLines {
  int frames = 0, with_list = 0;
};
UnimplementedLines unimplemented_lines(const std::string& out, const std::string& entity, const std::string& block,
                                       const std::string& script) {
  UnimplementedLines n;
  std::istringstream in(out);
  std::string first_world;
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line);
    ++n.frames;
    const std::string world = j["entities"][entity]["world"].dump();
    if (first_world.empty()) first_world = world;
    EXPECT_EQ(world, first_world) << "the camera moved at frame " << n.frames;
    if (!j.contains("unimplemented")) continue;
    ++n.with_list;
    EXPECT_EQ(n.frames, 1);
    EXPECT_EQ(j["unimplemented"].size(), 1u);
    EXPECT_EQ(j["unimplemented"][0]["name"], block);
    EXPECT_EQ(j["unimplemented"][0]["guid"], "0x0badf00d,0x5eed1234");
    EXPECT_EQ(j["unimplemented"][0]["script"], script);
  }
  return n;
}

TEST(CliCkPlayUnimplementedBlocks, ListBlocksOnMenuLevel) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck play '" + path + "' --list-blocks");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(lines_with(r.out, "Bezier Progression").size(), 1u);
  auto bp = lines_with(r.out, "Bezier Progression")[0];
  EXPECT_NE(bp.find("0x6bb8699a,0x29fb6a4b"), std::string::npos) << bp;
  EXPECT_NE(bp.find(" yes"), std::string::npos) << bp;
  auto cam = lines_with(r.out, "Set As Active Camera");
  ASSERT_EQ(cam.size(), 1u);
  EXPECT_NE(cam[0].find(" yes"), std::string::npos) << cam[0];  // implemented since issue 19
  auto pps = lines_with(r.out, "Point Particle System");
  ASSERT_EQ(pps.size(), 1u);
  EXPECT_NE(pps[0].find(" yes"), std::string::npos) << pps[0];  // the flames' particles, since issue 19's end
  auto look_at = lines_with(r.out, "Look At");
  ASSERT_EQ(look_at.size(), 1u);
  EXPECT_NE(look_at[0].find(" no"), std::string::npos) << look_at[0];
  // The library's list: every block of the file's 9 scripts (51), 27 kinds; all
  // but Look At (on no active path of the menu scripts) implemented.
  Scene scene = io::load_scene_file(path);
  std::vector<BlockUse> uses = list_building_blocks(scene);
  int total = 0, implemented = 0;
  for (const auto& u : uses) {
    total += u.count;
    implemented += u.implemented ? 1 : 0;
  }
  EXPECT_EQ(uses.size(), 27u);
  EXPECT_EQ(total, 51);
  EXPECT_EQ(implemented, 26);
  EXPECT_NE(r.out.find("27 kinds, 51 blocks; 26 kinds implemented, 1 not"), std::string::npos) << r.out;
}

// MenuLevel_Init run as saved from MenuLevel.nmo alone ("context": [] keeps
// the game files beside it out): every block on its path is implemented,
// and it stops where the game's other files are needed:
// the Get Cell of "GameSettings" (an array of base.cmo) has no target and
// returns CKBR_OWNERERROR, which is warned about once and listed as a failure
// event in the JSON of frame 1; the camera does not move.
TEST(CliCkPlayUnimplementedBlocks, MenuLevelInitAsSavedAloneStopsAtTheMissingArrayAndSaysSo) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck play '" + path +
                   "' --scenario '{\"script\":{\"name\":\"MenuLevel_Init\"},\"context\":[],"
                   "\"record\":[\"Cam_MenuLevel\"]}' --seconds 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> warnings = lines_with(r.err, "warning: building block");
  ASSERT_EQ(warnings.size(), 1u) << r.err;
  EXPECT_EQ(warnings[0],
            "retroanim: warning: building block 'Get Cell' (guid 0x33b99f51,0x07d95c45) in script 'MenuLevel_Init' "
            "returned CKBR_OWNERERROR (no target object): its outputs do not fire");
  std::istringstream in(r.out);
  std::string line;
  int frames = 0, failures = 0;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line);
    ++frames;
    EXPECT_FALSE(j.contains("unimplemented")) << line;
    EXPECT_FALSE(j.contains("active_camera")) << line;
    auto w = j["entities"]["Cam_MenuLevel"]["world"][3];
    EXPECT_EQ(w[0].get<double>(), 0.0);
    EXPECT_EQ(w[1].get<double>(), 40.0);
    EXPECT_EQ(w[2].get<double>(), -95.0);
    if (!j.contains("events")) continue;
    for (const auto& e : j["events"]) {
      EXPECT_EQ(frames, 1);
      EXPECT_EQ(e["block"], "Get Cell");
      EXPECT_EQ(e["script"], "MenuLevel_Init");
      EXPECT_TRUE(e.value("failure", false));
      ++failures;
    }
  }
  EXPECT_EQ(frames, 180);
  EXPECT_EQ(failures, 1);
  // The built-in menu camera runs only implemented blocks: no warning.
  auto quiet = run_cli("ck play '" + path + "' --scenario menu-camera --seconds 1 --json");
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_TRUE(lines_with(quiet.err, "warning").empty()) << quiet.err;
}

// MenuLevel.nmo written back by the .nmo writer with Bezier Progression's saved prototype GUID
// changed to an unknown one (beside copies of the game files MenuLevel_Init reads by name):
// the menu camera's first block is now unknown.
TEST(CliCkPlayUnimplementedBlocks, AWrittenFileWithAnUnknownBlockWarnsExactlyOnce) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  ObjectRecord* rec = scene.find("Bezier Progression", 8);  // CKCID_BEHAVIOR
  ASSERT_NE(rec, nullptr);
  ASSERT_TRUE(rec->chunk);
  std::vector<uint32_t>& data = rec->chunk->data;
  const uint32_t bezier_progression[2] = {0x6bb8699au, 0x29fb6a4bu};
  auto it = std::search(data.begin(), data.end(), std::begin(bezier_progression), std::end(bezier_progression));
  ASSERT_NE(it, data.end());
  it[0] = kUnknownGuid.d1;
  it[1] = kUnknownGuid.d2;
  const std::string out =
      retroanim::test::write_beside(io::save_scene(scene), "unknown_block.nmo", retroanim::test::kMenuContextFiles);
  auto list = run_cli("ck play '" + out + "' --list-blocks");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  auto row = lines_with(list.out, "0x0badf00d,0x5eed1234");
  ASSERT_EQ(row.size(), 1u) << list.out;
  EXPECT_NE(row[0].find("Bezier Progression"), std::string::npos);
  EXPECT_NE(row[0].find(" no"), std::string::npos);
  EXPECT_TRUE(lines_with(list.out, "0x6bb8699a,0x29fb6a4b").empty());

  auto r = run_cli("ck play '" + out + "' --scenario menu-camera --seconds 2 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> warnings = lines_with(r.err, "warning");
  ASSERT_EQ(warnings.size(), 1u) << r.err;
  EXPECT_EQ(warnings[0],
            "retroanim: warning: building block 'Bezier Progression' (guid 0x0badf00d,0x5eed1234) in script "
            "'MenuLevel_Init' is not implemented: its outputs do not fire");
  // Nothing drives Position On Curve: the camera stays put.
  UnimplementedLines n = unimplemented_lines(r.out, "Cam_MenuLevel", "Bezier Progression", "MenuLevel_Init");
  EXPECT_EQ(n.frames, 120);
  EXPECT_EQ(n.with_list, 1);
}

// A file written by the .nmo writer from a graph built in memory: Start ->
// Bezier Progression (1 s, looping), whose Loop Out reaches an unknown block
// every frame; the unknown block's Out would start Position On Curve on the
// camera. `ck play` warns exactly once, lists it once in the JSON, and the
// camera never moves.
TEST(CliCkPlayUnimplementedBlocks, AFileTheWriterBuildsWithAnUnknownBlockWarnsExactlyOnce) {
  Scene scene;
  scene.add_entity(class_id::k3dEntity, "Camera");
  retroanim::test::add_curve(scene, "Path");
  scene.reindex();
  BehaviorGraphBuilder g = graph_builder_for(scene);
  using B = BehaviorGraphBuilder;
  const FileIndex script = g.add_script("Writer Script", 0);
  const FileIndex bp = g.add_block(script, *find_prototype("Bezier Progression"), "bp");
  g.set_input(bp, "Duration", B::float_value(1000.0f));
  const FileIndex mystery = g.add_unknown_block(script, "Mystery Block", kUnknownGuid, {"In"}, {"Out"});
  const FileIndex poc = g.add_block(script, *find_prototype("Position On Curve"));
  g.set_target(poc, 0);
  g.set_input(poc, "Curve", B::object_value(1));
  g.add_link(script, g.input(script, "Start"), g.input(bp, "In"), 0);
  g.add_link(script, g.output(bp, "Loop Out"), g.input(bp, "Loop In"), 1);
  g.add_link(script, g.output(bp, "Loop Out"), g.input(mystery, "In"), 0);
  g.add_link(script, g.output(mystery, "Out"), g.input(poc, "In"), 0);
  io::save_behavior_graph(scene, g.take());
  const std::string out = retroanim::test::temp_dir() + "/writer_unknown_block.nmo";
  {
    std::vector<uint8_t> bytes = io::save_scene(scene);
    std::ofstream f(out, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  auto list = run_cli("ck play '" + out + "' --list-blocks");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  auto row = lines_with(list.out, "0x0badf00d,0x5eed1234");
  ASSERT_EQ(row.size(), 1u) << list.out;
  EXPECT_NE(row[0].find("Mystery Block"), std::string::npos);
  EXPECT_NE(row[0].find(" no"), std::string::npos);

  auto r = run_cli("ck play '" + out +
                   "' --scenario '{\"script\":{\"name\":\"Writer Script\"},\"record\":[\"Camera\"]}' --seconds 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> warnings = lines_with(r.err, "warning");
  ASSERT_EQ(warnings.size(), 1u) << r.err;
  EXPECT_EQ(warnings[0],
            "retroanim: warning: building block 'Mystery Block' (guid 0x0badf00d,0x5eed1234) in script "
            "'Writer Script' is not implemented: its outputs do not fire");
  UnimplementedLines n = unimplemented_lines(r.out, "Camera", "Mystery Block", "Writer Script");
  EXPECT_EQ(n.frames, 180);
  EXPECT_EQ(n.with_list, 1);
}

TEST(CliCkPlayUnimplementedBlocks, ScenarioAndSecondsAreRequiredWithoutListBlocks) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  auto r = run_cli("ck play '" + path + "' --seconds 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--scenario is required"), std::string::npos) << r.err;
  auto r2 = run_cli("ck play '" + path + "' --scenario menu-camera");
  EXPECT_EQ(r2.exit_code, 2);
  EXPECT_NE(r2.err.find("--seconds is required"), std::string::npos) << r2.err;
}

}  // namespace
