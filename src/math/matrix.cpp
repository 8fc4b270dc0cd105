#include "retroanim/math/matrix.h"

#include <cmath>

namespace retroanim::math {

bool operator==(const Matrix& a, const Matrix& b) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      if (a.m[r][c] != b.m[r][c]) return false;
  return true;
}

// Vx3DMultiplyMatrix4 (VxMath 0x24284480)
Matrix multiply_matrix4(const Matrix& a, const Matrix& b) {
  Matrix r;
  for (int i = 0; i < 4; ++i) {
    const float b0 = b.m[i][0], b1 = b.m[i][1], b2 = b.m[i][2], b3 = b.m[i][3];
    for (int j = 0; j < 4; ++j) r.m[i][j] = a.m[0][j] * b0 + a.m[1][j] * b1 + a.m[2][j] * b2 + a.m[3][j] * b3;
  }
  return r;
}

// Vx3DMultiplyMatrix (VxMath 0x242840c0)
Matrix multiply_matrix(const Matrix& a, const Matrix& b) {
  Matrix r = multiply_matrix4(a, b);
  r.m[0][3] = 0.0f;
  r.m[1][3] = 0.0f;
  r.m[2][3] = 0.0f;
  r.m[3][3] = 1.0f;
  return r;
}

// Vx3DMatrixDeterminant (VxMath 0x2429ad10)
float matrix_determinant(const Matrix& mat) {
  const auto& m = mat.m;
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

// Vx3DInverseMatrix (VxMath 0x2429ad50)
Matrix inverse_matrix(const Matrix& mat) {
  const auto& m = mat.m;
  float det = matrix_determinant(mat);
  Matrix r;
  if (det == 0.0f) return r;
  float inv = 1.0f / det;
  r.m[0][0] = (m[1][1] * m[2][2] - m[1][2] * m[2][1]) * inv;
  r.m[0][1] = -(m[0][1] * m[2][2] - m[0][2] * m[2][1]) * inv;
  r.m[0][2] = (m[0][1] * m[1][2] - m[0][2] * m[1][1]) * inv;
  r.m[1][0] = -(m[1][0] * m[2][2] - m[1][2] * m[2][0]) * inv;
  r.m[1][1] = (m[0][0] * m[2][2] - m[0][2] * m[2][0]) * inv;
  r.m[1][2] = -(m[0][0] * m[1][2] - m[0][2] * m[1][0]) * inv;
  r.m[2][0] = (m[1][0] * m[2][1] - m[1][1] * m[2][0]) * inv;
  r.m[2][1] = -(m[0][0] * m[2][1] - m[0][1] * m[2][0]) * inv;
  r.m[2][2] = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) * inv;
  r.m[0][3] = r.m[1][3] = r.m[2][3] = 0.0f;
  // Translation: -(t * inverse3x3), with t as a row vector.
  r.m[3][0] = -(m[3][0] * r.m[0][0] + m[3][1] * r.m[1][0] + m[3][2] * r.m[2][0]);
  r.m[3][1] = -(m[3][0] * r.m[0][1] + m[3][1] * r.m[1][1] + m[3][2] * r.m[2][1]);
  r.m[3][2] = -(m[3][0] * r.m[0][2] + m[3][1] * r.m[1][2] + m[3][2] * r.m[2][2]);
  r.m[3][3] = 1.0f;
  return r;
}

// VxQuaternion::FromMatrix (VxMath)
Quat quat_from_matrix(const Matrix& mat, bool mat_is_unit) {
  float m[3][3];
  for (int r = 0; r < 3; ++r) {
    Vec3 row = mat.row(r);
    if (!mat_is_unit) row = normalize(row);
    m[r][0] = row.x;
    m[r][1] = row.y;
    m[r][2] = row.z;
  }
  float trace = m[0][0] + m[1][1] + m[2][2];
  Quat q;
  if (trace > 0.0f) {
    float s = std::sqrt(trace + 1.0f);
    q.w = s * 0.5f;
    s = 0.5f / s;
    q.x = (m[2][1] - m[1][2]) * s;
    q.y = (m[0][2] - m[2][0]) * s;
    q.z = (m[1][0] - m[0][1]) * s;
  } else {
    // Largest diagonal element first (Shoemake).
    int i = 0;
    if (m[1][1] > m[0][0]) i = 1;
    if (m[2][2] > m[i][i]) i = 2;
    int j = (i + 1) % 3, k = (i + 2) % 3;
    float s = std::sqrt((m[i][i] - (m[j][j] + m[k][k])) + 1.0f);
    float v[3];
    v[i] = s * 0.5f;
    if (s != 0.0f) s = 0.5f / s;
    q.w = (m[k][j] - m[j][k]) * s;
    v[j] = (m[j][i] + m[i][j]) * s;
    v[k] = (m[k][i] + m[i][k]) * s;
    q.x = v[0];
    q.y = v[1];
    q.z = v[2];
  }
  return q;
}

bool is_finite(const Matrix& mat) {
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      if (!std::isfinite(mat.m[r][c])) return false;
  return true;
}

}  // namespace retroanim::math
