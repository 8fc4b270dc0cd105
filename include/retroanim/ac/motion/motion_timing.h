// (retroanim's own) Motion timing: how long a motion takes from a given state
// and when its hooks fire, as a server needs it. The animations are those the
// client's CMotionTable queues (DoObjectMotion on a sequence holding the
// starting substate's cycle), and the times are those CSequence::update_internal
// plays them at: a node runs from its starting frame to its ending frame at
// its framerate, a forward node fires frame k's hooks (direction Both or
// Forward) when the frame number reaches k + 1 (the last frame's hooks do not
// fire: update_internal clamps to it before advancing), a backward node fires
// frame k's hooks (Both or Backward) when the frame number falls below k, and
// every link node ends with the sequence's AnimationDone.
#pragma once

#include <cstdint>
#include <vector>

#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/motion/motion_table.h"

namespace retroanim::ac {

// One queued animation with the frame range and framerate it plays at.
struct TimedAnimation {
  uint32_t anim_id = 0;
  int32_t low_frame = 0;   // resolved (a high of -1 is the last frame)
  int32_t high_frame = 0;
  float framerate = 0.0f;  // the motion data's framerate times the speed
  bool cyclic = false;     // part of the target's cycle (else a link)
  double start = 0.0;      // seconds after the motion is performed
  double duration = 0.0;   // one pass, seconds (infinite at framerate 0)
};

// One hook firing.
struct TimedHook {
  double time = 0.0;        // seconds after the motion is performed
  uint32_t animation = 0;   // index into MotionTiming::animations
  int32_t frame = 0;        // the frame whose hook it is (-1: the sequence's AnimationDone)
  AnimationHook hook;       // a copy (type, direction, payload)
};

// The timing of a motion.
struct MotionTiming {
  // False when the table cannot perform the motion from that state (nothing else is set).
  bool performed = false;
  std::vector<TimedAnimation> animations;  // links first, then the cycle's animations
  double cycle_start = 0.0;   // seconds until the first cyclic animation starts
  double cycle_length = 0.0;  // one pass of the cyclic animations
  std::vector<TimedHook> hooks;  // the links' hooks and one pass of the cycle's, by time
};

// The timing of `motion` at `speed`, performed by an object standing in
// `style` / `substate` at `substate_speed` (no modifiers, nothing queued).
// Animations missing from `animations` play no frames (zero duration, as the
// sequence would drop them).
MotionTiming motion_timing(const MotionTable& table, const AnimationProvider& animations, uint32_t style,
                           uint32_t substate, float substate_speed, uint32_t motion, float speed);

}  // namespace retroanim::ac
