// Building and splitting an entity's local matrix from position, rotation,
// scale and scale axis, as CKObjectAnimation::SetStep does (spec 5.4 step 5).
// Row-vector convention of matrix.h: row i is axis i, row 3 the translation.
#pragma once

#include "retroanim/math/matrix.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

namespace retroanim::math {

// A matrix split into its parts (FUN_1005695c): position = row 3, rotation =
// VxQuaternion::FromMatrix of the rows, scale = the lengths of rows 0..2.
struct DecomposedMatrix {
  Vec3 position;
  Quat rotation;
  Vec3 scale{1.0f, 1.0f, 1.0f};
};

// FUN_1005695c (CK2_3D): splits `mat` into position, rotation and scale.
DecomposedMatrix decompose_matrix(const Matrix& mat);

// FUN_1000c230 (CK2_3D): R = QuatToMatrix(rot), row i of R scaled by scale[i],
// row 3 = pos, last column (0, 0, 0, 1). Inline: it is on the per-sample path of playback.
inline Matrix compose_matrix(Vec3 pos, Vec3 scale, Quat rot) {
  Matrix m = quat_to_matrix(rot);
  for (int i = 0; i < 3; ++i) {
    m.m[i][0] *= scale[i];
    m.m[i][1] *= scale[i];
    m.m[i][2] *= scale[i];
  }
  m.set_row(3, pos);
  m.m[0][3] = m.m[1][3] = m.m[2][3] = 0.0f;
  m.m[3][3] = 1.0f;
  return m;
}

// FUN_1000c2e0 (CK2_3D): the off-axis ("shear") scale compose,
// R(rot) ∘ (U ∘ diag(scale) ∘ Uᵀ) with U = QuatToMatrix(scale_axis) and ∘ the
// Vx3DMultiplyMatrix product (right operand applied first), then row 3 = pos:
// the entity is stretched by scale[i] along row i of U, then rotated. With an
// identity scale axis this equals compose_matrix.
Matrix compose_matrix_scale_axis(Vec3 pos, Vec3 scale, Quat rot, Quat scale_axis);

// The 3x3 transpose of `mat` (row 3 cleared, [3][3] = 1).
Matrix transpose3(const Matrix& mat);

}  // namespace retroanim::math
