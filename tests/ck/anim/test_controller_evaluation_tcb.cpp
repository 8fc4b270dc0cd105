// TCB and Bezier controllers: expected values derived by hand (the arithmetic
// is in the comments) from the formulation of docs/FIDELITY.md (CK2_3D as
// transcribed, issue 31).
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/math/matrix.h"
#include "support/math_expect.h"

using retroanim::test::expect_vec;

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using math::Quat;
using math::Vec3;

// Keys: k0 (t 0, (0,0,0), ease_from 0.5), k1 (t 10, (10,0,0), T 0.5, C 0.25,
// B -0.5, ease_to 0.5), k2 (t 30, (10,20,0)).
std::vector<TcbPositionKey> tcb_keys() {
  std::vector<TcbPositionKey> k(3);
  k[0] = {0.0f, {0, 0, 0}, 0, 0, 0, 0, 0.5f};
  k[1] = {10.0f, {10, 0, 0}, 0.5f, 0.25f, -0.5f, 0.5f, 0};
  k[2] = {30.0f, {10, 20, 0}, 0, 0, 0, 0, 0};
  return k;
}

TEST(AnimTcb, EaseCurve) {
  EXPECT_EQ(tcb_ease(0.3f, 0.0f, 0.0f), 0.3f);
  // a = b = 0.5: half top speed k = 1/(2-1) = 1; u = 0.25 < a: k/a u^2 = 2 * 0.0625.
  EXPECT_FLOAT_EQ(tcb_ease(0.25f, 0.5f, 0.5f), 0.125f);
  // u = 0.75 > 1-b: 1 - k/b (1-u)^2 = 1 - 2 * 0.0625.
  EXPECT_FLOAT_EQ(tcb_ease(0.75f, 0.5f, 0.5f), 0.875f);
  // a = 0.2, b = 0: k = 1/1.8; u = 0.6 in the linear part: k (2u - a) = 1/1.8 = 0.5555...
  EXPECT_FLOAT_EQ(tcb_ease(0.6f, 0.2f, 0.0f), 1.0f / 1.8f);
  // The ends stay put; a sum above 1 is scaled down (0.8, 0.8 -> 0.5, 0.5).
  EXPECT_FLOAT_EQ(tcb_ease(1.0f, 0.8f, 0.8f), 1.0f);
  EXPECT_FLOAT_EQ(tcb_ease(0.25f, 0.8f, 0.8f), 0.125f);
}

TEST(AnimTcb, PositionWithTcbAndEases) {
  auto k = tcb_keys();
  Vec3 v;
  // t = 2.5 on (k0, k1): u = 0.25, eased with k0.ease_from = 0.5, k1.ease_to = 0.5: k = 1, 2 u^2 = 0.125.
  // in(k1): time weights 10 * 2/30 = 2/3 and 20 * 2/30 = 4/3, toward 1 by |C| = 0.25: 0.75, 1.25;
  //   (1-T)/2 = 0.25, 1-C = 0.75, 1+C = 1.25, 1-B = 1.5, 1+B = 0.5:
  //   in = 0.25*0.75*0.5*0.75 (10,0,0) + 0.25*1.25*1.5*0.75 (0,20,0) = (0.703125, 7.03125, 0).
  // out(k0), first of three keys: (3 (P1 - P0) - in1) (1 - T0)/2 = ((30,0,0) - in1) / 2
  //   = (14.6484375, -3.515625, 0).
  // Hermite at s = 0.125: h2 = 0.04296875, h3 = 0.095703125, h4 = -0.013671875:
  //   x = 10 h2 + 14.6484375 h3 + 0.703125 h4 = 1.8219757080078125, y = -3.515625 h3 + 7.03125 h4 = -0.432586669921875.
  ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(k), 2.5f, v));
  expect_vec(v, {1.8219757080078125f, -0.432586669921875f, 0.0f}, 1e-6f, "t=2.5");
  // t = 20 on (k1, k2): u = 0.5, no ease (k1.ease_from = k2.ease_to = 0).
  // out(k1) = 0.25*1.25*0.5*1.25 (10,0,0) + 0.25*0.75*1.5*1.25 (0,20,0) = (1.953125, 7.03125, 0).
  // in(k2), the last key: (3 (P1 - P2) - in1) (-(1 - T2)/2) = ((0,-60,0) - in1) (-0.5) = (0.3515625, 33.515625, 0).
  // s = 0.5: h1 = h2 = 0.5, h3 = 0.125, h4 = -0.125:
  //   x = 5 + 5 + 1.953125*0.125 - 0.3515625*0.125 = 10.2001953125, y = 10 + 7.03125*0.125 - 33.515625*0.125 = 6.689453125.
  ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(k), 20.0f, v));
  expect_vec(v, {10.2001953125f, 6.689453125f, 0.0f}, 1e-5f, "t=20");
}

TEST(AnimTcb, PositionHitsKeysAndClamps) {
  auto k = tcb_keys();
  Vec3 v;
  for (const auto& key : k) {
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(k), key.time, v));
    EXPECT_EQ(v, key.value);
  }
  ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(k), -3.0f, v));
  EXPECT_EQ(v, k[0].value);
  ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(k), 99.0f, v));
  EXPECT_EQ(v, k[2].value);
  EXPECT_FALSE(evaluate_tcb(std::span<const TcbPositionKey>{}, 1.0f, v));
}

TEST(AnimTcb, RotationWithZeroTcbIsEasedSquad) {
  // q0 = identity, q1 = 90 degrees about Z (half angle pi/4). g = log(q0^-1 q1) = (0,0,pi/4).
  // Both keys are ends of the open track: the missing log difference copies the existing one,
  // so with zero T/C/B out(k0) = g and in(k1) = g, and the controls are the keys themselves:
  // a = q0 exp((g - g)/2) = q0, b = q1 exp((g - g)/2) = q1. At u = 0.25:
  //   p = q = slerp(0.25, q0, q1): half angle pi/16 (trig branch, d = cos(pi/4));
  //   outer slerp(2u(1-u) = 0.375, p, p): the spec's linear branch, 0.625 p + 0.375 p = p.
  const float pi = std::numbers::pi_v<float>;
  float s = std::sqrt(0.5f);
  std::vector<TcbRotationKey> k(2);
  k[0] = {0.0f, {0, 0, 0, 1}, 0, 0, 0, 0, 0};
  k[1] = {4.0f, {0, 0, s, s}, 0, 0, 0, 0, 0};
  Quat q;
  ASSERT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(k), 1.0f, q));
  float z = std::sin(pi / 16);
  float w = std::cos(pi / 16);
  EXPECT_NEAR(q.x, 0.0f, 1e-7f);
  EXPECT_NEAR(q.y, 0.0f, 1e-7f);
  EXPECT_NEAR(q.z, z, 2e-6f);
  EXPECT_NEAR(q.w, w, 2e-6f);
}

// Rotation matrices equal within tol (a quaternion and its negation are the same rotation).
void expect_same_rotation(Quat a, Quat b, float tol) {
  math::Matrix ma = math::quat_to_matrix(a), mb = math::quat_to_matrix(b);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(ma[r][c], mb[r][c], tol) << r << "," << c;
}

TEST(AnimTcb, RotationPassesThroughEveryKey) {
  // Shaped like PE_UFO_Arm_A_03: keys at 0, 35, 59, 70, 75, 100, T/C/B/ease all 0.
  std::vector<float> times{0, 35, 59, 70, 75, 100};
  std::vector<TcbRotationKey> k;
  for (size_t i = 0; i < times.size(); ++i) {
    float half = 0.3f * static_cast<float>(i) * (i % 2 ? 1.0f : -0.7f);
    Vec3 axis = math::normalize(Vec3{1.0f, 0.5f * static_cast<float>(i), 0.2f});
    k.push_back({times[i], {axis.x * std::sin(half), axis.y * std::sin(half), axis.z * std::sin(half), std::cos(half)}});
  }
  std::span<const TcbRotationKey> keys(k);
  Quat q;
  for (const auto& key : k) {
    ASSERT_TRUE(evaluate_tcb(keys, key.time, q));
    expect_same_rotation(q, key.value, 1e-6f);
  }
  // Not checked here: continuity. VxMath's Squad flips to the shorter arc in each of its three
  // slerps, so a segment whose control points lie on opposite sides jumps, as the engine's does
  // (docs/FIDELITY.md); the UFO arms have no such segment (AnimFiles.UfoArmsSampleContinuously...).
}

TEST(AnimTcb, ZeroQuaternionsStayFinite) {
  std::vector<TcbRotationKey> k(3);
  k[0] = {0.0f, {0, 0, 0, 0}};
  k[1] = {1.0f, {0, 0, 0, 0}};
  k[2] = {2.0f, {0, 0, 1, 0}};
  for (float t = 0.0f; t <= 2.0f; t += 0.125f) {
    Quat q;
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(k), t, q));
    EXPECT_TRUE(std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w)) << t;
    EXPECT_TRUE(math::is_finite(math::quat_to_matrix(q)));
  }
}

TEST(AnimTcb, EqualAndDecreasingTimesStayFinite) {
  auto k = tcb_keys();
  k[1].time = 0.0f;  // equal to k0
  Vec3 v;
  for (float t = -1.0f; t <= 31.0f; t += 0.5f) {
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(k), t, v));
    EXPECT_TRUE(math::is_finite(v)) << t;
  }
  k[1].time = 40.0f;  // decreasing after it
  for (float t = -1.0f; t <= 41.0f; t += 0.5f) {
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(k), t, v));
    EXPECT_TRUE(math::is_finite(v)) << t;
  }
}

}  // namespace
