// Issue 31: the keyframe controllers as the CK2_3D transcriptions evaluate
// them (docs/FIDELITY.md, "Object animations"), on the inputs the issue
// names. Expected values are derived by hand in the comments.
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
using math::Quat;
using math::Vec3;

constexpr uint32_t both(uint32_t mode) { return mode | (mode << bezier_mode::kOutShift); }

BezierPositionKey bezier_key(float time, float x, uint32_t flags) {
  BezierPositionKey k;
  k.time = time;
  k.value = {x, 0, 0};
  k.flags = flags;
  return k;
}

float bezier_x(const std::vector<BezierPositionKey>& keys, float t) {
  Vec3 v;
  EXPECT_TRUE(evaluate_bezier(std::span<const BezierPositionKey>(keys), t, v));
  return v.x;
}

// Point 1 (FUN_1004efc5, 0x1004E300 / 0x1004ED59).
TEST(Ck2_3dBezier, DefaultAutoSmoothTwoKeysIsTheStraightLine) {
  // Key 0's out side: the forward end derivative, chord / dt = 1 per frame; key 1's in side:
  // minus the backward one, -1. Inner points 0 + 1/3 and 1 - 1/3: the cubic is the line, 0.25.
  std::vector<BezierPositionKey> k{bezier_key(0, 0, both(bezier_mode::kAutoSmooth)),
                                   bezier_key(1, 1, both(bezier_mode::kAutoSmooth))};
  EXPECT_NEAR(bezier_x(k, 0.25f), 0.25f, 1e-6f);  // retroanim before issue 31: 0.203
  // The default key flags are AUTOSMOOTH on both sides.
  std::vector<BezierPositionKey> d(2);
  d[1].time = 1;
  d[1].value = {1, 0, 0};
  EXPECT_NEAR(bezier_x(d, 0.25f), 0.25f, 1e-6f);
}

TEST(Ck2_3dBezier, TangentsArePerFrameDerivativesWithInPointingBackward) {
  // Out (1,0,0) and In (-1,0,0) over dt = 10: inner points 10/3 and 10 - 10/3, the line: 2.5.
  std::vector<BezierPositionKey> k{bezier_key(0, 0, both(bezier_mode::kTangents)),
                                   bezier_key(10, 10, both(bezier_mode::kTangents))};
  k[0].out_tangent = {1, 0, 0};
  k[1].in_tangent = {-1, 0, 0};
  EXPECT_NEAR(bezier_x(k, 2.5f), 2.5f, 1e-5f);  // before: 1.75
}

TEST(Ck2_3dBezier, FastIsTwiceTheOneSidedChordOverDt) {
  // Out(k0) = 2 (10 - 0) / 10 = 2, In(k1) = 2 (0 - 10) / 10 = -2; h = 10/3: P1 = 20/3, P2 = 10/3;
  // u = 0.25: 27/64 * 20/3 + 9/64 * 10/3 + 1/64 * 10 = 2.8125 + 0.46875 + 0.15625 = 3.4375.
  std::vector<BezierPositionKey> k{bezier_key(0, 0, both(bezier_mode::kFast)), bezier_key(10, 10, both(bezier_mode::kFast)),
                                   bezier_key(20, 20, both(bezier_mode::kFast))};
  EXPECT_NEAR(bezier_x(k, 2.5f), 3.4375f, 1e-5f);  // before: 2.5
}

TEST(Ck2_3dBezier, LinearIsTheChordOnlyNextToALinearSide) {
  using namespace bezier_mode;
  // Keys 0, 10, 40 at 0, 10, 20. Key 1's out side LINEAR with key 2's in side LINEAR: the chord
  // over dt, 3 per frame; the segment (1, 2) is then straight at constant speed (key 2's In -3).
  std::vector<BezierPositionKey> k{bezier_key(0, 0, both(kLinear)), bezier_key(10, 10, both(kLinear)),
                                   bezier_key(20, 40, both(kLinear))};
  EXPECT_NEAR(bezier_x(k, 15.0f), 25.0f, 1e-4f);
  // Key 2's in side AUTOSMOOTH instead: key 1's Out is the parabola derivative at key 1
  // through keys 1, 2 (and 3 missing: the chord over dt, 3), the same 3 here; key 2 (last key)
  // smooth in side: minus the backward parabola derivative through 0, 10, 40 at t = 20:
  //   ratio = 10/20 = 0.5, In = -((0.5-1)/10 * 10 + (2-0.5)/10 * 30) = -(-0.5 + 4.5) = -4.
  // u = 0.5: P1 = 10 + 3*10/3 = 20, P2 = 40 - 4*10/3 = 26.667:
  //   0.125*10 + 0.375*20 + 0.375*26.667 + 0.125*40 = 1.25 + 7.5 + 10 + 5 = 23.75.
  k[2].flags = kLinear << kOutShift | kAutoSmooth;
  EXPECT_NEAR(bezier_x(k, 15.0f), 23.75f, 1e-4f);
}

TEST(Ck2_3dBezier, ModesAreComparedWithEquality) {
  using namespace bezier_mode;
  // In-mode 0x21 (TANGENTS | AUTOSMOOTH) is no mode: the stored In is used as it is.
  std::vector<BezierPositionKey> k{bezier_key(0, 0, both(kSlow)), bezier_key(10, 10, kTangents | kAutoSmooth)};
  k[1].in_tangent = {-3, 0, 0};
  // u = 0.5: P1 = 0, P2 = 10 - 10 = 0: 0.125*0 + 0.375*0 + 0.375*0 + 0.125*10 = 1.25.
  EXPECT_NEAR(bezier_x(k, 5.0f), 1.25f, 1e-5f);
}

// Point 2 (0x10050BA1 - 0x10050F98, 0x10050AB1).
std::vector<TcbPositionKey> tcb_line(std::initializer_list<float> xs) {
  std::vector<TcbPositionKey> k;
  float t = 0;
  for (float x : xs) k.push_back({t++, {x, 0, 0}});
  return k;
}

float tcb_x(const std::vector<TcbPositionKey>& keys, float t) {
  Vec3 v;
  EXPECT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(keys), t, v));
  return v.x;
}

TEST(Ck2_3dTcb, EndKeysFollowThe3dsRuleWithThreeOrMoreKeys) {
  // x = 0, 1, 2: in1 = out1 = 1; in2 = (3 (2 - 1) + in1) / 2 = 2 (the asymmetric last-key rule);
  // segment (1, 2) at u = 0.5: 0.5 + 0.125 + 1 - 0.25 = 1.375.
  EXPECT_NEAR(tcb_x(tcb_line({0, 1, 2}), 1.5f), 1.375f, 1e-6f);  // before: 1.5
  // x = 0, 1, 3: in1 = 0.5 + 1 = 1.5; out0 = (3 - 1.5) / 2 = 0.75;
  // u = 0.5: 0.125 * 0.75 + 0.5 - 0.125 * 1.5 = 0.40625.
  EXPECT_NEAR(tcb_x(tcb_line({0, 1, 3}), 0.5f), 0.40625f, 1e-6f);  // before: 0.4375
}

TEST(Ck2_3dTcb, TwoKeysUseOneMinusTensionTimesTheChord) {
  auto k = tcb_line({0, 4});
  k[0].tension = 0.5f;   // out0 = 2
  k[1].tension = -1.0f;  // in1 = 8
  k[0].continuity = 0.7f;  // C and B are not used with two keys
  k[1].bias = -0.3f;
  // u = 0.5: 0.5*0 + 0.5*4 + 0.125*2 - 0.125*8 = 1.25.
  EXPECT_NEAR(tcb_x(k, 0.5f), 1.25f, 1e-6f);
}

TEST(Ck2_3dTcb, EaseEdgeCases) {
  // u = 0 and 1 are returned as they are, whatever the eases.
  EXPECT_EQ(tcb_ease(0.0f, 0.3f, 0.4f), 0.0f);
  EXPECT_EQ(tcb_ease(1.0f, 0.3f, 0.4f), 1.0f);
  EXPECT_EQ(tcb_ease(0.3f, 0.0f, 0.0f), 0.3f);
  // u = 1 - ease_to takes the closing quadratic (the linear part is u < 1 - ease_to):
  // ease_to 0.25, u 0.75: k = 1/1.75; 1 - (k / 0.25) * 0.25^2, in float in this order.
  const float k = 1.0f / (2.0f - 0.0f - 0.25f);
  EXPECT_EQ(tcb_ease(0.75f, 0.0f, 0.25f), 1.0f - (k / 0.25f) * 0.25f * 0.25f);
  // A sum above 1 is scaled by its inverse: 0.8, 0.8 -> 0.5, 0.5, k = 1; u = 0.25: 2 u^2 = 0.125.
  EXPECT_FLOAT_EQ(tcb_ease(0.25f, 0.8f, 0.8f), 0.125f);
  // Negative eases are used as they are: ease_from -0.5 gives k = 1/2.5 and the linear part from
  // u = 0 on: (2 * 0.25 + 0.5) * 0.4 = 0.4 (before issue 31 a negative ease counted as 0: 0.25).
  EXPECT_FLOAT_EQ(tcb_ease(0.25f, -0.5f, 0.0f), 0.4f);
  // Eases that cancel (sum 0): u.
  EXPECT_EQ(tcb_ease(0.6f, 0.5f, -0.5f), 0.6f);
}

// Point 3 (0x10051040 and VxMath Squad / Slerp).
Quat about_z(float degrees) {
  const float h = degrees * std::numbers::pi_v<float> / 360.0f;
  return {0, 0, std::sin(h), std::cos(h)};
}

TEST(Ck2_3dTcb, RotationSlerpsTakeTheShorterArc) {
  // Keys 0, 10, 170, 200 degrees about Z at t = 0..3. Segment (1, 2) at u = 0.5: half angles
  // q1 5, q2 85, control a = 5 - 18.75 = -13.75, b = 85 + 16.25 = 101.25; Slerp(a, b) takes the
  // shorter arc (b flipped to -78.75): -46.25; Slerp(q1, q2): 45; the outer Slerp flips again:
  // half angle (45 + 133.75) / 2 = 89.375, a rotation of 178.75 degrees (88.75 without the flips).
  std::vector<TcbRotationKey> k;
  const float deg[] = {0, 10, 170, 200};
  for (int i = 0; i < 4; ++i) k.push_back({static_cast<float>(i), about_z(deg[i])});
  Quat q;
  ASSERT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(k), 1.5f, q));
  EXPECT_NEAR(q.x, 0.0f, 1e-7f);
  EXPECT_NEAR(q.y, 0.0f, 1e-7f);
  const double angle = 2.0 * std::atan2(q.z, q.w) * 180.0 / std::numbers::pi;
  EXPECT_NEAR(angle, 178.75, 1e-3);
}

}  // namespace
