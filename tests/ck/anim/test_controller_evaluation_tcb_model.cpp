// TCB controllers against an independent model of the formulation of
// docs/FIDELITY.md ("Keyframe controllers as CK2_3D evaluates them"), written
// here in double from the formulas (Kochanek-Bartels tangents with the 3D
// Studio spacing adjustment; positions: the 3D Studio end rule as CK2_3D
// keeps it; rotations: the missing neighbour's log difference copied at an
// open track's ends, VxMath's Squad with its flipping Slerp), not from the
// library code.
// Checked over every segment, the first and last included, at 400 steps each:
// on the UFO arms of PH/PE_Balloon.nmo and on synthetic keys with T, C, B and
// eases not zero.
#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <variant>
#include <vector>

#include <gtest/gtest.h>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/io/scene.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/object_animation.h"
#include "support/test_support.h"

namespace {

using namespace retroanim;
using namespace retroanim::ck;

// ---- the model, in double -------------------------------------------------

using Q = std::array<double, 4>;  // x, y, z, w
using V = std::array<double, 3>;

Q to_q(math::Quat q) { return {q.x, q.y, q.z, q.w}; }
double qdot(const Q& a, const Q& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]; }
Q qneg(const Q& a) { return {-a[0], -a[1], -a[2], -a[3]}; }
Q qconj(const Q& a) { return {-a[0], -a[1], -a[2], a[3]}; }
Q qnorm(const Q& a) {
  double n = std::sqrt(qdot(a, a));
  return {a[0] / n, a[1] / n, a[2] / n, a[3] / n};
}
// Hamilton product.
Q qmul(const Q& a, const Q& b) {
  return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
          a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}
// log of a unit quaternion: the vector part scaled to the half angle.
V qlog(const Q& q) {
  double s = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  if (s == 0) return {0, 0, 0};
  double k = std::atan2(s, q[3]) / s;
  return {q[0] * k, q[1] * k, q[2] * k};
}
Q qexp(const V& v) {
  double a = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  if (a == 0) return {0, 0, 0, 1};
  double k = std::sin(a) / a;
  return {v[0] * k, v[1] * k, v[2] * k, std::cos(a)};
}
V vadd(const V& a, const V& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
V vscale(const V& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }

// VxMath Slerp: shorter arc, a linear blend when 1 - |d| <= 0.01.
Q vx_slerp(double t, const Q& a, const Q& b) {
  double d = qdot(a, b), sign = d < 0 ? -1.0 : 1.0, ad = std::fabs(d), ka, kb;
  if (1.0 - ad <= 0.01) {
    ka = 1 - t;
    kb = t;
  } else {
    double th = std::acos(ad);
    ka = std::sin((1 - t) * th) / std::sin(th);
    kb = std::sin(t * th) / std::sin(th);
  }
  kb *= sign;
  return {ka * a[0] + kb * b[0], ka * a[1] + kb * b[1], ka * a[2] + kb * b[2], ka * a[3] + kb * b[3]};
}

// Ease over a segment (CK2_3D 0x10050AB1): u at 0, 1 and for a zero sum;
// constant acceleration over the first `from`, constant speed, deceleration
// from 1 - `to` on; a sum above 1 scaled down to 1; negative eases as given.
double ease(double u, double from, double to) {
  double sum = from + to;
  if (u == 0 || u == 1 || sum == 0) return u;
  if (sum > 1) {
    from /= sum;
    to /= sum;
  }
  double k = 1 / (2 - from - to);
  if (u < from) return k / from * u * u;
  if (u < 1 - to) return k * (2 * u - from);
  return 1 - k / to * (1 - u) * (1 - u);
}

struct Factors {
  double in_prev, in_next, out_prev, out_next;  // weights of the differences before / after the key
};

// Kochanek-Bartels weights of key k, spacing-adjusted, with the 3D Studio
// blend of the spacing factors toward 1 by |C|; 1 at the ends.
template <class Key>
Factors kb_factors(const std::vector<Key>& keys, size_t k) {
  const Key& key = keys[k];
  double fp = 1, fn = 1;
  if (k > 0 && k + 1 < keys.size()) {
    double span = static_cast<double>(keys[k + 1].time) - keys[k - 1].time;
    fp = 2 * (static_cast<double>(key.time) - keys[k - 1].time) / span;
    fn = 2 * (static_cast<double>(keys[k + 1].time) - key.time) / span;
    double c = std::fabs(static_cast<double>(key.continuity));
    fp = fp + c - c * fp;
    fn = fn + c - c * fn;
  }
  double t = 1.0 - key.tension, c = key.continuity, b = key.bias;
  return {t * (1 - c) * (1 + b) / 2 * fp, t * (1 + c) * (1 - b) / 2 * fp, t * (1 + c) * (1 + b) / 2 * fn,
          t * (1 - c) * (1 - b) / 2 * fn};
}

// The two squad control points of rotation key k (before, after).
std::pair<Q, Q> model_controls(const std::vector<TcbRotationKey>& keys, size_t k) {
  Q q = qnorm(to_q(keys[k].value));
  bool has_p = k > 0, has_n = k + 1 < keys.size();
  V gp{0, 0, 0}, gn{0, 0, 0};
  if (has_p) {
    Q p = qnorm(to_q(keys[k - 1].value));
    if (qdot(p, q) < 0) p = qneg(p);
    gp = qlog(qmul(qconj(p), q));
  }
  if (has_n) {
    Q n = qnorm(to_q(keys[k + 1].value));
    if (qdot(n, q) < 0) n = qneg(n);
    gn = qlog(qmul(qconj(q), n));
  }
  if (!has_p) gp = gn;
  if (!has_n) gn = gp;
  Factors f = kb_factors(keys, k);
  V t_in = vadd(vscale(gp, f.in_prev), vscale(gn, f.in_next));
  V t_out = vadd(vscale(gp, f.out_prev), vscale(gn, f.out_next));
  Q before = qmul(q, qexp(vscale(vadd(gp, vscale(t_in, -1)), 0.5)));
  Q after = qmul(q, qexp(vscale(vadd(t_out, vscale(gn, -1)), 0.5)));
  return {before, after};
}

// The model's rotation at fraction u of segment (k, k+1): VxMath's Squad,
// Slerp(2e(1-e), Slerp(e, q0, q1), Slerp(e, a, b)), each Slerp flipping to the
// shorter arc (docs/FIDELITY.md, issue 31).
Q model_rotation(const std::vector<TcbRotationKey>& keys, size_t k, double u) {
  double e = ease(u, keys[k].ease_from, keys[k + 1].ease_to);
  Q q0 = to_q(keys[k].value);
  Q q1 = to_q(keys[k + 1].value);
  Q a = model_controls(keys, k).second;
  Q b = model_controls(keys, k + 1).first;
  return vx_slerp(2 * e * (1 - e), vx_slerp(e, q0, q1), vx_slerp(e, a, b));
}

// The model's position at fraction u of segment (k, k+1): Hermite between the
// keys with the outgoing tangent of k and the incoming tangent of k+1.
V model_position(const std::vector<TcbPositionKey>& keys, size_t k, double u) {
  auto val = [&](size_t i) { return V{keys[i].value.x, keys[i].value.y, keys[i].value.z}; };
  const size_t n = keys.size();
  // Interior keys: Kochanek-Bartels with the spacing adjustment.
  auto interior = [&](size_t j, bool out) {
    V dp = vadd(val(j), vscale(val(j - 1), -1)), dn = vadd(val(j + 1), vscale(val(j), -1));
    Factors f = kb_factors(keys, j);
    return out ? vadd(vscale(dp, f.out_prev), vscale(dn, f.out_next))
               : vadd(vscale(dp, f.in_prev), vscale(dn, f.in_next));
  };
  // Ends: (1 - T) times the chord with two keys; with more, the 3D Studio rule
  // (3 chord -/+ the neighbour's incoming tangent) (1 - T)/2, asymmetric at the last key.
  auto tangent = [&](size_t j, bool out) {
    if (n == 2) return vscale(vadd(val(1), vscale(val(0), -1)), 1.0 - keys[j].tension);
    if (j > 0 && j + 1 < n) return interior(j, out);
    if (j == 0)
      return vscale(vadd(vscale(vadd(val(1), vscale(val(0), -1)), 3), vscale(interior(1, false), -1)),
                    (1.0 - keys[0].tension) / 2);
    return vscale(vadd(vscale(vadd(val(n - 1), vscale(val(n - 2), -1)), 3), interior(n - 2, false)),
                  (1.0 - keys[n - 1].tension) / 2);
  };
  double s = ease(u, keys[k].ease_from, keys[k + 1].ease_to);
  double h1 = 2 * s * s * s - 3 * s * s + 1, h2 = -2 * s * s * s + 3 * s * s, h3 = s * s * s - 2 * s * s + s,
         h4 = s * s * s - s * s;
  V p0{keys[k].value.x, keys[k].value.y, keys[k].value.z};
  V p1{keys[k + 1].value.x, keys[k + 1].value.y, keys[k + 1].value.z};
  V m0 = tangent(k, true), m1 = tangent(k + 1, false);
  V r;
  for (int i = 0; i < 3; ++i) r[i] = h1 * p0[i] + h2 * p1[i] + h3 * m0[i] + h4 * m1[i];
  return r;
}

// Geodesic distance between the rotations of two quaternions (either sign).
double rotation_distance(const Q& a, const Q& b) {
  Q u = qnorm(a), v = qnorm(b);
  if (qdot(u, v) < 0) v = qneg(v);
  double diff = 0, sum = 0;
  for (int i = 0; i < 4; ++i) {
    diff += (u[i] - v[i]) * (u[i] - v[i]);
    sum += (u[i] + v[i]) * (u[i] + v[i]);
  }
  return 2 * std::atan2(std::sqrt(diff), std::sqrt(sum));
}

constexpr int kSteps = 400;

// The largest distance between library and model over each segment (400 steps).
std::vector<double> rotation_errors(const std::vector<TcbRotationKey>& keys) {
  std::vector<double> worst(keys.size() - 1, 0.0);
  for (size_t k = 0; k + 1 < keys.size(); ++k) {
    for (int i = 0; i <= kSteps; ++i) {
      double u = static_cast<double>(i) / kSteps;
      float t = keys[k].time + static_cast<float>(u) * (keys[k + 1].time - keys[k].time);
      double uf = (static_cast<double>(t) - keys[k].time) / (static_cast<double>(keys[k + 1].time) - keys[k].time);
      math::Quat got;
      EXPECT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(keys), t, got));
      worst[k] = std::max(worst[k], rotation_distance(to_q(got), model_rotation(keys, k, uf)));
    }
  }
  return worst;
}

// ---- the UFO arms ---------------------------------------------------------

constexpr const char* kUfoArms[] = {"PE_UFO_Arm_A_01", "PE_UFO_Arm_A_02", "PE_UFO_Arm_A_03", "PE_UFO_Arm_A_04",
                                    "PE_UFO_Arm_B_01", "PE_UFO_Arm_B_02", "PE_UFO_Arm_B_03", "PE_UFO_Arm_B_04"};

TEST(AnimTcbModel, UfoArmsFollowTheModelOnEverySegment) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  Scene scene = io::load_scene_file(path);
  for (const char* name : kUfoArms) {
    ObjectAnimation* anim = scene.object_animation(name);
    ASSERT_NE(anim, nullptr) << name;
    ASSERT_TRUE(anim->keyframes.rotation) << name;
    const auto& keys = std::get<std::vector<TcbRotationKey>>(anim->keyframes.rotation->keys);
    ASSERT_EQ(keys.size(), 6u) << name;
    std::vector<double> worst = rotation_errors(keys);
    for (size_t k = 0; k < worst.size(); ++k) {
      // 2e-6 rad: float evaluation against double (the old end rule was off by up to 0.17 rad).
      EXPECT_LT(worst[k], 2e-6) << name << " segment " << k << " (" << keys[k].time << ", " << keys[k + 1].time
                                << ")";
    }
    // Through the object animation as well (the path Play Animation 3D Entity takes).
    math::Quat via_anim, direct;
    ASSERT_TRUE(evaluate_rotation(*anim, 10.0f, via_anim));
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(keys), 10.0f, direct));
    EXPECT_EQ(via_anim, direct) << name;
  }
}

// The values Ballance.Three.js's own regression test gives for the first arm track
// (PE_UFO_Arm_A_01) at frames 47 and 72.5 (its z and w after its handedness change, which keeps
// z and w): the same to float precision (normalised; the squad is not exactly unit).
TEST(AnimTcbModel, UfoArmA01MatchesBallanceThreeJsRegressionValues) {
  RETROANIM_REQUIRE_BALLANCE(path, "PH/PE_Balloon.nmo");
  Scene scene = io::load_scene_file(path);
  ObjectAnimation* anim = scene.object_animation("PE_UFO_Arm_A_01");
  ASSERT_NE(anim, nullptr);
  const auto& keys = std::get<std::vector<TcbRotationKey>>(anim->keyframes.rotation->keys);
  const double want[2][2] = {{0.09910679163503085, -0.9950768029915132}, {-0.45400392577589826, -0.8909996831537442}};
  const float times[2] = {47.0f, 72.5f};
  for (int i = 0; i < 2; ++i) {
    math::Quat q;
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(keys), times[i], q));
    Q n = qnorm(to_q(q));
    EXPECT_NEAR(n[2], want[i][0], 1e-6) << times[i];
    EXPECT_NEAR(n[3], want[i][1], 1e-6) << times[i];
  }
}

// With T = C = B = 0 the control points of the first and last keys are the keys themselves.
TEST(AnimTcbModel, EndControlPointsAreTheKeysWithZeroTcb) {
  std::vector<TcbRotationKey> keys(3);
  keys[0] = {0.0f, {0, 0, 0, 1}};
  keys[1] = {10.0f, {0, 0, std::sin(0.4f), std::cos(0.4f)}};
  keys[2] = {30.0f, {std::sin(0.3f), 0, 0, std::cos(0.3f)}};
  auto [b0, a0] = model_controls(keys, 0);
  EXPECT_LT(rotation_distance(a0, to_q(keys[0].value)), 1e-15);
  auto [b2, a2] = model_controls(keys, 2);
  EXPECT_LT(rotation_distance(b2, to_q(keys[2].value)), 1e-15);
  // So the first segment's squad starts as the slerp toward the inner control point: compare.
  std::vector<double> worst = rotation_errors(keys);
  for (size_t k = 0; k < worst.size(); ++k) EXPECT_LT(worst[k], 2e-6) << "segment " << k;
}

// ---- synthetic keys with T, C, B and eases --------------------------------

std::vector<TcbRotationKey> synthetic_rotation_keys() {
  const float times[] = {0.0f, 7.0f, 20.0f, 26.0f, 45.0f};
  const float tension[] = {0.4f, -0.3f, 0.25f, 0.5f, -0.5f};
  const float continuity[] = {-0.5f, 0.35f, -0.2f, 0.6f, 0.3f};
  const float bias[] = {0.3f, -0.45f, 0.5f, -0.25f, 0.2f};
  const float ease_to[] = {0.0f, 0.3f, 0.6f, 0.1f, 0.45f};
  const float ease_from[] = {0.25f, 0.5f, 0.7f, 0.2f, 0.0f};
  std::vector<TcbRotationKey> keys;
  for (int i = 0; i < 5; ++i) {
    float half = 0.35f + 0.2f * static_cast<float>(i);
    float ax = 1.0f, ay = 0.3f * static_cast<float>(i) - 0.5f, az = i % 2 ? 0.8f : -0.4f;
    float n = std::sqrt(ax * ax + ay * ay + az * az);
    float s = std::sin(half) / n;
    keys.push_back({times[i], {ax * s, ay * s, az * s, std::cos(half)}, tension[i], continuity[i], bias[i], ease_to[i],
                    ease_from[i]});
  }
  return keys;
}

TEST(AnimTcbModel, SyntheticRotationWithTcbAndEasesFollowsTheModel) {
  std::vector<TcbRotationKey> keys = synthetic_rotation_keys();
  std::vector<double> worst = rotation_errors(keys);
  for (size_t k = 0; k < worst.size(); ++k) EXPECT_LT(worst[k], 4e-6) << "segment " << k;
  // The keys are hit and the ends clamp.
  for (const auto& key : keys) {
    math::Quat q;
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbRotationKey>(keys), key.time, q));
    EXPECT_LT(rotation_distance(to_q(q), to_q(key.value)), 1e-6) << key.time;
  }
}

std::vector<TcbPositionKey> synthetic_position_keys() {
  std::vector<TcbPositionKey> keys;
  const float times[] = {0.0f, 5.0f, 17.0f, 21.0f, 40.0f};
  const math::Vec3 values[] = {{0, 0, 0}, {10, 2, -3}, {12, 15, 1}, {4, 18, 6}, {-6, 9, 2}};
  const float tension[] = {0.3f, -0.4f, 0.2f, 0.6f, -0.2f};
  const float continuity[] = {0.5f, -0.3f, 0.4f, -0.6f, -0.25f};
  const float bias[] = {-0.2f, 0.5f, -0.35f, 0.1f, 0.4f};
  const float ease_to[] = {0.0f, 0.4f, 0.2f, 0.7f, 0.3f};
  const float ease_from[] = {0.3f, 0.6f, 0.1f, 0.5f, 0.0f};
  for (int i = 0; i < 5; ++i)
    keys.push_back({times[i], values[i], tension[i], continuity[i], bias[i], ease_to[i], ease_from[i]});
  return keys;
}

// TCB position and TCB scale (the same keys and evaluation) follow the same end rule.
TEST(AnimTcbModel, SyntheticPositionAndScaleWithTcbAndEasesFollowTheModel) {
  std::vector<TcbPositionKey> keys = synthetic_position_keys();
  VectorController scale;
  scale.type = controller_type::kTcbScale;
  scale.keys = keys;
  ObjectAnimation anim;
  anim.keyframes.scale = scale;
  for (size_t k = 0; k + 1 < keys.size(); ++k) {
    double worst = 0;
    for (int i = 0; i <= kSteps; ++i) {
      double u = static_cast<double>(i) / kSteps;
      float t = keys[k].time + static_cast<float>(u) * (keys[k + 1].time - keys[k].time);
      double uf = (static_cast<double>(t) - keys[k].time) / (static_cast<double>(keys[k + 1].time) - keys[k].time);
      math::Vec3 got, got_scale;
      ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(keys), t, got));
      ASSERT_TRUE(evaluate_scale(anim, t, got_scale));
      EXPECT_EQ(got, got_scale) << t;
      V want = model_position(keys, k, uf);
      worst = std::max({worst, std::fabs(got.x - want[0]), std::fabs(got.y - want[1]), std::fabs(got.z - want[2])});
    }
    // 2e-5: float evaluation of values up to 18 against double.
    EXPECT_LT(worst, 2e-5) << "segment " << k;
  }
}

// With two keys both tangents are (1 - T) times the chord (CK2_3D 0x10050BA1): with T = 0, the chord.
TEST(AnimTcbModel, PositionEndTangentIsTheChordWithZeroTcb) {
  std::vector<TcbPositionKey> keys(2);
  keys[0] = {0.0f, {0, 0, 0}};
  keys[1] = {4.0f, {8, 0, 0}};
  // Hermite with both tangents equal to the chord (8,0,0) is the straight line at constant speed.
  for (int i = 0; i <= 8; ++i) {
    math::Vec3 v;
    ASSERT_TRUE(evaluate_tcb(std::span<const TcbPositionKey>(keys), 0.5f * static_cast<float>(i), v));
    EXPECT_NEAR(v.x, static_cast<float>(i), 1e-5f) << i;
  }
}

}  // namespace
