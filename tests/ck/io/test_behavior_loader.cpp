// Loading behaviours from MenuLevel.nmo (objects found by name): the two
// scripts, their owners, Bezier Progression's and Position On Curve's and Play
// Animation 3D Entity's parameters, sources, 2D curves, targets and the links
// with their stored delays (virtools-behaviors.md section 9).
#include <gtest/gtest.h>

#include "retroanim/ck/behavior/bb/bezier_progression.h"
#include "retroanim/ck/io/behavior_loader.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/io/state_chunk.h"
#include "retroanim/error.h"
#include "support/test_support.h"

using namespace retroanim;
using namespace retroanim::ck;

namespace {

Behavior* sub_named(Behavior* graph, const std::string& name) {
  if (!graph) return nullptr;
  for (Behavior* s : graph->sub_behaviors) {
    if (s->name == name) return s;
    if (Behavior* r = sub_named(s, name)) return r;
  }
  return nullptr;
}

Behavior* script_named(const LoadedBehaviors& lb, const std::string& name) {
  for (Behavior* s : lb.scripts)
    if (s->name == name) return s;
  return nullptr;
}

const ParameterIn* pin_named(const Behavior* b, const std::string& name) {
  for (const ParameterIn* p : b->input_params)
    if (p->name == name) return p;
  return nullptr;
}

// The delay of the link from output `out` of `from` to input `in` of `to` (-1 if none).
int link_delay(const Behavior* graph, const Behavior* from, const std::string& out, const Behavior* to,
               const std::string& in) {
  for (const BehaviorLink* l : graph->sub_links)
    if (l->source && l->destination && l->source->owner == from && l->source->name == out &&
        l->destination->owner == to && l->destination->name == in)
      return l->initial_delay;
  for (const Behavior* s : graph->sub_behaviors) {
    int d = link_delay(s, from, out, to, in);
    if (d >= 0) return d;
  }
  return -1;
}

}  // namespace

TEST(BehaviorLoader, MenuLevelInitBezierProgressionAndPositionOnCurve) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  BehaviorManager m;
  LoadedBehaviors lb = load_behaviors(scene, m);
  Behavior* init = script_named(lb, "MenuLevel_Init");
  ASSERT_NE(init, nullptr);
  EXPECT_EQ(init->owner.name, "All_MenuLevel");
  EXPECT_EQ(init->sub_behaviors.size(), 21u);
  Behavior* bp = sub_named(init, "Bezier Progression");
  Behavior* poc = sub_named(init, "Position On Curve");
  ASSERT_NE(bp, nullptr);
  ASSERT_NE(poc, nullptr);
  EXPECT_EQ(bp->prototype_guid, bb::kBezierProgressionGuid);
  EXPECT_EQ(bp->version, 0x00010005u);
  EXPECT_EQ(bp->function, &bb::bezier_progression_time_based);  // chosen by the load callback
  // Duration 44000 ms (Time), A 0, B 1, Time Based TRUE.
  EXPECT_EQ(bp->input_type(0), param_guid::kTime);
  EXPECT_EQ(bp->input_float(0, -1), 44000.0f);
  EXPECT_EQ(bp->input_float(1, -1), 0.0f);
  EXPECT_EQ(bp->input_float(2, -1), 1.0f);
  EXPECT_EQ(bp->local_int(0, -1), 1);
  // The 2D curve: (0,0)-(1,1), TCB 0, not linear, tangents (1,1): y = x.
  const Curve2d* c = bp->input_curve2d(3);
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(c->points().size(), 2u);
  EXPECT_FALSE(c->points()[0].linear);
  EXPECT_EQ(c->points()[0].out_tangent.x, 1.0f);
  EXPECT_EQ(c->points()[0].out_tangent.y, 1.0f);
  EXPECT_NEAR(c->get_y(0.3f), 0.3f, 1e-6f);
  // Position On Curve: targetable, target Cam_MenuLevel; Progression from BP's "Value".
  ASSERT_NE(poc->target(), nullptr);
  EXPECT_EQ(poc->target()->name, "Cam_MenuLevel");
  EXPECT_NE(poc->target()->entity, nullptr);
  const ParameterIn* prog = pin_named(poc, "Progression");
  ASSERT_NE(prog, nullptr);
  ASSERT_NE(prog->real_source(), nullptr);
  EXPECT_EQ(prog->real_source(), bp->output_params[bb::bezier_progression_pin::kValue]);
  EXPECT_EQ(prog->real_source()->name, "Value");
  const ObjectRef* curve = poc->input_object(0);
  ASSERT_NE(curve, nullptr);
  EXPECT_EQ(curve->name, "I_MenuLevel_Curve");
  EXPECT_EQ(poc->input_int(2, -1), 0);  // Follow
  EXPECT_EQ(poc->input_int(3, -1), 0);  // Bank
  EXPECT_EQ(poc->input_int(6, -1), 1);  // Hierarchy
  // Links with their stored delays.
  EXPECT_EQ(link_delay(init, bp, "Loop Out", bp, "Loop In"), 1);
  EXPECT_EQ(link_delay(init, bp, "Out", bp, "In"), 1);
  EXPECT_EQ(link_delay(init, bp, "Out", poc, "In"), 0);
  EXPECT_EQ(link_delay(init, bp, "Loop Out", poc, "In"), 0);
}

TEST(BehaviorLoader, BallStoneScriptPlayAnimation) {
  RETROANIM_REQUIRE_BALLANCE(path, "MenuLevel.nmo");
  Scene scene = io::load_scene_file(path);
  BehaviorManager m;
  LoadedBehaviors lb = load_behaviors(scene, m);
  Behavior* script = script_named(lb, "Ball_Stone Script");
  ASSERT_NE(script, nullptr);
  EXPECT_EQ(script->owner.name, "I_Ball_Stone");
  Behavior* pae = sub_named(script, "Play Animation 3D Entity");
  ASSERT_NE(pae, nullptr);
  EXPECT_EQ(pae->input_float(1, -1), 59246.0f);
  EXPECT_EQ(pae->input_int(3, -1), 1);
  const ObjectRef* anim = pae->input_object(0);
  ASSERT_NE(anim, nullptr);
  EXPECT_EQ(anim->name, "Record Anim");
  const Curve2d* c = pae->input_curve2d(2);
  ASSERT_NE(c, nullptr);
  ASSERT_EQ(c->points().size(), 2u);
  EXPECT_TRUE(c->points()[0].linear);
  EXPECT_TRUE(c->points()[1].linear);
  // Start -> On, delay 0.
  bool found = false;
  for (const BehaviorLink* l : script->sub_links)
    if (l->source == script->inputs[0] && l->destination->owner == pae && l->destination->name == "On") {
      found = true;
      EXPECT_EQ(l->initial_delay, 0);
    }
  EXPECT_TRUE(found);
}

TEST(BehaviorLoader, Curve2dChunkRoundTripsThroughTheWriterLayout) {
  // A data-version-10 curve chunk as CK2dCurve::Dump writes it, inside the
  // parameter's 0xe sub-chunk.
  io::ChunkWriter inner(14, 10, false);
  inner.write_identifier(0x100);
  inner.write_dword(2);
  inner.write_dword(0);
  inner.write_dword(0);
  inner.write_float(0.0f);
  for (int i = 0; i < 2; ++i) {
    inner.write_dword(0x10000000u | 2u);
    inner.write_float(static_cast<float>(i));
    inner.write_float(static_cast<float>(i));
    for (int k = 0; k < 9; ++k) inner.write_float(0.0f);
  }
  io::StateChunk in = std::move(inner).finish();
  io::ChunkWriter outer(14, 0, false);
  outer.write_identifier(0xe);
  outer.write_sub_chunk(&in);
  Curve2d c = io::read_curve2d(std::move(outer).finish());
  ASSERT_EQ(c.points().size(), 2u);
  EXPECT_TRUE(c.points()[1].linear);
  EXPECT_FLOAT_EQ(c.get_y(0.25f), 0.25f);
}

TEST(BehaviorLoader, TruncatedCurve2dChunkThrows) {
  io::ChunkWriter w(14, 10, false);
  w.write_identifier(0x100);
  w.write_dword(1000);  // a count the chunk cannot hold
  EXPECT_THROW(io::read_curve2d(std::move(w).finish()), Error);
}
