// ck/anim/keyed_animation.cpp: CKKeyedAnimation::SetStep (spec 5.6) with a
// root offset, stepping every member. Expected values are derived by hand.
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "anim_test_support.h"

#include "retroanim/ck/anim/playback_context.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/math/transform_compose.h"
#include "support/math_expect.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::anim_test;

TEST(KeyedAnimation, RootOffsetAndEveryAnimationStepped) {
  Entity3d root, arm;
  arm.set_parent(&root, false);
  ObjectAnimation root_anim, arm_anim;
  root_anim.entity = &root;
  arm_anim.entity = &arm;
  root_anim.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {0, 0, 0}}, {100, {10, 0, 0}}});
  root_anim.keyframes.set_length(100.0f);
  arm_anim.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {0, 1, 0}}, {100, {0, 3, 0}}});
  arm_anim.keyframes.set_length(100.0f);
  arm_anim.app_vector = Vec3{0, 0, 7};
  KeyedAnimation k;
  k.root_entity = &root;
  k.animations = {&root_anim, &arm_anim};
  link_keyed_animation(k);
  EXPECT_EQ(k.root_animation, &root_anim);
  EXPECT_EQ(root_anim.keyed, &k);
  EXPECT_EQ(k.root_offset, (Vec3{0, 0, 7}));
  EXPECT_FALSE(arm_anim.app_vector);
  set_step(k, 0.5f);
  EXPECT_EQ(k.step, 0.5f);
  EXPECT_EQ(root.world_matrix().row(3), (Vec3{5, 0, 7}));  // (5,0,0) + root offset
  EXPECT_EQ(arm.local_matrix().row(3), (Vec3{0, 2, 0}));   // no offset on the arm
  EXPECT_EQ(arm.world_matrix().row(3), (Vec3{5, 2, 7}));
  // With a character, the local matrices are written but world matrices are left to it.
  k.character_id = 99;
  set_step(k, 1.0f);
  EXPECT_EQ(root.local_matrix().row(3), (Vec3{10, 0, 7}));
  EXPECT_EQ(root.world_matrix().row(3), (Vec3{5, 0, 7}));
}

}  // namespace
