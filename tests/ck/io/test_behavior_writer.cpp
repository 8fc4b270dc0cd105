// The .nmo writer saves behaviour graphs (io/behavior_writer.h): a graph
// built in memory (ck/behavior_graph_builder.h) is written into a scene,
// read back as the same graph, saved as a file and loaded again, and runs the
// same trace before and after saving; the game's files rewrite every
// behaviour chunk bit for bit, and MenuLevel.nmo re-saved with freshly written
// behaviour chunks plays as the original under `ck play`.
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
using B = BehaviorGraphBuilder;

// ---- a small composition built in memory ----

constexpr Guid kUnknownGuid{0x0badf00d, 0x5eed1234};

FileIndex index_of(const Scene& s, const std::string& name) { return s.find(name)->file_index; }

// Two scripts: "Camera Script" (Start -> Bezier Progression, 2 s loop, its
// Value driving Position On Curve on the camera; Loop Out also reaches an
// unknown block when `unknown`) and "Stone Script" (Play Animation 3D Entity,
// 1.5 s, Loop).
BehaviorGraphDesc build_graph(const Scene& s, bool unknown) {
  BehaviorGraphBuilder g = graph_builder_for(s);
  const FileIndex cam = g.add_script("Camera Script", index_of(s, "Camera"));
  const FileIndex bp = g.add_block(cam, *find_prototype("Bezier Progression"));
  const FileIndex poc = g.add_block(cam, *find_prototype("Position On Curve"));
  g.set_input(bp, "Duration", B::float_value(2000.0f));
  g.set_input(bp, "A", B::float_value(0.0f));
  g.set_input(bp, "B", B::float_value(1.0f));
  g.set_target(poc, index_of(s, "Camera"));
  g.set_input(poc, "Curve", B::object_value(index_of(s, "Path")));
  g.set_input(poc, "Follow", B::int_value(1));
  g.connect(poc, "Progression", bp, "Value");
  g.add_link(cam, g.input(cam, "Start"), g.input(bp, "In"), 0);
  g.add_link(cam, g.output(bp, "Loop Out"), g.input(bp, "Loop In"), 1);
  g.add_link(cam, g.output(bp, "Out"), g.input(bp, "In"), 1);
  g.add_link(cam, g.output(bp, "Loop Out"), g.input(poc, "In"), 0);
  g.add_link(cam, g.output(bp, "Out"), g.input(poc, "In"), 0);
  if (unknown) {
    const FileIndex mystery = g.add_unknown_block(cam, "Mystery Block", kUnknownGuid, {"In"}, {"Out"});
    const FileIndex after = g.add_block(cam, *find_prototype("Bezier Progression"), "After");
    g.add_link(cam, g.output(bp, "Loop Out"), g.input(mystery, "In"), 0);
    g.add_link(cam, g.output(mystery, "Out"), g.input(after, "In"), 0);
  }
  const FileIndex stone = g.add_script("Stone Script", index_of(s, "Stone"));
  const FileIndex play = g.add_block(stone, *find_prototype("Play Animation 3D Entity"));
  g.set_input(play, "Animation", B::object_value(index_of(s, "Roll")));
  g.set_input(play, "Duration", B::float_value(1500.0f));
  g.set_input(play, "Loop", B::int_value(1));
  g.add_link(stone, g.input(stone, "Start"), g.input(play, "On"), 0);
  return g.take();
}

const char* kCameraRun = R"({"script":{"name":"Camera Script"},"record":["Camera"]})";
const char* kStoneRun = R"({"script":{"name":"Stone Script"},"record":["Stone"]})";

// The JSON lines of `frames` frames of the run `spec` on `scene`.
std::vector<std::string> trace(Scene& scene, const char* spec, int frames) {
  auto sc = Scenario::from_json(scene, spec, "test");
  sc->reset();
  std::vector<std::string> lines;
  for (int i = 0; i < frames; ++i) lines.push_back(scenario_frame_json(sc->step(1000.0f / 60.0f), sc->recorded()));
  return lines;
}

TEST(BehaviorWriter, ABuiltGraphReadsBackAsTheSameGraphBeforeAndAfterSaving) {
  Scene scene = build_scene();
  const size_t entities = scene.objects().size();
  const BehaviorGraphDesc graph = build_graph(scene, true);
  io::save_behavior_graph(scene, graph);
  EXPECT_EQ(scene.objects().size(), entities + graph.objects.size());
  const BehaviorGraphDesc in_memory = io::read_behavior_graph(scene);
  EXPECT_EQ(graph_difference(graph, in_memory), "");
  EXPECT_TRUE(in_memory.skipped.empty());

  const std::vector<uint8_t> bytes = io::save_scene(scene);
  Scene loaded = io::load_scene(bytes, "built.nmo");
  const BehaviorGraphDesc from_file = io::read_behavior_graph(loaded);
  EXPECT_EQ(graph_difference(graph, from_file), "");
  // Saved again, the same bytes.
  EXPECT_EQ(io::save_scene(loaded), bytes);

  // The builder's layout: a pin's local is in the script's locals, the block's own locals in the block's.
  const SavedObject* bp = nullptr;
  for (const SavedObject& o : from_file.objects)
    if (o.kind == SavedObjectKind::kBehavior && o.name == "Bezier Progression") bp = &o;
  ASSERT_NE(bp, nullptr);
  EXPECT_EQ(bp->behavior.flags, behavior_flag::kUseFunction | behavior_flag::kBuildingBlock);
  EXPECT_EQ(bp->behavior.in_params.size(), 4u);
  EXPECT_EQ(bp->behavior.out_params.size(), 4u);
  ASSERT_EQ(bp->behavior.locals.size(), 1u);
  EXPECT_EQ(loaded.at(bp->behavior.locals[0])->name, "Time Based");
}

TEST(BehaviorWriter, BuiltScriptsRunTheSameTraceAfterSavingAndLoading) {
  Scene scene = build_scene();
  io::save_behavior_graph(scene, build_graph(scene, false));
  const std::vector<uint8_t> bytes = io::save_scene(scene);  // before playing moves the entities
  const std::vector<std::string> cam_before = trace(scene, kCameraRun, 300);
  const std::vector<std::string> stone_before = trace(scene, kStoneRun, 200);
  Scene loaded = io::load_scene(bytes, "built.nmo");
  EXPECT_EQ(trace(loaded, kCameraRun, 300), cam_before);
  EXPECT_EQ(trace(loaded, kStoneRun, 200), stone_before);
  // The scripts do move their entities.
  EXPECT_NE(cam_before[10], cam_before[70]);
  EXPECT_NE(stone_before[10], stone_before[50]);
}

TEST(BehaviorWriter, AnEditedGraphIsSavedWithItsEdits) {
  Scene scene = build_scene();
  io::save_behavior_graph(scene, build_graph(scene, false));
  BehaviorGraphDesc graph = io::read_behavior_graph(scene);
  // Double the stone's duration (its local is named after the pin) and disable a pin.
  bool edited = false;
  for (SavedObject& o : graph.objects) {
    if (o.kind == SavedObjectKind::kLocal && o.name == "Duration" && o.parameter.type == param_guid::kTime &&
        o.parameter.value.bytes.size() == 4) {
      float v = 0;
      std::memcpy(&v, o.parameter.value.bytes.data(), 4);
      if (v == 1500.0f) {
        o.parameter.value = B::float_value(3000.0f);
        edited = true;
      }
    }
    if (o.kind == SavedObjectKind::kParameterIn && o.name == "Bank Amount") o.parameter_in.enabled = false;
  }
  ASSERT_TRUE(edited);
  io::save_behavior_graph(scene, graph);
  Scene loaded = io::load_scene(io::save_scene(scene), "edited.nmo");
  EXPECT_EQ(graph_difference(graph, io::read_behavior_graph(loaded)), "");
  // Enabled again: the empty 0x2000 identifier is dropped.
  for (SavedObject& o : graph.objects)
    if (o.kind == SavedObjectKind::kParameterIn) o.parameter_in.enabled = true;
  io::save_behavior_graph(loaded, graph);
  EXPECT_EQ(graph_difference(graph, io::read_behavior_graph(loaded)), "");
}

TEST(BehaviorWriter, BadIndicesAndClassesAreOneLineErrors) {
  Scene scene = build_scene();
  BehaviorGraphDesc graph = build_graph(scene, false);
  BehaviorGraphDesc gap = graph;
  gap.objects.erase(gap.objects.begin());
  try {
    io::save_behavior_graph(scene, gap);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("must be an existing record or the next one"), std::string::npos) << e.what();
  }
  BehaviorGraphDesc clash = graph;
  clash.objects.resize(1);
  clash.objects[0].index = index_of(scene, "Camera");
  try {
    io::save_behavior_graph(scene, clash);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("'Camera' (class 33)"), std::string::npos) << e.what();
  }
}

// The game's files: every behaviour object read and written back into its own
// record gives the chunk the file holds, bit for bit (identifiers the writer
// does not model kept; buffers padded as saved; 2D curves whose points are the
// saved ones keep their saved tangent cache).
TEST(BehaviorWriter, TheGamesBehaviourChunksAreRewrittenBitForBit) {
  RETROANIM_REQUIRE_BALLANCE(menu, "MenuLevel.nmo");
  int files = 0;
  for (const char* name : {"MenuLevel.nmo", "Menu.nmo", "Gameplay.nmo", "Levelinit.nmo", "Balls.nmo", "Sound.nmo",
                           "Intro.nmo", "AnimTrafo.nmo", "PH/PE_Balloon.nmo", "PH/P_Modul_18.nmo", "base.cmo"}) {
    auto path = retroanim::test::ballance_file(name);
    if (!path) continue;
    ++files;
    Scene scene = io::load_scene_file(*path);
    std::vector<std::optional<io::StateChunk>> before;
    for (const ObjectRecord& r : scene.objects()) before.push_back(r.chunk);
    const BehaviorGraphDesc graph = io::read_behavior_graph(scene);
    io::save_behavior_graph(scene, graph);
    int differ = 0;
    for (const SavedObject& o : graph.objects) {
      const ObjectRecord& r = *scene.at(o.index);
      const auto& old = before[static_cast<size_t>(o.index)];
      if (!old || !r.chunk || !(*old == *r.chunk)) ++differ;
    }
    EXPECT_EQ(differ, 0) << name;
    EXPECT_GT(graph.objects.size(), 100u) << name;
  }
  EXPECT_GE(files, 1);
}

}  // namespace
