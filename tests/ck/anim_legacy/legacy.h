// A verbatim copy of the ck sampling paths as they were before issue 13
// (SegmentHint, TrackHints, PlaybackHint, the cursors, PreparedAnimation, the
// batch), in namespace legacy, so that test_anim_random_walk.cpp can prove the
// consolidated path bit-identical to them. Removed once proven.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "retroanim/ck/controller_evaluation.h"
#include "retroanim/ck/keyed_animation.h"
#include "retroanim/ck/object_animation.h"
#include "retroanim/math/batch_path.h"
#include "retroanim/math/matrix.h"

namespace retroanim::ck::legacy {

// Per-caller memory of one track's last segment, for sequential playback
// (animation_cursor.h). The keys stay immutable; the hint only shortens the
// search. A hint is tied to the key array it was last used with and re-checks
// that array's order (non-decreasing times) when it changes: only for ordered
// keys is the segment unique, so that the hint gives the binary search's
// segment bit for bit; other arrays always use the binary search.
struct SegmentHint {
  size_t hi = 0;                 // last segment (hi-1, hi); 0 = none yet
  const void* keys = nullptr;    // the key array the fields below describe
  size_t count = 0;
  bool ordered = false;
};

// The segment of spec 5.3's binary search for t strictly inside the keys'
// time range, found from the hint when it is valid (the same segment, or up
// to 4 segments forward / backward) and by find_segment otherwise. Updates
// the hint. Returns exactly what find_segment returns.
template <class Key>
size_t find_segment_hinted(std::span<const Key> keys, float t, SegmentHint& hint) {
  size_t n = keys.size();
  if (hint.keys != keys.data() || hint.count != n) {
    hint.keys = keys.data();
    hint.count = n;
    hint.hi = 0;
    hint.ordered = true;
    for (size_t i = 1; i < n; ++i)
      if (!(keys[i - 1].time <= keys[i].time)) {
        hint.ordered = false;
        break;
      }
  }
  size_t hi = hint.hi;
  if (hint.ordered && hi >= 1 && hi < n) {
    if (keys[hi - 1].time < t) {
      if (t <= keys[hi].time) return hi;
      for (int i = 0; i < 4 && hi + 1 < n; ++i) {
        ++hi;  // keys[hi-1].time < t holds: t was above the previous end
        if (t <= keys[hi].time) {
          hint.hi = hi;
          return hi;
        }
      }
    } else {
      for (int i = 0; i < 4 && hi > 1; ++i) {
        --hi;  // t <= keys[hi].time holds: t was at or below the previous start
        if (keys[hi - 1].time < t) {
          hint.hi = hi;
          return hi;
        }
      }
    }
  }
  hi = ck::find_segment(keys, t);
  hint.hi = hi;
  return hi;
}

// The old CKAnimController::Evaluate with a hint.
bool evaluate(const VectorController& controller, float t, math::Vec3& out, SegmentHint* hint);
bool evaluate(const QuatController& controller, float t, math::Quat& out, SegmentHint* hint);

struct TrackHints {
  SegmentHint position, scale, rotation, scale_axis;
};

AnimationSample sample_animation(const ObjectAnimation& anim, float frame, TrackHints* hints = nullptr);
SetStepResult set_step(ObjectAnimation& anim, float step, SetStepCaller caller = {});
SetStepResult set_step(ObjectAnimation& anim, float step, SetStepCaller caller, TrackHints* hints);
void set_step(KeyedAnimation& keyed, float step);

// The keys of the linear tracks that share one time array: the times in one
// contiguous array (small: the searches stay in cache) and the values
// interleaved, key i being the record values[i * stride ...] that holds each
// track's value, so that a segment's values come from a few adjacent cache lines.
struct KeyGroup {
  std::vector<float> times;   // at least one
  std::vector<float> values;  // times.size() records of stride floats
  size_t stride = 0;          // the value floats of the group's tracks
  bool ordered = false;       // non-decreasing without NaN: each time lies in a unique segment
  float guess_scale = 0.0f;   // (n-1) / (last time - first time) for the first guess; 0 = no guess
};

// One linear track of a prepared animation.
template <class Value>
struct PackedTrack {
  int group = -1;          // its KeyGroup; -1 = no controller, no keys or not linear
  bool constant = false;   // every value bitwise equal and finite: only `value` is kept
  uint32_t offset = 0;     // where its value starts in a key record (not constant)
  Value value{};           // the value when constant
};

// One caller's playback state for prepared animations: the last segment of
// each key-time array (0 = none), and segment hints for the animations that
// are sampled through sample_animation (made on first use, so that a hint of
// a packed animation stays 24 bytes: a thousand tracks' hints fit in a few
// cache pages). Any hint gives the same results; a stale one only costs a
// search.
struct PlaybackHint {
  std::array<uint32_t, 4> hi{};
  std::unique_ptr<TrackHints> fallback;  // null until sample_animation needs it

  // No segment known yet.
  PlaybackHint() = default;
  // A copy, fallback hints included.
  PlaybackHint(const PlaybackHint& o)
      : hi(o.hi), fallback(o.fallback ? std::make_unique<TrackHints>(*o.fallback) : nullptr) {}
  // Copies o, fallback hints included.
  PlaybackHint& operator=(const PlaybackHint& o) {
    if (this != &o) *this = PlaybackHint(o);
    return *this;
  }
  // Moves o's state here.
  PlaybackHint(PlaybackHint&&) noexcept = default;
  // Moves o's state here.
  PlaybackHint& operator=(PlaybackHint&&) noexcept = default;
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

  // sample_animation(source(), frame), bit for bit, using and updating `hint` when given.
  AnimationSample sample(float frame, PlaybackHint* hint = nullptr) const;

  // The number of floats in a key record of position_rotation_scale().
  static constexpr size_t kPrsRecord = 10;

  // The key group (its hint is hint->hi[0]) whose records are exactly
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
// as set_step(anim, step, caller).
SetStepResult set_step(ObjectAnimation& anim, const PreparedAnimation& prepared, float step,
                       SetStepCaller caller = {}, PlaybackHint* hint = nullptr);

// For each i below n, the smallest of out.size(), anims.size(), frames.size()
// and (when not empty) hints.size(): with
// s = anims[i]->sample(frames[i], hints.empty() ? nullptr : &hints[i]),
// out[i] = compose_matrix(s.position, s.scale, s.rotation), bit for bit (NaNs
// included), and hints[i] is updated as sample() updates it. For an animation
// with position, rotation and scale and no scale axis this is the local matrix
// SetStep writes (the world matrix of an entity without parent). Otherwise
// absent components take AnimationSample's defaults (origin, identity, unit
// scale) and the scale axis is ignored: set_step handles those as SetStep does.
// Every pointer in anims must be non-null.
void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> frames,
                        std::span<PlaybackHint> hints, std::span<math::Matrix> out);

// sample_world_batch through a chosen path (the scalar one when `path` is not
// available on this machine); for tests and benchmarks. Every path gives the
// same results; kAvx512 runs the AVX2 kernel.
void sample_world_batch(std::span<const PreparedAnimation* const> anims, std::span<const float> frames,
                        std::span<PlaybackHint> hints, std::span<math::Matrix> out, math::BatchPath path);

// A cursor over one object animation (any number of animations may be read
// through different cursors at once; a cursor may also be moved to another
// animation, it then re-learns its tracks).
class AnimationCursor {
 public:
  // sample_animation(anim, frame) using and updating this cursor's hints.
  AnimationSample sample(const ObjectAnimation& anim, float frame) { return legacy::sample_animation(anim, frame, &hints_); }

  // set_step(anim, step, caller) using and updating this cursor's hints.
  SetStepResult set_step(ObjectAnimation& anim, float step, SetStepCaller caller = {}) {
    return legacy::set_step(anim, step, caller, &hints_);
  }

  // prepared.sample(frame) using and updating this cursor's hints (the fast
  // path: the same results as sample(prepared.source(), frame)).
  AnimationSample sample(const PreparedAnimation& prepared, float frame) {
    return prepared.sample(frame, &playback_);
  }

  // set_step(anim, prepared, step, caller) using and updating this cursor's hints.
  SetStepResult set_step(ObjectAnimation& anim, const PreparedAnimation& prepared, float step,
                         SetStepCaller caller = {}) {
    return legacy::set_step(anim, prepared, step, caller, &playback_);
  }

  // Forgets the remembered segments.
  void reset() {
    hints_ = {};
    playback_ = {};
  }

 private:
  TrackHints hints_;
  PlaybackHint playback_;
};

// A cursor over a keyed animation: one object-animation cursor per animation.
class KeyedAnimationCursor {
 public:
  // set_step(keyed, step) with one cursor per object animation.
  void set_step(KeyedAnimation& keyed, float step);

  // Forgets the remembered segments.
  void reset() { cursors_.clear(); }

 private:
  std::vector<AnimationCursor> cursors_;
};

}  // namespace retroanim::ck::legacy
