// The Virtools 2D progression curve (CK2dCurve and CK2dCurvePoint): an
// injective spline y = f(x) on [0, 1] that shapes the progressions of
// building blocks (Bezier Progression, Play Animation 3D Entity, ...).
// Plain data (the points as stored) plus the derived tangents, and GetY as the
// original evaluates it. It is a parameter value, not a CKObject.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/math/vec2.h"

namespace retroanim::ck {

// CK2dCurvePoint flags as stored in a file (CK2DCURVEPOINT_*).
namespace curve2d_flag {
inline constexpr uint32_t kUserTangents = 0x1;  // tangents given by the user, not TCB
inline constexpr uint32_t kLinear = 0x2;        // the segment starting here is a straight line
inline constexpr uint32_t kSaved = 0x10000000;  // set on every saved point that carries data
}  // namespace curve2d_flag

// One control point of a 2D curve: position, TCB parameters, the in and out
// tangents (computed from TCB unless user_tangents) and the point flags.
struct Curve2dPoint {
  math::Vec2 pos;
  float tension = 0.0f;
  float continuity = 0.0f;
  float bias = 0.0f;
  bool user_tangents = false;  // CK2DCURVEPOINT_USETANGENTS
  bool linear = false;         // CK2DCURVEPOINT_LINEAR
  math::Vec2 in_tangent;
  math::Vec2 out_tangent;

  // The flags word as CK2dCurve saves it (without the 0x10000000 marker).
  uint32_t flags() const {
    return (user_tangents ? curve2d_flag::kUserTangents : 0u) | (linear ? curve2d_flag::kLinear : 0u);
  }
};

// CK2dCurve: control points kept sorted by x with their tangents up to date.
// A default-constructed curve is the engine's default: TCB points (0,0) and
// (1,1), which gives y = x.
class Curve2d {
 public:
  // The engine default curve (CK2dCurve::CK2dCurve): points (0,0) and (1,1).
  Curve2d();

  // A curve with the given points (any order); they are sorted and their
  // tangents computed as CK2dCurve::Update does.
  explicit Curve2d(std::vector<Curve2dPoint> points, float fitting = 0.0f);

  // The control points, sorted by x, with the tangents Update computed.
  const std::vector<Curve2dPoint>& points() const { return points_; }

  // Replaces all control points and runs Update.
  void set_points(std::vector<Curve2dPoint> points);

  // CK2dCurve::AddControlPoint: adds a TCB point at pos (T/C/B 0) and runs Update.
  void add_control_point(math::Vec2 pos);

  // The fitting coefficient as stored (GetY does not use it).
  float fitting() const { return fitting_; }
  void set_fitting(float f) { fitting_ = f; }

  // CK2dCurve::Update (UpdatePointsAndTangents): stable-sorts the points by x,
  // computes the Kochanek-Bartels tangents of TCB points from the chords to the
  // neighbours, then rescales every in tangent so its x equals the chord x to
  // the previous point (1e-4 on the first point) and every out tangent so its x
  // equals the chord x to the next point (1e-3 on the last point); a zero chord
  // counts as 1e-4, and a tangent whose x is 0 is left as is.
  void update();

  // CK2dCurve::GetY: x is clamped to [0, 1]; the segment is the one ending at
  // the first point whose x >= x. Linear segments interpolate y linearly;
  // Hermite segments search the curve parameter by the original's bisection
  // (at most 1000 steps, until x is within 1e-5). x beyond the last point gives
  // 0, fewer than 2 points give 0, and the result is clamped to [0, 1].
  float get_y(float x) const;

  // True when the curve has at least two points (GetY is meaningful).
  bool valid() const { return points_.size() >= 2; }

 private:
  std::vector<Curve2dPoint> points_;
  float fitting_ = 0.0f;
};

}  // namespace retroanim::ck
