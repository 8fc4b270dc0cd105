// ck/anim/controllers.cpp: key-block decoding (spec 5.2): linear, TCB and
// Bezier blocks, bare base ids, unknown types skipped, short blocks refused
// with their context. Expected values are derived by hand.
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
using math::Vec3;

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

TEST(ControllerDecode, LinearPositionBlock) {
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

TEST(ControllerDecode, BareBaseIdsAreLinear) {
  KeyframeData data;
  std::vector<uint32_t> block{1, bits(0), bits(0), bits(0), bits(0), bits(1)};
  ASSERT_EQ(decode_controller(data, controller_type::kRotationBase, block), block.size());
  ASSERT_TRUE(data.rotation);
  EXPECT_EQ(data.rotation->interpolation(), Interpolation::kLinear);
}

TEST(ControllerDecode, TcbRotationBlockAndScaleSlot) {
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

TEST(ControllerDecode, BezierKeysHaveVariableSize) {
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

TEST(ControllerDecode, UnknownTypeIsSkipped) {
  KeyframeData data;
  std::vector<uint32_t> block{0};
  EXPECT_EQ(decode_controller(data, 0x12345678, block), 0u);
  EXPECT_FALSE(data.position || data.rotation || data.scale || data.scale_axis || data.morph);
}

TEST(ControllerDecode, ShortBlocksThrowWithContext) {
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
