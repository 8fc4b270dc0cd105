// math/float_trig.h: the Virtools code's float trigonometry is the double
// function rounded to float (Visual C++ 6's float forms), the same bits on
// every C library whose double functions agree; the arguments below are ones
// where glibc's own acosf / sinf give the neighbouring float (the exact values
// from a 200-bit evaluation: the rounded double is the nearer float there).
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/math/float_trig.h"
#include "retroanim/math/quat.h"

using namespace retroanim::math;

TEST(FloatTrig, AcosIsTheRoundedDouble) {
  // acos(0x1.00b326p-1) = 1.0456185929...: 0x1.0bada8p+0 is 5.9e-8 away,
  // 0x1.0badaap+0 (glibc's acosf) 6.0e-8.
  EXPECT_EQ(acos_f(0x1.00b326p-1f), 0x1.0bada8p+0f);
  EXPECT_EQ(acos_f(0x1.00da18p-1f), 0x1.0b9726p+0f);
}

TEST(FloatTrig, SinIsTheRoundedDouble) {
  // sin(0x1.004d6cp-1) = 0.4799438271...: 0x1.eb7666p-2 is 1.45e-8 away,
  // 0x1.eb7664p-2 (glibc's sinf) 1.53e-8.
  EXPECT_EQ(sin_f(0x1.004d6cp-1f), 0x1.eb7666p-2f);
  EXPECT_EQ(sin_f(0x1.00931ap-1f), 0x1.ebf0a4p-2f);
}

TEST(FloatTrig, EachIsItsDoubleFunctionRounded) {
  for (float x = -1.0f; x <= 1.0f; x += 0.0625f) {
    EXPECT_EQ(acos_f(x), static_cast<float>(std::acos(static_cast<double>(x)))) << x;
    EXPECT_EQ(asin_f(x), static_cast<float>(std::asin(static_cast<double>(x)))) << x;
    EXPECT_EQ(sin_f(3.0f * x), static_cast<float>(std::sin(3.0 * static_cast<double>(x)))) << x;
    EXPECT_EQ(cos_f(3.0f * x), static_cast<float>(std::cos(3.0 * static_cast<double>(x)))) << x;
    EXPECT_EQ(atan2_f(x, 0.5f), static_cast<float>(std::atan2(static_cast<double>(x), 0.5))) << x;
  }
}

TEST(FloatTrig, SlerpsNonLinearBranchUsesIt) {
  // Keys 60 degrees apart about Z: theta = acos_f(d), the weights from sin_f.
  const Quat q0{0, 0, 0, 1};
  const Quat q1{0, 0, 0.5f, 0x1.bb67aep-1f};  // (sin 30, cos 30)
  const float t = 0.3f;
  const float d = q1.w;
  const float theta = acos_f(d), st = sin_f(theta);
  const float k0 = sin_f((1.0f - t) * theta) / st, k1 = sin_f(t * theta) / st;
  const Quat r = slerp(t, q0, q1);
  EXPECT_EQ(r.z, k1 * q1.z);
  EXPECT_EQ(r.w, k0 * q0.w + k1 * q1.w);
}
