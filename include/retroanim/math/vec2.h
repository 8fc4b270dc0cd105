// VxMath-compatible single-precision 2-vector (Vx2DVector), used by the 2D
// progression curve (CK2dCurve).
#pragma once

#include <cmath>

#include "retroanim/fp_strict.h"

namespace retroanim::math {

// A 2-component float vector laid out as Vx2DVector {x, y}.
struct Vec2 {
  float x = 0.0f, y = 0.0f;

  constexpr Vec2() = default;
  constexpr Vec2(float x_, float y_) : x(x_), y(y_) {}

  friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr Vec2 operator*(Vec2 a, float s) { return {a.x * s, a.y * s}; }
  friend constexpr bool operator==(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }
};

RETROANIM_FP_STRICT_BEGIN
// Vx2DVector::Magnitude: sqrtf(x*x + y*y).
inline float magnitude(Vec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }

RETROANIM_FP_STRICT_END

}  // namespace retroanim::math
