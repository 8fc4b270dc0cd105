// CKObjectAnimation Evaluate* and SetStep (spec 5.4), CKKeyedAnimation
// (spec 5.6) and sampling with a playback context. Expected values are derived by hand.
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

using retroanim::test::expect_matrix;

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using namespace retroanim::ck::anim_test;

Quat about_z(float degrees) {
  float h = degrees * std::numbers::pi_v<float> / 360.0f;
  return {0, 0, std::sin(h), std::cos(h)};
}

// Position (0,0,0) -> (10,0,0), rotation 0 -> 90 deg about Z, scale 1 -> 3, over 10 frames.
void fill_simple(ObjectAnimation& a) {
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {0, 0, 0}}, {10, {10, 0, 0}}});
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, about_z(0)}, {10, about_z(90)}});
  a.keyframes.scale = linear_vec(controller_type::kLinearScale, {{0, {1, 1, 1}}, {10, {3, 3, 3}}});
  a.keyframes.set_length(10.0f);
}

TEST(ObjectAnimation, SetStepComposesPositionRotationScale) {
  Entity3d e;
  ObjectAnimation a;
  a.entity = &e;
  fill_simple(a);
  ASSERT_EQ(set_step(a, 0.5f, {}), SetStepOutcome::kApplied);
  EXPECT_EQ(a.step, 0.5f);
  // frame 5: pos (5,0,0), rot 45 deg about Z, scale 2. QuatToMatrix (spec 5.4) of
  // (0,0,s,c): row 0 = (1-2s^2, -2cs, 0) = (cos45, -sin45, 0), row 1 = (sin45, cos45, 0);
  // each row times 2; row 2 = (0,0,2), row 3 = (5,0,0).
  float c = std::sqrt(0.5f);
  Matrix want;
  want[0][0] = 2 * c; want[0][1] = -2 * c;
  want[1][0] = 2 * c; want[1][1] = 2 * c;
  want[2][2] = 2;
  want[3][0] = 5;
  expect_matrix(e.world_matrix(), want, 1e-5f);
  expect_matrix(e.local_matrix(), want, 1e-5f);
}

TEST(ObjectAnimation, OnlyPositionKeepsTheRestOfTheLocalMatrix) {
  Entity3d e;
  Matrix start = math::compose_matrix({1, 2, 3}, {2, 2, 2}, about_z(30));
  e.set_local_matrix(start);
  ObjectAnimation a;
  a.entity = &e;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {7, 8, 9}}});
  a.keyframes.set_length(1.0f);
  set_step(a, 0.0f);
  Matrix want = start;
  want.set_row(3, {7, 8, 9});
  EXPECT_EQ(e.local_matrix(), want);  // only row 3 written, exactly
}

TEST(ObjectAnimation, MissingComponentsComeFromTheLocalMatrix) {
  Entity3d e;
  e.set_local_matrix(math::compose_matrix({1, 2, 3}, {2, 4, 0.5f}, about_z(30)));
  ObjectAnimation a;
  a.entity = &e;
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, about_z(60)}});
  a.keyframes.set_length(1.0f);
  set_step(a, 0.0f);
  // Position (1,2,3) and scale (2,4,0.5) decomposed from the old matrix, rotation 60 deg.
  expect_matrix(e.local_matrix(), math::compose_matrix({1, 2, 3}, {2, 4, 0.5f}, about_z(60)), 1e-5f);
}

TEST(ObjectAnimation, NothingAnimatedLeavesTheEntityAlone) {
  Entity3d e;
  Matrix start = math::compose_matrix({1, 2, 3}, {1, 1, 1}, about_z(10));
  e.set_local_matrix(start);
  ObjectAnimation a;
  a.entity = &e;
  a.keyframes.set_length(5.0f);
  EXPECT_EQ(set_step(a, 0.3f), SetStepOutcome::kApplied);
  EXPECT_EQ(e.local_matrix(), start);
  ObjectAnimation none;
  EXPECT_EQ(set_step(none, 0.3f), SetStepOutcome::kNoEntity);
  EXPECT_EQ(none.step, 0.3f);
}

TEST(ObjectAnimation, IgnoreFlags) {
  ObjectAnimation a;
  fill_simple(a);
  Vec3 v;
  Quat q;
  a.flags = object_animation_flag::kIgnorePosition;
  EXPECT_FALSE(evaluate_position(a, 5, v));
  EXPECT_EQ(v, (Vec3{0, 0, 0}));
  EXPECT_TRUE(evaluate_rotation(a, 5, q));
  a.flags = object_animation_flag::kIgnoreRotation;
  EXPECT_FALSE(evaluate_rotation(a, 5, q));
  EXPECT_EQ(q, Quat{});
  EXPECT_TRUE(evaluate_position(a, 5, v));
  a.flags = object_animation_flag::kIgnoreScale;
  EXPECT_FALSE(evaluate_scale(a, 5, v));
  EXPECT_EQ(v, (Vec3{1, 1, 1}));
  a.keyframes.scale_axis = linear_quat(controller_type::kLinearScaleAxis, {{0, about_z(20)}});
  a.flags = 0;
  EXPECT_TRUE(evaluate_scale_axis(a, 5, q));
  a.flags = object_animation_flag::kIgnoreScaleAxis;
  EXPECT_FALSE(evaluate_scale_axis(a, 5, q));

  // SetStep with position ignored: the entity keeps its position (decomposed).
  Entity3d e;
  e.set_local_matrix(math::compose_matrix({4, 5, 6}, {1, 1, 1}, {}));
  a.entity = &e;
  a.flags = object_animation_flag::kIgnorePosition;
  a.keyframes.scale_axis.reset();
  set_step(a, 0.5f);
  EXPECT_NEAR(e.world_matrix()[3][0], 4.0f, 1e-6f);
  EXPECT_NEAR(e.world_matrix()[3][1], 5.0f, 1e-6f);
  EXPECT_NEAR(e.world_matrix()[0][0], 2 * std::sqrt(0.5f), 1e-5f);
}

TEST(ObjectAnimation, ScaleAxisStretchesAlongTheAxisFrame) {
  // Scale (2,1,1) along the X axis of a frame turned 90 deg about Z: the stretch is along
  // world Y. Rotation identity. Then a point (0,1,0) maps to (0,2,0) and (1,0,0) stays.
  ObjectAnimation a;
  Entity3d e;
  a.entity = &e;
  a.keyframes.scale = linear_vec(controller_type::kLinearScale, {{0, {2, 1, 1}}});
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, {}}});
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {1, 2, 3}}});
  a.keyframes.scale_axis = linear_quat(controller_type::kLinearScaleAxis, {{0, about_z(90)}});
  a.keyframes.set_length(1.0f);
  set_step(a, 0.0f);
  const Matrix& m = e.world_matrix();
  Vec3 px = math::rotate_vector(m, {1, 0, 0});
  Vec3 py = math::rotate_vector(m, {0, 1, 0});
  EXPECT_NEAR(px.x, 1.0f, 1e-6f);
  EXPECT_NEAR(px.y, 0.0f, 1e-6f);
  EXPECT_NEAR(py.x, 0.0f, 1e-6f);
  EXPECT_NEAR(py.y, 2.0f, 1e-6f);
  EXPECT_EQ(m.row(3), (Vec3{1, 2, 3}));
  // Followed by a rotation of 90 deg about Z, whose row 1 is (1,0,0): the stretched
  // Y then lies along +X (row 1 of stretch∘R = (0,2,0)·R = 2 row1(R)).
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, about_z(90)}});
  set_step(a, 0.0f);
  py = math::rotate_vector(e.world_matrix(), {0, 1, 0});
  EXPECT_NEAR(py.x, 2.0f, 1e-6f);
  EXPECT_NEAR(py.y, 0.0f, 1e-6f);
  // A scale axis of identity (w = 1) takes the plain compose path, bit for bit.
  a.keyframes.scale_axis = linear_quat(controller_type::kLinearScaleAxis, {{0, {}}});
  set_step(a, 0.0f);
  EXPECT_EQ(e.world_matrix(), math::compose_matrix({1, 2, 3}, {2, 1, 1}, about_z(90)));
}

TEST(ObjectAnimation, MergedAnimationsBlendByTheFactor) {
  ObjectAnimation a, b, m;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {0, 0, 0}}, {10, {10, 0, 0}}});
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, about_z(0)}});
  a.keyframes.set_length(10.0f);
  b.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {0, 100, 0}}, {40, {0, 140, 0}}});
  b.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, about_z(90)}});
  b.keyframes.set_length(40.0f);
  m.flags = object_animation_flag::kMerged;
  m.merged_a = &a;
  m.merged_b = &b;
  m.keyframes.set_length(20.0f);
  // Frame 10 of 20 = relative 0.5: A at frame 5 -> (5,0,0), B at frame 20 -> (0,120,0).
  Vec3 v;
  m.merge_factor = 0.0f;
  ASSERT_TRUE(evaluate_position(m, 10.0f, v));
  EXPECT_EQ(v, (Vec3{5, 0, 0}));
  m.merge_factor = 1.0f;
  ASSERT_TRUE(evaluate_position(m, 10.0f, v));
  EXPECT_EQ(v, (Vec3{0, 120, 0}));
  m.merge_factor = 0.25f;
  ASSERT_TRUE(evaluate_position(m, 10.0f, v));
  // 0.75 (5,0,0) + 0.25 (0,120,0) = (3.75, 30, 0).
  EXPECT_EQ(v, (Vec3{3.75f, 30.0f, 0.0f}));
  Quat q;
  ASSERT_TRUE(evaluate_rotation(m, 10.0f, q));
  EXPECT_EQ(q, math::slerp(0.25f, about_z(0), about_z(90)));  // 22.5 deg
  // Only A has scale keys: its value is used alone.
  a.keyframes.scale = linear_vec(controller_type::kLinearScale, {{0, {2, 2, 2}}});
  ASSERT_TRUE(evaluate_scale(m, 10.0f, v));
  EXPECT_EQ(v, (Vec3{2, 2, 2}));
  // Neither has a scale axis.
  EXPECT_FALSE(evaluate_scale_axis(m, 10.0f, q));
  // A merged animation of itself does not recurse forever.
  m.merged_a = &m;
  m.merged_b = &m;
  EXPECT_FALSE(evaluate_position(m, 10.0f, v));
}

TEST(ObjectAnimation, ParentAndChildrenFollow) {
  Entity3d parent, child, grandchild;
  child.set_parent(&parent, false);
  grandchild.set_parent(&child, false);
  grandchild.set_local_matrix(math::compose_matrix({0, 1, 0}, {1, 1, 1}, {}));
  parent.set_local_matrix(math::compose_matrix({100, 0, 0}, {1, 1, 1}, about_z(90)));
  ObjectAnimation a;
  a.entity = &child;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {5, 0, 0}}});
  a.keyframes.set_length(1.0f);
  set_step(a, 0.0f);
  // The parent's rows: row 0 = (0,-1,0), row 1 = (1,0,0) (QuatToMatrix of 90 deg about Z).
  // child local = translate (5,0,0); world = parent ∘ local: 5 row0 + (100,0,0) = (100,-5,0).
  EXPECT_NEAR(child.world_matrix()[3][0], 100.0f, 1e-5f);
  EXPECT_NEAR(child.world_matrix()[3][1], -5.0f, 1e-5f);
  // grandchild: (0,1,0) in the child's frame = 1 row1 = (1,0,0): (101, -5, 0).
  EXPECT_NEAR(grandchild.world_matrix()[3][0], 101.0f, 1e-5f);
  EXPECT_NEAR(grandchild.world_matrix()[3][1], -5.0f, 1e-5f);
  // The driven flag stops SetStep unless forced.
  child.entity_flags |= entity_flag::kAnimationDriven;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, {{0, {6, 0, 0}}});
  EXPECT_EQ(set_step(a, 0.0f), SetStepOutcome::kEntityDriven);
  EXPECT_NEAR(child.world_matrix()[3][1], -5.0f, 1e-5f);
  EXPECT_EQ(set_step(a, 0.0f, {nullptr, true}), SetStepOutcome::kApplied);
  EXPECT_NEAR(child.world_matrix()[3][1], -6.0f, 1e-5f);
}

TEST(ObjectAnimation, ZeroLengthAndNanSteps) {
  Entity3d e;
  ObjectAnimation a;
  a.entity = &e;
  fill_simple(a);
  a.keyframes.set_length(0.0f);
  set_step(a, 0.7f);  // frame 0 -> the first keys
  EXPECT_EQ(e.world_matrix(), math::compose_matrix({0, 0, 0}, {1, 1, 1}, about_z(0)));
  EXPECT_FALSE(set_frame(a, 3.0f));
  a.keyframes.set_length(10.0f);
  EXPECT_TRUE(set_frame(a, 5.0f));
  EXPECT_NEAR(e.world_matrix()[3][0], 5.0f, 1e-6f);
  // Zero-length quaternion keys: the identity rotation, no NaN.
  a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, {{0, {0, 0, 0, 0}}, {10, {0, 0, 0, 0}}});
  set_step(a, 0.5f);
  EXPECT_TRUE(math::is_finite(e.world_matrix()));
}

// Random animations and random walks in time: the samples with a context equal the
// binary search's bit for bit.
TEST(ObjectAnimationContext, RandomWalksAreBitIdentical) {
  std::mt19937 rng(12345);
  std::uniform_real_distribution<float> val(-10.0f, 10.0f);
  for (int trial = 0; trial < 6; ++trial) {
    size_t n = trial == 0 ? 1 : (trial == 1 ? 2 : 200 + 300 * static_cast<size_t>(trial));
    std::vector<PositionKey> pos;
    std::vector<RotationKey> rot;
    std::vector<TcbPositionKey> tcb;
    float t = 0.0f;
    for (size_t i = 0; i < n; ++i) {
      pos.push_back({t, {val(rng), val(rng), val(rng)}});
      rot.push_back({t, math::normalize(Quat{val(rng), val(rng), val(rng), val(rng)})});
      tcb.push_back({t, {val(rng), val(rng), val(rng)}, val(rng) / 20, val(rng) / 20, val(rng) / 20, 0.1f, 0.2f});
      // Mostly 1-frame steps, some repeated times, some longer gaps.
      int kind = static_cast<int>(rng() % 10);
      t += kind == 0 ? 0.0f : (kind == 1 ? 7.5f : 1.0f);
    }
    ObjectAnimation a;
    a.keyframes.position = linear_vec(controller_type::kLinearPosition, pos);
    a.keyframes.rotation = linear_quat(controller_type::kLinearRotation, rot);
    VectorController sc;
    sc.type = controller_type::kTcbScale;
    sc.keys = tcb;
    a.keyframes.scale = sc;
    a.keyframes.set_length(t);
    PlaybackContext context;
    float frame = 0.0f;
    std::uniform_real_distribution<float> small(-3.0f, 3.0f);
    for (int i = 0; i < 20000; ++i) {
      int move = static_cast<int>(rng() % 20);
      if (move == 0)
        frame = std::uniform_real_distribution<float>(-5.0f, t + 5.0f)(rng);  // jump
      else if (move == 1)
        frame = pos[rng() % n].time;  // exactly on a key
      else
        frame += small(rng) * (move < 12 ? 0.25f : 1.0f);  // forward and backward
      AnimationSample want = sample_animation(a, frame);
      AnimationSample got = sample_animation(a, frame, &context);
      ASSERT_EQ(got.present, want.present);
      ASSERT_EQ(std::memcmp(&got.position, &want.position, sizeof(Vec3)), 0) << trial << " " << frame;
      ASSERT_EQ(std::memcmp(&got.rotation, &want.rotation, sizeof(Quat)), 0) << trial << " " << frame;
      ASSERT_EQ(std::memcmp(&got.scale, &want.scale, sizeof(Vec3)), 0) << trial << " " << frame;
    }
  }
}

TEST(ObjectAnimationContext, UnorderedKeysUseTheBinarySearch) {
  std::vector<PositionKey> pos{{0, {0, 0, 0}}, {8, {1, 0, 0}}, {3, {2, 0, 0}}, {3, {3, 0, 0}}, {10, {4, 0, 0}}};
  ObjectAnimation a;
  a.keyframes.position = linear_vec(controller_type::kLinearPosition, pos);
  a.keyframes.set_length(10.0f);
  PlaybackContext context;
  for (float f = -1.0f; f < 11.0f; f += 0.125f) {
    EXPECT_EQ(sample_animation(a, f, &context).position, sample_animation(a, f).position) << f;
  }
  for (float f = 11.0f; f > -1.0f; f -= 0.375f) {
    EXPECT_EQ(sample_animation(a, f, &context).position, sample_animation(a, f).position) << f;
  }
  float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(sample_animation(a, nan, &context).position.x));
}

}  // namespace
