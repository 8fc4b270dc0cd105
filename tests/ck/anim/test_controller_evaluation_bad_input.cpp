// Issue 4's bad input: keys with equal or decreasing times, zero keys, NaN
// values, zero-length animations and zero-length quaternions give defined
// results, never crash, and give NaN only where the input was NaN
// (docs/FIDELITY.md, "Bad input").
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

bool finite(Quat q) { return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w); }

// Makes `merged` the blend of a and b by `factor`, `length` frames long.
void merge(ObjectAnimation& merged, const ObjectAnimation& a, const ObjectAnimation& b, float factor, float length) {
  merged.flags = object_animation_flag::kMerged;
  merged.merged_a = &a;
  merged.merged_b = &b;
  merged.merge_factor = factor;
  merged.keyframes.set_length(length);
}

TEST(ControllerEvaluationBadInput, ZeroKeysAreAbsentForEveryKind) {
  Vec3 v{7, 7, 7};
  Quat q{1, 2, 3, 4};
  EXPECT_FALSE(evaluate_tcb(std::span<const TcbPositionKey>(), 1.0f, v));
  EXPECT_FALSE(evaluate_tcb(std::span<const TcbRotationKey>(), 1.0f, q));
  EXPECT_FALSE(evaluate_bezier(std::span<const BezierPositionKey>(), 1.0f, v));
  EXPECT_FALSE(evaluate_linear(std::span<const PositionKey>(), 1.0f, v));
  EXPECT_FALSE(evaluate_linear(std::span<const RotationKey>(), 1.0f, q));
  // The output is left alone.
  EXPECT_EQ(v, (Vec3{7, 7, 7}));
  EXPECT_EQ(q, (Quat{1, 2, 3, 4}));
  // An animation whose controllers all have zero keys leaves the entity alone.
  Entity3d e;
  math::Matrix before = e.local_matrix();
  before[3][0] = 5.0f;
  e.set_local_matrix(before);
  ObjectAnimation a;
  a.entity = &e;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {});
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {});
  a.keyframes.scale = linear_vec(controller_type::kLinearPosition, {});
  a.keyframes.set_length(10.0f);
  EXPECT_EQ(set_step(a, 0.5f), SetStepOutcome::kApplied);
  EXPECT_EQ(e.local_matrix(), before);
  EXPECT_EQ(sample_animation(a, 5.0f).present, 0u);
}

TEST(ControllerEvaluationBadInput, EqualAndDecreasingTimesStayFiniteForRotationsAndBezier) {
  Quat a{0, 0, 0, 1}, b{0, 0, 1, 0}, c{0, 1, 0, 0};
  std::vector<RotationKey> lin{{0, a}, {5, b}, {5, c}, {3, a}, {10, b}};
  std::vector<TcbRotationKey> tcb{{0, a}, {5, b}, {5, c}, {3, a}, {10, b}};
  std::vector<BezierPositionKey> bez(5);
  float times[] = {0, 5, 5, 3, 10};
  for (size_t i = 0; i < bez.size(); ++i) {
    bez[i].time = times[i];
    bez[i].value = {static_cast<float>(i), 0, static_cast<float>(i * i)};
  }
  bez[1].flags = bezier_mode::kFast | (bezier_mode::kTangents << bezier_mode::kOutShift);
  bez[2].flags = bezier_mode::kLinear | (bezier_mode::kSlow << bezier_mode::kOutShift);
  for (float t = -1.0f; t <= 11.0f; t += 0.125f) {
    Quat q;
    Vec3 v;
    ASSERT_TRUE(evaluate_linear(std::span<const RotationKey>(lin), t, q));
    EXPECT_TRUE(finite(q)) << t;
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(tcb), t, q));
    EXPECT_TRUE(finite(q)) << t;
    ASSERT_TRUE(evaluate_bezier(std::span<const BezierPositionKey>(bez), t, v));
    EXPECT_TRUE(math::is_finite(v)) << t;
  }
  // All keys at one time: every time clamps to the first or last key.
  std::vector<PositionKey> same{{2, {1, 1, 1}}, {2, {2, 2, 2}}, {2, {3, 3, 3}}};
  Vec3 v;
  ASSERT_TRUE(evaluate_linear(std::span<const PositionKey>(same), 1.0f, v));
  EXPECT_EQ(v, (Vec3{1, 1, 1}));
  ASSERT_TRUE(evaluate_linear(std::span<const PositionKey>(same), 2.0f, v));
  EXPECT_EQ(v, (Vec3{1, 1, 1}));  // t <= key[0].time comes first
  ASSERT_TRUE(evaluate_linear(std::span<const PositionKey>(same), 3.0f, v));
  EXPECT_EQ(v, (Vec3{3, 3, 3}));
}

TEST(ControllerEvaluationBadInput, NanValuesOnlyReachTheSegmentsThatUseThem) {
  std::vector<PositionKey> pos{{0, {0, 0, 0}}, {1, {1, 1, 1}}, {2, {kNan, 2, 2}}, {3, {3, 3, 3}}, {4, {4, 4, 4}}};
  std::vector<RotationKey> rot{{0, {0, 0, 0, 1}}, {1, {0, 0, 0, 1}}, {2, {kNan, 0, 0, 1}}, {3, {0, 0, 0, 1}},
                               {4, {0, 0, 0, 1}}};
  for (float t = -1.0f; t <= 5.0f; t += 0.25f) {
    Vec3 v;
    Quat q;
    ASSERT_TRUE(evaluate_linear(std::span<const PositionKey>(pos), t, v));
    ASSERT_TRUE(evaluate_linear(std::span<const RotationKey>(rot), t, q));
    // Segments (1, 2] and (2, 3] use key 2 (at t = 3 the search picks segment
    // (2, 3) and f = 1: NaN + (v3 - NaN) * 1 is NaN, as in the original).
    bool uses_nan_key = t > 1.0f && t <= 3.0f;
    EXPECT_EQ(std::isnan(v.x), uses_nan_key) << t;
    EXPECT_FALSE(std::isnan(v.y)) << t;  // only the NaN component
    EXPECT_EQ(!finite(q), uses_nan_key) << t;
  }
  // Through SetStep: the entity's matrix is finite away from the NaN key.
  Entity3d e;
  ObjectAnimation a;
  a.entity = &e;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, pos);
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, rot);
  a.keyframes.set_length(4.0f);
  set_step(a, 0.125f);
  EXPECT_TRUE(math::is_finite(e.world_matrix()));
  set_step(a, 0.875f);
  EXPECT_TRUE(math::is_finite(e.world_matrix()));
  set_step(a, 0.5f);
  EXPECT_TRUE(std::isnan(e.world_matrix()[3][0]));  // the NaN input itself
}

TEST(ControllerEvaluationBadInput, ZeroLengthQuaternionsGiveFiniteMatrices) {
  Quat zero{0, 0, 0, 0}, unit{0, 0, 0.6f, 0.8f};
  // Slerp between a zero and a unit quaternion: d = 0, finite weights.
  std::vector<RotationKey> rot{{0, zero}, {10, unit}};
  for (float t = 0.0f; t <= 10.0f; t += 0.5f) {
    Quat q;
    ASSERT_TRUE(evaluate_linear(std::span<const RotationKey>(rot), t, q));
    EXPECT_TRUE(finite(q)) << t;
  }
  // SetStep with a zero rotation and a zero scale axis, and a merged blend of zeros.
  Entity3d e;
  ObjectAnimation a;
  a.entity = &e;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {1, 2, 3}}});
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, zero}, {10, zero}});
  a.keyframes.scale_axis = linear_quat(controller_type::kLinearScaleAxis, {{0, zero}, {10, unit}});
  a.keyframes.set_length(10.0f);
  for (float s : {0.0f, 0.3f, 1.0f}) {
    ASSERT_EQ(set_step(a, s), SetStepOutcome::kApplied);
    EXPECT_TRUE(math::is_finite(e.world_matrix())) << s;
  }
  ObjectAnimation src_a, src_b, merged;
  src_a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, zero}});
  src_b.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, zero}});
  merge(merged, src_a, src_b, 0.25f, 1.0f);
  Quat q;
  ASSERT_TRUE(evaluate_rotation(merged, 0.5f, q));
  EXPECT_TRUE(finite(q));
  EXPECT_TRUE(math::is_finite(math::quat_to_matrix(q)));
}

}  // namespace
