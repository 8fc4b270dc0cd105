// math/vec3.h: hand-computed checks of the VxMath-compatible core.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/math/hermite.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

using namespace retroanim::math;


TEST(Vec3, DotCrossMagnitudeNormalize) {
  Vec3 a{1, 2, 3}, b{4, -5, 6};
  EXPECT_FLOAT_EQ(dot(a, b), 4 - 10 + 18);
  Vec3 c = cross(a, b);  // (2*6-3*-5, 3*4-1*6, 1*-5-2*4)
  EXPECT_EQ(c, Vec3(27, 6, -13));
  EXPECT_FLOAT_EQ(magnitude(Vec3{3, 4, 12}), 13.0f);
  Vec3 n = normalize(Vec3{0, 0, -2});
  EXPECT_EQ(n, Vec3(0, 0, -1));
  EXPECT_EQ(normalize(Vec3{}), Vec3{});  // zero stays zero
}

