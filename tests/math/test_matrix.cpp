// math/matrix.cpp: hand-computed checks of the VxMath-compatible matrix
// products, inverse and identity.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/math/hermite.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

using namespace retroanim::math;

namespace {
Matrix make(std::initializer_list<std::initializer_list<float>> rows) {
  Matrix m;
  int r = 0;
  for (auto row : rows) {
    int c = 0;
    for (float v : row) m.m[r][c++] = v;
    ++r;
  }
  return m;
}
}  // namespace

TEST(Matrix, MultiplyMatrixVectorUsesRowsAndTranslation) {
  // Rows: X axis -> (0,1,0), Y -> (-1,0,0), Z -> (0,0,2), translation (10,20,30).
  Matrix m = make({{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 2, 0}, {10, 20, 30, 1}});
  // (1,2,3) -> 1*(0,1,0) + 2*(-1,0,0) + 3*(0,0,2) + (10,20,30) = (8, 21, 36)
  EXPECT_EQ(multiply_matrix_vector(m, {1, 2, 3}), Vec3(8, 21, 36));
  EXPECT_EQ(rotate_vector(m, {1, 2, 3}), Vec3(-2, 1, 6));
}

TEST(Matrix, MultiplyMatrixAppliesRightOperandFirst) {
  Matrix parent = make({{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 1, 0}, {5, 0, 0, 1}});  // rot 90 about z, then +5x
  Matrix local = make({{2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 2, 0}, {1, 0, 0, 1}});   // scale 2, then +1x
  Matrix world = multiply_matrix(parent, local);
  // A point p: local gives 2p + (1,0,0); parent maps (a,b,c) to (-b+5, a, c).
  Vec3 p{1, 1, 1};
  Vec3 expect = multiply_matrix_vector(parent, multiply_matrix_vector(local, p));
  EXPECT_EQ(multiply_matrix_vector(world, p), expect);
  EXPECT_EQ(expect, Vec3(3, 3, 2));
  EXPECT_EQ(world.m[0][3], 0.0f);
  EXPECT_EQ(world.m[3][3], 1.0f);
}

TEST(Matrix, MultiplyMatrixForcesAffineLastColumn) {
  Matrix a = make({{1, 0, 0, 0.5f}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 2}});
  Matrix r = multiply_matrix(a, Matrix{});
  EXPECT_EQ(r.m[0][3], 0.0f);
  EXPECT_EQ(r.m[3][3], 1.0f);
  Matrix r4 = multiply_matrix4(a, Matrix{});
  EXPECT_EQ(r4.m[0][3], 0.5f);
  EXPECT_EQ(r4.m[3][3], 2.0f);
}

TEST(Matrix, InverseOfAffine) {
  Matrix m = make({{0, 2, 0, 0}, {-2, 0, 0, 0}, {0, 0, 4, 0}, {1, 2, 3, 1}});
  Matrix inv = inverse_matrix(m);
  // Rows of the inverse 3x3: X -> (0,-0.5,0), Y -> (0.5,0,0), Z -> (0,0,0.25).
  EXPECT_FLOAT_EQ(inv.m[0][1], -0.5f);
  EXPECT_FLOAT_EQ(inv.m[1][0], 0.5f);
  EXPECT_FLOAT_EQ(inv.m[2][2], 0.25f);
  // Translation: -(1,2,3)*inv3 = -(1*(0,-0.5,0) + 2*(0.5,0,0) + 3*(0,0,0.25)) = (-1, 0.5, -0.75)
  EXPECT_EQ(inv.row(3), Vec3(-1, 0.5f, -0.75f));
  Vec3 p{3, -7, 11};
  Vec3 back = multiply_matrix_vector(inv, multiply_matrix_vector(m, p));
  EXPECT_NEAR(back.x, p.x, 1e-5);
  EXPECT_NEAR(back.y, p.y, 1e-5);
  EXPECT_NEAR(back.z, p.z, 1e-5);
  EXPECT_FLOAT_EQ(matrix_determinant(m), 16.0f);
  EXPECT_EQ(inverse_matrix(make({{0, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}})), Matrix{});
}

// Vx3DMatrixIdentity: every element rewritten, ones on the diagonal.
TEST(Matrix, SetIdentityRewritesEveryElement) {
  Matrix a = make({{2, 3, 4, 5}, {6, 7, 8, 9}, {1, 2, 3, 4}, {5, 6, 7, 8}});
  set_identity(a);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(a.m[r][c], r == c ? 1.0f : 0.0f) << r << "," << c;
}
