// Unit tests of the AC client's Frame operations against hand-computed values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "retroanim/math/frame.h"
#include "support/math_expect.h"

using retroanim::test::expect_vec;

using retroanim::math::AFrame;
using retroanim::math::Frame;
using retroanim::math::Vec3;

namespace {

// float rounding of the products involved: a few ulps of 1.
constexpr float kTol = 2e-6f;
const float kS = std::sqrt(0.5f);           // sin/cos of 45 degrees
const float kHalfPi = 1.57079632679489662f;  // 90 degrees

void expect_quat(const Frame& f, float w, float x, float y, float z, float tol = kTol) {
  EXPECT_NEAR(f.qw, w, tol);
  EXPECT_NEAR(f.qx, x, tol);
  EXPECT_NEAR(f.qy, y, tol);
  EXPECT_NEAR(f.qz, z, tol);
}

// 90 degrees about z: x -> y, y -> -x.
Frame rot_z90(Vec3 o = {}) { return Frame(o, kS, 0.0f, 0.0f, kS); }
// 90 degrees about x: y -> z, z -> -y.
Frame rot_x90(Vec3 o = {}) { return Frame(o, kS, kS, 0.0f, 0.0f); }

}  // namespace

TEST(Frame, DefaultIsIdentityWithIdentityMatrix) {
  Frame f;
  expect_quat(f, 1, 0, 0, 0, 0);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(f.m[i], (i % 4 == 0) ? 1.0f : 0.0f) << i;
  EXPECT_TRUE(f.is_valid());
}

TEST(Frame, CacheBuildsColumnMajorMatrix) {
  Frame f = rot_z90();
  // Columns are the images of the axes: x -> (0,1,0), y -> (-1,0,0), z -> z.
  const float want[9] = {0, 1, 0, -1, 0, 0, 0, 0, 1};
  for (int i = 0; i < 9; ++i) EXPECT_NEAR(f.m[i], want[i], kTol) << i;
}

TEST(Frame, SetRotateNormalises) {
  Frame f;
  f.set_rotate(2.0f, 0.0f, 0.0f, 0.0f);
  expect_quat(f, 1, 0, 0, 0, 0);
  f.set_rotate(0.0f, 0.0f, 0.0f, 3.0f);  // 180 degrees about z
  expect_quat(f, 0, 0, 0, 1, 0);
  EXPECT_NEAR(f.m[0], -1.0f, kTol);
  EXPECT_NEAR(f.m[4], -1.0f, kTol);
}

TEST(Frame, SetRotateRevertsWhenInvalid) {
  Frame f = rot_z90();
  f.set_rotate(0.0f, 0.0f, 0.0f, 0.0f);  // 1/sqrt(0) -> NaN components
  expect_quat(f, kS, 0, 0, kS, 0);
  f.set_rotate(std::numeric_limits<float>::quiet_NaN(), 1.0f, 0.0f, 0.0f);
  expect_quat(f, kS, 0, 0, kS, 0);
  EXPECT_NEAR(f.m[1], 1.0f, kTol);  // matrix untouched
}

TEST(Frame, IsValidChecksNaNAndNorm) {
  Frame f;
  EXPECT_TRUE(f.is_valid());
  f.qw = 1.0002f;  // norm^2 = 1.0004, within 0.001
  EXPECT_TRUE(f.is_valid());
  f.qw = 1.001f;  // norm^2 = 1.002
  EXPECT_FALSE(f.is_valid());
  Frame g;
  g.origin.y = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(g.is_valid());
  EXPECT_FALSE(g.is_valid_except_for_heading());
  Frame h;
  h.qx = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(h.is_valid());
  EXPECT_TRUE(h.is_valid_except_for_heading());
  EXPECT_TRUE(retroanim::math::is_valid(AFrame{}));
  EXPECT_FALSE(retroanim::math::is_valid(AFrame{{0, 0, 0}, 0.5f, 0, 0, 0}));
}

TEST(Frame, CombineRotatesOffsetAndMultipliesQuaternions) {
  Frame f1 = rot_z90({1, 2, 3});
  AFrame f2{{1, 0, 0}, kS, 0, 0, kS};
  Frame out;
  out.combine(f1, f2);
  expect_vec(out.origin, 1, 3, 3, kTol);   // (1,2,3) + Rz90 (1,0,0)
  expect_quat(out, 0, 0, 0, 1);      // 180 degrees about z
  // In place, as the sequence uses it.
  f1.combine(f1, f2);
  EXPECT_EQ(f1, out);
}

TEST(Frame, CombineWithFrameMatchesAFrameForm) {
  Frame f1 = rot_x90({0, 1, 0});
  Frame f2 = rot_z90({0, 0, 2});
  Frame a, b;
  a.combine(f1, f2);
  b.combine(f1, f2.to_aframe());
  expect_vec(a.origin, 0, -1, 0, kTol);  // (0,1,0) + Rx90 (0,0,2) = (0,1,0) + (0,-2,0)
  expect_vec(a.origin, b.origin.x, b.origin.y, b.origin.z, kTol);
  expect_quat(a, b.qw, b.qx, b.qy, b.qz);
  // q = qx90 * qz90 = (1/2, 1/2, -1/2, 1/2)
  expect_quat(a, 0.5f, 0.5f, -0.5f, 0.5f);
}

TEST(Frame, CombineWithScaleScalesTheOffsetOnly) {
  Frame f1({1, 1, 1}, 1, 0, 0, 0);
  AFrame f2{{1, 2, 3}, kS, 0, 0, kS};
  Frame out;
  out.combine(f1, f2, Vec3{2, 2, 2});
  expect_vec(out.origin, 3, 5, 7, kTol);
  expect_quat(out, kS, 0, 0, kS);
}

TEST(Frame, Subtract1IsTheExactInverseOfCombine) {
  Frame f1({1, 3, 3}, 0, 0, 0, 1);  // 180 about z
  AFrame f2{{1, 0, 0}, kS, 0, 0, kS};
  Frame out;
  out.subtract1(f1, f2);
  // q = q1 * conj(q2) = 90 about z; origin = (1,3,3) - Rz90 (1,0,0) = (1,2,3)
  expect_quat(out, kS, 0, 0, kS);
  expect_vec(out.origin, 1, 2, 3, kTol);
  // Round trip with a non-trivial axis.
  Frame g = rot_x90({0.5f, -2, 4});
  AFrame d{{0.25f, 1, -3}, 0.5f, 0.5f, 0.5f, 0.5f};
  Frame h = g;
  h.combine(h, d);
  h.subtract1(h, d);
  expect_vec(h.origin, g.origin.x, g.origin.y, g.origin.z, 4e-6f);
  expect_quat(h, g.qw, g.qx, g.qy, g.qz);
}

TEST(Frame, GrotatePreMultipliesGlobalAxisAngle) {
  Frame f = rot_x90();
  f.grotate({0, 0, kHalfPi});  // Rz90 * Rx90
  expect_vec(f.localtoglobalvec({0, 1, 0}), 0, 0, 1, kTol);  // y -> z -> z
  expect_vec(f.localtoglobalvec({0, 0, 1}), 1, 0, 0, kTol);  // z -> -y -> x
  expect_quat(f, 0.5f, 0.5f, 0.5f, 0.5f);
}

TEST(Frame, GrotateAboutNonVerticalAxis) {
  // 120 degrees about (1,1,1)/sqrt(3) cycles the axes: x -> y -> z -> x.
  Frame f;
  const float a = 2.0943951f / std::sqrt(3.0f);
  f.grotate({a, a, a});
  expect_quat(f, 0.5f, 0.5f, 0.5f, 0.5f);
  expect_vec(f.localtoglobalvec({1, 0, 0}), 0, 1, 0, kTol);
  expect_vec(f.localtoglobalvec({0, 1, 0}), 0, 0, 1, kTol);
}

TEST(Frame, GrotateIgnoresTinyRotations) {
  Frame f = rot_z90();
  Frame before = f;
  f.grotate({1e-4f, 0, 1e-4f});  // |w|^2 = 2e-8 < 0.0002^2
  EXPECT_EQ(f, before);
  f.grotate({2.1e-4f, 0, 0});  // just above the cut-off: rotates
  EXPECT_FALSE(f == before);
}

TEST(Frame, RotateTakesLocalAxis) {
  Frame f = rot_x90();
  f.rotate({0, 0, kHalfPi});  // local z = global -y: Rx90 * Rz90
  expect_vec(f.localtoglobalvec({1, 0, 0}), 0, 0, 1, kTol);  // x -> y -> z
  expect_quat(f, 0.5f, 0.5f, -0.5f, 0.5f);
}

TEST(Frame, LocalGlobalConversions) {
  Frame f = rot_z90({10, 20, 30});
  expect_vec(f.localtoglobal({1, 2, 3}), 8, 21, 33, kTol);  // (10,20,30) + (-2,1,3)
  expect_vec(f.globaltolocal({8, 21, 33}), 1, 2, 3, kTol);
  expect_vec(f.localtoglobalvec({1, 2, 3}), -2, 1, 3, kTol);
  expect_vec(f.globaltolocalvec({-2, 1, 3}), 1, 2, 3, kTol);
}

TEST(Frame, FromAFrameKeepsValuesAndCaches) {
  AFrame a{{1, 2, 3}, kS, 0, kS, 0};  // 90 about y: z -> x
  Frame f(a);
  EXPECT_EQ(f.to_aframe(), a);
  expect_vec(f.localtoglobalvec({0, 0, 1}), 1, 0, 0, kTol);
}

TEST(Frame, NormalizeCheckSmall) {
  Vec3 v{3, 0, 4};
  EXPECT_FALSE(retroanim::math::normalize_check_small(v));
  expect_vec(v, 0.6f, 0, 0.8f, kTol);
  Vec3 s{1e-4f, 1e-4f, 0};
  EXPECT_TRUE(retroanim::math::normalize_check_small(s));
  EXPECT_EQ(s, (Vec3{1e-4f, 1e-4f, 0}));
}

#include <random>

#include "retroanim/math/frame_batch.h"

