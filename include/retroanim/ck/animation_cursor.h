// Sequential playback of object and keyed animations: a cursor is one
// caller's playback state (the last segment of each track), while the
// animations it reads stay immutable and shareable. Sampling through a cursor
// returns exactly what the binary search of spec 5.3 returns, bit for bit; it
// only finds the segment faster when consecutive samples are close in time.
#pragma once

#include <vector>

#include "retroanim/ck/keyed_animation.h"
#include "retroanim/ck/object_animation.h"
#include "retroanim/ck/prepared_animation.h"

namespace retroanim::ck {

// A cursor over one object animation (any number of animations may be read
// through different cursors at once; a cursor may also be moved to another
// animation, it then re-learns its tracks).
class AnimationCursor {
 public:
  // sample_animation(anim, frame) using and updating this cursor's hints.
  AnimationSample sample(const ObjectAnimation& anim, float frame) { return sample_animation(anim, frame, &hints_); }

  // set_step(anim, step, caller) using and updating this cursor's hints.
  SetStepResult set_step(ObjectAnimation& anim, float step, SetStepCaller caller = {}) {
    return ck::set_step(anim, step, caller, &hints_);
  }

  // prepared.sample(frame) using and updating this cursor's hints (the fast
  // path: the same results as sample(prepared.source(), frame)).
  AnimationSample sample(const PreparedAnimation& prepared, float frame) {
    return prepared.sample(frame, &playback_);
  }

  // set_step(anim, prepared, step, caller) using and updating this cursor's hints.
  SetStepResult set_step(ObjectAnimation& anim, const PreparedAnimation& prepared, float step,
                         SetStepCaller caller = {}) {
    return ck::set_step(anim, prepared, step, caller, &playback_);
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

}  // namespace retroanim::ck
