// Evaluation of animation controllers at a time in frames: pure functions of
// the keys (CKAnimController::Evaluate of each controller kind). Linear keys
// follow spec 5.3 exactly; TCB and Bezier are derived in docs/FIDELITY.md.
#pragma once

#include <cstddef>
#include <span>

#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/anim/keyframes.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

#include "retroanim/fp_strict.h"

namespace retroanim::ck {

// The segment search of spec 5.3 for n >= 2 keys whose time lies strictly
// inside (time(0), time(n-1)), over any key layout (`time[i]` is key i's
// time): lo = 0, hi = n-1; while lo < hi-1 { mid = (lo+hi)>>1; if t <=
// time[mid] hi = mid else lo = mid }. Returns hi (the segment is hi-1, hi).
// The one binary search of ck sampling (key_search.h builds on it).
// Written two steps per loop trip (the same steps in the same order, so the
// same segment for any times, ordered or not): as one step per trip, GCC
// lays one arm of the unpredictable compare out of the loop, three taken
// jumps on that arm, and the search ran 10-15 % slower than as it was laid
// out before (docs/PERFORMANCE.md, issue 13).
RETROANIM_FP_STRICT_BEGIN
template <class Times>
inline size_t find_segment_in(size_t n, float t, const Times& time) {
  size_t lo = 0, hi = n - 1;
  while (lo < hi - 1) {
    size_t mid = (lo + hi) >> 1;
    if (t <= time[mid])
      hi = mid;
    else
      lo = mid;
    if (!(lo < hi - 1)) break;
    mid = (lo + hi) >> 1;
    if (t <= time[mid])
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

// The times of keys as saved, for find_segment_in: the time field of each key.
template <class Key>
struct KeyTimes {
  const Key* keys;
  float operator[](size_t i) const { return keys[i].time; }
};

// find_segment_in on keys as saved.
// Callers handle a single key first (a NaN time passes both clamps; the
// original would then read key -1): it evaluates to that key.
template <class Key>
inline size_t find_segment(std::span<const Key> keys, float t) {
  return find_segment_in(keys.size(), t, KeyTimes<Key>{keys.data()});
}

// The segment fraction f = (t - t0) / (t1 - t0). Keys with equal times (only
// possible in unsorted data) give f = 0 instead of a division by zero.
inline float segment_fraction(float t, float t0, float t1) {
  float dt = t1 - t0;
  if (dt == 0.0f) return 0.0f;
  return (t - t0) / dt;
}

// FUN_1004b8df (linear position / scale, spec 5.3): false without keys;
// clamps to the first / last key; else v0 + (v1 - v0) * f on the segment
// find_segment gives.
bool evaluate_linear(std::span<const PositionKey> keys, float t, math::Vec3& out);

// FUN_1004c150 (linear rotation / scale axis, spec 5.3): as above with
// math::slerp(f, q0, q1), not normalised.
bool evaluate_linear(std::span<const RotationKey> keys, float t, math::Quat& out);

// Linear position on segment (hi-1, hi), the step after the search.
inline math::Vec3 lerp_segment(const PositionKey& k0, const PositionKey& k1, float t) {
  float f = segment_fraction(t, k0.time, k1.time);
  return k0.value + (k1.value - k0.value) * f;
}

// Linear rotation on segment (hi-1, hi), the step after the search.
inline math::Quat slerp_segment(const RotationKey& k0, const RotationKey& k1, float t) {
  float f = segment_fraction(t, k0.time, k1.time);
  return math::slerp(f, k0.value, k1.value);
}

// TCB position on segment (hi-1, hi) at time t (the step after the search).
math::Vec3 tcb_segment(std::span<const TcbPositionKey> keys, size_t hi, float t);

// TCB rotation on segment (hi-1, hi) at time t (the step after the search).
math::Quat tcb_segment(std::span<const TcbRotationKey> keys, size_t hi, float t);

// Bezier position on segment (hi-1, hi) at time t (the step after the search).
math::Vec3 bezier_segment(std::span<const BezierPositionKey> keys, size_t hi, float t);

// The ease of a TCB segment: the parameter u in [0, 1] reshaped so that the
// motion accelerates over the first `ease_from` of the segment and slows down
// over the last `ease_to` (Kochanek-Bartels / 3ds ease; negative values count
// as 0, a sum above 1 is scaled down to 1). With both 0, u is returned as is.
float tcb_ease(float u, float ease_from, float ease_to);

// FUN_1004ca20 (TCB position / scale): Kochanek-Bartels Hermite spline through
// the keys with each key's tension / continuity / bias, the segment parameter
// reshaped by the ease to / ease from of its end keys. Clamps at both ends.
bool evaluate_tcb(std::span<const TcbPositionKey> keys, float t, math::Vec3& out);

// FUN_1004d54e (TCB rotation / scale axis): the quaternion TCB spline (squad
// through inner quadrangle points built from log-space Kochanek-Bartels
// tangents); passes through every key. Clamps at both ends.
bool evaluate_tcb(std::span<const TcbRotationKey> keys, float t, math::Quat& out);

// FUN_1004efc5 (Bezier position / scale): cubic Bezier segments whose inner
// control points come from each key's out-mode / next key's in-mode.
bool evaluate_bezier(std::span<const BezierPositionKey> keys, float t, math::Vec3& out);

// CKAnimController::Evaluate for a position / scale controller of any kind.
bool evaluate(const VectorController& controller, float t, math::Vec3& out);

// CKAnimController::Evaluate for a rotation / scale-axis controller of any kind.
bool evaluate(const QuatController& controller, float t, math::Quat& out);

RETROANIM_FP_STRICT_END

}  // namespace retroanim::ck
