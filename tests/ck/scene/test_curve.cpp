// CKCurve behaviour (spec 3.1-3.4): open/closed, linear segments, user and TCB
// tangents, fitting, curve-local evaluation under a non-uniform world matrix,
// error cases, step wrapping and degenerate curves. Expected values are
// derived by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "ck/scene/curve_test_util.h"
#include "support/math_expect.h"

using retroanim::test::expect_vec;
using retroanim::test::same_bits;

using namespace retroanim;
using retroanim::Status;
using retroanim::StatusCode;
using math::Matrix;
using math::Vec3;
using test::OwnedCurve;

namespace {

}  // namespace

TEST(Curve, DefaultsAreTheConstructorsOnes) {
  ck::Curve c;
  EXPECT_TRUE(c.is_open());
  EXPECT_EQ(c.step_count(), 100);
  EXPECT_EQ(c.fitting_coeff(), 0.0f);
  EXPECT_EQ(c.color(), 0xFFFFFFFFu);
  EXPECT_EQ(c.class_id, ck::class_id::kCurve);
  EXPECT_FALSE(c.is_up_to_date());
  ck::CurvePoint p;
  EXPECT_EQ(p.class_id, ck::class_id::kCurvePoint);
  EXPECT_TRUE(p.is_tcb());
  EXPECT_FALSE(p.is_linear());
}

// Two points joined by a linear segment: the position is the lerp, the length
// the chord, the direction the normalised chord.
TEST(Curve, LinearSegment) {
  OwnedCurve oc({{0, 0, 0}, {3, 0, 4}}, false);
  oc.point(0)->set_linear(true);
  EXPECT_EQ(oc.curve.get_length(), 5.0f);
  EXPECT_EQ(oc.point(1)->length(), 5.0f);
  Vec3 pos, dir;
  ASSERT_EQ(oc.curve.get_pos(0.4f, &pos, &dir), Status::kOk);
  expect_vec(pos, {1.2f, 0, 1.6f}, 1e-6f);
  expect_vec(dir, {0.6f, 0, 0.8f}, 1e-6f);
}

// An open curve clamps steps to [0,1] and ends on its last point; a straight
// TCB curve through collinear points is the line itself.
TEST(Curve, OpenCurveClampsSteps) {
  OwnedCurve oc({{0, 0, 0}, {10, 0, 0}, {20, 0, 0}}, false);
  Vec3 a, b;
  ASSERT_EQ(oc.curve.get_pos(-3.0f, &a), Status::kOk);
  ASSERT_EQ(oc.curve.get_pos(0.0f, &b), Status::kOk);
  EXPECT_TRUE(same_bits(a, b));
  expect_vec(b, {0, 0, 0}, 1e-6f);
  ASSERT_EQ(oc.curve.get_pos(1.5f, &a), Status::kOk);
  ASSERT_EQ(oc.curve.get_pos(1.0f, &b), Status::kOk);
  EXPECT_TRUE(same_bits(a, b));
  expect_vec(b, {20, 0, 0}, 1e-4f);
  // Open: 2 segments, the first point's length 0, the last the total.
  EXPECT_EQ(oc.point(0)->length(), 0.0f);
  EXPECT_NEAR(oc.point(2)->length(), oc.curve.get_length(), 0.0f);
  // End tangents use a zero chord on the missing side (wrap clamps):
  // point 0: dp = 0, dn = (10,0,0): out = in = (5,0,0).
  Vec3 in, out;
  ASSERT_EQ(oc.curve.get_tangents(0, &in, &out), Status::kOk);
  expect_vec(out, {5, 0, 0}, 0);
  expect_vec(in, {5, 0, 0}, 0);
}

// Kochanek-Bartels tangents (spec 3.2), closed triangle P0=(0,0,0),
// P1=(10,0,0), P2=(0,0,10); at P1: dp = (10,0,0), dn = (-10,0,10).
TEST(Curve, TcbTangentsByHand) {
  OwnedCurve oc({{0, 0, 0}, {10, 0, 0}, {0, 0, 10}}, true);
  oc.curve.update();
  Vec3 in, out;
  // t = 0.5: out = in = 0.5*(dn + dp)/2 = (0, 0, 2.5).
  oc.point(1)->set_tension(0.5f);
  oc.curve.update();
  ASSERT_EQ(oc.curve.get_tangents(1, &in, &out), Status::kOk);
  expect_vec(out, {0, 0, 2.5f}, 1e-6f);
  expect_vec(in, {0, 0, 2.5f}, 1e-6f);
  // t = 0.5, c = 0.5: out = (0.25 dn + 0.75 dp)/2 = (2.5, 0, 1.25);
  // in = (0.75 dn + 0.25 dp)/2 = (-2.5, 0, 3.75).
  oc.point(1)->set_continuity(0.5f);
  oc.curve.update();
  ASSERT_EQ(oc.curve.get_tangents(oc.point(1), &in, &out), Status::kOk);
  expect_vec(out, {2.5f, 0, 1.25f}, 1e-6f);
  expect_vec(in, {-2.5f, 0, 3.75f}, 1e-6f);
  // Update stores them in the point.
  expect_vec(oc.point(1)->out_tangent(), {2.5f, 0, 1.25f}, 1e-6f);
  // t = 0, c = 0, b = 0.5: out = in = (0.5 dn + 1.5 dp)/2 = (5, 0, 2.5).
  oc.point(1)->set_tension(0);
  oc.point(1)->set_continuity(0);
  oc.point(1)->set_bias(0.5f);
  oc.curve.update();
  ASSERT_EQ(oc.curve.get_tangents(1, &in, &out), Status::kOk);
  expect_vec(out, {5, 0, 2.5f}, 1e-6f);
  expect_vec(in, {5, 0, 2.5f}, 1e-6f);
  // Out of range.
  EXPECT_EQ(oc.curve.get_tangents(3, &in, &out), Status::kInvalidParameter);
  EXPECT_EQ(oc.curve.get_tangents(-1, &in, &out), Status::kInvalidParameter);
  ck::CurvePoint stranger;
  EXPECT_EQ(oc.curve.get_tangents(&stranger, &in, &out), Status::kInvalidParameter);
}

// User tangents: P0=(0,0,0) out (0,0,10), P1=(10,0,0) in (0,0,-10). Step 0.5
// of a 2-point open curve is s = 0.5: h = (0.5, 0.5, 0.125, -0.125), so
// pos = (5,0,0) + (0,0,1.25) + (0,0,1.25) = (5, 0, 2.5).
TEST(Curve, UserTangents) {
  OwnedCurve oc({{0, 0, 0}, {10, 0, 0}}, false);
  oc.point(0)->use_tcb(false);
  oc.point(1)->use_tcb(false);
  EXPECT_FALSE(oc.point(0)->is_tcb());
  const Vec3 out0{0, 0, 10}, in1{0, 0, -10};
  oc.point(0)->set_tangents(nullptr, &out0);
  ASSERT_EQ(oc.curve.set_tangents(1, &in1, nullptr), Status::kOk);
  Vec3 pos;
  ASSERT_EQ(oc.curve.get_pos(0.5f, &pos), Status::kOk);
  expect_vec(pos, {5, 0, 2.5f}, 1e-5f);
  // Update keeps user tangents as they are.
  expect_vec(oc.point(0)->out_tangent(), out0, 0);
  expect_vec(oc.point(1)->in_tangent(), in1, 0);
  Vec3 in, out;
  ASSERT_EQ(oc.curve.get_tangents(0, &in, &out), Status::kOk);
  expect_vec(out, out0, 0);
}

// SetTangents on a TCB point derives a bias (inferred from CKRenderEngine):
// P = (10,0,0), incoming chord a = (10,0,0), outgoing b = (-10,0,10),
// sum = (0,0,10), diff = (20,0,-10) -> axis x: bias = ((in+out).x/(1-t) + 0)/20.
TEST(Curve, SetTangentsOnTcbPointSetsBias) {
  OwnedCurve oc({{0, 0, 0}, {10, 0, 0}, {0, 0, 10}}, true);
  oc.curve.update();
  const Vec3 in{2, 0, 0}, out{3, 0, 0};
  ASSERT_EQ(oc.curve.set_tangents(1, &in, &out), Status::kOk);
  EXPECT_FLOAT_EQ(oc.point(1)->bias(), 0.25f);
  EXPECT_FALSE(oc.curve.is_up_to_date());
  EXPECT_EQ(oc.curve.set_tangents(1, nullptr, &out), Status::kInvalidParameter);
  EXPECT_EQ(oc.curve.set_tangents(7, &in, &out), Status::kInvalidParameter);
}

// Fitting 0.5 on the closed triangle: P0 moves halfway to the midpoint of
// P2 and P1 ((5,0,5)): (2.5, 0, 2.5). Tangents still come from the raw points.
TEST(Curve, FittingPullsPointsTowardsNeighbours) {
  OwnedCurve plain({{0, 0, 0}, {10, 0, 0}, {0, 0, 10}}, true);
  OwnedCurve fitted({{0, 0, 0}, {10, 0, 0}, {0, 0, 10}}, true);
  fitted.curve.set_fitting_coeff(0.5f);
  fitted.curve.update();
  plain.curve.update();
  expect_vec(fitted.point(0)->fitted_position(), {2.5f, 0, 2.5f}, 1e-6f);
  expect_vec(fitted.point(0)->raw_position(), {0, 0, 0}, 0);
  // P1 -> (10,0,0) + ((0,0,10)/2 - (10,0,0))*0.5 = (5, 0, 2.5).
  expect_vec(fitted.point(1)->fitted_position(), {5, 0, 2.5f}, 1e-6f);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(fitted.point(i)->out_tangent(), plain.point(i)->out_tangent());
    EXPECT_EQ(fitted.point(i)->in_tangent(), plain.point(i)->in_tangent());
  }
  Vec3 pos;
  ASSERT_EQ(fitted.curve.get_pos(0.0f, &pos), Status::kOk);
  expect_vec(pos, {2.5f, 0, 2.5f}, 1e-6f);
  // Fitting 0 (and negative) leaves the points where they are.
  fitted.curve.set_fitting_coeff(-1.0f);
  fitted.curve.update();
  expect_vec(fitted.point(0)->fitted_position(), {0, 0, 0}, 0);
}

// A non-uniform curve world matrix (x scaled by 2, translated): evaluation is
// in curve-local space, then mapped by the matrix (spec 3.4). A curve with an
// identity matrix through the local points gives the local result exactly.
TEST(Curve, NonUniformWorldMatrixEvaluatesInLocalSpace) {
  Matrix w;
  w[0][0] = 2.0f;
  w.set_row(3, {1, 2, 3});
  const std::vector<Vec3> local = {{0, 0, 0}, {10, 0, 0}, {10, 0, 10}, {0, 0, 10}};
  std::vector<Vec3> world;
  for (const Vec3& p : local) world.push_back(math::multiply_matrix_vector(w, p));
  OwnedCurve scaled(world, true, 0.0f, w);
  OwnedCurve unit(local, true);
  EXPECT_NEAR(scaled.curve.get_length(), unit.curve.get_length(), 1e-4f);
  OwnedCurve world_space(world, true);  // evaluated directly in world space
  for (float s : {0.1f, 0.3f, 0.55f, 0.8f}) {
    Vec3 p_loc, d_loc, p_w, d_w, p_ws;
    ASSERT_EQ(unit.curve.get_pos(s, &p_loc, &d_loc), Status::kOk);
    ASSERT_EQ(scaled.curve.get_pos(s, &p_w, &d_w), Status::kOk);
    expect_vec(p_w, math::multiply_matrix_vector(w, p_loc), 1e-4f);
    // dir = normalize(rotate(world, d)): x doubled before normalising.
    Vec3 d_expected = math::normalize(math::rotate_vector(w, d_loc));
    expect_vec(d_w, d_expected, 1e-4f);
    Vec3 lp;
    ASSERT_EQ(scaled.curve.get_local_pos(s, &lp), Status::kOk);
    expect_vec(lp, p_loc, 1e-4f);
    // Not the same as evaluating in world space (arc lengths differ).
    ASSERT_EQ(world_space.curve.get_pos(s, &p_ws), Status::kOk);
    if (s != 0.55f) {
      EXPECT_GT(math::magnitude(p_ws - p_w), 1e-2f) << s;
    }
  }
}

// Fewer than 2 points: an error, and pos/dir are left untouched.
TEST(Curve, FewerThanTwoPointsIsAnError) {
  OwnedCurve oc;
  const Vec3 sentinel{7, 8, 9};
  Vec3 pos = sentinel, dir = sentinel;
  EXPECT_EQ(oc.curve.get_pos(0.5f, &pos, &dir), Status::kInvalidParameter);
  EXPECT_EQ(pos, sentinel);
  EXPECT_EQ(dir, sentinel);
  oc.add({1, 2, 3});
  EXPECT_EQ(oc.curve.get_pos(0.5f, &pos, &dir), Status::kInvalidParameter);
  EXPECT_EQ(oc.curve.get_local_pos(0.5f, &pos, &dir), Status::kInvalidParameter);
  EXPECT_EQ(pos, sentinel);
  EXPECT_EQ(dir, sentinel);
  EXPECT_EQ(oc.curve.get_length(), 0.0f);
  oc.curve.close();
  EXPECT_EQ(oc.curve.get_pos(0.5f, &pos), Status::kInvalidParameter);
  // One closed point: a segment from the point to itself. The Hermite weights
  // h1 + h2 are not exactly 1 in float, so the 100 chords add up to a few ulps.
  EXPECT_NEAR(oc.curve.get_length(), 0.0f, 1e-4f);
  EXPECT_EQ(pos, sentinel);
  // A null pos is an error too.
  oc.add({4, 5, 6});
  EXPECT_EQ(oc.curve.get_pos(0.5f, nullptr), Status::kInvalidParameter);
  EXPECT_EQ(oc.curve.get_pos(0.5f, &pos), Status::kOk);
}

// Each failure carries the original's code and its own message.
TEST(Curve, FailuresSayWhichCheckFailed) {
  OwnedCurve oc;
  Vec3 pos;
  const Status few = oc.curve.get_pos(0.5f, &pos);
  EXPECT_EQ(few.code(), StatusCode::kInvalidParameter);
  EXPECT_FALSE(few.ok());
  EXPECT_STREQ(few.message(), "the curve needs at least 2 control points");
  oc.add({0, 0, 0});
  oc.add({1, 0, 0});
  EXPECT_STREQ(oc.curve.get_pos(std::nanf(""), &pos).message(), "the step is not a finite number");
  EXPECT_STREQ(oc.curve.get_pos(0.5f, nullptr).message(), "no position output given");
  EXPECT_STREQ(oc.curve.get_tangents(9, nullptr, nullptr).message(), "no control point at that index");
  const Status ok = oc.curve.get_pos(0.5f, &pos);
  EXPECT_TRUE(ok.ok());
  EXPECT_STREQ(ok.message(), "");
}

// A non-finite step is refused (the original would return NaN, or hang on a
// huge negative step).
TEST(Curve, NonFiniteStepIsAnError) {
  auto g = test::make_game_curve();
  const Vec3 sentinel{7, 8, 9};
  Vec3 pos = sentinel;
  EXPECT_EQ(g->curve.get_pos(std::nanf(""), &pos), Status::kInvalidParameter);
  EXPECT_EQ(g->curve.get_pos(INFINITY, &pos), Status::kInvalidParameter);
  EXPECT_EQ(g->curve.get_pos(-INFINITY, &pos), Status::kInvalidParameter);
  EXPECT_EQ(pos, sentinel);
  EXPECT_EQ(g->curve.get_pos(-1e30f, &pos), Status::kOk);  // wraps to 0, no hang
}

// Closed curves wrap steps as spec 3.4: step > 1 loses its integer part,
// negative steps get 1 added until >= 0; 1.0 itself is not wrapped.
TEST(Curve, ClosedCurveWrapsSteps) {
  auto g = test::make_game_curve();
  auto at = [&](float s) {
    Vec3 p, d;
    EXPECT_EQ(g->curve.get_pos(s, &p, &d), Status::kOk);
    return std::make_pair(p, d);
  };
  EXPECT_TRUE(same_bits(at(1.25f).first, at(0.25f).first));
  EXPECT_TRUE(same_bits(at(1.25f).second, at(0.25f).second));
  EXPECT_TRUE(same_bits(at(3.5f).first, at(0.5f).first));
  EXPECT_TRUE(same_bits(at(2.0f).first, at(0.0f).first));
  EXPECT_TRUE(same_bits(at(-0.25f).first, at(0.75f).first));
  EXPECT_TRUE(same_bits(at(-2.75f).first, at(0.25f).first));
  // 1.0 stays 1.0: the end of the closing segment, which is the first point
  // up to rounding (not bit-identical to step 0).
  Vec3 p1 = at(1.0f).first, p0 = at(0.0f).first;
  expect_vec(p1, p0, 1e-3f);
}

// The wrap of negative steps: the original's "while (step < 0) step += 1"
// (emulated here in float) equals step - floor(step) bit for bit.
TEST(Curve, NegativeStepWrapMatchesTheOriginalLoop) {
  auto g = test::make_game_curve();
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-300.0f, 0.0f);
  for (int i = 0; i < 2000; ++i) {
    float s = dist(rng);
    if (i % 10 == 0) s = -static_cast<float>(i / 10) - 1.0f;  // integers too
    float looped = s;
    while (looped < 0.0f) looped += 1.0f;
    Vec3 a, b, da, db;
    ASSERT_EQ(g->curve.get_pos(s, &a, &da), Status::kOk);
    ASSERT_EQ(g->curve.get_pos(looped, &b, &db), Status::kOk);
    ASSERT_TRUE(same_bits(a, b)) << s;
    ASSERT_TRUE(same_bits(da, db)) << s;
  }
}

// Degenerate curves give defined results: all points coincident (length 0),
// or some coincident (a zero-length segment).
TEST(Curve, DegenerateCurvesAreDefined) {
  for (bool closed : {false, true}) {
    OwnedCurve same({{1, 2, 3}, {1, 2, 3}, {1, 2, 3}}, closed);
    // Zero up to the float rounding of h1 + h2 (a few ulps per chord).
    EXPECT_NEAR(same.curve.get_length(), 0.0f, 1e-4f);
    for (float s : {0.0f, 0.3f, 1.0f, 7.5f, -2.0f}) {
      Vec3 pos, dir;
      ASSERT_EQ(same.curve.get_pos(s, &pos, &dir), Status::kOk);
      expect_vec(pos, {1, 2, 3}, 1e-5f);
      EXPECT_TRUE(math::is_finite(dir));
    }
    OwnedCurve some({{0, 0, 0}, {0, 0, 0}, {10, 0, 0}, {10, 0, 0}}, closed);
    some.point(1)->set_linear(true);
    for (int i = 0; i <= 100; ++i) {
      Vec3 pos, dir;
      ASSERT_EQ(some.curve.get_pos(i / 100.0f, &pos, &dir), Status::kOk);
      EXPECT_TRUE(math::is_finite(pos));
      EXPECT_TRUE(math::is_finite(dir));
    }
  }
}

// The point list: add, insert (at prev's index), remove, remove all, count, get.
TEST(Curve, ControlPointList) {
  ck::Curve c;
  ck::CurvePoint a, b, d, e;
  EXPECT_EQ(c.add_control_point(&a), Status::kOk);
  EXPECT_EQ(c.add_control_point(&a), Status::kAlreadyPresent);
  EXPECT_EQ(c.add_control_point(nullptr), Status::kInvalidParameter);
  EXPECT_EQ(c.add_control_point(&b), Status::kOk);
  EXPECT_EQ(c.insert_control_point(&b, &d), Status::kOk);  // a d b
  EXPECT_EQ(c.insert_control_point(nullptr, &e), Status::kOk);  // a d b e
  ASSERT_EQ(c.control_point_count(), 4);
  EXPECT_EQ(c.control_point(0), &a);
  EXPECT_EQ(c.control_point(1), &d);
  EXPECT_EQ(c.control_point(2), &b);
  EXPECT_EQ(c.control_point(3), &e);
  EXPECT_EQ(c.control_point(4), nullptr);
  EXPECT_EQ(c.control_point(-1), nullptr);
  EXPECT_EQ(a.curve(), &c);
  EXPECT_EQ(a.parent(), &c);  // SetCurve parents the point to the curve
  EXPECT_EQ(c.remove_control_point(&d), Status::kOk);
  EXPECT_EQ(d.curve(), nullptr);
  EXPECT_EQ(c.remove_control_point(&d), Status::kInvalidParameter);
  EXPECT_EQ(c.control_point_count(), 3);
  EXPECT_EQ(c.remove_all_control_points(), Status::kOk);
  EXPECT_EQ(c.control_point_count(), 0);
  EXPECT_EQ(a.curve(), nullptr);
}

// Lifetimes: a destroyed point leaves its curve; a destroyed curve releases its points.
TEST(Curve, PointAndCurveLifetimes) {
  ck::Curve c;
  auto p = std::make_unique<ck::CurvePoint>();
  ck::CurvePoint q;
  c.add_control_point(p.get());
  c.add_control_point(&q);
  p.reset();
  EXPECT_EQ(c.control_point_count(), 1);
  EXPECT_EQ(c.control_point(0), &q);
  {
    ck::CurvePoint r;
    auto c2 = std::make_unique<ck::Curve>();
    c2->add_control_point(&r);
    c2.reset();
    EXPECT_EQ(r.curve(), nullptr);
    r.set_tension(1.0f);  // no curve to notify: no crash
  }
  // A point moved to another curve leaves the first.
  ck::Curve other;
  other.add_control_point(&q);
  EXPECT_EQ(c.control_point_count(), 0);
  EXPECT_EQ(q.curve(), &other);
}

// Loading: the guard keeps Update from running; ending the load marks dirty.
TEST(Curve, LoadingGuardAndBulkSetters) {
  ck::CurvePoint a, b, z;
  a.set_position({0, 0, 0});
  b.set_position({0, 0, 8});
  ck::Curve c;
  c.begin_loading();
  c.set_control_points({&a, nullptr, &b});
  c.set_data({0.0f, 50, false});
  ck::CurvePointData d;
  d.linear = true;
  a.set_data(d);
  EXPECT_EQ(c.get_length(), 0.0f);  // Update skipped while loading
  EXPECT_FALSE(c.is_up_to_date());
  c.end_loading();
  EXPECT_EQ(c.control_point_count(), 2);  // the null entry is dropped
  EXPECT_FALSE(c.is_open());
  EXPECT_EQ(c.step_count(), 50);
  // Closed, linear a->b (8), then the TCB closing segment b->a whose
  // tangents are 0 (both neighbours of each point are the other point, so
  // dp = -dn): a straight line of length 8, summed over 100 chords.
  EXPECT_NEAR(c.get_length(), 16.0f, 1e-4f);
  EXPECT_EQ(b.length(), 8.0f);
  EXPECT_TRUE(c.is_up_to_date());
}

// While loading (CKCurve::Load's guard) Update does nothing; ending the load
// marks the curve dirty so the next GetPos updates it.
TEST(Curve, LoadingGuardDefersTheUpdate) {
  OwnedCurve oc({{0, 0, 0}, {3, 0, 4}}, false);
  oc.point(0)->set_linear(true);
  oc.curve.begin_loading();
  EXPECT_TRUE(oc.curve.is_loading());
  oc.curve.end_loading();
  EXPECT_FALSE(oc.curve.is_loading());
  EXPECT_FALSE(oc.curve.is_up_to_date());
  EXPECT_EQ(oc.curve.get_length(), 5.0f);
}
