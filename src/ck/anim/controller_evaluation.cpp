#include "retroanim/ck/anim/controller_evaluation.h"

#include <cmath>
#include <variant>

#include "retroanim/math/hermite.h"
#include "retroanim/math/float_trig.h"
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

// The time weights of interior TCB key k (CK2_3D 0x10050BA1 and 0x10051040,
// CKRenderEngine's transcription): scale = 2 / (t[k+1] - t[k-1]), prev =
// (t[k] - t[k-1])·scale, next = (t[k+1] - t[k])·scale, each then moved toward 1
// by |C| (w + |C| - |C|·w). Degenerate spacing (a zero or non-finite span,
// only in unsorted or broken keys) keeps weights 1: retroanim's definition,
// the original would divide by zero.
struct TimeWeights {
  float prev = 1.0f, next = 1.0f;
};

template <class Key>
TimeWeights tcb_time_weights(std::span<const Key> keys, size_t k) {
  TimeWeights w;
  const float span = keys[k + 1].time - keys[k - 1].time;
  if (span == 0.0f || !std::isfinite(span)) return w;
  const float scale = 2.0f / span;
  w.prev = (keys[k].time - keys[k - 1].time) * scale;
  w.next = (keys[k + 1].time - keys[k].time) * scale;
  const float c = std::fabs(keys[k].continuity);
  w.prev = w.prev + c - c * w.prev;
  w.next = w.next + c - c * w.next;
  return w;
}

// The four Kochanek-Bartels coefficients of a TCB position key, time weights
// included, in the transcription's order of operations: the incoming tangent
// is in_prev·dp + in_next·dn, the outgoing one out_prev·dp + out_next·dn.
struct TcbCoefficients {
  float in_prev, in_next, out_prev, out_next;
};

TcbCoefficients tcb_coefficients(float tension, float continuity, float bias, TimeWeights w) {
  const float half_tension = (1.0f - tension) * 0.5f;
  const float c_minus = 1.0f - continuity;
  const float c_plus = 2.0f - c_minus;
  const float b_minus = 1.0f - bias;
  const float b_plus = 2.0f - b_minus;
  const float minus = half_tension * c_minus;
  const float plus = half_tension * c_plus;
  return {minus * b_plus * w.prev, plus * b_minus * w.prev, plus * b_plus * w.next, minus * b_minus * w.next};
}

// The incoming (out = false) or outgoing tangent of interior TCB position key k.
Vec3 tcb_interior_tangent(std::span<const TcbPositionKey> keys, size_t k, bool out) {
  const TcbPositionKey& key = keys[k];
  const TcbCoefficients f = tcb_coefficients(key.tension, key.continuity, key.bias, tcb_time_weights(keys, k));
  const Vec3 dp = key.value - keys[k - 1].value;
  const Vec3 dn = keys[k + 1].value - key.value;
  const float a = out ? f.out_prev : f.in_prev;
  const float b = out ? f.out_next : f.in_next;
  return {a * dp.x + b * dn.x, a * dp.y + b * dn.y, a * dp.z + b * dn.z};
}

// The outgoing tangent of TCB position key k (k + 1 < n) or the incoming one
// (k > 0), CK2_3D 0x10050BA1 / 0x10050E2E / 0x10050EC3 / 0x10050F98 (position
// and scale alike): interior keys as above; with two keys (1 - T)·(P1 - P0)
// on both ends; with three or more the first key's outgoing tangent is
// (3(P1 - P0) - in1)·(1 - T0)/2 and the last key's incoming one
// (3(Pn-2 - Pn-1) - in(n-2))·(-(1 - T)/2), the previous key's *incoming*
// tangent (asymmetric, as the transcription keeps it).
Vec3 tcb_tangent(std::span<const TcbPositionKey> keys, size_t k, bool out) {
  const size_t n = keys.size();
  if (n == 2) {
    const Vec3 d = keys[1].value - keys[0].value;
    const float s = 1.0f - keys[k].tension;
    return {s * d.x, s * d.y, s * d.z};
  }
  if (k > 0 && k + 1 < n) return tcb_interior_tangent(keys, k, out);
  if (k == 0) {
    const Vec3 in1 = tcb_interior_tangent(keys, 1, false);
    const Vec3 d = keys[1].value - keys[0].value;
    const float s = (1.0f - keys[0].tension) * 0.5f;
    return {(d.x * 3.0f - in1.x) * s, (d.y * 3.0f - in1.y) * s, (d.z * 3.0f - in1.z) * s};
  }
  const Vec3 in_prev = tcb_interior_tangent(keys, n - 2, false);
  const Vec3 d = keys[n - 2].value - keys[n - 1].value;
  const float s = -(1.0f - keys[n - 1].tension) * 0.5f;
  return {(d.x * 3.0f - in_prev.x) * s, (d.y * 3.0f - in_prev.y) * s, (d.z * 3.0f - in_prev.z) * s};
}

// Kochanek-Bartels weights of one rotation key: the incoming tangent is
// in_prev * g_prev + in_next * g_next, the outgoing one out_prev * g_prev +
// out_next * g_next (CKCurve::GetTangents' assignment, spec 3.2).
struct TcbWeights {
  float in_prev, in_next, out_prev, out_next;
};

TcbWeights tcb_weights(float tension, float continuity, float bias) {
  float t1 = 1.0f - tension;
  float cm = 1.0f - continuity, cp = 1.0f + continuity;
  float bm = 1.0f - bias, bp = 1.0f + bias;
  return {t1 * cm * bp * 0.5f, t1 * cp * bm * 0.5f, t1 * cp * bp * 0.5f, t1 * cm * bm * 0.5f};
}

// The spacing factors of TCB rotation key k: 2·Np/(Np+Nn) on the incoming
// side and 2·Nn/(Np+Nn) on the outgoing one, each moved toward 1 by |C|
// (f + |C| - |C|·f); 1 at the ends and for degenerate spacing. The same
// values as tcb_time_weights up to rounding: this order is kept because it
// gives the UFO arms' results as they were verified (docs/FIDELITY.md).
void rotation_spacing_factors(std::span<const TcbRotationKey> keys, size_t k, float& f_in, float& f_out) {
  f_in = f_out = 1.0f;
  if (k == 0 || k + 1 >= keys.size()) return;
  float np = keys[k].time - keys[k - 1].time;
  float nn = keys[k + 1].time - keys[k].time;
  float sum = np + nn;
  if (sum == 0.0f || !std::isfinite(sum)) return;
  f_in = 2.0f * np / sum;
  f_out = 2.0f * nn / sum;
  const float cc = std::fabs(keys[k].continuity);
  f_in = f_in + cc - cc * f_in;
  f_out = f_out + cc - cc * f_out;
}

// Quaternion logarithm of a unit quaternion: angle * axis (the pure part).
Vec3 quat_log(Quat q) {
  Vec3 v{q.x, q.y, q.z};
  float s = math::magnitude(v);
  if (s == 0.0f) return Vec3{};
  float angle = math::atan2_f(s, q.w);
  return v * (angle / s);
}

// Quaternion exponential of a pure quaternion v: (v/|v| sin|v|, cos|v|).
Quat quat_exp(Vec3 v) {
  float a = math::magnitude(v);
  if (a == 0.0f) return Quat{};
  float k = math::sin_f(a) / a;
  return {v.x * k, v.y * k, v.z * k, math::cos_f(a)};
}

// log(a⁻¹ b) along the shorter arc, for unit-normalised copies of a and b.
Vec3 quat_log_difference(Quat a, Quat b) {
  Quat d = math::multiply(math::conjugate(math::normalize(a)), math::normalize(b));
  if (d.w < 0.0f) d = {-d.x, -d.y, -d.z, -d.w};
  return quat_log(d);
}

// The squad control point of TCB rotation key k (0x10051040): after the key
// (out = true, q·exp((T_out - g_next)/2)) or before it (q·exp((g_prev -
// T_in)/2)), with g_prev = log(q[k-1]⁻¹ q[k]), g_next = log(q[k]⁻¹ q[k+1]) (at
// an open track's first / last key the missing one is a copy of the existing
// one, so that with T = C = B = 0 the control point is the key itself) and the
// tangents T weighted and spacing-adjusted.
Quat tcb_control(std::span<const TcbRotationKey> keys, size_t k, bool out) {
  const TcbRotationKey& key = keys[k];
  const bool has_prev = k > 0, has_next = k + 1 < keys.size();
  Vec3 g_prev = has_prev ? quat_log_difference(keys[k - 1].value, key.value) : Vec3{};
  Vec3 g_next = has_next ? quat_log_difference(key.value, keys[k + 1].value) : Vec3{};
  if (!has_prev) g_prev = g_next;
  if (!has_next) g_next = g_prev;
  TcbWeights w = tcb_weights(key.tension, key.continuity, key.bias);
  float f_in, f_out;
  rotation_spacing_factors(keys, k, f_in, f_out);
  Quat q = math::normalize(key.value);
  if (out) {
    Vec3 t_out = (g_prev * w.out_prev + g_next * w.out_next) * f_out;
    return math::multiply(q, quat_exp((t_out - g_next) * 0.5f));
  }
  Vec3 t_in = (g_prev * w.in_prev + g_next * w.in_next) * f_in;
  return math::multiply(q, quat_exp((g_prev - t_in) * 0.5f));
}

// The derived tangents of one Bezier key: In (pointing backward: the inner
// point before the key is P + In·Δt/3) and Out (P + Out·Δt/3 after it), both
// per frame.
struct BezierTangents {
  Vec3 in, out;
};

// 0x1004DFE5: the frames from key `first` to key `second`, through the end of
// the controller (+ length) when `second` does not come after `first`. The
// wrapped span only reaches the first key's In and the last key's Out, which
// no segment uses, so the length does not change any result.
float bezier_span(std::span<const BezierPositionKey> keys, size_t first, size_t second, float length) {
  if (second <= first) return keys[second].time + length - keys[first].time;
  return keys[second].time - keys[first].time;
}

Vec3 scaled(float s, Vec3 v) { return {s * v.x, s * v.y, s * v.z}; }

// 0x1004E300: the derivative at key i of the parabola through keys i, i+1,
// i+2 (the chord over Δt when i+1 is the last key) as Out; the first key's In
// becomes 0.
void bezier_forward(std::span<const BezierPositionKey> keys, size_t i, float length, BezierTangents& t) {
  const size_t n = keys.size();
  float span = bezier_span(keys, i, i + 1, length);
  if (span == 0.0f) span = 1.0f;
  const Vec3 delta = keys[i + 1].value - keys[i].value;
  if (i + 2 == n) {
    t.out = {delta.x / span, delta.y / span, delta.z / span};
  } else {
    float next_span = bezier_span(keys, i + 1, i + 2, length);
    if (next_span == 0.0f) next_span = 1.0f;
    const float ratio = span / (span + next_span);
    const float a = (ratio + 1.0f) / span, b = ratio / next_span;
    const Vec3 d2 = keys[i + 2].value - keys[i + 1].value;
    t.out = {a * delta.x - b * d2.x, a * delta.y - b * d2.y, a * delta.z - b * d2.z};
  }
  if (i == 0) t.in = Vec3{};
}

// 0x1004E5BD: minus the derivative at key i of the parabola through keys
// i-2, i-1, i (minus the chord over Δt when i-1 is the first key) as In; the
// last key's Out becomes 0.
void bezier_backward(std::span<const BezierPositionKey> keys, size_t i, float length, BezierTangents& t) {
  const size_t n = keys.size();
  float span = bezier_span(keys, i - 1, i, length);
  if (span == 0.0f) span = 1.0f;
  const Vec3 delta = keys[i].value - keys[i - 1].value;
  if (i == 1) {
    t.in = {-delta.x / span, -delta.y / span, -delta.z / span};
  } else {
    float prev_span = bezier_span(keys, i - 2, i - 1, length);
    if (prev_span == 0.0f) prev_span = 1.0f;
    const float ratio = prev_span / (prev_span + span);
    const float a = (ratio - 1.0f) / prev_span, b = (2.0f - ratio) / span;
    const Vec3 d1 = keys[i - 1].value - keys[i - 2].value;
    t.in = {-(a * d1.x + b * delta.x), -(a * d1.y + b * delta.y), -(a * d1.z + b * delta.z)};
  }
  if (i + 1 == n) t.out = Vec3{};
}

// 0x1004E891: the AUTOSMOOTH sides of key i. At the first / last key (or
// next to a zero span) the smooth side is the parabola end derivative
// (forward at the first key, backward at the last) or 0; with both sides
// smooth, the derivative of the parabola through the key and its neighbours
// (In its negation); with one side smooth, minus the other side's vector
// (LINEAR, FAST, SLOW, TANGENTS) or 0 (STEP); an unknown other mode leaves it.
void bezier_smooth(std::span<const BezierPositionKey> keys, size_t i, float length, BezierTangents& t) {
  using namespace bezier_mode;
  const size_t n = keys.size();
  const BezierPositionKey& key = keys[i];
  const uint32_t in_mode = key.in_mode(), out_mode = key.out_mode();
  const bool smooth_in = in_mode == kAutoSmooth, smooth_out = out_mode == kAutoSmooth;
  if (!smooth_in && !smooth_out) return;
  const size_t prev = (i + n - 1) % n, next = (i + 1) % n;
  const float prev_span = bezier_span(keys, prev, i, length);
  const float next_span = bezier_span(keys, i, next, length);
  if (prev_span == 0.0f || next_span == 0.0f || i == 0 || i + 1 == n) {
    if (smooth_out) {
      if (i == 0)
        bezier_forward(keys, i, length, t);
      else
        t.out = Vec3{};
    }
    if (smooth_in) {
      if (i + 1 == n)
        bezier_backward(keys, i, length, t);
      else
        t.in = Vec3{};
    }
  } else if (smooth_in && smooth_out) {
    const float ratio = prev_span / (prev_span + next_span);
    const float a = (1.0f - ratio) / prev_span, b = ratio / next_span;
    const Vec3 dp = key.value - keys[prev].value, dn = keys[next].value - key.value;
    const Vec3 tangent{a * dp.x + b * dn.x, a * dp.y + b * dn.y, a * dp.z + b * dn.z};
    t.in = {-tangent.x, -tangent.y, -tangent.z};
    t.out = tangent;
  } else {
    const uint32_t other = smooth_in ? out_mode : in_mode;
    Vec3& side = smooth_in ? t.in : t.out;
    const Vec3 opposite = smooth_in ? t.out : t.in;
    if (other == kLinear || other == kFast || other == kSlow || other == kTangents)
      side = {-opposite.x, -opposite.y, -opposite.z};
    else if (other == kStep)
      side = Vec3{};
  }
}

// The tangents of Bezier key i as 0x1004ED59 leaves them (position and scale
// alike; modes compared with ==, so a word with several bits set is none of
// them): the in side (LINEAR: the chord to the previous key over Δt when that
// key's out side is LINEAR too or this is the first key, else the parabola
// derivative; FAST: twice the chord over Δt; STEP, SLOW: 0; otherwise the
// stored In), the out side alike, then the AUTOSMOOTH pass. Pure: a key's
// tangents depend on the stored keys only, never on another key's result.
BezierTangents bezier_key_tangents(std::span<const BezierPositionKey> keys, size_t i, float length = 0.0f) {
  using namespace bezier_mode;
  const size_t n = keys.size();
  const BezierPositionKey& key = keys[i];
  BezierTangents t{key.in_tangent, key.out_tangent};
  const uint32_t in_mode = key.in_mode(), out_mode = key.out_mode();
  const size_t prev = (i + n - 1) % n, next = (i + 1) % n;
  if (in_mode == kLinear || in_mode == kFast) {
    if (in_mode == kFast || i == 0 || keys[prev].out_mode() == kLinear) {
      float span = bezier_span(keys, prev, i, length);
      if (span == 0.0f) span = 1.0f;
      const float scale = (in_mode == kFast ? 2.0f : 1.0f) / span;
      t.in = scaled(scale, keys[prev].value - key.value);
    } else {
      bezier_backward(keys, i, length, t);
    }
  } else if (in_mode == kStep || in_mode == kSlow) {
    t.in = Vec3{};
  }
  if (out_mode == kLinear || out_mode == kFast) {
    if (out_mode == kFast || i + 1 == n || keys[next].in_mode() == kLinear) {
      float span = bezier_span(keys, i, next, length);
      if (span == 0.0f) span = 1.0f;
      const float scale = (out_mode == kFast ? 2.0f : 1.0f) / span;
      t.out = scaled(scale, keys[next].value - key.value);
    } else {
      bezier_forward(keys, i, length, t);
    }
  } else if (out_mode == kStep || out_mode == kSlow) {
    t.out = Vec3{};
  }
  if (in_mode == kAutoSmooth || out_mode == kAutoSmooth) bezier_smooth(keys, i, length, t);
  return t;
}

}  // namespace

// 0x10050AB1 (CK2_3D's ease of a TCB segment, CKRenderEngine's transcription):
// u unchanged at 0 and 1 and when the eases sum to 0; a sum above 1 scaled to
// 1 (by its inverse); then k = 1 / (2 - ease_from - ease_to) and a quadratic
// start below ease_from, linear up to 1 - ease_to (exclusive), a quadratic
// end. Negative eases are used as they are. A result that is not finite for a
// finite u (only reachable with u outside [0, 1], i.e. unsorted keys, or with
// eases near ±FLT_MAX) gives u: retroanim's definition.
float tcb_ease(float u, float ease_from, float ease_to) {
  const float total = ease_from + ease_to;
  if (u == 0.0f || u == 1.0f || total == 0.0f) return u;
  if (total > 1.0f) {
    const float inverse = 1.0f / total;
    ease_from *= inverse;
    ease_to *= inverse;
  }
  const float scale = 1.0f / (2.0f - ease_from - ease_to);
  float r;
  if (u < ease_from) {
    r = (scale / ease_from) * u * u;
  } else if (u < 1.0f - ease_to) {
    r = (2.0f * u - ease_from) * scale;
  } else {
    const float remaining = 1.0f - u;
    r = 1.0f - (scale / ease_to) * remaining * remaining;
  }
  if (!std::isfinite(r) && std::isfinite(u)) return u;
  return r;
}

// TCB position segment (inside FUN_1004ca20): Hermite with the eased fraction.
Vec3 tcb_segment(std::span<const TcbPositionKey> keys, size_t hi, float t) {
  const TcbPositionKey& k0 = keys[hi - 1];
  const TcbPositionKey& k1 = keys[hi];
  float u = tcb_ease(segment_fraction(t, k0.time, k1.time), k0.ease_from, k1.ease_to);
  return math::hermite(k0.value, tcb_tangent(keys, hi - 1, true), k1.value, tcb_tangent(keys, hi, false), u);
}

// TCB rotation segment (inside FUN_1004d54e): VxMath Squad, Slerp(2u(1-u),
// Slerp(u, q0, q1), Slerp(u, a, b)) with VxMath's Slerp (the shorter-arc flip)
// in all three, on the keys and control points as stored / computed.
Quat tcb_segment(std::span<const TcbRotationKey> keys, size_t hi, float t) {
  const TcbRotationKey& k0 = keys[hi - 1];
  const TcbRotationKey& k1 = keys[hi];
  float u = tcb_ease(segment_fraction(t, k0.time, k1.time), k0.ease_from, k1.ease_to);
  const Quat controls = math::slerp(u, tcb_control(keys, hi - 1, true), tcb_control(keys, hi, false));
  const Quat ends = math::slerp(u, k0.value, k1.value);
  return math::slerp(2.0f * u * (1.0f - u), ends, controls);
}

// Bezier position segment (inside FUN_1004efc5): STEP on k0's out side or
// k1's in side holds k0 until the fraction is exactly 1; otherwise the cubic
// Bezier P0, P0 + Out0·h, P1 + In1·h, P1 with h = Δt·0x3EAAAAAA (0.33333331),
// in Bernstein form.
Vec3 bezier_segment(std::span<const BezierPositionKey> keys, size_t hi, float t) {
  const BezierPositionKey& k0 = keys[hi - 1];
  const BezierPositionKey& k1 = keys[hi];
  const float u = segment_fraction(t, k0.time, k1.time);
  if (k0.out_mode() == bezier_mode::kStep || k1.in_mode() == bezier_mode::kStep) return u == 1.0f ? k1.value : k0.value;
  const Vec3 out0 = bezier_key_tangents(keys, hi - 1).out;
  const Vec3 in1 = bezier_key_tangents(keys, hi).in;
  const float h = (k1.time - k0.time) * 0.33333331f;
  const Vec3 p0 = k0.value, p3 = k1.value;
  const Vec3 p1{p0.x + out0.x * h, p0.y + out0.y * h, p0.z + out0.z * h};
  const Vec3 p2{p3.x + in1.x * h, p3.y + in1.y * h, p3.z + in1.z * h};
  const float omt = 1.0f - u;
  const float omt2 = omt * omt;
  const float omt3 = omt2 * omt;
  const float u2 = u * u;
  const float u3 = u2 * u;
  auto axis = [&](float a, float b, float c, float d) {
    return omt3 * a + 3.0f * omt2 * u * b + 3.0f * omt * u2 * c + u3 * d;
  };
  return {axis(p0.x, p1.x, p2.x, p3.x), axis(p0.y, p1.y, p2.y, p3.y), axis(p0.z, p1.z, p2.z, p3.z)};
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
