// VxMath-compatible single-precision 3-vector (VxVector) and the operations the
// Virtools animation code uses, each written with the original's order of
// operations so results round exactly as VxMath's do (compile with
// -ffp-contract=off; the project does).
#pragma once

#include <cmath>

#include "retroanim/fp_strict.h"

namespace retroanim::math {

// A 3-component float vector, laid out as VxVector {x, y, z}.
struct Vec3 {
  float x = 0.0f, y = 0.0f, z = 0.0f;

  constexpr Vec3() = default;
  constexpr Vec3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}

  constexpr float& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
  constexpr float operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }

  friend constexpr Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
  friend constexpr Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
  friend constexpr Vec3 operator-(Vec3 a) { return {-a.x, -a.y, -a.z}; }
  friend constexpr Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
  friend constexpr Vec3 operator*(float s, Vec3 a) { return {s * a.x, s * a.y, s * a.z}; }
  friend constexpr Vec3 operator/(Vec3 a, float s) { return {a.x / s, a.y / s, a.z / s}; }
  // Component-wise product (VxVector operator* between two vectors).
  friend constexpr Vec3 operator*(Vec3 a, Vec3 b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
  constexpr Vec3& operator+=(Vec3 b) { x += b.x; y += b.y; z += b.z; return *this; }
  constexpr Vec3& operator-=(Vec3 b) { x -= b.x; y -= b.y; z -= b.z; return *this; }
  constexpr Vec3& operator*=(float s) { x *= s; y *= s; z *= s; return *this; }
  friend constexpr bool operator==(Vec3 a, Vec3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
};

RETROANIM_FP_STRICT_BEGIN
// DotProduct (VxMath): x*x' + y*y' + z*z', summed left to right.
constexpr float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

// CrossProduct (VxMath).
constexpr Vec3 cross(Vec3 a, Vec3 b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

// SquareMagnitude (VxMath).
constexpr float square_magnitude(Vec3 v) { return v.x * v.x + v.y * v.y + v.z * v.z; }

// Magnitude (VxMath): sqrtf of the square magnitude.
inline float magnitude(Vec3 v) { return std::sqrt(square_magnitude(v)); }

// Normalize (VxMath VxVector::Normalize): scales by 1/|v|; a zero vector is left as is.
inline Vec3 normalize(Vec3 v) {
  float m = magnitude(v);
  if (m == 0.0f) return v;
  float inv = 1.0f / m;
  return {v.x * inv, v.y * inv, v.z * inv};
}

// True when every component is finite (neither NaN nor infinite).
inline bool is_finite(Vec3 v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

RETROANIM_FP_STRICT_END

}  // namespace retroanim::math
