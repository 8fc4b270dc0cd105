// ck/scene/curve_point.cpp: CKCurvePoint's parameters and tangents, and its
// tie to the curve it belongs to. (That every setter marks the curve dirty is
// tests/ck/scene/test_curve_edits.cpp's EveryEditMarksTheCurveDirty.)
#include <gtest/gtest.h>

#include <memory>

#include "ck/scene/curve_test_util.h"
#include "retroanim/ck/scene/curve_point.h"

namespace {

using retroanim::ck::CurvePoint;
using retroanim::ck::CurvePointData;
using retroanim::math::Vec3;

TEST(CurvePoint, DefaultsAreTheConstructorsOnes) {
  CurvePoint p;
  EXPECT_EQ(p.class_id, retroanim::ck::class_id::kCurvePoint);
  EXPECT_EQ(p.tension(), 0.0f);
  EXPECT_EQ(p.continuity(), 0.0f);
  EXPECT_EQ(p.bias(), 0.0f);
  EXPECT_TRUE(p.is_tcb());
  EXPECT_FALSE(p.is_linear());
  EXPECT_EQ(p.curve(), nullptr);
}

TEST(CurvePoint, SettersStoreTheirValues) {
  CurvePoint p;
  p.set_tension(0.25f);
  p.set_continuity(-0.5f);
  p.set_bias(0.75f);
  p.set_linear(true);
  p.use_tcb(false);
  EXPECT_EQ(p.tension(), 0.25f);
  EXPECT_EQ(p.continuity(), -0.5f);
  EXPECT_EQ(p.bias(), 0.75f);
  EXPECT_TRUE(p.is_linear());
  EXPECT_FALSE(p.is_tcb());
  EXPECT_TRUE(p.data().user_tangents);  // UseTCB(false) sets not_tcb
  p.use_tcb(true);
  EXPECT_TRUE(p.is_tcb());
}

TEST(CurvePoint, TangentsAreSetAndReadThroughOptionalPointers) {
  CurvePoint p;
  const Vec3 in{1, 2, 3}, out{4, 5, 6};
  p.set_tangents(&in, nullptr);  // only the in tangent
  Vec3 got_in{9, 9, 9}, got_out{9, 9, 9};
  p.get_tangents(&got_in, &got_out);
  EXPECT_EQ(got_in, in);
  EXPECT_EQ(got_out, (Vec3{0, 0, 0}));
  p.set_tangents(nullptr, &out);
  p.get_tangents(nullptr, &got_out);
  EXPECT_EQ(got_out, out);
  p.get_tangents(&got_in, nullptr);
  EXPECT_EQ(got_in, in);  // the in tangent kept
  p.get_tangents(nullptr, nullptr);  // nothing asked, nothing written
}

TEST(CurvePoint, SetDataReplacesEveryStoredField) {
  CurvePoint p;
  CurvePointData d;
  d.tension = 0.1f;
  d.continuity = 0.2f;
  d.bias = 0.3f;
  d.linear = true;
  d.user_tangents = true;
  d.in = {1, 0, 0};
  d.out = {0, 1, 0};
  p.set_data(d);
  EXPECT_EQ(p.tension(), 0.1f);
  EXPECT_EQ(p.continuity(), 0.2f);
  EXPECT_EQ(p.bias(), 0.3f);
  EXPECT_TRUE(p.is_linear());
  EXPECT_FALSE(p.is_tcb());
  Vec3 in, out;
  p.get_tangents(&in, &out);
  EXPECT_EQ(in, (Vec3{1, 0, 0}));
  EXPECT_EQ(out, (Vec3{0, 1, 0}));
}

TEST(CurvePoint, BelongsToItsCurveAndLeavesItWhenDestroyed) {
  retroanim::test::OwnedCurve o({{0, 0, 0}, {10, 0, 0}, {10, 0, 10}}, false);
  EXPECT_EQ(o.point(1)->curve(), &o.curve);
  ASSERT_EQ(o.curve.control_point_count(), 3);
  o.points.erase(o.points.begin() + 1);  // destroys the middle point
  ASSERT_EQ(o.curve.control_point_count(), 2);
  EXPECT_EQ(o.curve.control_point(0), o.point(0));
  EXPECT_EQ(o.curve.control_point(1), o.point(1));
}

}  // namespace
