// The one segment search of ck sampling, for every key layout (keys as saved,
// whose times are a field of each key, and the prepared key groups, whose
// times are one float array): spec 5.3's clamps and binary search, made fast
// by the segment a PlaybackContext remembers, or an O(1) guess from the mean
// key spacing. Every path that samples keys (sample_animation with a
// context, PreparedAnimation::sample, sample_world_batch) finds its segments
// here; controller_evaluation.h holds the binary search itself.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/anim/playback_context.h"

namespace retroanim::ck::key_search {

// Local walk length after the first guess; beyond it the binary search runs.
constexpr int kGuessWalk = 8;
// Segments the walk from a remembered segment may move backward (forward: this
// many past it) before the guess is used.
constexpr int kRememberedWalk = 2;
// How far ahead of a remembered segment the next records are prefetched.
constexpr size_t kPrefetchKeys = 6;
// How far ahead of a remembered segment the key times are prefetched (one cache line).
constexpr size_t kPrefetchTimes = 16;

// The times of a prepared key group: one contiguous array.
struct PackedTimes {
  const float* times;
  float operator[](size_t i) const { return times[i]; }
};

// What the search knows of a key array besides its times: whether they are
// ordered (non-decreasing, no NaN: each time then lies in a unique segment,
// so that any way of finding it gives the binary search's segment), and the
// scale of the first guess ((n-1) / (last - first); 0 = no guess).
struct KeyOrder {
  bool ordered = false;
  float guess_scale = 0.0f;
};

// Where t falls in a key array: clamped to key `index`, or inside segment
// (index-1, index).
struct Segment {
  bool clamped;
  size_t index;
};

// No prefetch when a remembered segment is used.
struct NoPrefetch {
  void operator()(size_t) const {}
};

// The segment hi of t strictly inside (first time, last time), n >= 2: for
// ordered times the unique hi with time(hi-1) < t <= time(hi) (what the
// binary search finds), from `*remembered` (0 = none), else from the guess, else by the binary
// search. NaN and unordered times always take the binary search. `on_hit(hi)`
// runs when the remembered segment or one after it was the answer (the
// layout's prefetch; no effect on results; mark it [[gnu::always_inline]],
// or GCC may delete a call that only prefetches).
template <class Times, class OnHit>
inline size_t find_inside(const Times& times, size_t n, float t, KeyOrder order, uint32_t* remembered, OnHit&& on_hit) {
  if (!order.ordered || std::isnan(t)) return find_segment_in(n, t, times);
  if (remembered) {
    size_t h = *remembered;
    if (h >= 1 && h < n) {
      if (times[h - 1] < t) {
        // Forward: h never passes n-1, since t < time(n-1).
        for (int i = 0; i <= kRememberedWalk; ++i, ++h) {
          if (t <= times[h]) {
            *remembered = static_cast<uint32_t>(h);
            on_hit(h);
            return h;
          }
        }
      } else {
        // Backward: t <= time(h-1), so the segment ends at h-1 or before;
        // h never reaches 0, since time(0) < t.
        for (int i = 0; i < kRememberedWalk; ++i) {
          --h;
          if (times[h - 1] < t) {
            *remembered = static_cast<uint32_t>(h);
            return h;
          }
        }
      }
    }
  }
  size_t h = n - 1;
  if (order.guess_scale > 0.0f) {
    float x = (t - times[0]) * order.guess_scale;  // in (0, n-1] up to rounding; never NaN here
    h = x < 1.0f ? 1 : (x >= static_cast<float>(n - 1) ? n - 1 : static_cast<size_t>(x) + 1);
    int i = 0;
    for (; i < kGuessWalk; ++i) {
      if (times[h] < t)
        ++h;  // stays <= n-1, since t < time(n-1)
      else if (!(times[h - 1] < t))
        --h;  // stays >= 1, since time(0) < t
      else
        break;
    }
    if (i == kGuessWalk) h = find_segment_in(n, t, times);
  } else {
    h = find_segment_in(n, t, times);
  }
  if (remembered) *remembered = static_cast<uint32_t>(h);
  return h;
}

// Sequential playback's step in one go without a branch: for ordered times
// and a remembered segment h with h >= 1 and h + 2 <= n - 2,
// time(h-1) < t <= time(h+2) and t < time(n-1) (so t is clamped at neither
// end), find's walk would return the first k of h, h+1, h+2 with
// t <= time(k), which is h + (t > time(h)) + (t > time(h+1)). Then it
// remembers k, calls on_hit(k), sets `hi` and returns true; otherwise false
// with nothing changed (find() then gives the segment). Best where the
// records are fetched well ahead anyway, as the batch does; one track at a
// time find()'s walk is faster (its branches let the CPU guess the next
// segment and start loading its records before the times arrive). Always
// inlined: as a call its arguments went through memory in the WebAssembly
// build, a stall on every track of the batch.
template <class Times, class OnHit>
[[gnu::always_inline]] inline bool step_remembered(const Times& times, size_t n, float t, bool ordered,
                                                   uint32_t* remembered, OnHit&& on_hit, size_t& hi) {
  static_assert(kRememberedWalk == 2, "the branch-free step covers the walk's h, h+1 and h+2");
  if (!ordered) return false;
  const size_t h = *remembered;
  if (h < 1 || h + 4 > n) return false;
  if (!(times[h - 1] < t && t <= times[h + 2] && t < times[n - 1])) return false;
  hi = h + static_cast<size_t>(t > times[h]) + static_cast<size_t>(t > times[h + 1]);
  *remembered = static_cast<uint32_t>(hi);
  on_hit(hi);
  return true;
}

// The clamps of spec 5.3 (one key, t <= first, t >= last), then the segment,
// for n >= 1 keys.
template <class Times, class OnHit = NoPrefetch>
inline Segment find(const Times& times, size_t n, float t, KeyOrder order, uint32_t* remembered, OnHit&& on_hit = {}) {
  if (n == 1 || t <= times[0]) return {true, 0};
  if (t >= times[n - 1]) return {true, n - 1};
  return {false, find_inside(times, n, t, order, remembered, on_hit)};
}

// Whether keys' times are non-decreasing with no NaN (KeyOrder::ordered).
template <class Times>
inline bool times_ordered(const Times& times, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (std::isnan(times[i]) || (i > 0 && !(times[i - 1] <= times[i]))) return false;
  return true;
}

}  // namespace retroanim::ck::key_search

namespace retroanim::ck {

// evaluate() with the segment search remembering its segment in `track`
// (re-checking the key order when the key array changes): the same result.
bool evaluate(const VectorController& controller, float t, math::Vec3& out, PlaybackContext::SavedKeys& track);

// evaluate() with the segment search remembering its segment in `track`: the same result.
bool evaluate(const QuatController& controller, float t, math::Quat& out, PlaybackContext::SavedKeys& track);

}  // namespace retroanim::ck
