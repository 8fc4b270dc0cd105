// ck/anim/keyed_animation.cpp (issue 31): CKKeyedAnimation::SetStep clamps
// the step, orders the members parents first and finds a missing root.
// Expected values are derived by hand.
#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using math::Vec3;

// Point 6 (keyed SetStep FUN_10048366).
struct KeyedRig {
  Entity3d parent, child;
  ObjectAnimation parent_anim, child_anim;
  KeyedAnimation keyed;
};

ObjectAnimation x_track(Entity3d& e, float x_at_200) {
  ObjectAnimation a;
  a.name = e.name;
  a.entity = &e;
  VectorController pos;
  pos.keys = std::vector<PositionKey>{{0.0f, {0, 0, 0}}, {200.0f, {x_at_200, 0, 0}}};
  a.keyframes.position = pos;
  a.keyframes.set_length(100.0f);
  return a;
}

TEST(Ck2_3dKeyed, SetStepClampsTheStep) {
  Entity3d e;
  e.name = "E";
  ObjectAnimation a = x_track(e, 200.0f);
  KeyedAnimation keyed;
  keyed.length = 100.0f;
  keyed.root_entity = &e;
  keyed.animations = {&a};
  link_keyed_animation(keyed);
  // SetStep(1.5) is SetStep(1): frame 100 of the member, x = 100 (not frame 150, x = 150).
  set_step(keyed, 1.5f);
  EXPECT_EQ(keyed.step, 1.0f);
  EXPECT_EQ(a.step, 1.0f);
  EXPECT_FLOAT_EQ(e.world_matrix()[3][0], 100.0f);
  set_step(keyed, -2.0f);
  EXPECT_EQ(e.world_matrix()[3][0], 0.0f);
}

TEST(Ck2_3dKeyed, SetStepOrdersParentsFirstAndFindsAMissingRoot) {
  auto rig = std::make_unique<KeyedRig>();
  rig->parent.name = "P";
  rig->child.name = "C";
  ASSERT_TRUE(rig->child.set_parent(&rig->parent, true).ok());
  rig->parent_anim = x_track(rig->parent, 200.0f);
  rig->child_anim = x_track(rig->child, 20.0f);
  KeyedAnimation& keyed = rig->keyed;
  keyed.length = 100.0f;
  keyed.animations = {&rig->child_anim, &rig->parent_anim};  // child first, no root entity
  rig->parent_anim.app_vector = Vec3{0, 5, 0};
  link_keyed_animation(keyed);
  ASSERT_EQ(keyed.root_entity, nullptr);
  set_step(keyed, 0.5f);
  // FUN_100499c1: from the first member's entity (C) up to the entity without a parent (P).
  EXPECT_EQ(keyed.root_entity, &rig->parent);
  EXPECT_EQ(keyed.root_animation, &rig->parent_anim);
  // FUN_10048282: parents first, and the flag says the members are sorted.
  ASSERT_EQ(keyed.animations.size(), 2u);
  EXPECT_EQ(keyed.animations[0], &rig->parent_anim);
  EXPECT_EQ(keyed.animations[1], &rig->child_anim);
  EXPECT_TRUE(keyed.flags & animation_flag::kSubAnimsSorted);
  // Frame 50: P at x = 50 plus the root offset (0, 5, 0); C at x = 5 in P's frame.
  EXPECT_FLOAT_EQ(rig->parent.world_matrix()[3][0], 50.0f);
  EXPECT_FLOAT_EQ(rig->parent.world_matrix()[3][1], 5.0f);
  EXPECT_FLOAT_EQ(rig->child.world_matrix()[3][0], 55.0f);
  EXPECT_FLOAT_EQ(rig->child.world_matrix()[3][1], 5.0f);
}

}  // namespace
