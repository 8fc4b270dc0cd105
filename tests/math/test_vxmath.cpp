// Hand-computed checks of the VxMath-compatible math core.
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

TEST(Vec3, DotCrossMagnitudeNormalize) {
  Vec3 a{1, 2, 3}, b{4, -5, 6};
  EXPECT_FLOAT_EQ(dot(a, b), 4 - 10 + 18);
  Vec3 c = cross(a, b);  // (2*6-3*-5, 3*4-1*6, 1*-5-2*4)
  EXPECT_EQ(c, Vec3(27, 6, -13));
  EXPECT_FLOAT_EQ(magnitude(Vec3{3, 4, 12}), 13.0f);
  Vec3 n = normalize(Vec3{0, 0, -2});
  EXPECT_EQ(n, Vec3(0, 0, -1));
  EXPECT_EQ(normalize(Vec3{}), Vec3{});  // zero stays zero
}

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

TEST(Quat, ToMatrixRowConvention) {
  float h = std::sqrt(0.5f);
  // 90 degrees about Y: q = (0, sin45, 0, cos45). s = 2.
  Matrix r = quat_to_matrix({0, h, 0, h});
  // row0 = (1 - 2*0.5, 0, 2*(h*h)) = (0, 0, 1); row2 = (-1, 0, 0).
  EXPECT_NEAR(r.m[0][0], 0.0f, 1e-6);
  EXPECT_NEAR(r.m[0][2], 1.0f, 1e-6);
  EXPECT_NEAR(r.m[2][0], -1.0f, 1e-6);
  EXPECT_NEAR(r.m[1][1], 1.0f, 1e-6);
  // 90 degrees about Z: row0 = (1-2*0.5, 2*(0 - h*h), 0) = (0, -1, 0); row1 = (1, 0, 0).
  Matrix z = quat_to_matrix({0, 0, h, h});
  EXPECT_NEAR(z.m[0][1], -1.0f, 1e-6);
  EXPECT_NEAR(z.m[1][0], 1.0f, 1e-6);
  // A non-unit quaternion is normalised by s = 2/|q|²: (0,0,0,2) is the identity.
  EXPECT_EQ(quat_to_matrix({0, 0, 0, 2}), Matrix{});
  EXPECT_EQ(quat_to_matrix({0, 0, 0, 0}), Matrix{});
}

TEST(Quat, FromMatrixInvertsToMatrix) {
  const Quat qs[] = {{0, 0, 0, 1}, {0.1826f, 0.3651f, 0.5477f, 0.7303f}, {0.9f, -0.1f, 0.3f, 0.2f},
                     {0.1f, 0.95f, -0.2f, 0.1f}, {-0.1f, 0.2f, 0.9f, 0.05f}};
  for (Quat q : qs) {
    q = normalize(q);
    Quat back = quat_from_matrix(quat_to_matrix(q));
    if (dot(back, q) < 0) back = {-back.x, -back.y, -back.z, -back.w};
    EXPECT_NEAR(back.x, q.x, 1e-5);
    EXPECT_NEAR(back.y, q.y, 1e-5);
    EXPECT_NEAR(back.z, q.z, 1e-5);
    EXPECT_NEAR(back.w, q.w, 1e-5);
  }
}

TEST(Quat, SlerpHalfwayBetweenIdentityAndQuarterTurn) {
  float h = std::sqrt(0.5f);
  // d = cos45; theta = pi/4; k0 = k1 = sin(pi/8)/sin(pi/4) = 0.5411961.
  Quat r = slerp(0.5f, {0, 0, 0, 1}, {0, 0, h, h});
  EXPECT_NEAR(r.z, 0.3826834f, 1e-6);
  EXPECT_NEAR(r.w, 0.9238795f, 1e-6);
  EXPECT_EQ(r.x, 0.0f);
}

TEST(Quat, SlerpTakesShortArcAndIsNotNormalised) {
  // Negative dot: q1 weight negated. Close quaternions (1-|d| <= 0.01) lerp.
  Quat q0{0, 0, 0, 1}, q1{0, 0, -0.05f, -0.998749f};
  Quat r = slerp(0.5f, q0, q1);
  // k0 = 0.5, k1 = -0.5: (0, 0, 0.025, 0.5 + 0.4993745)
  EXPECT_FLOAT_EQ(r.z, 0.025f);
  EXPECT_FLOAT_EQ(r.w, 0.5f + 0.5f * 0.998749f);
  EXPECT_LT(std::sqrt(dot(r, r)), 1.0f);  // not renormalised
  // Ends.
  EXPECT_EQ(slerp(0.0f, q0, {0, 1, 0, 0}), q0);
}

TEST(Hermite, BasisAtHalfAndEnds) {
  HermiteWeights w = hermite_weights(0.5f);
  EXPECT_FLOAT_EQ(w.h1, 0.5f);
  EXPECT_FLOAT_EQ(w.h2, 0.5f);
  EXPECT_FLOAT_EQ(w.h3, 0.125f);
  EXPECT_FLOAT_EQ(w.h4, -0.125f);
  Vec3 p0{0, 0, 0}, p1{1, 0, 0}, t0{0, 1, 0}, t1{0, -1, 0};
  EXPECT_EQ(hermite(p0, t0, p1, t1, 0.0f), p0);
  EXPECT_EQ(hermite(p0, t0, p1, t1, 1.0f), p1);
  EXPECT_EQ(hermite(p0, t0, p1, t1, 0.5f), Vec3(0.5f, 0.25f, 0));
}

// Vx3DMatrixIdentity: every element rewritten, ones on the diagonal.
TEST(Matrix, SetIdentityRewritesEveryElement) {
  Matrix a = make({{2, 3, 4, 5}, {6, 7, 8, 9}, {1, 2, 3, 4}, {5, 6, 7, 8}});
  set_identity(a);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(a.m[r][c], r == c ? 1.0f : 0.0f) << r << "," << c;
}
