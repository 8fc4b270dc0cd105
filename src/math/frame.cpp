// The Asheron's Call client's Frame operations (cgeometry/CFrame and helpers).
#include "retroanim/math/frame.h"

#include <cmath>
#include <cstring>

namespace retroanim::math {

namespace {

// The rotation quaternion grotate derives from an axis-angle vector: cos of
// the half angle and the axis scaled by its sine. A pure function of the
// vector, remembered for the last vector seen on this thread: objects turning
// at the same rate (the common case on a server) then skip the square root,
// division, sine and cosine. The values are those computed the first time,
// so results are unchanged.
struct AxisAngleRotation {
  float c = 1.0f, f = 0.0f, g = 0.0f;
  double h = 0.0;
};

struct AxisAngleMemo {
  float key[3] = {0.0f, 0.0f, 0.0f};
  bool valid = false;
  AxisAngleRotation value;
};

thread_local AxisAngleMemo axis_angle_memo;

// The computation in Frame::grotate (0x5357A0) from theta to h.
AxisAngleRotation axis_angle_rotation(Vec3 w, double len2) {
  double theta = std::sqrt(len2);
  float theta_inv = static_cast<float>(1.0 / theta);
  double half = theta * 0.5;
  double s = std::sin(half);
  AxisAngleRotation r;
  r.c = static_cast<float>(std::cos(half));
  r.f = static_cast<float>(s * w.x * theta_inv);
  r.g = static_cast<float>(theta_inv * s * w.y);
  r.h = s * theta_inv * w.z;
  return r;
}

}  // namespace

// AFrame::IsValid (0x5A9E30)
bool is_valid(const AFrame& f) { return detail::valid_parts(f.origin, f.qw, f.qx, f.qy, f.qz); }

Frame::Frame(Vec3 origin_, float w, float x, float y, float z) : qw(w), qx(x), qy(y), qz(z), origin(origin_) {
  cache();
}

Frame::Frame(const AFrame& f) : qw(f.qw), qx(f.qx), qy(f.qy), qz(f.qz), origin(f.origin) { cache(); }

// Frame::combine (0x525180)
void Frame::combine(const Frame& f1, const AFrame& f2) {
  const Vec3 moved = f1.localtoglobal(f2.origin);  // the original's inlined localtoglobal, same operand order
  const double w1 = f1.qw, x1 = f1.qx, y1 = f1.qy, z1 = f1.qz;
  const double w2 = f2.qw, x2 = f2.qx, y2 = f2.qy, z2 = f2.qz;
  float nz = static_cast<float>(x1 * y2 + z2 * w1 - y1 * x2 + z1 * w2);
  float ny = static_cast<float>(y2 * w1 - x1 * z2 + z1 * x2 + y1 * w2);
  float nx = static_cast<float>(x1 * w2 + w1 * x2 + z2 * y1 - y2 * z1);
  float nw = static_cast<float>(w1 * w2 - x1 * x2 - y2 * y1 - z2 * z1);
  origin = moved;
  set_rotate(nw, nx, ny, nz);
}

// Frame::combine (0x512DE0, Frame on the right)
void Frame::combine(const Frame& f1, const Frame& f2) {
  const Vec3 moved = f1.localtoglobal(f2.origin);  // the original's inlined localtoglobal, same operand order
  const double w1 = f1.qw, x1 = f1.qx, y1 = f1.qy, z1 = f1.qz;
  const double w2 = f2.qw, x2 = f2.qx, y2 = f2.qy, z2 = f2.qz;
  float nz = static_cast<float>(y2 * x1 + z2 * w1 - y1 * x2 + z1 * w2);
  float ny = static_cast<float>(y2 * w1 - z2 * x1 + z1 * x2 + y1 * w2);
  float nx = static_cast<float>(w1 * x2 + z2 * y1 + w2 * x1 - y2 * z1);
  float nw = static_cast<float>(w1 * w2 - x2 * x1 - y2 * y1 - z2 * z1);
  origin = moved;
  set_rotate(nw, nx, ny, nz);
}

// Frame::combine with scale (0x518FD0)
void Frame::combine(const Frame& f1, const AFrame& f2, Vec3 scale) {
  const double sx = static_cast<double>(f2.origin.x) * scale.x;
  const double sy = static_cast<double>(f2.origin.y) * scale.y;
  const double sz = static_cast<double>(f2.origin.z) * scale.z;
  float x = static_cast<float>(sx * f1.m[0] + sz * f1.m[6] + sy * f1.m[3] + f1.origin.x);
  float y = static_cast<float>(sx * f1.m[1] + sz * f1.m[7] + sy * f1.m[4] + f1.origin.y);
  float z = static_cast<float>(sx * f1.m[2] + sz * f1.m[8] + sy * f1.m[5] + f1.origin.z);
  const double w1 = f1.qw, x1 = f1.qx, y1 = f1.qy, z1 = f1.qz;
  const double w2 = f2.qw, x2 = f2.qx, y2 = f2.qy, z2 = f2.qz;
  float nz = static_cast<float>(w1 * z2 + x1 * y2 - x2 * y1 + w2 * z1);
  float ny = static_cast<float>(w1 * y2 - x1 * z2 + x2 * z1 + w2 * y1);
  float nx = static_cast<float>(x2 * w1 + w2 * x1 + z2 * y1 - y2 * z1);
  float nw = static_cast<float>(w2 * w1 - x2 * x1 - y2 * y1 - z2 * z1);
  origin = {x, y, z};
  set_rotate(nw, nx, ny, nz);
}

// Frame::subtract1 (0x535520)
void Frame::subtract1(const Frame& f1, const AFrame& f2) {
  const double w1 = f1.qw, x1 = f1.qx, y1 = f1.qy, z1 = f1.qz;
  const double w2 = f2.qw, x2 = f2.qx, y2 = f2.qy, z2 = f2.qz;
  const Vec3 o1 = f1.origin;
  float nz = static_cast<float>(z1 * w2 - (w1 * z2 + y2 * x1) + y1 * x2);
  float ny = static_cast<float>(y1 * w2 - w1 * y2 + z2 * x1 - x2 * z1);
  float nx = static_cast<float>(x1 * w2 - x2 * w1 - y1 * z2 + z1 * y2);
  float nw = static_cast<float>(y1 * y2 + x2 * x1 + w1 * w2 + z2 * z1);
  set_rotate(nw, nx, ny, nz);
  const double ox = -static_cast<double>(f2.origin.x);
  const double oy = -static_cast<double>(f2.origin.y);
  const double oz = -static_cast<double>(f2.origin.z);
  float rx = static_cast<float>(oz * m[6] + ox * m[0] + oy * m[3]);
  float ry = static_cast<float>(oz * m[7] + ox * m[1] + oy * m[4]);
  double rz = oz * m[8] + ox * m[2] + oy * m[5];
  origin.y = static_cast<float>(ry + static_cast<double>(o1.y));
  origin.z = static_cast<float>(rz + o1.z);
  origin.x = static_cast<float>(rx + static_cast<double>(o1.x));
}

// Frame::grotate (0x5357A0), past the small-angle cut-off
void Frame::grotate_by(Vec3 w, double len2) {
  AxisAngleMemo& memo = axis_angle_memo;
  const float key[3] = {w.x, w.y, w.z};
  if (!memo.valid || std::memcmp(memo.key, key, sizeof key) != 0) {
    memo.value = axis_angle_rotation(w, len2);
    std::memcpy(memo.key, key, sizeof key);
    memo.valid = true;
  }
  const AxisAngleRotation& r = memo.value;
  const double cw = r.c, fw = r.f, gw = r.g, h = r.h;
  float nz = static_cast<float>(fw * qy + cw * qz - gw * qx + h * qw);
  float ny = static_cast<float>(cw * qy - fw * qz + h * qx + gw * qw);
  float nx = static_cast<float>(cw * qx + gw * qz + fw * qw - h * qy);
  float nw = static_cast<float>(cw * qw - fw * qx - gw * qy - h * qz);
  set_rotate(nw, nx, ny, nz);
}

// Frame::globaltolocal (0x452680)
Vec3 Frame::globaltolocal(Vec3 p) const {
  float dx = static_cast<float>(static_cast<double>(p.x) - origin.x);
  float dy = static_cast<float>(static_cast<double>(p.y) - origin.y);
  double dz_wide = static_cast<double>(p.z) - origin.z;
  float dz = static_cast<float>(dz_wide);
  const double x = dx, y = dy, z = dz;
  return {static_cast<float>(z * m[2] + x * m[0] + y * m[1]), static_cast<float>(z * m[5] + x * m[3] + y * m[4]),
          static_cast<float>(dz_wide * m[8] + x * m[6] + y * m[7])};
}

// Frame::globaltolocalvec (0x452550)
Vec3 Frame::globaltolocalvec(Vec3 v) const {
  const double x = v.x, y = v.y, z = v.z;
  return {static_cast<float>(m[2] * z + m[0] * x + m[1] * y), static_cast<float>(m[5] * z + m[3] * x + m[4] * y),
          static_cast<float>(m[8] * z + m[6] * x + m[7] * y)};
}

// AC1Legacy::Vector3::normalize_check_small (0x452460)
bool normalize_check_small(Vec3& v) {
  double len = std::sqrt(static_cast<double>(v.x) * v.x + static_cast<double>(v.y) * v.y +
                         static_cast<double>(v.z) * v.z);
  if (len < kAcEpsilon) return true;
  v.x = static_cast<float>(1.0 / len * v.x);
  v.y = static_cast<float>(1.0 / len * v.y);
  v.z = static_cast<float>(1.0 / len * v.z);
  return false;
}

}  // namespace retroanim::math
