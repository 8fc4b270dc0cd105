#include "retroanim/ck/prepared_animation.h"

#include <cmath>
#include <cstring>
#include <variant>

#include "retroanim/ck/controller_evaluation.h"
#include "retroanim/ck/keyed_animation.h"
#include "set_step.h"

namespace retroanim::ck {

namespace {

using math::Quat;
using math::Vec3;
namespace flag = object_animation_flag;

// Local walk length after the first guess; beyond it the binary search runs.
constexpr int kGuessWalk = 8;
// Segments a hint may move forward / backward before the guess is used.
constexpr int kHintWalk = 4;

// Spec 5.3's binary search (find_segment) on a time array: for t strictly
// inside (times[0], times[n-1]), or NaN, or unordered times.
inline size_t binary_search(const float* times, size_t n, float t) {
  size_t lo = 0, hi = n - 1;
  while (lo < hi - 1) {
    size_t mid = (lo + hi) >> 1;
    if (t <= times[mid])
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

// The segment hi of t in (times[0], times[n-1]), n >= 2: for ordered times the
// unique hi with times[hi-1] < t <= times[hi] (what the binary search finds),
// from the hint, else from the guess, else by the binary search. NaN and
// unordered times always take the binary search.
inline size_t find_segment_fast(const KeyTimes& kt, float t, uint32_t* hint) {
  const float* times = kt.times.data();
  size_t n = kt.times.size();
  if (!kt.ordered || std::isnan(t)) return binary_search(times, n, t);
  if (hint) {
    size_t h = *hint;
    if (h >= 1 && h < n) {
      if (times[h - 1] < t) {
        // Forward: h never passes n-1, since t < times[n-1].
        for (int i = 0; i <= kHintWalk; ++i, ++h) {
          if (t <= times[h]) {
            *hint = static_cast<uint32_t>(h);
            return h;
          }
        }
      } else {
        // Backward: t <= times[h-1], so the segment ends at h-1 or before;
        // h never reaches 0, since times[0] < t.
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
  if (kt.guess_scale > 0.0f) {
    float g = (t - times[0]) * kt.guess_scale;  // in (0, n-1] up to rounding; never NaN here
    h = g < 1.0f ? 1 : (g >= static_cast<float>(n - 1) ? n - 1 : static_cast<size_t>(g) + 1);
    int i = 0;
    for (; i < kGuessWalk; ++i) {
      if (times[h] < t)
        ++h;  // stays <= n-1, since t < times[n-1]
      else if (!(times[h - 1] < t))
        --h;  // stays >= 1, since times[0] < t
      else
        break;
    }
    if (i == kGuessWalk) h = binary_search(times, n, t);
  } else {
    h = binary_search(times, n, t);
  }
  if (hint) *hint = static_cast<uint32_t>(h);
  return h;
}

// Where t falls in one key-time array: clamped to key `index`, or inside
// segment (index-1, index) at fraction f.
struct Location {
  bool clamped;
  size_t index;
  float f;
};

// The clamps of spec 5.3 (one key, t <= first, t >= last), then the segment and
// its fraction (segment_fraction, as lerp_segment / slerp_segment compute it).
inline Location locate(const KeyTimes& kt, float t, uint32_t* hint) {
  const float* times = kt.times.data();
  size_t n = kt.times.size();
  if (n == 1 || t <= times[0]) return {true, 0, 0.0f};
  if (t >= times[n - 1]) return {true, n - 1, 0.0f};
  size_t hi = find_segment_fast(kt, t, hint);
  return {false, hi, segment_fraction(t, times[hi - 1], times[hi])};
}

// lerp_segment's value on a located segment (FUN_1004b8df).
inline Vec3 value_at(const PackedTrack<Vec3>& track, const Location& at) {
  if (track.constant) {
    const Vec3 v = track.values[0];
    return at.clamped ? v : v + (v - v) * at.f;  // bitwise what the two equal keys give
  }
  if (at.clamped) return track.values[at.index];
  const Vec3 v0 = track.values[at.index - 1], v1 = track.values[at.index];
  return v0 + (v1 - v0) * at.f;
}

// slerp_segment's value on a located segment (FUN_1004c150).
inline Quat value_at(const PackedTrack<Quat>& track, const Location& at) {
  if (at.clamped) return track.values[at.index];
  return math::slerp(at.f, track.values[at.index - 1], track.values[at.index]);
}

// The key times of a linear track, as one array.
template <class Key>
std::vector<float> times_of(const std::vector<Key>& keys) {
  std::vector<float> times(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) times[i] = keys[i].time;
  return times;
}

// The index of an existing time array bitwise equal to `times`, else of a new one.
int intern_times(std::vector<KeyTimes>& arrays, std::vector<float> times) {
  for (size_t i = 0; i < arrays.size(); ++i)
    if (arrays[i].times.size() == times.size() &&
        std::memcmp(arrays[i].times.data(), times.data(), times.size() * sizeof(float)) == 0)
      return static_cast<int>(i);
  KeyTimes kt;
  size_t n = times.size();
  kt.ordered = true;
  for (size_t i = 0; i < n; ++i)
    if (std::isnan(times[i]) || (i > 0 && !(times[i - 1] <= times[i]))) kt.ordered = false;
  if (kt.ordered && n >= 2) {
    float span = times[n - 1] - times[0];
    float scale = span > 0.0f ? static_cast<float>(n - 1) / span : 0.0f;
    if (std::isfinite(scale)) kt.guess_scale = scale;
  }
  kt.times = std::move(times);
  arrays.push_back(std::move(kt));
  return static_cast<int>(arrays.size() - 1);
}

bool bitwise_equal(const Vec3& a, const Vec3& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Packs a position / scale controller (false when it is not linear).
bool pack(const std::optional<VectorController>& c, std::vector<KeyTimes>& arrays, PackedTrack<Vec3>& track) {
  if (!c) return true;
  const auto* keys = std::get_if<std::vector<PositionKey>>(&c->keys);
  if (!keys) return false;
  if (keys->empty()) return true;
  track.times = intern_times(arrays, times_of(*keys));
  track.constant = true;
  for (const PositionKey& k : *keys)
    if (!bitwise_equal(k.value, keys->front().value) || !math::is_finite(k.value)) track.constant = false;
  if (track.constant) {
    track.values = {keys->front().value};
  } else {
    track.values.reserve(keys->size());
    for (const PositionKey& k : *keys) track.values.push_back(k.value);
  }
  return true;
}

// Packs a rotation / scale-axis controller (false when it is not linear).
bool pack(const std::optional<QuatController>& c, std::vector<KeyTimes>& arrays, PackedTrack<Quat>& track) {
  if (!c) return true;
  const auto* keys = std::get_if<std::vector<RotationKey>>(&c->keys);
  if (!keys) return false;
  if (keys->empty()) return true;
  track.times = intern_times(arrays, times_of(*keys));
  track.values.reserve(keys->size());
  for (const RotationKey& k : *keys) track.values.push_back(k.value);
  return true;
}

}  // namespace

PreparedAnimation::PreparedAnimation(const ObjectAnimation& anim) : source_(&anim) {
  const KeyframeData& kf = anim.keyframes;
  packed_ = pack(kf.position, times_, position_) && pack(kf.rotation, times_, rotation_) &&
            pack(kf.scale, times_, scale_) && pack(kf.scale_axis, times_, scale_axis_);
  if (!packed_) {
    times_.clear();
    position_ = scale_ = {};
    rotation_ = scale_axis_ = {};
  }
}

// CKObjectAnimation::SetStep steps 3-4 (FUN_100578ca) on the prepared keys
AnimationSample PreparedAnimation::sample(float frame, PlaybackHint* hint) const {
  const ObjectAnimation& a = *source_;
  if (!packed_ || ((a.flags & flag::kMerged) && a.merged_a && a.merged_b))
    return sample_animation(a, frame, hint ? &hint->fallback : nullptr);
  // Each key-time array is located once, for all the tracks that share it.
  Location at[4];
  bool located[4] = {false, false, false, false};
  auto where = [&](int times) -> const Location& {
    if (!located[times]) {
      at[times] = locate(times_[static_cast<size_t>(times)], frame, hint ? &hint->hi[static_cast<size_t>(times)] : nullptr);
      located[times] = true;
    }
    return at[times];
  };
  AnimationSample s;
  if (!(a.flags & flag::kIgnorePosition) && position_.times >= 0) {
    s.position = value_at(position_, where(position_.times));
    s.present |= 4;
  }
  if (!(a.flags & flag::kIgnoreRotation) && rotation_.times >= 0) {
    s.rotation = value_at(rotation_, where(rotation_.times));
    s.present |= 8;
  }
  if (!(a.flags & flag::kIgnoreScale) && scale_.times >= 0) {
    s.scale = value_at(scale_, where(scale_.times));
    s.present |= 1;
  }
  if (!(a.flags & flag::kIgnoreScaleAxis) && scale_axis_.times >= 0) {
    s.scale_axis = value_at(scale_axis_, where(scale_axis_.times));
    s.present |= 2;
  }
  if (a.keyed && a.keyed->root_animation == &a) s.position += a.keyed->root_offset;
  return s;
}

// CKObjectAnimation::SetStep (FUN_100578ca) through prepared keys
SetStepResult set_step(ObjectAnimation& anim, const PreparedAnimation& prepared, float step, SetStepCaller caller,
                       PlaybackHint* hint) {
  if (&prepared.source() != &anim) return set_step(anim, step, caller);
  return set_step_with(anim, step, caller, [&](float frame) { return prepared.sample(frame, hint); });
}

}  // namespace retroanim::ck
