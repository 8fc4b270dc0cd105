// math/transform_compose.cpp: decompose_matrix (FUN_1005695c), transpose3 and
// compose_matrix_scale_axis (FUN_1000c2e0), against matrices worked by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/math/transform_compose.h"
#include "support/math_expect.h"

namespace {

using retroanim::math::Matrix;
using retroanim::math::Quat;
using retroanim::math::Vec3;
using retroanim::test::expect_matrix;
using retroanim::test::expect_vec;

// A quarter turn about z: with row vectors, x -> (0, -1, 0) and y -> (1, 0, 0)
// (quat_to_matrix: row 0 = (1 - 2zz, -2wz, 0) = (0, -1, 0)).
const float kHalfSqrt2 = std::sqrt(0.5f);
const Quat kQuarterZ{0.0f, 0.0f, kHalfSqrt2, kHalfSqrt2};

Matrix rows(Vec3 r0, Vec3 r1, Vec3 r2, Vec3 r3) {
  Matrix m;
  m.set_row(0, r0);
  m.set_row(1, r1);
  m.set_row(2, r2);
  m.set_row(3, r3);
  return m;
}

TEST(TransformCompose, ComposeScalesTheRotationRowsAndPutsThePositionInRowThree) {
  const Matrix m = retroanim::math::compose_matrix({5, 6, 7}, {2, 3, 4}, kQuarterZ);
  expect_matrix(m, rows({0, -2, 0}, {3, 0, 0}, {0, 0, 4}, {5, 6, 7}), 1e-6f);
  EXPECT_EQ(m[0][3], 0.0f);
  EXPECT_EQ(m[1][3], 0.0f);
  EXPECT_EQ(m[2][3], 0.0f);
  EXPECT_EQ(m[3][3], 1.0f);
}

TEST(TransformCompose, DecomposeGivesBackPositionScaleAndRotation) {
  const Matrix m = retroanim::math::compose_matrix({5, 6, 7}, {2, 3, 4}, kQuarterZ);
  const retroanim::math::DecomposedMatrix d = retroanim::math::decompose_matrix(m);
  EXPECT_EQ(d.position, (Vec3{5, 6, 7}));  // row 3, copied
  expect_vec(d.scale, {2, 3, 4}, 1e-6f, "scale = lengths of rows 0..2");
  // q and -q are the same rotation: compare |q · kQuarterZ| with 1.
  const float dot = d.rotation.x * kQuarterZ.x + d.rotation.y * kQuarterZ.y + d.rotation.z * kQuarterZ.z +
                    d.rotation.w * kQuarterZ.w;
  EXPECT_NEAR(std::fabs(dot), 1.0f, 1e-6f);
}

TEST(TransformCompose, DecomposeOfTheIdentity) {
  const retroanim::math::DecomposedMatrix d = retroanim::math::decompose_matrix(Matrix{});
  EXPECT_EQ(d.position, (Vec3{0, 0, 0}));
  EXPECT_EQ(d.scale, (Vec3{1, 1, 1}));
  EXPECT_NEAR(std::fabs(d.rotation.w), 1.0f, 1e-7f);
  EXPECT_NEAR(d.rotation.x, 0.0f, 1e-7f);
  EXPECT_NEAR(d.rotation.y, 0.0f, 1e-7f);
  EXPECT_NEAR(d.rotation.z, 0.0f, 1e-7f);
}

TEST(TransformCompose, Transpose3SwapsTheUpperThreeByThreeAndDropsTheRest) {
  Matrix m;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) m[r][c] = static_cast<float>(10 * r + c + 1);
  const Matrix t = retroanim::math::transpose3(m);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(t[r][c], m[c][r]) << r << "," << c;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(t[3][i], 0.0f) << i;  // row 3 cleared
    EXPECT_EQ(t[i][3], 0.0f) << i;
  }
  EXPECT_EQ(t[3][3], 1.0f);
}

TEST(TransformCompose, IdentityScaleAxisIsThePlainCompose) {
  const Quat rot = retroanim::math::normalize(Quat{0.1f, -0.4f, 0.3f, 0.8f});
  const Matrix plain = retroanim::math::compose_matrix({1, -2, 3}, {0.5f, 2, 3}, rot);
  const Matrix axis = retroanim::math::compose_matrix_scale_axis({1, -2, 3}, {0.5f, 2, 3}, rot, Quat{});
  // U = I: the stretch is diag(scale) exactly, and R ∘ diag scales R's rows.
  expect_matrix(axis, plain, 0.0f);
}

TEST(TransformCompose, ScaleAxisStretchesAlongTheRowsOfTheAxisRotation) {
  // U = quarter turn about z, so U's row 0 is (0, -1, 0): a scale of 2 on
  // axis 0 stretches along y. By hand, y: Uᵀ -> (-1, 0, 0), D -> (-2, 0, 0),
  // U -> (0, 2, 0); x: Uᵀ -> (0, 1, 0), D -> (0, 1, 0), U -> (1, 0, 0).
  const Matrix stretch = retroanim::math::compose_matrix_scale_axis({0, 0, 0}, {2, 1, 1}, Quat{}, kQuarterZ);
  expect_matrix(stretch, rows({1, 0, 0}, {0, 2, 0}, {0, 0, 1}, {0, 0, 0}), 1e-6f);
  // Then the rotation, applied after the stretch: x -> (0, -1, 0), y -> 2 (1, 0, 0).
  const Matrix m = retroanim::math::compose_matrix_scale_axis({4, 5, 6}, {2, 1, 1}, kQuarterZ, kQuarterZ);
  expect_matrix(m, rows({0, -1, 0}, {2, 0, 0}, {0, 0, 1}, {4, 5, 6}), 1e-6f);
}

}  // namespace
