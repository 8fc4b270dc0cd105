// ck/behavior/bb/play_global_animation.cpp: Play Global Animation sets the
// keyed animation's step, and runs without one.
#include <gtest/gtest.h>

#include "support/ck_behavior_fixtures.h"
#include "retroanim/ck/behavior/bb/play_animation_3d_entity.h"
#include "retroanim/ck/behavior/bb/play_global_animation.h"
#include "retroanim/ck/anim/keyed_animation.h"

using namespace retroanim;
using namespace retroanim::ck;
namespace pin = ck::bb::play_animation_pin;


// Play Global Animation runs the same steps on a keyed animation: its step
// (and so each object animation's) follows the progression. Without an
// animation the BB keeps running but stores nothing (the step is stored by
// A_CurveInterpolation, which needs the animation), so it stays at 0.
TEST(PlayGlobalAnimation, SetsTheKeyedAnimationStepAndRunsWithoutOne) {
  BehaviorManager m;
  Behavior& b = m.create_building_block(bb::play_global_animation_prototype());
  EXPECT_EQ(b.input_params[pin::kAnimation]->type, param_guid::kAnimation);
  Entity3d ent;
  auto anim = test::make_linear_animation(ent, {0, 0, 0}, {100, 0, 0}, 100.0f);
  KeyedAnimation keyed;
  keyed.name = "Keyed";
  keyed.animations.push_back(anim.get());
  link_keyed_animation(keyed);
  ObjectRef ref;
  ref.keyed_animation = &keyed;
  ref.class_id = class_id::kKeyedAnimation;
  ref.name = keyed.name;
  b.input_params[pin::kDuration]->real_source()->value.set_float(1000.0f);
  auto run = [&](float dt) {
    BehaviorContext ctx;
    ctx.behavior = &b;
    ctx.manager = &m;
    ctx.delta_ms = dt;
    return b.function(ctx);
  };
  b.activate_input(pin::kOn, true);
  EXPECT_EQ(run(10.0f), behavior_return::kActivateNextFrame);
  EXPECT_FALSE(b.is_input_active(pin::kOn));
  EXPECT_EQ(run(100.0f), behavior_return::kActivateNextFrame);
  EXPECT_EQ(b.output_float(pin::kProgression, -1.0f), 0.0f);
  EXPECT_EQ(ent.world_matrix()[3][0], 0.0f);
  test::set_object_pin(m, b, pin::kAnimation, ref);
  EXPECT_EQ(run(250.0f), behavior_return::kActivateNextFrame);
  EXPECT_FLOAT_EQ(b.output_float(pin::kProgression, -1.0f), 0.25f);
  EXPECT_FLOAT_EQ(keyed.step, 0.25f);
  EXPECT_NEAR(ent.world_matrix()[3][0], 25.0f, 1e-4f);
  // Loop false stops at 1 with One Loop Played, as for the 3D entity.
  b.input_params[pin::kLoop]->real_source()->value.set_int(0);
  EXPECT_EQ(run(900.0f), behavior_return::kOk);
  EXPECT_TRUE(b.is_output_active(pin::kOneLoopPlayed));
  EXPECT_FLOAT_EQ(keyed.step, 1.0f);
  EXPECT_NEAR(ent.world_matrix()[3][0], 100.0f, 1e-4f);
}
