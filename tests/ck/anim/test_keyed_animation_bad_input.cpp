// ck/anim/keyed_animation.cpp, issue 4's bad input: keyed and merged
// animations of zero length give defined results (docs/FIDELITY.md, "Bad input").
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "anim_test_support.h"

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/math/matrix.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::anim_test;

// Makes `merged` the blend of a and b by `factor`, `length` frames long.
void merge(ObjectAnimation& merged, const ObjectAnimation& a, const ObjectAnimation& b, float factor, float length) {
  merged.flags = object_animation_flag::kMerged;
  merged.merged_a = &a;
  merged.merged_b = &b;
  merged.merge_factor = factor;
  merged.keyframes.set_length(length);
}

TEST(KeyedAnimationBadInput, ZeroLengthKeyedAndMergedAnimationsAreDefined) {
  Entity3d e;
  ObjectAnimation member;
  member.entity = &e;
  member.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {1, 2, 3}}, {10, {11, 2, 3}}});
  member.keyframes.set_length(0.0f);
  KeyedAnimation keyed;
  keyed.length = 0.0f;
  keyed.animations = {&member};
  link_keyed_animation(keyed);
  set_frame(keyed, 7.0f);  // zero length: step 0
  EXPECT_EQ(keyed.step, 0.0f);
  EXPECT_EQ(e.local_matrix().row(3), (Vec3{1, 2, 3}));
  set_step(keyed, 0.5f);  // frame = 0.5 * 0 = 0: the first key
  EXPECT_EQ(e.local_matrix().row(3), (Vec3{1, 2, 3}));
  EXPECT_FALSE(set_frame(member, 3.0f));
  // A merged animation of zero length blends its sources at relative time 0.
  ObjectAnimation src_a, src_b, merged;
  src_a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {0, 0, 0}}, {10, {10, 0, 0}}});
  src_a.keyframes.set_length(10.0f);
  src_b.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {0, 4, 0}}, {10, {0, 14, 0}}});
  src_b.keyframes.set_length(10.0f);
  merge(merged, src_a, src_b, 0.5f, 0.0f);
  Vec3 v;
  ASSERT_TRUE(evaluate_position(merged, 5.0f, v));
  EXPECT_EQ(v, (Vec3{0, 2, 0}));  // 0 * 0.5 + (0, 4, 0) * 0.5
}

}  // namespace
