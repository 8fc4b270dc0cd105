// Helpers shared by Play Animation 3D Entity and Play Global Animation: their
// prototypes differ only in name, GUID, class and the Animation pin's type,
// and their execute functions share spec 5.5 steps 4-8 (duration, Off, the
// progression step, the loop wrap, A_CurveInterpolation).
#pragma once

#include <memory>
#include <string>

#include "retroanim/ck/behavior/bb/play_animation_3d_entity.h"
#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"
#include "retroanim/ck/anim/curve2d.h"

namespace retroanim::ck::bb {

// The Duration pin's default (ms), as the prototype declares it.
inline constexpr float kDefaultDurationMs = 5000.0f;
// Durations below this (ms) make the BB do nothing (spec 5.5 step 4).
inline constexpr float kMinDurationMs = 0.001f;

// The Duration pin: an Integer pin reads its real source's int (the
// "intermediary version" patch); otherwise the float (Time) value. Default 5000 ms.
float play_animation_duration(const Behavior& beh);

// (float)(int)p, the loop wrap, without UB past the int range.
float play_animation_whole_part(float p);

// The prototype both BBs share: inputs On/Off, output One Loop Played, input
// parameters Animation (of type `animation_type`), Duration, Progression
// Curve and Loop, output Progression, one local (the unshaped step).
BehaviorPrototype play_animation_prototype(const std::string& name, Guid guid, Guid animation_type,
                                           BehaviorFunction function);

// A_CurveInterpolation (FUN_250075c0, with its CKAnimation overload): stores
// p in local 0 and output 0, shapes it with the curve (y = p without one) and
// sets the animation's step.
template <class Animation>
void play_animation_apply(Behavior& beh, float current_step, Animation& anim, const Curve2d* curve) {
  beh.set_local_float(play_animation_pin::kStep, current_step);
  beh.set_output_float(play_animation_pin::kProgression, current_step);
  float y = curve ? curve->get_y(current_step) : current_step;
  set_step(anim, y);
}

// Spec 5.5 steps 4-8 of PlayAnimEntity / PlayGlobalAnimation: read Duration
// (nothing below 0.001 ms), the curve, Loop and the stored step; Off stops;
// the step advances by delta / duration, On restarts it at 0; past 1 One Loop
// Played fires and the step wraps (Loop) or stays at 1 and the BB ends. A
// null `anim` runs the steps without setting any animation.
template <class Animation>
int play_animation_progress(const BehaviorContext& ctx, Animation* anim) {
  namespace pin = play_animation_pin;
  Behavior& beh = *ctx.behavior;
  float duration = play_animation_duration(beh);
  if (duration < kMinDurationMs) return behavior_return::kOk;
  const Curve2d* curve = beh.input_curve2d(pin::kCurve);
  int32_t loop = beh.input_int(pin::kLoop, 1);
  float current_step = beh.local_float(pin::kStep, 0.0f);

  if (beh.is_input_active(pin::kOff)) {
    beh.activate_input(pin::kOff, false);
    return behavior_return::kOk;
  }
  current_step += ctx.delta_ms / duration;
  if (beh.is_input_active(pin::kOn)) {
    beh.activate_input(pin::kOn, false);
    current_step = 0.0f;
  }
  if (current_step > 1.0f) {
    beh.activate_output(pin::kOneLoopPlayed, true);
    if (loop) {
      current_step -= play_animation_whole_part(current_step);
    } else {
      current_step = 1.0f;
      if (anim) play_animation_apply(beh, current_step, *anim, curve);
      return behavior_return::kOk;
    }
  }
  if (anim) play_animation_apply(beh, current_step, *anim, curve);
  return behavior_return::kActivateNextFrame;
}

}  // namespace retroanim::ck::bb
