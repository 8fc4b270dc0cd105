#include "retroanim/math/transform_compose.h"

namespace retroanim::math {

// FUN_1005695c (CK2_3D)
DecomposedMatrix decompose_matrix(const Matrix& mat) {
  DecomposedMatrix d;
  d.position = mat.row(3);
  d.rotation = quat_from_matrix(mat, false);
  d.scale = {magnitude(mat.row(0)), magnitude(mat.row(1)), magnitude(mat.row(2))};
  return d;
}

Matrix transpose3(const Matrix& mat) {
  Matrix t;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) t.m[r][c] = mat.m[c][r];
  return t;
}

// FUN_1000c2e0 (CK2_3D)
Matrix compose_matrix_scale_axis(Vec3 pos, Vec3 scale, Quat rot, Quat scale_axis) {
  Matrix u = quat_to_matrix(scale_axis);
  Matrix d;  // diag(scale)
  d.m[0][0] = scale.x;
  d.m[1][1] = scale.y;
  d.m[2][2] = scale.z;
  // stretch = U ∘ D ∘ Uᵀ: Uᵀ applied first, then D, then U.
  Matrix stretch = multiply_matrix(u, multiply_matrix(d, transpose3(u)));
  Matrix m = multiply_matrix(quat_to_matrix(rot), stretch);
  m.set_row(3, pos);
  return m;
}

}  // namespace retroanim::math
