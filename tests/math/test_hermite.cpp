// math/hermite.h: the Hermite basis, hand-computed.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/math/hermite.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

using namespace retroanim::math;


TEST(Hermite, BasisAtHalfAndEnds) {
  HermiteWeights w = hermite_weights(0.5f);
  EXPECT_FLOAT_EQ(w.h1, 0.5f);
  EXPECT_FLOAT_EQ(w.h2, 0.5f);
  EXPECT_FLOAT_EQ(w.h3, 0.125f);
  EXPECT_FLOAT_EQ(w.h4, -0.125f);
  Vec3 p0{0, 0, 0}, p1{1, 0, 0}, t0{0, 1, 0}, t1{0, -1, 0};
  EXPECT_EQ(hermite(p0, t0, p1, t1, 0.0f), p0);
  EXPECT_EQ(hermite(p0, t0, p1, t1, 1.0f), p1);
  EXPECT_EQ(hermite(p0, t0, p1, t1, 0.5f), Vec3(0.5f, 0.25f, 0));
}

