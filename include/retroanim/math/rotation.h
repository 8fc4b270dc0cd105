// Axis-angle rotation matrices as VxMath builds them (Vx3DMatrixFromRotation),
// used by CK3dEntity::Rotate.
#pragma once

#include <cmath>

#include "retroanim/math/matrix.h"
#include "retroanim/math/float_trig.h"

#include "retroanim/fp_strict.h"

namespace retroanim::math {

// VxMath's EPSILON (FLT_EPSILON): angles and squared axis lengths below it count as zero.
inline constexpr float kVxEpsilon = 1.192092896e-07f;

RETROANIM_FP_STRICT_BEGIN
// Vx3DMatrixFromRotation (VxMath): the rotation by `angle` radians about
// `axis` (normalised first; a zero axis means Z) in row-vector form: a vector
// v maps to v * M. An angle below kVxEpsilon gives the identity.
inline Matrix matrix_from_rotation(Vec3 axis, float angle) {
  Matrix r;
  if (std::fabs(angle) < kVxEpsilon) return r;
  const float c = cos_f(angle), s = sin_f(angle), t = 1.0f - c;
  const float len_sq = axis.x * axis.x + axis.y * axis.y + axis.z * axis.z;
  float x = 0.0f, y = 0.0f, z = 1.0f;
  if (len_sq > kVxEpsilon) {
    const float inv = 1.0f / std::sqrt(len_sq);
    x = axis.x * inv;
    y = axis.y * inv;
    z = axis.z * inv;
  }
  r.m[0][0] = x * x * t + c;
  r.m[0][1] = x * y * t + z * s;
  r.m[0][2] = x * z * t - y * s;
  r.m[1][0] = x * y * t - z * s;
  r.m[1][1] = y * y * t + c;
  r.m[1][2] = y * z * t + x * s;
  r.m[2][0] = x * z * t + y * s;
  r.m[2][1] = y * z * t - x * s;
  r.m[2][2] = z * z * t + c;
  return r;
}

RETROANIM_FP_STRICT_END

}  // namespace retroanim::math
