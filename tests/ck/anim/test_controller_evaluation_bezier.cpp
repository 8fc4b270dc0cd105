// ck/anim/controller_evaluation.cpp, Bezier controllers: expected values
// derived by hand (the arithmetic is in the comments) from the formulation of
// docs/FIDELITY.md (CK2_3D as transcribed, issue 31).
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
using math::Vec3;

// Bezier keys k0 (t 0, (0,0,0)), k1 (t 10, (10,0,0)), k2 (t 20, (10,10,0)) with
// the given in / out modes on each key.
std::vector<BezierPositionKey> bezier_keys(uint32_t out0, uint32_t in1, uint32_t out1, uint32_t in2) {
  std::vector<BezierPositionKey> k(3);
  k[0] = {0.0f, {0, 0, 0}, bezier_mode::kAutoSmooth | (out0 << 16), {}, {}};
  k[1] = {10.0f, {10, 0, 0}, in1 | (out1 << 16), {}, {}};
  k[2] = {20.0f, {10, 10, 0}, in2 | (bezier_mode::kAutoSmooth << 16), {}, {}};
  return k;
}

Vec3 bez(const std::vector<BezierPositionKey>& k, float t) {
  Vec3 v;
  EXPECT_TRUE(evaluate_bezier(std::span<const BezierPositionKey>(k), t, v));
  return v;
}

TEST(AnimBezier, SlowIsZeroTangent) {
  using namespace bezier_mode;
  auto k = bezier_keys(kSlow, kSlow, kSlow, kSlow);
  // Zero tangents: h2 at s = 0.25 is -2/64 + 3/16 = 0.15625 -> x = 1.5625.
  expect_vec(bez(k, 2.5f), {1.5625f, 0, 0}, 1e-6f, "slow");
  expect_vec(bez(k, 5.0f), {5, 0, 0}, 1e-6f, "slow mid");
}

TEST(AnimBezier, LinearIsStraightAndUniform) {
  using namespace bezier_mode;
  auto k = bezier_keys(kLinear, kLinear, kLinear, kLinear);
  // Both tangents P1 - P0 = (10,0,0): 10 (h2 + h3 + h4) = 10 s -> exactly linear.
  expect_vec(bez(k, 2.5f), {2.5f, 0, 0}, 1e-6f, "linear");
  expect_vec(bez(k, 17.5f), {10, 7.5f, 0}, 1e-6f, "linear 2");
}

TEST(AnimBezier, StepHoldsUntilTheNextKey) {
  using namespace bezier_mode;
  auto k = bezier_keys(kStep, kAutoSmooth, kAutoSmooth, kStep);
  expect_vec(bez(k, 9.99f), {0, 0, 0}, 0.0f, "step out of k0");
  expect_vec(bez(k, 10.0f), {10, 0, 0}, 0.0f, "key time hit");
  expect_vec(bez(k, 19.0f), {10, 0, 0}, 0.0f, "step into k2");
}

// The tangents are per-frame derivatives: a segment's inner points are P0 + Out0 h and
// P1 + In1 h with h = dt/3 (In pointing backward), in Bernstein form (FUN_1004efc5).
TEST(AnimBezier, FastIsTwiceTheChordOverDt) {
  using namespace bezier_mode;
  auto k = bezier_keys(kSlow, kSlow, kFast, kSlow);
  // out(k1) = 2 (P2 - P1) / 10 = (0,2,0), in(k2) = 0; h = 10/3: inner points (10, 6.667, 0), (10,10,0);
  //   u = 0.5: y = 0.375*6.667 + 0.375*10 + 0.125*10 = 7.5.
  expect_vec(bez(k, 15.0f), {10.0f, 7.5f, 0}, 1e-5f, "fast");
}

TEST(AnimBezier, AutoSmoothNextToSlowAndAtTheLastKey) {
  using namespace bezier_mode;
  auto k = bezier_keys(kSlow, kSlow, kAutoSmooth, kAutoSmooth);
  // out(k1): its in side is SLOW (0), so the smooth out side is minus it: 0.
  // in(k2), the last key: minus the backward parabola derivative through k0, k1, k2:
  //   ratio 0.5, In = -((0.5-1)/10 (10,0,0) + (2-0.5)/10 (0,10,0)) = (0.5, -1.5, 0).
  // Inner points (10,0,0) and (10,10,0) + (0.5,-1.5,0) 10/3 = (11.667, 5, 0); u = 0.5:
  //   x = 1.25 + 3.75 + 0.375*11.667 + 1.25 = 10.625, y = 0.375*5 + 0.125*10 = 3.125.
  expect_vec(bez(k, 15.0f), {10.625f, 3.125f, 0}, 1e-5f, "autosmooth");
}

TEST(AnimBezier, TangentsUseStoredVectors) {
  using namespace bezier_mode;
  auto k = bezier_keys(kTangents, kTangents, kSlow, kSlow);
  k[0].out_tangent = {0, 8, 0};
  k[1].in_tangent = {0, -8, 0};
  // Inner points (0, 80/3, 0) and (10, -80/3, 0): an S. u = 0.25: y = 27/64*80/3 - 9/64*80/3 = 7.5,
  // x = 9/64*10 + 1/64*10 = 1.5625; u = 0.5: (5, 0, 0).
  expect_vec(bez(k, 2.5f), {1.5625f, 7.5f, 0}, 1e-5f, "tangents");
  expect_vec(bez(k, 5.0f), {5, 0, 0}, 1e-5f, "tangents mid");
}

TEST(AnimBezier, ClampsAndHitsKeys) {
  using namespace bezier_mode;
  auto k = bezier_keys(kFast, kAutoSmooth, kTangents, kLinear);
  k[1].out_tangent = {3, 3, 3};
  for (const auto& key : k) expect_vec(bez(k, key.time), key.value, 0.0f, "key");
  expect_vec(bez(k, -1.0f), k[0].value, 0.0f, "before");
  expect_vec(bez(k, 100.0f), k[2].value, 0.0f, "after");
}

}  // namespace
