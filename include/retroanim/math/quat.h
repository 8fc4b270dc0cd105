// VxMath-compatible single-precision quaternion (VxQuaternion, stored x, y, z, w)
// with the Slerp the Virtools keyframe controllers use (spec 5.3).
#pragma once

#include <cmath>

#include "retroanim/math/vec3.h"
#include "retroanim/math/float_trig.h"

#include "retroanim/fp_strict.h"

namespace retroanim::math {

// A float quaternion laid out as VxQuaternion {x, y, z, w}. Identity is (0,0,0,1).
struct Quat {
  float x = 0.0f, y = 0.0f, z = 0.0f, w = 1.0f;

  constexpr Quat() = default;
  constexpr Quat(float x_, float y_, float z_, float w_) : x(x_), y(y_), z(z_), w(w_) {}
  friend constexpr bool operator==(Quat a, Quat b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
  }
};

RETROANIM_FP_STRICT_BEGIN
// Dot product of two quaternions, x, y, z, w summed left to right.
constexpr float dot(Quat a, Quat b) { return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w; }

// Slerp (VxMath 0x2429c8f0, spec 5.3): d = q0·q1; if d < 0 the q1 weight is
// negated and |d| used. If 1 - |d| > 0.01: theta = acos(|d|),
// k0 = sin((1-t)theta)/sin(theta), k1 = ±sin(t theta)/sin(theta); otherwise
// k0 = 1-t, k1 = ±t. The result k0*q0 + k1*q1 is not normalised.
inline Quat slerp(float t, Quat q0, Quat q1) {
  float d = dot(q0, q1);
  float sign = 1.0f;
  if (d < 0.0f) {
    d = -d;
    sign = -1.0f;
  }
  float k0, k1;
  if (1.0f - d > 0.01f) {
    float theta = acos_f(d);
    float sin_theta = sin_f(theta);
    k0 = sin_f((1.0f - t) * theta) / sin_theta;
    k1 = sin_f(t * theta) / sin_theta;
  } else {
    k0 = 1.0f - t;
    k1 = t;
  }
  k1 = k1 * sign;
  return {k0 * q0.x + k1 * q1.x, k0 * q0.y + k1 * q1.y, k0 * q0.z + k1 * q1.z, k0 * q0.w + k1 * q1.w};
}

// Quaternion product a*b (VxQuaternion operator*, Hamilton convention).
constexpr Quat multiply(Quat a, Quat b) {
  return {a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
          a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
          a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z};
}

// Conjugate (x, y, z negated).
constexpr Quat conjugate(Quat q) { return {-q.x, -q.y, -q.z, q.w}; }

// Normalised copy; a zero quaternion gives the identity.
inline Quat normalize(Quat q) {
  float n = std::sqrt(dot(q, q));
  if (n == 0.0f) return {};
  float inv = 1.0f / n;
  return {q.x * inv, q.y * inv, q.z * inv, q.w * inv};
}

RETROANIM_FP_STRICT_END

}  // namespace retroanim::math
