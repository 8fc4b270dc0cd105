// Play Animation 3D Entity (spec 5.5) and Play Global Animation: On, Off,
// progression, Loop and its wrap, Loop false stopping at 1, One Loop Played,
// the Integer duration source, durations below 0.001 ms, a missing animation,
// and the 2D curve shaping the step.
#include <gtest/gtest.h>

#include "support/ck_behavior_fixtures.h"
#include "retroanim/ck/behavior/bb/play_animation_3d_entity.h"
#include "retroanim/ck/behavior/bb/play_global_animation.h"
#include "retroanim/ck/anim/keyed_animation.h"

using namespace retroanim;
using namespace retroanim::ck;
namespace pin = ck::bb::play_animation_pin;

namespace {

struct Pae {
  BehaviorManager m;
  Behavior* b;
  Entity3d ent;
  std::unique_ptr<ObjectAnimation> anim;
  explicit Pae(float duration_ms, bool with_anim = true) {
    b = &m.create_building_block(bb::play_animation_3d_entity_prototype());
    anim = test::make_linear_animation(ent, {0, 0, 0}, {100, 0, 0}, 100.0f);
    if (with_anim) test::set_object_pin(m, *b, pin::kAnimation, test::ref_to(anim.get()));
    b->input_params[pin::kDuration]->real_source()->value.set_float(duration_ms);
  }
  int run(float dt) {
    BehaviorContext ctx;
    ctx.behavior = b;
    ctx.manager = &m;
    ctx.delta_ms = dt;
    return b->function(ctx);
  }
  float progression() const { return b->output_float(pin::kProgression, -1.0f); }
  float x() const { return ent.world_matrix()[3][0]; }
};

}  // namespace

TEST(PlayAnimation3dEntity, OnStartsAtZeroThenAdvancesByDtOverDuration) {
  Pae p(1000.0f);
  p.b->activate_input(pin::kOn, true);
  EXPECT_EQ(p.run(100.0f), behavior_return::kActivateNextFrame);
  EXPECT_EQ(p.progression(), 0.0f);  // On: p = 0 after the increment
  EXPECT_FALSE(p.b->is_input_active(pin::kOn));
  EXPECT_EQ(p.run(250.0f), behavior_return::kActivateNextFrame);
  EXPECT_FLOAT_EQ(p.progression(), 0.25f);
  EXPECT_FLOAT_EQ(p.b->local_float(pin::kStep, -1), 0.25f);
  EXPECT_NEAR(p.x(), 25.0f, 1e-4f);  // the default 2D curve is y = x
}

TEST(PlayAnimation3dEntity, LoopWrapsAndFiresOneLoopPlayed) {
  Pae p(1000.0f);
  p.b->activate_input(pin::kOn, true);
  p.run(10.0f);
  p.run(900.0f);
  EXPECT_FALSE(p.b->is_output_active(pin::kOneLoopPlayed));
  EXPECT_EQ(p.run(300.0f), behavior_return::kActivateNextFrame);  // 1.2 -> 0.2
  EXPECT_TRUE(p.b->is_output_active(pin::kOneLoopPlayed));
  EXPECT_NEAR(p.progression(), 0.2f, 1e-6f);
}

TEST(PlayAnimation3dEntity, LoopFalseStopsAtOne) {
  Pae p(1000.0f);
  p.b->input_params[pin::kLoop]->real_source()->value.set_int(0);
  p.b->activate_input(pin::kOn, true);
  p.run(10.0f);
  EXPECT_EQ(p.run(1500.0f), behavior_return::kOk);
  EXPECT_EQ(p.progression(), 1.0f);
  EXPECT_TRUE(p.b->is_output_active(pin::kOneLoopPlayed));
  EXPECT_NEAR(p.x(), 100.0f, 1e-4f);
}

TEST(PlayAnimation3dEntity, OffStopsWithoutWriting) {
  Pae p(1000.0f);
  p.b->activate_input(pin::kOn, true);
  p.run(10.0f);
  p.run(500.0f);
  float x = p.x();
  p.b->activate_input(pin::kOff, true);
  EXPECT_EQ(p.run(200.0f), behavior_return::kOk);
  EXPECT_FALSE(p.b->is_input_active(pin::kOff));
  EXPECT_FLOAT_EQ(p.progression(), 0.5f);
  EXPECT_EQ(p.x(), x);
  // Off with On also active: Off wins and On stays active.
  p.b->activate_input(pin::kOn, true);
  p.b->activate_input(pin::kOff, true);
  EXPECT_EQ(p.run(200.0f), behavior_return::kOk);
  EXPECT_TRUE(p.b->is_input_active(pin::kOn));
}

TEST(PlayAnimation3dEntity, IntegerDurationSource) {
  Pae p(1000.0f);
  // The pin is Integer (the intermediary version): its source's int is read.
  Parameter& i = p.m.create_parameter("Duration", param_guid::kInt, ParameterClass::kLocal);
  i.value.set_int(400);
  p.b->input_params[pin::kDuration]->type = param_guid::kInt;
  p.b->input_params[pin::kDuration]->direct_source = &i;
  p.b->activate_input(pin::kOn, true);
  p.run(10.0f);
  p.run(100.0f);
  EXPECT_FLOAT_EQ(p.progression(), 0.25f);
}

TEST(PlayAnimation3dEntity, TinyDurationDoesNothing) {
  Pae p(0.0009f);
  p.b->activate_input(pin::kOn, true);
  EXPECT_EQ(p.run(10.0f), behavior_return::kOk);
  EXPECT_TRUE(p.b->is_input_active(pin::kOn));  // returned before reading the inputs
  EXPECT_EQ(p.progression(), 0.0f);
}

TEST(PlayAnimation3dEntity, MissingAnimationIsOk) {
  Pae p(1000.0f, false);
  p.b->activate_input(pin::kOn, true);
  EXPECT_EQ(p.run(10.0f), behavior_return::kOk);
  EXPECT_EQ(p.x(), 0.0f);
}

TEST(PlayAnimation3dEntity, CurveShapesTheStepButNotTheProgression) {
  Pae p(1000.0f);
  Curve2dPoint a, b, c;
  a.pos = {0, 0};
  b.pos = {0.5f, 0.1f};
  c.pos = {1, 1};
  a.linear = b.linear = c.linear = true;
  Parameter& cp = p.m.create_parameter("curve", param_guid::k2dCurve, ParameterClass::kLocal);
  cp.value.set_curve2d(std::make_shared<Curve2d>(std::vector<Curve2dPoint>{a, b, c}));
  p.b->input_params[pin::kCurve]->direct_source = &cp;
  p.b->activate_input(pin::kOn, true);
  p.run(10.0f);
  p.run(250.0f);
  EXPECT_FLOAT_EQ(p.progression(), 0.25f);  // unshaped
  EXPECT_NEAR(p.x(), 5.0f, 1e-4f);          // step = GetY(0.25) = 0.05 -> 5 of 100
  // Without a curve source the step is the progression itself.
  p.b->input_params[pin::kCurve]->direct_source = nullptr;
  p.run(250.0f);
  EXPECT_NEAR(p.x(), 50.0f, 1e-4f);
}

