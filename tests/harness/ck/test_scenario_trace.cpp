// harness/ck/scenario_trace.cpp: a frame's JSON line (the unimplemented
// blocks listed only when there are some) and the frame count of a duration.
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
#include "retroanim/error.h"
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

TEST(ScenarioTrace, FrameCountValidation) {
  EXPECT_EQ(scenario_frame_count(90.0, 1000.0 / 60.0), 5400);
  EXPECT_EQ(scenario_frame_count(0.0, 16.0), 0);
  EXPECT_THROW(scenario_frame_count(-1.0, 16.0), Error);
  EXPECT_THROW(scenario_frame_count(1.0, 0.0), Error);
  EXPECT_THROW(scenario_frame_count(1e9, 0.001), Error);
}
