#include "retroanim/ck/anim/prepared_animation.h"

#include <cmath>
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <functional>
#include <variant>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "ck/anim/key_search.h"
#include "ck/anim/set_step.h"

namespace retroanim::ck {

namespace {

using math::Quat;
using math::Vec3;
namespace flag = object_animation_flag;

inline Vec3 vec3_at(const float* p) { return {p[0], p[1], p[2]}; }
inline Quat quat_at(const float* p) { return {p[0], p[1], p[2], p[3]}; }

// A segment and, inside it, the fraction at t (segment_fraction, as
// lerp_segment / slerp_segment compute it; 0 when clamped).
struct Location {
  bool clamped;
  size_t index;
  float f;
};

// Sequential playback streams through the records: when the remembered
// segment (or the next) was the answer, ask for the records a few keys ahead
// and the time array's next cache line now (no effect on results). Always
// inlined: GCC deems a call that only prefetches free of side effects and
// deletes it when it is not inlined early (sequential playback then ran 2x
// slower with the keys out of cache).
struct PrefetchAhead {
  const KeyGroup& g;
  [[gnu::always_inline]] void operator()(size_t h) const {
    const size_t n = g.times.size();
    __builtin_prefetch(g.records() + std::min(h + key_search::kPrefetchKeys, n - 1) * g.stride);
    __builtin_prefetch(g.times.data() + std::min(h + key_search::kPrefetchTimes, n - 1));
  }
};

// The segment of t in a key group (key_search::find) and the fraction.
// Always inlined, as `where` in sample() (see there).
[[gnu::always_inline]] inline Location locate(const KeyGroup& g, float t, uint32_t* segment) {
  const float* times = g.times.data();
  const key_search::Segment s =
      key_search::find(key_search::PackedTimes{times}, g.times.size(), t, {g.ordered, g.guess_scale}, segment,
                       PrefetchAhead{g});
  if (s.clamped) return {true, s.index, 0.0f};
  return {false, s.index, segment_fraction(t, times[s.index - 1], times[s.index])};
}

// lerp_segment's value on a located segment (FUN_1004b8df).
inline Vec3 value_at(const KeyGroup& g, const PackedTrack<Vec3>& track, const Location& at) {
  if (track.constant) {
    const Vec3 v = track.value;
    // Bitwise what two equal keys give: v + 0 * f is not always v (-0 + 0 is
    // +0, and an infinite or NaN f gives NaN), so the arithmetic is kept.
    return at.clamped ? v : v + (v - v) * at.f;
  }
  const float* rec = g.records() + at.index * g.stride + track.offset;
  if (at.clamped) return vec3_at(rec);
  const Vec3 v0 = vec3_at(rec - g.stride), v1 = vec3_at(rec);
  return v0 + (v1 - v0) * at.f;
}

// slerp_segment's value on a located segment (FUN_1004c150).
inline Quat value_at(const KeyGroup& g, const PackedTrack<Quat>& track, const Location& at) {
  const float* rec = g.records() + at.index * g.stride + track.offset;
  if (at.clamped) return quat_at(rec);
  return math::slerp(at.f, quat_at(rec - g.stride), quat_at(rec));
}

bool bitwise_equal(const Vec3& a, const Vec3& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Collects the linear tracks, groups them by key times and lays the groups out.
class Packer {
 public:
  explicit Packer(std::vector<KeyGroup>& groups) : groups_(groups) {}

  // Registers a position / scale controller; false when it is not linear.
  bool add(const std::optional<VectorController>& c, PackedTrack<Vec3>& track) {
    if (!c) return true;
    const auto* keys = std::get_if<std::vector<PositionKey>>(&c->keys);
    if (!keys) return false;
    if (keys->empty()) return true;
    track.group = group_of(*keys);
    track.constant = true;
    for (const PositionKey& k : *keys)
      if (!bitwise_equal(k.value, keys->front().value) || !math::is_finite(k.value)) track.constant = false;
    if (track.constant) {
      track.value = keys->front().value;
      return true;
    }
    interleave(*keys, track);
    return true;
  }

  // Registers a rotation / scale-axis controller; false when it is not linear.
  bool add(const std::optional<QuatController>& c, PackedTrack<Quat>& track) {
    if (!c) return true;
    const auto* keys = std::get_if<std::vector<RotationKey>>(&c->keys);
    if (!keys) return false;
    if (keys->empty()) return true;
    track.group = group_of(*keys);
    interleave(*keys, track);
    return true;
  }

  // Allocates a group's records. A large array (64 KB or more; from 128 KB
  // glibc's allocator maps pages of their own for each, all at the same
  // offset within a page, until the program frees such an array and glibc
  // raises that threshold; from the heap any offset) gets up to 4 KB of
  // padding so that record 0 starts at line (colour mod 64) of a 4 KB page,
  // wherever the array lies, the colour counting the large groups prepared.
  // Without it the records of many animations sampled at one key share one
  // set of the L1 cache (8 ways) and evict each other. No effect on results.
  static void colour(KeyGroup& g) {
    constexpr size_t kLine = 64, kPage = 4096, kLarge = 64 * 1024;
    const size_t floats = g.times.size() * g.stride;
    if (floats * sizeof(float) < kLarge) {
      g.values.assign(floats, 0.0f);
      return;
    }
    static std::atomic<uint32_t> next_colour{0};
    g.values.assign(floats + kPage / sizeof(float), 0.0f);
    const size_t at = reinterpret_cast<uintptr_t>(g.values.data()) % kPage;  // a multiple of 4
    const size_t want = (next_colour.fetch_add(1, std::memory_order_relaxed) % (kPage / kLine)) * kLine;
    g.first = (want + kPage - at) % kPage / sizeof(float);  // < 1024 floats of padding
  }

  // Allocates the records and writes the values.
  void finish() {
    for (KeyGroup& g : groups_) colour(g);
    for (auto& write : writers_) write();
  }

 private:
  // The group whose times equal the keys' times bitwise, or a new one.
  template <class Key>
  int group_of(const std::vector<Key>& keys) {
    std::vector<float> times(keys.size());
    for (size_t i = 0; i < keys.size(); ++i) times[i] = keys[i].time;
    for (size_t i = 0; i < groups_.size(); ++i)
      if (groups_[i].times.size() == times.size() &&
          std::memcmp(groups_[i].times.data(), times.data(), times.size() * sizeof(float)) == 0)
        return static_cast<int>(i);
    KeyGroup g;
    size_t n = times.size();
    g.ordered = key_search::times_ordered(key_search::PackedTimes{times.data()}, n);
    if (g.ordered && n >= 2) {
      float span = times[n - 1] - times[0];
      float scale = span > 0.0f ? static_cast<float>(n - 1) / span : 0.0f;
      if (std::isfinite(scale)) g.guess_scale = scale;
    }
    g.times = std::move(times);
    groups_.push_back(std::move(g));
    const int index = static_cast<int>(groups_.size() - 1);
    if constexpr (PreparedAnimation::kRecordTime != 0) {
      // Each record starts with its key's time.
      groups_.back().stride = PreparedAnimation::kRecordTime;
      writers_.push_back([index, this] {
        KeyGroup& kg = groups_[static_cast<size_t>(index)];
        for (size_t i = 0; i < kg.times.size(); ++i) kg.values[kg.first + i * kg.stride] = kg.times[i];
      });
    }
    return index;
  }

  // Reserves the track's place in its group's records and queues the copy of
  // its values (written by finish(), once the records' size is known).
  template <class Key, class Value>
  void interleave(const std::vector<Key>& keys, PackedTrack<Value>& track) {
    static_assert(sizeof(Value) % sizeof(float) == 0, "values are plain floats");
    constexpr size_t kFloats = sizeof(Value) / sizeof(float);
    KeyGroup& group = groups_[static_cast<size_t>(track.group)];
    track.offset = static_cast<uint32_t>(group.stride);
    group.stride += kFloats;
    writers_.push_back([&keys, &track, this] {
      KeyGroup& g = groups_[static_cast<size_t>(track.group)];
      for (size_t i = 0; i < keys.size(); ++i)
        std::memcpy(g.values.data() + g.first + i * g.stride + track.offset, &keys[i].value, sizeof(Value));
    });
  }

  std::vector<KeyGroup>& groups_;
  std::vector<std::function<void()>> writers_;
};

}  // namespace

PreparedAnimation::PreparedAnimation(const ObjectAnimation& anim) : source_(&anim) {
  const KeyframeData& kf = anim.keyframes;
  std::vector<KeyGroup> groups;
  Packer packer(groups);
  packed_ = packer.add(kf.position, position_) && packer.add(kf.rotation, rotation_) &&
            packer.add(kf.scale, scale_) && packer.add(kf.scale_axis, scale_axis_);
  if (packed_) {
    packer.finish();
    // At most one group per track, so at most four.
    group_count_ = groups.size();
    for (size_t i = 0; i < groups.size(); ++i) groups_[i] = std::move(groups[i]);
    prs_ = group_count_ == 1 && position_.group == 0 && rotation_.group == 0 && scale_.group == 0 &&
           scale_axis_.group < 0 && !position_.constant && !scale_.constant && position_.offset == kRecordTime &&
           rotation_.offset == kRecordTime + 3 && scale_.offset == kRecordTime + 7 && groups_[0].stride == kPrsRecord;
  } else {
    position_ = scale_ = {};
    rotation_ = scale_axis_ = {};
  }
}

bool PreparedAnimation::is_keyed_root() const {
  return source_->keyed && source_->keyed->root_animation == source_;
}

// CKObjectAnimation::SetStep steps 3-4 (FUN_100578ca) on the prepared keys
AnimationSample PreparedAnimation::sample(float time, PlaybackContext* context) const {
  const ObjectAnimation& a = *source_;
  if (!packed_ || ((a.flags & flag::kMerged) && a.merged_a && a.merged_b)) return sample_animation(a, time, context);
  // Each key group is located once, for all the tracks that share it.
  // Always inlined: as a call (GCC's choice since the binary search takes
  // two steps per loop trip) the one-at-a-time paths were 10-30 % slower.
  Location at[4];
  bool located[4] = {false, false, false, false};
  auto where = [&](int group) __attribute__((always_inline)) -> const Location& {
    size_t gi = static_cast<size_t>(group);
    if (!located[gi]) {
      at[gi] = locate(groups_[gi], time, context ? &context->segment[gi] : nullptr);
      located[gi] = true;
    }
    return at[gi];
  };
  AnimationSample s;
  if (!(a.flags & flag::kIgnorePosition) && position_.group >= 0) {
    s.position = value_at(groups_[static_cast<size_t>(position_.group)], position_, where(position_.group));
    s.present |= sample_bit::kPosition;
  }
  if (!(a.flags & flag::kIgnoreRotation) && rotation_.group >= 0) {
    s.rotation = value_at(groups_[static_cast<size_t>(rotation_.group)], rotation_, where(rotation_.group));
    s.present |= sample_bit::kRotation;
  }
  if (!(a.flags & flag::kIgnoreScale) && scale_.group >= 0) {
    s.scale = value_at(groups_[static_cast<size_t>(scale_.group)], scale_, where(scale_.group));
    s.present |= sample_bit::kScale;
  }
  if (!(a.flags & flag::kIgnoreScaleAxis) && scale_axis_.group >= 0) {
    s.scale_axis = value_at(groups_[static_cast<size_t>(scale_axis_.group)], scale_axis_, where(scale_axis_.group));
    s.present |= sample_bit::kScaleAxis;
  }
  if (a.keyed && is_keyed_root()) s.position += a.keyed->root_offset;
  return s;
}

// CKObjectAnimation::SetStep (FUN_100578ca) through prepared keys
SetStepOutcome set_step(ObjectAnimation& anim, const PreparedAnimation& prepared, float step, SetStepCaller caller,
                       PlaybackContext* context) {
  if (&prepared.source() != &anim) return set_step(anim, step, caller, context);
  return set_step_with(anim, step, caller, [&](float time) { return prepared.sample(time, context); });
}

}  // namespace retroanim::ck
