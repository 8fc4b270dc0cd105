// An object animation prepared for fast playback: its linear tracks copied
// so that the tracks whose key times are equal share one contiguous time
// array, searched once for all of them, and their values are interleaved
// (one record per key). Immutable once built: any number of callers may
// sample it at once, each with its own PlaybackContext. Sampling returns
// exactly what sample_animation returns, bit for bit: the same clamps, the
// same segment (unique for ordered times, spec 5.3's binary search
// otherwise), the same lerp / Slerp. Only the search (key_search.h) is
// faster: the segment a context remembers (sequential playback) or an O(1)
// guess from the keys' mean spacing followed by a short local walk (random
// access). Animations with TCB or Bezier tracks or merged animations are
// sampled through sample_animation.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "retroanim/ck/anim/object_animation.h"
#include "retroanim/ck/anim/playback_context.h"
#include "retroanim/math/quat.h"
#include "retroanim/math/vec3.h"

namespace retroanim::ck {

// The keys of the linear tracks that share one time array: the times in one
// contiguous array (small: the searches stay in cache) and the values
// interleaved, key i being the record values[i * stride ...] that holds each
// track's value, so that a segment's values come from a few adjacent cache lines.
struct KeyGroup {
  std::vector<float> times;   // at least one
  std::vector<float> values;  // `first` floats of padding, then times.size() records of stride floats
                              // (each starting with its key time in the WebAssembly build: kRecordTime)
  size_t first = 0;           // where record 0 starts in values (see records())
  size_t stride = 0;          // the floats of a record (kRecordTime, then the group's tracks' values)
  bool ordered = false;       // non-decreasing without NaN: each time lies in a unique segment
  float guess_scale = 0.0f;   // (n-1) / (last time - first time) for the first guess; 0 = no guess

  // Record 0. Large record arrays start at a different offset within a 4 KB
  // page in each group (a few cache lines of padding before record 0), so
  // that many animations sampled at the same key do not all map their
  // records to the same L1 cache sets.
  const float* records() const { return values.data() + first; }
};

// One linear track of a prepared animation.
template <class Value>
struct PackedTrack {
  int group = -1;          // its KeyGroup; -1 = no controller, no keys or not linear
  bool constant = false;   // every value bitwise equal and finite: only `value` is kept
  uint32_t offset = 0;     // where its value starts in a key record (not constant)
  Value value{};           // the value when constant
};

// A snapshot of an object animation's keys for playback. It reads the
// animation's flags, merge links and keyed-animation root offset at each
// sample, but its keys only when prepared: prepare again after changing keys.
// The animation must outlive it.
class PreparedAnimation {
 public:
  // Copies the linear tracks of `anim` (nothing is copied when a track is TCB or Bezier).
  explicit PreparedAnimation(const ObjectAnimation& anim);

  // The animation this was prepared from.
  const ObjectAnimation& source() const { return *source_; }

  // False when the animation has a TCB or Bezier track: sample() then calls sample_animation.
  bool packed() const { return packed_; }

  // The number of distinct key-time arrays of the packed tracks (0 to 4).
  size_t key_time_arrays() const { return group_count_; }

  // sample_animation(source(), time), bit for bit, using and updating
  // `context` when given (context->segment for the key groups; the
  // context's saved-key tracks when sample_animation is called).
  AnimationSample sample(float time, PlaybackContext* context = nullptr) const;

  // Floats before a key record's values: its key time (a copy of
  // KeyGroup::times[i]) in the WebAssembly build, so that a segment's search
  // and its values read the same cache lines and page (WebAssembly has no
  // prefetch); none in native builds.
#if defined(__wasm__)
  static constexpr size_t kRecordTime = 1;
#else
  static constexpr size_t kRecordTime = 0;
#endif
  // The number of floats in a key record of position_rotation_scale():
  // kRecordTime, then position (3), rotation (4), scale (3).
  static constexpr size_t kPrsRecord = kRecordTime + 10;

  // The key group (a context's segment[0]) whose records are exactly
  // position (3 floats), rotation (4) and scale (3), when sample() returns
  // them as it finds them there: all three tracks linear, keyed, not
  // constant and in that one group; no scale-axis track; none ignored by the
  // flags; not an active merge; not a keyed animation's root (no offset
  // added). Otherwise nullptr. The batch sampler's vector path reads it.
  const KeyGroup* position_rotation_scale() const {
    namespace flag = object_animation_flag;
    if (!prs_) return nullptr;
    const ObjectAnimation& a = *source_;
    if (a.flags & (flag::kIgnorePosition | flag::kIgnoreRotation | flag::kIgnoreScale)) return nullptr;
    if ((a.flags & flag::kMerged) && a.merged_a && a.merged_b) return nullptr;
    if (a.keyed && is_keyed_root()) return nullptr;
    return &groups_[0];
  }

 private:
  // True when the animation is its keyed animation's root animation.
  bool is_keyed_root() const;

  const ObjectAnimation* source_;
  bool packed_ = true;
  bool prs_ = false;  // groups_[0] has the position / rotation / scale record layout (flags aside)
  // The key groups, held in place (not behind a pointer) so that sampling
  // reaches a group's arrays in one load fewer.
  std::array<KeyGroup, 4> groups_{};
  size_t group_count_ = 0;
  PackedTrack<math::Vec3> position_, scale_;
  PackedTrack<math::Quat> rotation_, scale_axis_;
};

// SetStep (FUN_100578ca) sampling through `prepared`, which must have been
// prepared from `anim` (otherwise anim's own keys are used): the same result
// as set_step(anim, step, caller, context).
SetStepOutcome set_step(ObjectAnimation& anim, const PreparedAnimation& prepared, float step,
                       SetStepCaller caller = {}, PlaybackContext* context = nullptr);

}  // namespace retroanim::ck
