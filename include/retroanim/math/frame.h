// Asheron's Call frames: the client's `Frame` (origin, quaternion w-x-y-z and a
// cached 3x3 rotation matrix) and `AFrame` (origin + quaternion, the dat form).
// Every operation follows the client's order of operations; intermediate sums
// are formed in double (the client's x87 registers) and rounded to float where
// the client stores a float. Single precision throughout, as in the client.
#pragma once

#include <cmath>

#include "retroanim/math/vec3.h"

#include "retroanim/fp_strict.h"

namespace retroanim::math {

// The client's small-value threshold (PhysicsGlobals EPSILON, 0.0002 rounded
// to the float the client stores: 0.00019999999).
inline constexpr double kAcEpsilon = 0.00019999999;

// A frame as stored in the dat files and animation data (client `AFrame`,
// 28 bytes): origin x, y, z and a quaternion w, x, y, z. No cached matrix.
struct AFrame {
  Vec3 origin{};
  float qw = 1.0f, qx = 0.0f, qy = 0.0f, qz = 0.0f;

  friend constexpr bool operator==(const AFrame& a, const AFrame& b) {
    return a.origin == b.origin && a.qw == b.qw && a.qx == b.qx && a.qy == b.qy && a.qz == b.qz;
  }
};

// True when no component is NaN and the quaternion's squared norm is within
// 0.001 of 1 (AFrame::IsValid 0x5A9E30).
bool is_valid(const AFrame& f);

// The client's `Frame` (64 bytes): quaternion w, x, y, z, the cached local-to-
// global matrix m (column-major: m[0..2] is the image of the x axis, so
// global = m[0]*x + m[3]*y + m[6]*z) and the origin. Always keep the matrix in
// step with the quaternion: change the rotation only through set_rotate and the
// operations below (or call cache() after writing qw..qz directly).
struct Frame {
  float qw = 1.0f, qx = 0.0f, qy = 0.0f, qz = 0.0f;
  float m[9] = {1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f};
  Vec3 origin{};

  // The identity frame (Frame::Frame 0x424A80).
  Frame() = default;

  // A frame with the given origin and quaternion, stored as given (not
  // normalised) with its matrix cached.
  Frame(Vec3 origin_, float w, float x, float y, float z);

  // A frame made from an AFrame: quaternion stored as given, matrix cached.
  explicit Frame(const AFrame& f);

  // The AFrame part (origin and quaternion) of this frame.
  AFrame to_aframe() const { return AFrame{origin, qw, qx, qy, qz}; }

  // Recomputes the cached matrix from the quaternion (Frame::cache 0x534DF0).
  void cache();

  // True when no component is NaN and the quaternion's squared norm is within
  // 0.001 of 1 (Frame::IsValid 0x534ED0).
  bool is_valid() const;

  // True when the origin is valid but the quaternion holds a NaN
  // (Frame::IsValidExceptForHeading 0x534FE0).
  inline bool is_valid_except_for_heading() const;

  // Sets the rotation to the normalised quaternion; when the result is not
  // valid, the previous quaternion is restored (Frame::set_rotate 0x535080).
  void set_rotate(float w, float x, float y, float z);

  // this = f1 * f2: origin = f1.origin + f1.m * f2.origin, rotation
  // f1.q * f2.q normalised (Frame::combine 0x525180). `this` may be f1.
  void combine(const Frame& f1, const AFrame& f2);

  // Same as combine with a full Frame on the right (Frame::combine 0x512DE0 in
  // the physics object's module).
  void combine(const Frame& f1, const Frame& f2);

  // combine with f2's origin scaled component-wise first (Frame::combine with
  // scale 0x518FD0, used for the parts of a scaled object).
  void combine(const Frame& f1, const AFrame& f2, Vec3 scale);

  // The exact inverse of combine: this = f1 * f2^-1, i.e. rotation
  // f1.q * conj(f2.q) (normalised), then origin = f1.origin - R(new q) * f2.origin
  // (Frame::subtract1 0x535520). `this` may be f1.
  void subtract1(const Frame& f1, const AFrame& f2);

  // Rotates by the global axis-angle vector w (angle |w| radians about w/|w|),
  // pre-multiplying the quaternion; does nothing when |w|^2 < 0.0002^2
  // (Frame::grotate 0x5357A0).
  inline void grotate(Vec3 w);

  // Rotates by the local axis-angle vector w: w is taken to global with the
  // matrix, then grotate (Frame::rotate 0x4525B0).
  void rotate(Vec3 w);

  // A local point to global: m * p + origin (Frame::localtoglobal 0x452620).
  inline Vec3 localtoglobal(Vec3 p) const;

  // A global point to local: m^T * (p - origin) (Frame::globaltolocal 0x452680).
  Vec3 globaltolocal(Vec3 p) const;

  // A local direction to global: m * v (Frame::localtoglobalvec 0x4524F0).
  inline Vec3 localtoglobalvec(Vec3 v) const;

  // A global direction to local: m^T * v (Frame::globaltolocalvec 0x452550).
  Vec3 globaltolocalvec(Vec3 v) const;

  // Exact equality of origin and quaternion (the matrix follows from them).
  friend bool operator==(const Frame& a, const Frame& b) {
    return a.origin == b.origin && a.qw == b.qw && a.qx == b.qx && a.qy == b.qy && a.qz == b.qz;
  }


 private:
  // grotate's rotation once |w|^2 = len2 is past the cut-off.
  void grotate_by(Vec3 w, double len2);
};

// Normalises v in place when |v| >= 0.0002 and returns false; returns true and
// leaves v unchanged when it is that small (Vector3::normalize_check_small 0x452460).
bool normalize_check_small(Vec3& v);

// ---- Inline definitions of the hot Frame operations (every combine, rotate
// and set_frame goes through them). ----

RETROANIM_FP_STRICT_BEGIN
namespace detail {

// The validity test shared by Frame and AFrame: no NaN, squared norm within 0.001 of 1.
inline bool valid_parts(Vec3 o, float w, float x, float y, float z) {
  bool ok = !(std::isnan(o.x) || std::isnan(o.y) || std::isnan(o.z) || std::isnan(w) || std::isnan(x) ||
              std::isnan(y) || std::isnan(z));
  double sum = static_cast<double>(z) * z + static_cast<double>(y) * y + static_cast<double>(x) * x +
               static_cast<double>(w) * w;
  float norm = static_cast<float>(sum);
  if (std::isnan(norm) || kAcEpsilon * 5.0 < std::fabs(static_cast<double>(norm) - 1.0)) return false;
  return ok;
}

}  // namespace detail

// Frame::cache (0x534DF0)
inline void Frame::cache() {
  double b2 = static_cast<double>(qx) + qx;
  double c2 = static_cast<double>(qy) + qy;
  double d2 = static_cast<double>(qz) + qz;
  double wb = qw * b2, wc = qw * c2, wd = qw * d2;
  double xb = qx * b2, xc = qx * c2, xd = qx * d2;
  double yc = qy * c2, yd = qy * d2, zd = qz * d2;
  m[0] = static_cast<float>(1.0 - yc - zd);
  m[1] = static_cast<float>(xc + wd);
  m[2] = static_cast<float>(xd - wc);
  m[3] = static_cast<float>(xc - wd);
  double one_minus_xb = 1.0 - xb;
  m[4] = static_cast<float>(one_minus_xb - zd);
  m[5] = static_cast<float>(yd + wb);
  m[6] = static_cast<float>(xd + wc);
  m[7] = static_cast<float>(yd - wb);
  m[8] = static_cast<float>(one_minus_xb - yc);
}

// Frame::IsValid (0x534ED0)
inline bool Frame::is_valid() const { return detail::valid_parts(origin, qw, qx, qy, qz); }

// Frame::set_rotate (0x535080)
inline void Frame::set_rotate(float w, float x, float y, float z) {
  float old_w = qw, old_x = qx, old_y = qy, old_z = qz;
  double inv = 1.0 / std::sqrt(static_cast<double>(w) * w + static_cast<double>(x) * x +
                               static_cast<double>(y) * y + static_cast<double>(z) * z);
  qw = static_cast<float>(w * inv);
  qx = static_cast<float>(x * inv);
  qy = static_cast<float>(y * inv);
  qz = static_cast<float>(inv * z);
  if (is_valid()) {
    cache();
  } else {
    qw = old_w;
    qx = old_x;
    qy = old_y;
    qz = old_z;
  }
}

// Frame::IsValidExceptForHeading (0x534FE0)
inline bool Frame::is_valid_except_for_heading() const {
  return !std::isnan(origin.x) && !std::isnan(origin.y) && !std::isnan(origin.z) &&
         (std::isnan(qw) || std::isnan(qx) || std::isnan(qy) || std::isnan(qz));
}

// Frame::localtoglobal (0x452620)
inline Vec3 Frame::localtoglobal(Vec3 p) const {
  const double x = p.x, y = p.y, z = p.z;
  return {static_cast<float>(m[6] * z + m[0] * x + m[3] * y + origin.x),
          static_cast<float>(m[7] * z + m[1] * x + m[4] * y + origin.y),
          static_cast<float>(m[8] * z + m[2] * x + m[5] * y + origin.z)};
}

// Frame::localtoglobalvec (0x4524F0)
inline Vec3 Frame::localtoglobalvec(Vec3 v) const {
  const double x = v.x, y = v.y, z = v.z;
  return {static_cast<float>(m[6] * z + m[0] * x + m[3] * y), static_cast<float>(m[7] * z + m[1] * x + m[4] * y),
          static_cast<float>(m[8] * z + m[2] * x + m[5] * y)};
}

// Frame::grotate (0x5357A0): the small-angle cut-off inline, the rotation in grotate_by.
inline void Frame::grotate(Vec3 w) {
  double len2 = static_cast<double>(w.x) * w.x + static_cast<double>(w.y) * w.y + static_cast<double>(w.z) * w.z;
  if (len2 < kAcEpsilon * kAcEpsilon) return;
  grotate_by(w, len2);
}

// Frame::rotate (0x4525B0)
inline void Frame::rotate(Vec3 w) { grotate(localtoglobalvec(w)); }

RETROANIM_FP_STRICT_END

}  // namespace retroanim::math
