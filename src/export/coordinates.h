// The coordinate changes of the glTF export (retroanim's own;
// docs/formats/gltf-export.md "Coordinates"). glTF: column vectors,
// right-handed, y up, metres, node matrix G = T·R·S, quaternions (x, y, z, w).
//
// Virtools: row vectors (p' = p·L, row 3 = translation), left-handed, y up.
// G = C·Lᵀ·C with C = diag(1, 1, −1, 1): a point (x, y, z) becomes (x, y, −z);
// a VxQuaternion (x, y, z, w) (quat_to_matrix gives the row-vector matrix, so
// its column form is the conjugate rotation) becomes (x, y, −z, w); scales stay.
//
// Asheron's Call: x east, y north, z up, column-vector frames F = T(origin)·R(q)
// with the client's quaternion (w, x, y, z) (Frame::cache: m[0..2] is the image
// of the x axis). G = A·F·A⁻¹ with A: (x, y, z) -> (x, z, −y), a proper
// rotation: a point becomes (x, z, −y), a quaternion (w, x, y, z) becomes
// (x, z, −y, w) in glTF order, a per-axis scale (sx, sy, sz) becomes (sx, sz, sy).
#pragma once

#include <array>
#include <cmath>

#include "retroanim/math/frame.h"
#include "retroanim/math/matrix.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

namespace retroanim::gltf {

using Vec3d = std::array<double, 3>;
using Quatd = std::array<double, 4>;  // glTF order x, y, z, w

// A unit quaternion in glTF order from any nonzero one (a zero one gives the
// identity, as quat_to_matrix does); the exported rotation must be unit.
inline Quatd unit_quat(double x, double y, double z, double w) {
  double n = std::sqrt(x * x + y * y + z * z + w * w);
  if (n == 0.0 || !std::isfinite(n)) return {0.0, 0.0, 0.0, 1.0};
  return {x / n, y / n, z / n, w / n};
}

// ---- Virtools ----

// A Virtools point or translation in glTF space: (x, y, −z).
inline Vec3d ck_point(math::Vec3 p) { return {p.x, p.y, -static_cast<double>(p.z)}; }
// A VxQuaternion as the glTF rotation of C·R·C: (x, y, −z, w), made unit.
inline Quatd ck_rotation(math::Quat q) { return unit_quat(q.x, q.y, -static_cast<double>(q.z), q.w); }
// A Virtools scale: unchanged.
inline Vec3d ck_scale(math::Vec3 s) { return {s.x, s.y, s.z}; }
// G = C·Lᵀ·C as glTF's column-major node matrix: element (row i, column j)
// of G is c_i·c_j·L[j][i], stored at j*4+i, i.e. L's rows in order with signs.
inline std::array<double, 16> ck_node_matrix(const math::Matrix& l) {
  static constexpr double c[4] = {1.0, 1.0, -1.0, 1.0};
  std::array<double, 16> g{};
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i) g[j * 4 + i] = c[i] * c[j] * l.m[j][i];
  return g;
}

// ---- Asheron's Call ----

// An AC point or translation in glTF space: (x, z, −y).
inline Vec3d ac_point(math::Vec3 p) { return {p.x, p.z, -static_cast<double>(p.y)}; }
// The client's quaternion (w, x, y, z) as the glTF rotation of A·R·A⁻¹, made unit.
inline Quatd ac_rotation(float w, float x, float y, float z) { return unit_quat(x, z, -static_cast<double>(y), w); }
// A per-axis AC scale in glTF axes: (sx, sz, sy).
inline Vec3d ac_scale(math::Vec3 s) { return {s.x, s.z, s.y}; }

}  // namespace retroanim::gltf
