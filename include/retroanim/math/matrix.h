// VxMath-compatible 4x4 float matrix (VxMatrix) with row vectors: row i is the
// entity's axis i and row 3 the translation, as in Ck3dEntity's world matrix.
// A point v maps to v.x*row0 + v.y*row1 + v.z*row2 + row3.
#pragma once

#include "retroanim/fp_strict.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

namespace retroanim::math {

// m[row][col], row 3 = translation.
struct Matrix {
  float m[4][4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};

  float* operator[](int r) { return m[r]; }
  const float* operator[](int r) const { return m[r]; }

  // Row r as a vector (its first three components).
  Vec3 row(int r) const { return {m[r][0], m[r][1], m[r][2]}; }
  void set_row(int r, Vec3 v) { m[r][0] = v.x; m[r][1] = v.y; m[r][2] = v.z; }

  static Matrix identity() { return Matrix{}; }
  friend bool operator==(const Matrix& a, const Matrix& b);
};

RETROANIM_FP_STRICT_BEGIN
// Vx3DMatrixIdentity.
inline void set_identity(Matrix& mat) { mat = Matrix{}; }

// Vx3DMultiplyMatrixVector (VxMath 0x242838f0): the point v transformed by mat,
// x*m00 + y*m10 + z*m20 + m30 (and likewise for y, z).
inline Vec3 multiply_matrix_vector(const Matrix& mat, Vec3 v) {
  return {v.x * mat.m[0][0] + v.y * mat.m[1][0] + v.z * mat.m[2][0] + mat.m[3][0],
          v.x * mat.m[0][1] + v.y * mat.m[1][1] + v.z * mat.m[2][1] + mat.m[3][1],
          v.x * mat.m[0][2] + v.y * mat.m[1][2] + v.z * mat.m[2][2] + mat.m[3][2]};
}

// Vx3DRotateVector (VxMath 0x24283e80): the direction v transformed by mat's
// upper 3x3 (no translation).
inline Vec3 rotate_vector(const Matrix& mat, Vec3 v) {
  return {v.x * mat.m[0][0] + v.y * mat.m[1][0] + v.z * mat.m[2][0],
          v.x * mat.m[0][1] + v.y * mat.m[1][1] + v.z * mat.m[2][1],
          v.x * mat.m[0][2] + v.y * mat.m[1][2] + v.z * mat.m[2][2]};
}

// Vx3DMultiplyMatrix (VxMath 0x242840c0): result = a ∘ b, applying b first then
// a (world = parent.world ∘ local). result[i][j] = a[0][j]*b[i][0] + a[1][j]*b[i][1]
// + a[2][j]*b[i][2] + a[3][j]*b[i][3]; the last column is then forced to (0,0,0,1).
Matrix multiply_matrix(const Matrix& a, const Matrix& b);

// Vx3DMultiplyMatrix4 (VxMath 0x24284480): the same product without forcing the last column.
Matrix multiply_matrix4(const Matrix& a, const Matrix& b);

// Vx3DInverseMatrix (VxMath 0x2429ad50): inverse of an affine matrix (3x3 by
// cofactors over the determinant, translation = -t * inverse(3x3)). A singular
// 3x3 (determinant 0) gives the identity.
Matrix inverse_matrix(const Matrix& mat);

// Vx3DMatrixDeterminant (VxMath 0x2429ad10): determinant of the upper 3x3.
float matrix_determinant(const Matrix& mat);

// VxQuaternion::ToMatrix (VxMath 0x242836e0, spec 5.4): with s = 2/(x²+y²+z²+w²),
// row0 = (1-s(yy+zz), s(xy-wz), s(xz+wy)), row1 = (s(xy+wz), 1-s(xx+zz), s(yz-wx)),
// row2 = (s(xz-wy), s(yz+wx), 1-s(xx+yy)), row3 = (0,0,0,1). A zero quaternion
// gives the identity. (x87 path 0x242837d3; inline: it is on the per-sample
// path of animation playback.)
inline Matrix quat_to_matrix(Quat q) {
  Matrix r;
  float n = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
  if (n == 0.0f) return r;
  float s = 2.0f / n;
  float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
  float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  r.m[0][0] = 1.0f - s * (yy + zz);
  r.m[0][1] = s * (xy - wz);
  r.m[0][2] = s * (xz + wy);
  r.m[0][3] = 0.0f;
  r.m[1][0] = s * (xy + wz);
  r.m[1][1] = 1.0f - s * (xx + zz);
  r.m[1][2] = s * (yz - wx);
  r.m[1][3] = 0.0f;
  r.m[2][0] = s * (xz - wy);
  r.m[2][1] = s * (yz + wx);
  r.m[2][2] = 1.0f - s * (xx + yy);
  r.m[2][3] = 0.0f;
  r.m[3][0] = r.m[3][1] = r.m[3][2] = 0.0f;
  r.m[3][3] = 1.0f;
  return r;
}

// VxQuaternion::FromMatrix (the inverse of quat_to_matrix for a pure rotation;
// Shoemake's method on the rows' upper 3x3). Rows are normalised first when
// the matrix carries scale (MatIsUnit = false).
Quat quat_from_matrix(const Matrix& mat, bool mat_is_unit = false);

// True when all 16 entries are finite.
bool is_finite(const Matrix& mat);

RETROANIM_FP_STRICT_END

}  // namespace retroanim::math
