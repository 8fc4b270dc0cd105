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

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

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

TEST(AnimDecode, LinearPositionBlock) {
  KeyframeData data;
  data.length = 100.0f;
  std::vector<uint32_t> block{2, bits(0), bits(1), bits(2), bits(3), bits(10), bits(4), bits(5), bits(6)};
  ASSERT_EQ(decode_controller(data, controller_type::kLinearPosition, block), block.size());
  ASSERT_TRUE(data.position);
  EXPECT_EQ(data.position->type, controller_type::kLinearPosition);
  EXPECT_EQ(data.position->length, 100.0f);
  ASSERT_EQ(data.position->key_count(), 2u);
  const auto& keys = std::get<std::vector<PositionKey>>(data.position->keys);
  EXPECT_EQ(keys[1].time, 10.0f);
  EXPECT_EQ(keys[1].value, (Vec3{4, 5, 6}));
}

TEST(AnimDecode, BareBaseIdsAreLinear) {
  KeyframeData data;
  std::vector<uint32_t> block{1, bits(0), bits(0), bits(0), bits(0), bits(1)};
  ASSERT_EQ(decode_controller(data, controller_type::kRotationBase, block), block.size());
  ASSERT_TRUE(data.rotation);
  EXPECT_EQ(data.rotation->interpolation(), Interpolation::kLinear);
}

TEST(AnimDecode, TcbRotationBlockAndScaleSlot) {
  KeyframeData data;
  std::vector<uint32_t> block{1, bits(3), bits(0), bits(0), bits(0), bits(1),
                              bits(0.5f), bits(0.25f), bits(-0.5f), bits(0.1f), bits(0.2f)};
  ASSERT_EQ(decode_controller(data, controller_type::kTcbRotation, block), block.size());
  const auto& k = std::get<std::vector<TcbRotationKey>>(data.rotation->keys)[0];
  EXPECT_EQ(k.time, 3.0f);
  EXPECT_EQ(k.tension, 0.5f);
  EXPECT_EQ(k.continuity, 0.25f);
  EXPECT_EQ(k.bias, -0.5f);
  EXPECT_EQ(k.ease_to, 0.1f);
  EXPECT_EQ(k.ease_from, 0.2f);
  std::vector<uint32_t> scale{1, bits(0), bits(1), bits(2), bits(3)};
  decode_controller(data, controller_type::kLinearScale, scale);
  ASSERT_TRUE(data.scale);
  EXPECT_FALSE(data.position);
}

TEST(AnimDecode, BezierKeysHaveVariableSize) {
  KeyframeData data;
  uint32_t in_tan_only = bezier_mode::kTangents | (bezier_mode::kSlow << 16);
  uint32_t both = bezier_mode::kTangents | (bezier_mode::kTangents << 16);
  std::vector<uint32_t> block{2,
                              bits(0), bits(1), bits(2), bits(3), in_tan_only, bits(7), bits(8), bits(9),
                              bits(5), bits(0), bits(0), bits(0), both, bits(1), bits(1), bits(1), bits(2), bits(2), bits(2)};
  ASSERT_EQ(decode_controller(data, controller_type::kBezierPosition, block), block.size());
  const auto& keys = std::get<std::vector<BezierPositionKey>>(data.position->keys);
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0].in_tangent, (Vec3{7, 8, 9}));
  EXPECT_EQ(keys[0].out_tangent, (Vec3{0, 0, 0}));
  EXPECT_EQ(keys[0].out_mode(), bezier_mode::kSlow);
  EXPECT_EQ(keys[1].time, 5.0f);
  EXPECT_EQ(keys[1].out_tangent, (Vec3{2, 2, 2}));
}

TEST(AnimDecode, UnknownTypeIsSkipped) {
  KeyframeData data;
  std::vector<uint32_t> block{0};
  EXPECT_EQ(decode_controller(data, 0x12345678, block), 0u);
  EXPECT_FALSE(data.position || data.rotation || data.scale || data.scale_axis || data.morph);
}

TEST(AnimDecode, ShortBlocksThrowWithContext) {
  KeyframeData data;
  std::vector<uint32_t> huge{0xFFFFFFFFu, 0, 0, 0};
  try {
    decode_controller(data, controller_type::kLinearPosition, huge, {"f.nmo", "Anim", 100});
    FAIL() << "no throw";
  } catch (const Error& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("f.nmo: Anim: at byte 104"), std::string::npos) << m;
  }
  std::vector<uint32_t> empty;
  EXPECT_THROW(decode_controller(data, controller_type::kTcbRotation, empty), Error);
  // A Bezier key announcing an out tangent that is not there.
  std::vector<uint32_t> cut{1, bits(0), bits(0), bits(0), bits(0), bezier_mode::kTangents << 16, bits(1)};
  EXPECT_THROW(decode_controller(data, controller_type::kBezierPosition, cut), Error);
  EXPECT_FALSE(data.position);
}

}  // namespace
