#include "retroanim/ck/anim/controller_evaluation.h"

#include <cmath>
#include <variant>

#include "retroanim/math/hermite.h"
#include "ck/anim/key_search.h"

namespace retroanim::ck {

namespace {

// The clamp + search + segment shape shared by every controller kind: the
// plain binary search without `track`, key_search::find remembering its
// segment in `track` otherwise (the same segment).
template <class Key, class Value, class Segment>
bool evaluate_keys(std::span<const Key> keys, float t, Value& out, Segment segment,
                   PlaybackContext::SavedKeys* track = nullptr) {
  size_t n = keys.size();
  if (n == 0) return false;
  size_t hi;
  if (!track) {
    if (n == 1 || t <= keys[0].time) {
      out = keys[0].value;
      return true;
    }
    if (t >= keys[n - 1].time) {
      out = keys[n - 1].value;
      return true;
    }
    hi = find_segment(keys, t);
  } else {
    const KeyTimes<Key> times{keys.data()};
    if (track->keys != keys.data() || track->count != n) {
      track->keys = keys.data();
      track->count = n;
      track->segment = 0;
      track->ordered = key_search::times_ordered(times, n);
    }
    const key_search::Segment at = key_search::find(times, n, t, {track->ordered, 0.0f}, &track->segment);
    if (at.clamped) {
      out = keys[at.index].value;
      return true;
    }
    hi = at.index;
  }
  // One call of the segment's arithmetic for both searches: a NaN result's
  // sign and payload depend on operand order, which separately inlined
  // copies may not share.
  out = segment(keys, hi, t);
  return true;
}

auto lerp_seg = [](std::span<const PositionKey> k, size_t hi, float t) { return lerp_segment(k[hi - 1], k[hi], t); };
auto slerp_seg = [](std::span<const RotationKey> k, size_t hi, float t) { return slerp_segment(k[hi - 1], k[hi], t); };

}  // namespace

// FUN_1004b8df (CKLinearPositionController::Evaluate, spec 5.3)
bool evaluate_linear(std::span<const PositionKey> keys, float t, math::Vec3& out) {
  return evaluate_keys(keys, t, out, lerp_seg);
}

// FUN_1004c150 (CKLinearRotationController::Evaluate, spec 5.3)
bool evaluate_linear(std::span<const RotationKey> keys, float t, math::Quat& out) {
  return evaluate_keys(keys, t, out, slerp_seg);
}

namespace {

using math::Quat;
using math::Vec3;

// Kochanek-Bartels weights of one key: the incoming tangent is
// in_prev * (P[k] - P[k-1]) + in_next * (P[k+1] - P[k]), the outgoing one
// out_prev * (...) + out_next * (...), as CKCurve::GetTangents (spec 3.2).
struct TcbWeights {
  float in_prev, in_next, out_prev, out_next;
};

TcbWeights tcb_weights(float tension, float continuity, float bias) {
  float t1 = 1.0f - tension;
  float cm = 1.0f - continuity, cp = 1.0f + continuity;
  float bm = 1.0f - bias, bp = 1.0f + bias;
  return {t1 * cm * bp * 0.5f, t1 * cp * bm * 0.5f, t1 * cp * bp * 0.5f, t1 * cm * bm * 0.5f};
}

// Kochanek-Bartels adjustment for unequal key spacing: the incoming tangent is
// scaled by 2*Np/(Np+Nn) and the outgoing one by 2*Nn/(Np+Nn), Np and Nn being
// the frame counts of the segments before and after key k. End keys and
// degenerate spacing (a zero sum) keep factor 1. Returns whether the factors
// were computed (an interior key with a usable spacing).
template <class Key>
bool spacing_factors(std::span<const Key> keys, size_t k, float& f_in, float& f_out) {
  f_in = f_out = 1.0f;
  if (k == 0 || k + 1 >= keys.size()) return false;
  float np = keys[k].time - keys[k - 1].time;
  float nn = keys[k + 1].time - keys[k].time;
  float sum = np + nn;
  if (sum == 0.0f || !std::isfinite(sum)) return false;
  f_in = 2.0f * np / sum;
  f_out = 2.0f * nn / sum;
  return true;
}

// The spacing factors of a TCB key, moved toward 1 by |continuity| (the 3D
// Studio adjustment, f + |C| - |C|·f; inferred, see docs/FIDELITY.md). With
// C = 0 the factors are unchanged bit for bit.
template <class Key>
void tcb_spacing_factors(std::span<const Key> keys, size_t k, float& f_in, float& f_out) {
  if (!spacing_factors(keys, k, f_in, f_out)) return;
  const float cc = std::fabs(keys[k].continuity);
  f_in = f_in + cc - cc * f_in;
  f_out = f_out + cc - cc * f_out;
}

// The outgoing (out = true) or incoming tangent of TCB position key k. At an
// open track's first / last key the difference to the missing neighbour is
// the existing one (inferred, see docs/FIDELITY.md); a lone key has none.
Vec3 tcb_tangent(std::span<const TcbPositionKey> keys, size_t k, bool out) {
  const TcbPositionKey& key = keys[k];
  const bool has_prev = k > 0, has_next = k + 1 < keys.size();
  Vec3 dp = has_prev ? key.value - keys[k - 1].value : Vec3{};
  Vec3 dn = has_next ? keys[k + 1].value - key.value : Vec3{};
  if (!has_prev) dp = dn;
  if (!has_next) dn = dp;
  TcbWeights w = tcb_weights(key.tension, key.continuity, key.bias);
  float f_in, f_out;
  tcb_spacing_factors(keys, k, f_in, f_out);
  if (out) return (dp * w.out_prev + dn * w.out_next) * f_out;
  return (dp * w.in_prev + dn * w.in_next) * f_in;
}

// Quaternion logarithm of a unit quaternion: angle * axis (the pure part).
Vec3 quat_log(Quat q) {
  Vec3 v{q.x, q.y, q.z};
  float s = math::magnitude(v);
  if (s == 0.0f) return Vec3{};
  float angle = std::atan2(s, q.w);
  return v * (angle / s);
}

// Quaternion exponential of a pure quaternion v: (v/|v| sin|v|, cos|v|).
Quat quat_exp(Vec3 v) {
  float a = math::magnitude(v);
  if (a == 0.0f) return Quat{};
  float k = std::sin(a) / a;
  return {v.x * k, v.y * k, v.z * k, std::cos(a)};
}

// log(a⁻¹ b) along the shorter arc, for unit-normalised copies of a and b.
Vec3 quat_log_difference(Quat a, Quat b) {
  Quat d = math::multiply(math::conjugate(math::normalize(a)), math::normalize(b));
  if (d.w < 0.0f) d = {-d.x, -d.y, -d.z, -d.w};
  return quat_log(d);
}

// The squad control point of TCB rotation key k: after the key (out = true,
// q·exp((T_out - g_next)/2)) or before it (q·exp((g_prev - T_in)/2)), with
// g_prev = log(q[k-1]⁻¹ q[k]), g_next = log(q[k]⁻¹ q[k+1]) (at an open
// track's first / last key the missing one is a copy of the existing one, so
// that with T = C = B = 0 the control point is the key itself) and the
// tangents T weighted and spacing-adjusted as for positions.
Quat tcb_control(std::span<const TcbRotationKey> keys, size_t k, bool out) {
  const TcbRotationKey& key = keys[k];
  const bool has_prev = k > 0, has_next = k + 1 < keys.size();
  Vec3 g_prev = has_prev ? quat_log_difference(keys[k - 1].value, key.value) : Vec3{};
  Vec3 g_next = has_next ? quat_log_difference(key.value, keys[k + 1].value) : Vec3{};
  if (!has_prev) g_prev = g_next;
  if (!has_next) g_next = g_prev;
  TcbWeights w = tcb_weights(key.tension, key.continuity, key.bias);
  float f_in, f_out;
  tcb_spacing_factors(keys, k, f_in, f_out);
  Quat q = math::normalize(key.value);
  if (out) {
    Vec3 t_out = (g_prev * w.out_prev + g_next * w.out_next) * f_out;
    return math::multiply(q, quat_exp((t_out - g_next) * 0.5f));
  }
  Vec3 t_in = (g_prev * w.in_prev + g_next * w.in_next) * f_in;
  return math::multiply(q, quat_exp((g_prev - t_in) * 0.5f));
}

// `q` or its negation (the same rotation), whichever lies on the side of `ref`.
Quat align_to(Quat q, Quat ref) {
  if (math::dot(q, ref) < 0.0f) return {-q.x, -q.y, -q.z, -q.w};
  return q;
}

// The VxMath Slerp formula (spec 5.3) without the shorter-arc flip: for
// d = q0·q1 >= 0 it equals math::slerp. Opposite operands (sin(theta) = 0)
// blend linearly instead of dividing by zero.
Quat slerp_no_flip(float t, Quat q0, Quat q1) {
  float d = math::dot(q0, q1);
  if (d >= 0.0f) return math::slerp(t, q0, q1);
  float k0 = 1.0f - t, k1 = t;
  if (d > -1.0f) {
    float theta = std::acos(d);
    float sin_theta = std::sin(theta);
    if (sin_theta != 0.0f) {
      k0 = std::sin((1.0f - t) * theta) / sin_theta;
      k1 = std::sin(t * theta) / sin_theta;
    }
  }
  return {k0 * q0.x + k1 * q1.x, k0 * q0.y + k1 * q1.y, k0 * q0.z + k1 * q1.z, k0 * q0.w + k1 * q1.w};
}

// The one mode a Bezier mode word means when several bits are set, by
// priority TANGENTS, STEP, LINEAR, FAST, SLOW, else AUTOSMOOTH.
uint32_t effective_mode(uint32_t mode) {
  for (uint32_t m : {bezier_mode::kTangents, bezier_mode::kStep, bezier_mode::kLinear, bezier_mode::kFast,
                     bezier_mode::kSlow})
    if (mode & m) return m;
  return bezier_mode::kAutoSmooth;
}

// The tangent a Bezier key's mode gives on one side. `out` selects the
// outgoing side (mode = out-mode, stored vector = Out) or the incoming one.
Vec3 bezier_tangent(std::span<const BezierPositionKey> keys, size_t k, bool out) {
  const BezierPositionKey& key = keys[k];
  uint32_t mode = effective_mode(out ? key.out_mode() : key.in_mode());
  bool has_prev = k > 0, has_next = k + 1 < keys.size();
  Vec3 prev = has_prev ? keys[k - 1].value : key.value;
  Vec3 next = has_next ? keys[k + 1].value : key.value;
  if (mode == bezier_mode::kTangents) return out ? key.out_tangent : key.in_tangent;
  if (mode == bezier_mode::kStep) return Vec3{};
  if (mode == bezier_mode::kLinear) return out ? next - key.value : key.value - prev;
  if (mode == bezier_mode::kFast) return (next - prev) * 2.0f;
  if (mode == bezier_mode::kSlow) return Vec3{};
  // AUTOSMOOTH (and any unknown mode): the TCB tangent with T = C = B = 0.
  Vec3 dp = key.value - prev, dn = next - key.value;
  float f_in, f_out;
  spacing_factors(keys, k, f_in, f_out);
  // Halved before the sum: equal to (dp + dn) * 0.5 except where the sum
  // overflows or a half underflows, so the order is kept as written.
  return (dp * 0.5f + dn * 0.5f) * (out ? f_out : f_in);
}

}  // namespace

// TCB ease (inferred, see docs/FIDELITY.md)
float tcb_ease(float u, float ease_from, float ease_to) {
  float a = ease_from > 0.0f ? ease_from : 0.0f;
  float b = ease_to > 0.0f ? ease_to : 0.0f;
  float sum = a + b;
  if (sum == 0.0f || !std::isfinite(sum)) return u;
  if (sum > 1.0f) {
    a = a / sum;
    b = b / sum;
    sum = 1.0f;
  }
  float k = 1.0f / (2.0f - sum);  // half the top speed
  if (u < a) return k / a * u * u;
  if (u <= 1.0f - b) return k * (2.0f * u - a);
  float r = 1.0f - u;
  return 1.0f - k / b * r * r;
}

// TCB position segment (inside FUN_1004ca20)
Vec3 tcb_segment(std::span<const TcbPositionKey> keys, size_t hi, float t) {
  const TcbPositionKey& k0 = keys[hi - 1];
  const TcbPositionKey& k1 = keys[hi];
  float u = tcb_ease(segment_fraction(t, k0.time, k1.time), k0.ease_from, k1.ease_to);
  return math::hermite(k0.value, tcb_tangent(keys, hi - 1, true), k1.value, tcb_tangent(keys, hi, false), u);
}

// TCB rotation segment (inside FUN_1004d54e): squad on hemisphere-aligned
// inputs (q1, a and b moved to the side of q0), with the VxMath Slerp formula
// but no flip, so that the result stays continuous when the outer blend's
// operands drift apart. For aligned operands this is math::slerp exactly.
Quat tcb_segment(std::span<const TcbRotationKey> keys, size_t hi, float t) {
  const TcbRotationKey& k0 = keys[hi - 1];
  const TcbRotationKey& k1 = keys[hi];
  float u = tcb_ease(segment_fraction(t, k0.time, k1.time), k0.ease_from, k1.ease_to);
  Quat q0 = k0.value;
  Quat q1 = align_to(k1.value, q0);
  Quat a = align_to(tcb_control(keys, hi - 1, true), q0);
  Quat b = align_to(tcb_control(keys, hi, false), q1);
  Quat p = slerp_no_flip(u, q0, q1);
  Quat q = slerp_no_flip(u, a, b);
  return slerp_no_flip(2.0f * u * (1.0f - u), p, q);
}

// Bezier position segment (inside FUN_1004efc5)
Vec3 bezier_segment(std::span<const BezierPositionKey> keys, size_t hi, float t) {
  const BezierPositionKey& k0 = keys[hi - 1];
  const BezierPositionKey& k1 = keys[hi];
  float u = segment_fraction(t, k0.time, k1.time);
  if (effective_mode(k0.out_mode()) == bezier_mode::kStep || effective_mode(k1.in_mode()) == bezier_mode::kStep)
    return u < 1.0f ? k0.value : k1.value;
  return math::hermite(k0.value, bezier_tangent(keys, hi - 1, true), k1.value, bezier_tangent(keys, hi, false), u);
}


namespace {

auto tcb_pos_seg = [](std::span<const TcbPositionKey> k, size_t hi, float t) { return tcb_segment(k, hi, t); };
auto tcb_rot_seg = [](std::span<const TcbRotationKey> k, size_t hi, float t) { return tcb_segment(k, hi, t); };
auto bezier_seg = [](std::span<const BezierPositionKey> k, size_t hi, float t) { return bezier_segment(k, hi, t); };

}  // namespace

// FUN_1004ca20 (CKTCBPositionController::Evaluate)
bool evaluate_tcb(std::span<const TcbPositionKey> keys, float t, Vec3& out) {
  return evaluate_keys(keys, t, out, tcb_pos_seg);
}

// FUN_1004d54e (CKTCBRotationController::Evaluate)
bool evaluate_tcb(std::span<const TcbRotationKey> keys, float t, Quat& out) {
  return evaluate_keys(keys, t, out, tcb_rot_seg);
}

// FUN_1004efc5 (CKBezierPositionController::Evaluate)
bool evaluate_bezier(std::span<const BezierPositionKey> keys, float t, Vec3& out) {
  return evaluate_keys(keys, t, out, bezier_seg);
}

namespace {

// CKAnimController::Evaluate of a position / scale controller, by key kind.
bool evaluate_vector(const VectorController& controller, float t, math::Vec3& out, PlaybackContext::SavedKeys* track) {
  if (auto* lin = std::get_if<std::vector<PositionKey>>(&controller.keys))
    return evaluate_keys(std::span<const PositionKey>(*lin), t, out, lerp_seg, track);
  if (auto* tcb = std::get_if<std::vector<TcbPositionKey>>(&controller.keys))
    return evaluate_keys(std::span<const TcbPositionKey>(*tcb), t, out, tcb_pos_seg, track);
  return evaluate_keys(std::span<const BezierPositionKey>(std::get<std::vector<BezierPositionKey>>(controller.keys)),
                       t, out, bezier_seg, track);
}

// CKAnimController::Evaluate of a rotation / scale-axis controller, by key kind.
bool evaluate_quat(const QuatController& controller, float t, math::Quat& out, PlaybackContext::SavedKeys* track) {
  if (auto* lin = std::get_if<std::vector<RotationKey>>(&controller.keys))
    return evaluate_keys(std::span<const RotationKey>(*lin), t, out, slerp_seg, track);
  return evaluate_keys(std::span<const TcbRotationKey>(std::get<std::vector<TcbRotationKey>>(controller.keys)), t,
                       out, tcb_rot_seg, track);
}

}  // namespace

// CKAnimController::Evaluate (position / scale controllers)
bool evaluate(const VectorController& controller, float t, math::Vec3& out) {
  return evaluate_vector(controller, t, out, nullptr);
}

// CKAnimController::Evaluate (rotation / scale-axis controllers)
bool evaluate(const QuatController& controller, float t, math::Quat& out) {
  return evaluate_quat(controller, t, out, nullptr);
}

// CKAnimController::Evaluate (position / scale controllers), remembering the segment
bool evaluate(const VectorController& controller, float t, math::Vec3& out, PlaybackContext::SavedKeys& track) {
  return evaluate_vector(controller, t, out, &track);
}

// CKAnimController::Evaluate (rotation / scale-axis controllers), remembering the segment
bool evaluate(const QuatController& controller, float t, math::Quat& out, PlaybackContext::SavedKeys& track) {
  return evaluate_quat(controller, t, out, &track);
}

}  // namespace retroanim::ck
