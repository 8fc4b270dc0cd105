// math/quat.h (slerp) and matrix.h's quaternion conversions: hand-computed
// checks of the VxMath-compatible core.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/math/hermite.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

using namespace retroanim::math;


TEST(Quat, ToMatrixRowConvention) {
  float h = std::sqrt(0.5f);
  // 90 degrees about Y: q = (0, sin45, 0, cos45). s = 2.
  Matrix r = quat_to_matrix({0, h, 0, h});
  // row0 = (1 - 2*0.5, 0, 2*(h*h)) = (0, 0, 1); row2 = (-1, 0, 0).
  EXPECT_NEAR(r.m[0][0], 0.0f, 1e-6);
  EXPECT_NEAR(r.m[0][2], 1.0f, 1e-6);
  EXPECT_NEAR(r.m[2][0], -1.0f, 1e-6);
  EXPECT_NEAR(r.m[1][1], 1.0f, 1e-6);
  // 90 degrees about Z: row0 = (1-2*0.5, 2*(0 - h*h), 0) = (0, -1, 0); row1 = (1, 0, 0).
  Matrix z = quat_to_matrix({0, 0, h, h});
  EXPECT_NEAR(z.m[0][1], -1.0f, 1e-6);
  EXPECT_NEAR(z.m[1][0], 1.0f, 1e-6);
  // A non-unit quaternion is normalised by s = 2/|q|²: (0,0,0,2) is the identity.
  EXPECT_EQ(quat_to_matrix({0, 0, 0, 2}), Matrix{});
  EXPECT_EQ(quat_to_matrix({0, 0, 0, 0}), Matrix{});
}

TEST(Quat, FromMatrixInvertsToMatrix) {
  const Quat qs[] = {{0, 0, 0, 1}, {0.1826f, 0.3651f, 0.5477f, 0.7303f}, {0.9f, -0.1f, 0.3f, 0.2f},
                     {0.1f, 0.95f, -0.2f, 0.1f}, {-0.1f, 0.2f, 0.9f, 0.05f}};
  for (Quat q : qs) {
    q = normalize(q);
    Quat back = quat_from_matrix(quat_to_matrix(q));
    if (dot(back, q) < 0) back = {-back.x, -back.y, -back.z, -back.w};
    EXPECT_NEAR(back.x, q.x, 1e-5);
    EXPECT_NEAR(back.y, q.y, 1e-5);
    EXPECT_NEAR(back.z, q.z, 1e-5);
    EXPECT_NEAR(back.w, q.w, 1e-5);
  }
}

TEST(Quat, SlerpHalfwayBetweenIdentityAndQuarterTurn) {
  float h = std::sqrt(0.5f);
  // d = cos45; theta = pi/4; k0 = k1 = sin(pi/8)/sin(pi/4) = 0.5411961.
  Quat r = slerp(0.5f, {0, 0, 0, 1}, {0, 0, h, h});
  EXPECT_NEAR(r.z, 0.3826834f, 1e-6);
  EXPECT_NEAR(r.w, 0.9238795f, 1e-6);
  EXPECT_EQ(r.x, 0.0f);
}

TEST(Quat, SlerpTakesShortArcAndIsNotNormalised) {
  // Negative dot: q1 weight negated. Close quaternions (1-|d| <= 0.01) lerp.
  Quat q0{0, 0, 0, 1}, q1{0, 0, -0.05f, -0.998749f};
  Quat r = slerp(0.5f, q0, q1);
  // k0 = 0.5, k1 = -0.5: (0, 0, 0.025, 0.5 + 0.4993745)
  EXPECT_FLOAT_EQ(r.z, 0.025f);
  EXPECT_FLOAT_EQ(r.w, 0.5f + 0.5f * 0.998749f);
  EXPECT_LT(std::sqrt(dot(r, r)), 1.0f);  // not renormalised
  // Ends.
  EXPECT_EQ(slerp(0.0f, q0, {0, 1, 0, 0}), q0);
}

