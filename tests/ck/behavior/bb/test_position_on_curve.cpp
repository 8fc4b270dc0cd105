// Position On Curve (spec 4 and SetCurveStep.cpp): the position path, Follow
// (axis D along the path, Roll, up-vector memory), Bank (sign and
// accumulation), Direction as a vector, Hierarchy, missing target or curve.
#include <gtest/gtest.h>

#include <cmath>

#include "support/ck_behavior_fixtures.h"
#include "retroanim/ck/behavior/bb/position_on_curve.h"
#include "retroanim/ck/scene/entity_transform.h"
#include "support/math_expect.h"

using retroanim::test::expect_vec;

using namespace retroanim;
using namespace retroanim::ck;
namespace pin = ck::bb::position_on_curve_pin;
using math::Vec3;

namespace {

Vec3 pos_at(const Curve& c, float s) {
  Vec3 p;
  c.get_pos(s, &p);
  return p;
}

// One Position On Curve block on `target` along `curve`, run by calling its
// function directly (the graph plumbing is tested elsewhere).
struct Poc {
  BehaviorManager m;
  Behavior* b;
  Entity3d* target;
  Poc(Curve* curve, Entity3d* target_) : target(target_) {
    b = &m.create_building_block(bb::position_on_curve_prototype());
    if (target) test::set_target(m, *b, target);
    if (curve) test::set_object_pin(m, *b, pin::kCurve, test::ref_to(curve));
  }
  void set_float(int p, float v) { b->input_params[p]->real_source()->value.set_float(v); }
  void set_int(int p, int v) { b->input_params[p]->real_source()->value.set_int(v); }
  int run() {
    b->activate_input(pin::kIn, true);
    BehaviorContext ctx;
    ctx.behavior = b;
    ctx.manager = &m;
    ctx.delta_ms = 16.0f;
    return b->function(ctx);
  }
  void reset() { b->call_callback(behavior_message::kReset, &m); }
};

}  // namespace

TEST(PositionOnCurve, PlacesTheTargetAtTheProgression) {
  auto c = test::make_menu_curve();
  Entity3d cam;
  Poc poc(&c->curve, &cam);
  poc.set_float(pin::kProgression, 0.3f);
  EXPECT_EQ(poc.run(), behavior_return::kOk);
  EXPECT_EQ(cam.world_matrix().row(3), pos_at(c->curve, 0.3f));
  EXPECT_TRUE(poc.b->is_output_active(pin::kOut));
  EXPECT_FALSE(poc.b->is_input_active(pin::kIn));
  // Without Follow or Bank the orientation is untouched.
  EXPECT_EQ(cam.world_matrix().row(0), Vec3(1, 0, 0));
}

TEST(PositionOnCurve, MissingTargetOrCurveMovesNothing) {
  auto c = test::make_menu_curve();
  Entity3d cam;
  cam.set_position({1, 2, 3});
  Poc no_curve(nullptr, &cam);
  EXPECT_EQ(no_curve.run(), behavior_return::kOk);
  EXPECT_TRUE(no_curve.b->is_output_active(pin::kOut));  // activations happen first
  EXPECT_EQ(cam.world_matrix().row(3), Vec3(1, 2, 3));
  Poc no_target(&c->curve, nullptr);
  EXPECT_EQ(no_target.run(), behavior_return::kOk);
  EXPECT_TRUE(no_target.b->is_output_active(pin::kOut));
}

TEST(PositionOnCurve, FollowPointsAxisDAlongThePath) {
  auto c = test::make_menu_curve();
  for (int d = 1; d <= 6; ++d) {
    Entity3d cam;
    Poc poc(&c->curve, &cam);
    poc.reset();
    poc.set_int(pin::kFollow, 1);
    poc.set_int(pin::kDirection, d);
    poc.set_float(pin::kProgression, 0.4f);
    poc.run();
    Vec3 dir = math::normalize(pos_at(c->curve, 0.41f) - pos_at(c->curve, 0.39f));
    int row = (d - 1) / 2;
    Vec3 axis = math::normalize(cam.world_matrix().row(row));
    expect_vec(axis, (d & 1) ? dir : -dir, 1e-4f);
    // The memorised up vector is the one returned (normalised) and stored in local 0.
    EXPECT_NEAR(math::magnitude(poc.b->local_vector(pin::kUp, {})), 1.0f, 1e-5f);
  }
}

TEST(PositionOnCurve, FollowAppliesTheRoll) {
  auto c = test::make_menu_curve();
  Entity3d a, b;
  Poc pa(&c->curve, &a), pb(&c->curve, &b);
  for (Poc* p : {&pa, &pb}) {
    p->reset();
    p->set_int(pin::kFollow, 1);
    p->set_float(pin::kProgression, 0.1f);
  }
  pb.b->local_params[pin::kRoll]->value.set_float(0.5f);
  pa.run();
  pb.run();
  // Same Z axis (the roll turns about it); the Y axes are 0.5 rad apart.
  expect_vec(b.world_matrix().row(2), a.world_matrix().row(2), 1e-5f);
  float cosang = math::dot(math::normalize(a.world_matrix().row(1)), math::normalize(b.world_matrix().row(1)));
  EXPECT_NEAR(cosang, std::cos(0.5f), 1e-5f);
  // The stored up vector is the one before the roll: equal for both.
  expect_vec(pb.b->local_vector(pin::kUp, {}), pa.b->local_vector(pin::kUp, {}), 1e-6f);
}

TEST(PositionOnCurve, FollowMemorisesTheUpVectorAfterReset) {
  auto c = test::make_menu_curve();
  Entity3d cam;
  Poc poc(&c->curve, &cam);
  poc.reset();
  expect_vec(poc.b->local_vector(pin::kUp, {}), bb::kPositionOnCurveUpSentinel, 0.0f);
  poc.set_int(pin::kFollow, 1);
  poc.set_float(pin::kProgression, 0.0f);
  poc.run();
  // The sentinel took the entity's own up (0,1,0); on this flat curve the new up stays +Y.
  expect_vec(poc.b->local_vector(pin::kUp, {}), {0, 1, 0}, 1e-5f);
}

TEST(PositionOnCurve, BankSignAndAccumulation) {
  // A flat closed square-ish curve at y = 0: counterclockwise seen from +Y.
  test::BbCurve ccw({{10, 0, 0}, {0, 0, -10}, {-10, 0, 0}, {0, 0, 10}}, true);
  test::BbCurve cw({{10, 0, 0}, {0, 0, 10}, {-10, 0, 0}, {0, 0, -10}}, true);
  auto bank_angle = [](test::BbCurve& bc, int runs) {
    Entity3d e;
    Poc poc(&bc.curve, &e);
    poc.set_int(pin::kBank, 1);
    poc.set_float(pin::kProgression, 0.3f);
    // Local 0 keeps the prototype's (0,1,0): no reset, so no (99,0,0) sentinel.
    for (int i = 0; i < runs; ++i) poc.run();
    Vec3 x = math::normalize(e.world_matrix().row(0));
    // Rotation about the entity's Z: the angle of its X axis in the XY plane.
    return std::atan2(x.y, x.x);
  };
  // Expected magnitude: asin(|A x B|) from the spec's formula.
  Vec3 p = pos_at(ccw.curve, 0.3f), n = pos_at(ccw.curve, 0.31f), q = pos_at(ccw.curve, 0.29f);
  Vec3 to = n - p, back = q - p;
  to.y = back.y = 0;
  Vec3 cp = math::cross(math::normalize(to), math::normalize(back));
  float expected = std::asin(math::magnitude(cp));
  ASSERT_GT(expected, 0.0f);
  float sign = cp.y > 0 ? 1.0f : -1.0f;  // dot(cp, up = +Y) > 0 -> positive angle
  float a1 = bank_angle(ccw, 1);
  EXPECT_NEAR(a1, sign * expected, 1e-4f);
  EXPECT_NEAR(bank_angle(cw, 1), -a1, 1e-4f);  // turning the other way flips the sign
  EXPECT_NEAR(bank_angle(ccw, 3), 3 * a1, 3e-4f);  // nothing resets the roll: it accumulates
}

TEST(PositionOnCurve, BankAmountScalesTheAngle) {
  test::BbCurve ccw({{10, 0, 0}, {0, 0, -10}, {-10, 0, 0}, {0, 0, 10}}, true);
  float angles[2];
  for (int i = 0; i < 2; ++i) {
    Entity3d e;
    Poc poc(&ccw.curve, &e);
    poc.set_int(pin::kBank, 1);
    poc.set_float(pin::kBankAmount, i == 0 ? 1.0f : 2.0f);
    poc.set_float(pin::kProgression, 0.3f);
    poc.run();
    Vec3 x = math::normalize(e.world_matrix().row(0));
    angles[i] = std::atan2(x.y, x.x);
  }
  EXPECT_NEAR(angles[1], 2 * angles[0], 1e-4f);
}

TEST(PositionOnCurve, DirectionAsVectorUsesTheFirstNonzeroAxis) {
  auto c = test::make_menu_curve();
  Entity3d cam;
  Poc poc(&c->curve, &cam);
  poc.reset();
  poc.set_int(pin::kFollow, 1);
  poc.set_float(pin::kProgression, 0.6f);
  // An old-version Vector pin: (0, -3, 0) -> D = 3 (Y), the sign ignored.
  Parameter& v = poc.m.create_parameter("dir", param_guid::kVector, ParameterClass::kLocal);
  v.value.set_vector({0, -3, 0});
  poc.b->input_params[pin::kDirection]->type = param_guid::kVector;
  poc.b->input_params[pin::kDirection]->direct_source = &v;
  poc.run();
  Vec3 dir = math::normalize(pos_at(c->curve, 0.61f) - pos_at(c->curve, 0.59f));
  expect_vec(math::normalize(cam.world_matrix().row(1)), dir, 1e-4f);
}

TEST(PositionOnCurve, HierarchyDecidesWhetherChildrenFollow) {
  auto c = test::make_menu_curve();
  for (int hierarchy = 0; hierarchy <= 1; ++hierarchy) {
    Entity3d cam, child;
    child.set_parent(&cam);
    child.set_position({5, 0, 0});
    Poc poc(&c->curve, &cam);
    poc.set_int(pin::kHierarchy, hierarchy);
    poc.set_float(pin::kProgression, 0.2f);
    poc.run();
    Vec3 expected = hierarchy ? pos_at(c->curve, 0.2f) + Vec3(5, 0, 0) : Vec3(5, 0, 0);
    expect_vec(child.world_matrix().row(3), expected, 1e-4f);
  }
}
