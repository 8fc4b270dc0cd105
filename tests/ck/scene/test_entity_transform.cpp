// CK3dEntity orientation helpers: Rotate about world / own axes, Set/GetOrientation
// keeping scale, SetScale, and BB_Orientate pointing an axis along a direction.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/ck/scene/entity_transform.h"
#include "retroanim/math/rotation.h"
#include "support/math_expect.h"

using retroanim::test::expect_vec;

using namespace retroanim;
using ck::Entity3d;
using math::Vec3;

namespace {
constexpr float kHalfPi = 1.57079632679f;
}  // namespace

TEST(EntityTransform, MatrixFromRotationIsRightHandedInRowForm) {
  math::Matrix r = math::matrix_from_rotation({0, 1, 0}, kHalfPi);
  // Row vectors: X maps to row 0 = (cos, 0, -sin) = (0, 0, -1) for +90 deg about Y.
  expect_vec(r.row(0), {0, 0, -1}, 1e-5f);
  expect_vec(r.row(2), {1, 0, 0}, 1e-5f);
  math::Matrix id = math::matrix_from_rotation({0, 1, 0}, 1e-8f);
  EXPECT_EQ(id, math::Matrix{});
}

TEST(EntityTransform, RotateKeepsThePosition) {
  Entity3d e;
  e.set_position({1, 2, 3});
  ck::rotate(e, {0, 1, 0}, kHalfPi);
  expect_vec(e.world_matrix().row(3), {1, 2, 3}, 0.0f);
  expect_vec(e.world_matrix().row(2), {1, 0, 0}, 1e-5f);
}

TEST(EntityTransform, RotateInOwnFrameUsesTheEntityAxes) {
  Entity3d e;
  ck::rotate(e, {0, 1, 0}, kHalfPi);  // Z now points along +X
  ck::rotate(e, {0, 0, 1}, kHalfPi, &e);  // about its own Z (= world X)
  expect_vec(e.world_matrix().row(2), {1, 0, 0}, 1e-5f);
  expect_vec(e.world_matrix().row(1), {0, 0, 1}, 1e-5f);
}

TEST(EntityTransform, SetOrientationKeepsWorldScale) {
  Entity3d e;
  math::Matrix w;
  w[0][0] = 2;
  w[1][1] = 3;
  w[2][2] = 4;
  e.set_world_matrix(w);
  Vec3 dir{1, 0, 0}, up{0, 1, 0};
  ck::set_orientation(e, &dir, &up);
  Vec3 d, u, r;
  ck::get_orientation(e, &d, &u, &r);
  expect_vec(d, {1, 0, 0}, 1e-5f);
  expect_vec(u, {0, 1, 0}, 1e-5f);
  expect_vec(r, {0, 0, -1}, 1e-5f);  // up x dir
  expect_vec(ck::get_scale(e, false), {2, 3, 4}, 1e-5f);
}

TEST(EntityTransform, OrientatePointsTheChosenAxisAlongDir) {
  for (int mode = 1; mode <= 6; ++mode) {
    Entity3d e;
    Vec3 dir = math::normalize(Vec3{1, 0.2f, 0.5f});
    Vec3 up = ck::bb_orientate(e, dir, mode, 0.0f, {99, 0, 0});
    int row = (mode - 1) / 2 == 0 ? 0 : ((mode - 1) / 2 == 1 ? 1 : 2);
    float sign = (mode & 1) ? 1.0f : -1.0f;
    expect_vec(e.world_matrix().row(row), dir * sign, 1e-4f);
    EXPECT_NEAR(math::magnitude(up), 1.0f, 1e-5f);
  }
}

TEST(EntityTransform, OrientateRollRotatesAboutTheAxis) {
  Entity3d a, b;
  Vec3 dir{1, 0, 0};
  ck::bb_orientate(a, dir, 5, 0.0f, {0, 1, 0});
  ck::bb_orientate(b, dir, 5, kHalfPi, {0, 1, 0});
  expect_vec(b.world_matrix().row(2), a.world_matrix().row(2), 1e-5f);  // Z unchanged by the roll
  // The roll turns the up axis (Y) by 90 degrees about Z: new Y = old Y rotated.
  EXPECT_NEAR(math::dot(b.world_matrix().row(1), a.world_matrix().row(1)), 0.0f, 1e-5f);
}
