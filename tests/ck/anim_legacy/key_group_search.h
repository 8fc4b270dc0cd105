// The segment search of PreparedAnimation on a key group (its time array):
// spec 5.3's clamps and binary search, made fast by a playback hint or an
// O(1) guess. Shared by the one-at-a-time and the batch samplers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "retroanim/ck/controller_evaluation.h"
#include "legacy.h"

namespace retroanim::ck::legacy::key_search {

// Local walk length after the first guess; beyond it the binary search runs.
constexpr int kGuessWalk = 8;
// Segments a hint may move forward / backward before the guess is used.
constexpr int kHintWalk = 2;
// How far ahead of a hinted segment the next records are prefetched.
constexpr size_t kPrefetchKeys = 6;
// How far ahead of a hinted segment the key times are prefetched (one cache line).
constexpr size_t kPrefetchTimes = 16;

// Spec 5.3's binary search (find_segment) on a key group: for t strictly
// inside (first time, last time), or NaN, or unordered times.
inline size_t binary_search(const KeyGroup& g, float t) {
  const float* times = g.times.data();
  size_t lo = 0, hi = g.times.size() - 1;
  while (lo < hi - 1) {
    size_t mid = (lo + hi) >> 1;
    if (t <= times[mid])
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

// The segment hi of t in (first time, last time), n >= 2: for ordered
// times the unique hi with time(hi-1) < t <= time(hi) (what the binary search
// finds), from the hint, else from the guess, else by the binary search. NaN
// and unordered times always take the binary search.
inline size_t find_segment_fast(const KeyGroup& g, float t, uint32_t* hint) {
  const float* times = g.times.data();
  size_t n = g.times.size();
  if (!g.ordered || std::isnan(t)) return binary_search(g, t);
  if (hint) {
    size_t h = *hint;
    if (h >= 1 && h < n) {
      if (times[h - 1] < t) {
        // Forward: h never passes n-1, since t < time(n-1).
        for (int i = 0; i <= kHintWalk; ++i, ++h) {
          if (t <= times[h]) {
            *hint = static_cast<uint32_t>(h);
            // Sequential playback streams through the records: ask for the
            // cache line a few keys ahead now (no effect on results).
            __builtin_prefetch(g.values.data() + std::min(h + kPrefetchKeys, n - 1) * g.stride);
            // And the time array's next cache line (16 floats ahead).
            __builtin_prefetch(times + std::min(h + kPrefetchTimes, n - 1));
            return h;
          }
        }
      } else {
        // Backward: t <= time(h-1), so the segment ends at h-1 or before;
        // h never reaches 0, since time(0) < t.
        for (int i = 0; i < kHintWalk; ++i) {
          --h;
          if (times[h - 1] < t) {
            *hint = static_cast<uint32_t>(h);
            return h;
          }
        }
      }
    }
  }
  size_t h = n - 1;
  if (g.guess_scale > 0.0f) {
    float x = (t - times[0]) * g.guess_scale;  // in (0, n-1] up to rounding; never NaN here
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
    if (i == kGuessWalk) h = binary_search(g, t);
  } else {
    h = binary_search(g, t);
  }
  if (hint) *hint = static_cast<uint32_t>(h);
  return h;
}

// Where t falls in a key group: clamped to key `index`, or inside segment
// (index-1, index).
struct Segment {
  bool clamped;
  size_t index;
};

// The clamps of spec 5.3 (one key, t <= first, t >= last), then the segment.
inline Segment find_segment(const KeyGroup& g, float t, uint32_t* hint) {
  const float* times = g.times.data();
  size_t n = g.times.size();
  if (n == 1 || t <= times[0]) return {true, 0};
  if (t >= times[n - 1]) return {true, n - 1};
  return {false, find_segment_fast(g, t, hint)};
}

// A segment and, inside it, the fraction at t (segment_fraction, as
// lerp_segment / slerp_segment compute it; 0 when clamped).
struct Location {
  bool clamped;
  size_t index;
  float f;
};

// find_segment and the fraction.
inline Location locate(const KeyGroup& g, float t, uint32_t* hint) {
  const Segment s = find_segment(g, t, hint);
  if (s.clamped) return {true, s.index, 0.0f};
  const float* times = g.times.data();
  return {false, s.index, segment_fraction(t, times[s.index - 1], times[s.index])};
}

}  // namespace retroanim::ck::legacy::key_search
