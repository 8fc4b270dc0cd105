// ck/behavior/behavior_manager.cpp, never silent: a building block without an
// implementation that becomes active is reported once (name, GUID, script)
// and fires nothing.
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

// Start -> bp.In; bp.Loop Out -> bp.Loop In (1 frame); bp.Loop Out -> mystery.In;
// mystery.Out -> after.In. Bezier Progression re-activates the unknown block every frame.
struct Graph {
  BehaviorManager m;
  Behavior* script = nullptr;
  Behavior* bp = nullptr;
  Behavior* mystery = nullptr;
  Behavior* after = nullptr;

  Graph() {
    const BehaviorPrototype* proto = find_prototype("Bezier Progression");
    script = &m.create_script("Test Script", {});
    bp = &m.create_building_block(*proto, "bp");
    after = &m.create_building_block(*proto, "after");
    mystery = &m.create_behavior("Mystery Block");
    mystery->flags = behavior_flag::kBuildingBlock | behavior_flag::kUseFunction;
    mystery->prototype_guid = kUnknownGuid;
    mystery->id = 77;
    m.add_io(*mystery, "In", true);
    m.add_io(*mystery, "Out", false);
    for (Behavior* b : {bp, mystery, after}) m.add_sub_behavior(*script, *b);
    m.add_sub_link(*script, m.create_link(*script->inputs[0], *bp->inputs[0], 0));
    m.add_sub_link(*script, m.create_link(*bp->outputs[1], *bp->inputs[1], 1));
    m.add_sub_link(*script, m.create_link(*bp->outputs[1], *mystery->inputs[0], 0));
    m.add_sub_link(*script, m.create_link(*mystery->outputs[0], *after->inputs[0], 0));
  }
};

TEST(BehaviorManagerUnimplementedBlocks, ReportedOnceAndTheirOutputsDoNotFire) {
  Graph g;
  g.m.reset();
  for (int frame = 0; frame < 30; ++frame) {
    g.m.execute(1000.0f / 60.0f);
    EXPECT_FALSE(g.mystery->is_output_active(0)) << frame;
    EXPECT_FALSE(g.mystery->is_active()) << frame;  // it goes inactive after each activation
    EXPECT_FALSE(g.after->is_active()) << frame;
    EXPECT_FALSE(g.after->is_input_active(0)) << frame;
  }
  EXPECT_GT(g.bp->output_float(0, 0.0f), 0.0f);  // the implemented block ran all along
  EXPECT_EQ(g.after->output_float(0, -1.0f), 0.0f);
  ASSERT_EQ(g.m.unimplemented().size(), 1u);  // once, though activated every frame
  const UnimplementedBlock& u = g.m.unimplemented()[0];
  EXPECT_EQ(u.name, "Mystery Block");
  EXPECT_EQ(u.guid, kUnknownGuid);
  EXPECT_EQ(u.script, "Test Script");
  EXPECT_EQ(u.id, 77u);
  EXPECT_EQ(u.frame, 0u);
  // A reset starts a new run: reported again, once.
  g.m.reset();
  EXPECT_TRUE(g.m.unimplemented().empty());
  for (int frame = 0; frame < 5; ++frame) g.m.execute(10.0f);
  EXPECT_EQ(g.m.unimplemented().size(), 1u);
}

}  // namespace
