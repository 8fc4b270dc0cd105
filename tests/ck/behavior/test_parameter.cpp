// ck/behavior/parameter.cpp: parameter values (CKParameter's bytes, objects,
// strings, 2D curves), GetValue, the push of CKParameterOut to its
// destinations, and CKParameterIn::GetRealSource.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>

#include "retroanim/ck/anim/curve2d.h"
#include "retroanim/ck/behavior/parameter.h"

namespace {

using namespace retroanim::ck;
using retroanim::Status;
using retroanim::StatusCode;

TEST(Parameter, ValueKindOfTheTypeGuids) {
  EXPECT_EQ(value_kind_of(param_guid::kFloat), ValueKind::kBytes);
  EXPECT_EQ(value_kind_of(param_guid::kVector), ValueKind::kBytes);
  EXPECT_EQ(value_kind_of(param_guid::kString), ValueKind::kString);
  EXPECT_EQ(value_kind_of(param_guid::k2dCurve), ValueKind::kCurve2d);
  EXPECT_EQ(value_kind_of(param_guid::k3dEntity), ValueKind::kObject);
  EXPECT_EQ(value_kind_of(param_guid::kDataArray), ValueKind::kObject);
  EXPECT_EQ(value_kind_of(Guid{1, 2}), ValueKind::kBytes);  // an unknown type holds bytes
}

TEST(Parameter, TypeNamesAndTheGuidOfAnUnknownType) {
  EXPECT_EQ(param_type_name(param_guid::kFloat), "Float");
  EXPECT_EQ(param_type_name(param_guid::kInt), "Integer");
  EXPECT_EQ(param_type_name(param_guid::k2dCurve), "2D Curve");
  EXPECT_EQ(param_type_name(param_guid::kTargetCamera), "Target Camera");
  EXPECT_EQ(param_type_name(param_guid::kDataArray), "Array");
  EXPECT_EQ(param_type_name(Guid{0x1Au, 0xABCDEF01u}), "0000001a:abcdef01");
}

TEST(Parameter, BytesAreKeptUpToSixteenAndTheRestZeroed) {
  ParameterValue v;
  EXPECT_EQ(v.size(), 0u);
  uint8_t twenty[20];
  for (int i = 0; i < 20; ++i) twenty[i] = static_cast<uint8_t>(i + 1);
  v.set_bytes(twenty, sizeof twenty);
  EXPECT_EQ(v.kind(), ValueKind::kBytes);
  ASSERT_EQ(v.size(), 16u);
  EXPECT_EQ(std::memcmp(v.data(), twenty, 16), 0);
  v.set_bytes(twenty, 2);  // a shorter value clears what the longer one left
  EXPECT_EQ(v.size(), 2u);
  for (int i = 2; i < 16; ++i) EXPECT_EQ(v.data()[i], 0) << i;
  v.set_bytes(nullptr, 4);  // no source: four zero bytes
  EXPECT_EQ(v.size(), 4u);
  EXPECT_EQ(v.as_int(), 0);
}

TEST(Parameter, FloatsIntsAndVectorsReadBack) {
  ParameterValue v;
  v.set_float(2.5f);
  EXPECT_EQ(v.size(), 4u);
  EXPECT_EQ(v.as_float(), 2.5f);
  v.set_int(-7);
  EXPECT_EQ(v.as_int(), -7);
  v.set_vector({1, -2, 3});
  EXPECT_EQ(v.size(), 12u);
  EXPECT_EQ(v.as_vector(), (retroanim::math::Vec3{1, -2, 3}));
  EXPECT_EQ(v.as_float(), 1.0f);  // the first four bytes
  v.set_bytes("\x01\x02", 2);     // fewer than four bytes: as_float and as_int give 0
  EXPECT_EQ(v.as_float(), 0.0f);
  EXPECT_EQ(v.as_int(), 0);
}

TEST(Parameter, ObjectsAreTheirFourByteId) {
  ParameterValue v;
  ObjectRef ref;
  ref.id = 0x01020304u;
  ref.name = "Cam_MenuLevel";
  v.set_object(ref);
  EXPECT_EQ(v.kind(), ValueKind::kObject);
  EXPECT_EQ(v.object().name, "Cam_MenuLevel");
  EXPECT_EQ(v.size(), 4u);
  EXPECT_EQ(static_cast<uint32_t>(v.as_int()), 0x01020304u);
}

TEST(Parameter, StringsAndCurvesHoldNoBytes) {
  ParameterValue v;
  v.set_int(5);
  v.set_string("Light_Ingame");
  EXPECT_EQ(v.kind(), ValueKind::kString);
  EXPECT_EQ(v.string(), "Light_Ingame");
  EXPECT_EQ(v.size(), 0u);
  int32_t out = 99;
  const Status s = v.copy_to(&out, sizeof out);
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_STREQ(s.message(), "the parameter holds no bytes");
  EXPECT_EQ(out, 99);
  auto curve = std::make_shared<Curve2d>();
  v.set_curve2d(curve);
  EXPECT_EQ(v.kind(), ValueKind::kCurve2d);
  EXPECT_EQ(v.curve2d(), curve);
  EXPECT_EQ(v.size(), 0u);
}

TEST(Parameter, CopyToCopiesAtMostTheValuesBytes) {
  ParameterValue v;
  v.set_vector({1, 2, 3});
  float two[2] = {0, 0};
  EXPECT_TRUE(v.copy_to(two, sizeof two));  // a smaller buffer gets its size
  EXPECT_EQ(two[0], 1.0f);
  EXPECT_EQ(two[1], 2.0f);
  float four[4] = {9, 9, 9, 9};
  EXPECT_TRUE(v.copy_to(four, sizeof four));  // a larger one the value's 12 bytes
  EXPECT_EQ(four[2], 3.0f);
  EXPECT_EQ(four[3], 9.0f);
  const Status s = v.copy_to(nullptr, 4);
  EXPECT_EQ(s.code(), StatusCode::kInvalidParameter);
  EXPECT_STREQ(s.message(), "no destination buffer given");
}

TEST(Parameter, AnOutputPushesItsValueThroughItsDestinations) {
  Parameter out, local, chained, last;
  out.klass = ParameterClass::kOut;
  chained.klass = ParameterClass::kOut;
  out.destinations = {&local, &chained, nullptr, &out};  // null and itself are skipped
  chained.destinations = {&last};
  const float f = 4.25f;
  out.set_bytes(&f, sizeof f);
  EXPECT_EQ(local.value.as_float(), 4.25f);
  EXPECT_EQ(chained.value.as_float(), 4.25f);
  EXPECT_EQ(last.value.as_float(), 4.25f);  // an output destination pushes on
  // A plain parameter does not push.
  Parameter plain, other;
  plain.destinations = {&other};
  plain.set_bytes(&f, sizeof f);
  EXPECT_EQ(other.value.size(), 0u);
}

TEST(Parameter, PushingAroundACycleStops) {
  Parameter a, b;
  a.klass = b.klass = ParameterClass::kOut;
  a.destinations = {&b};
  b.destinations = {&a};
  a.value.set_int(3);
  a.data_changed();  // a -> b -> a -> ... ends at kMaxPushDepth
  EXPECT_EQ(b.value.as_int(), 3);
  EXPECT_EQ(a.value.as_int(), 3);
}

TEST(Parameter, CopyValueFromTakesTheOthersValue) {
  Parameter src, dst;
  src.value.set_string("abc");
  dst.copy_value_from(src);
  EXPECT_EQ(dst.value.kind(), ValueKind::kString);
  EXPECT_EQ(dst.value.string(), "abc");
  dst.copy_value_from(dst);  // from itself: nothing changes
  EXPECT_EQ(dst.value.string(), "abc");
}

TEST(Parameter, RealSourceFollowsSharedPinsToTheirDirectSource) {
  Parameter source;
  ParameterIn first, second, third;
  first.direct_source = &source;
  second.shared_source = &first;
  third.shared_source = &second;
  EXPECT_EQ(first.real_source(), &source);
  EXPECT_EQ(third.real_source(), &source);
  EXPECT_EQ(ParameterIn{}.real_source(), nullptr);  // an unconnected pin
  // A shared pin whose own direct source is set still takes the shared pin's.
  Parameter ignored;
  second.direct_source = &ignored;
  EXPECT_EQ(third.real_source(), &source);
  // A cycle of shared pins has no source.
  ParameterIn x, y;
  x.shared_source = &y;
  y.shared_source = &x;
  EXPECT_EQ(x.real_source(), nullptr);
  EXPECT_EQ(x.updated_source(), nullptr);
  EXPECT_EQ(first.updated_source(), &source);  // no operation: the source as it is
}

}  // namespace
