// ck/anim/curve2d.cpp (issue 31): CK2dCurve::GetY searches with the
// transcription's lagging bracket. Expected values are derived by hand.
#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/scene/entity.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;

// Point 5 (CK2dCurve::GetY 0x24001b36).
TEST(Ck2_3dCurve2d, GetYBracketLagsOneStep) {
  // (0,0), (1,1) with tension 1: zero tangents, x(s) = y(s) = 3s^2 - 2s^3. The linear estimate
  // s = 0.3 gives x = 0.216 < 0.3, so the bracket's low end moves to the new midpoint 0.5, past
  // the root (s = 0.3575); every later step stays above it and the search ends after 1000 steps
  // next to s = 0.5: y = 0.5 (a converging bisection would give 0.3).
  Curve2dPoint a, b;
  a.pos = {0, 0};
  b.pos = {1, 1};
  a.tension = b.tension = 1.0f;
  Curve2d curve({a, b});
  EXPECT_NEAR(curve.get_y(0.3f), 0.5f, 1e-5f);
  // The linear estimate within 1e-5 ends the search at once: x = 0.5 is solved at s = 0.5.
  EXPECT_NEAR(curve.get_y(0.5f), 0.5f, 1e-6f);
  // Past the last point: 0.
  Curve2dPoint c;
  c.pos = {0.8f, 1};
  Curve2d short_curve({a, c});
  EXPECT_EQ(short_curve.get_y(0.9f), 0.0f);
}

}  // namespace
