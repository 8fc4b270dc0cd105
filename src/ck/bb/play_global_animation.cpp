#include "retroanim/ck/bb/play_global_animation.h"

#include "retroanim/ck/bb/play_animation_3d_entity.h"
#include "retroanim/ck/keyed_animation.h"
#include "play_animation_common.h"

namespace retroanim::ck::bb {

namespace pin = play_animation_pin;

BehaviorPrototype play_global_animation_prototype() {
  BehaviorPrototype p;
  p.name = "Play Global Animation";
  p.guid = kPlayGlobalAnimationGuid;
  p.version = 0x00010000;
  p.inputs = {"On", "Off"};
  p.outputs = {"One Loop Played"};
  ParameterValue curve;
  curve.set_curve2d(std::make_shared<Curve2d>());
  p.input_params = {{"Animation", param_guid::kAnimation, {}, false},
                    {"Duration", param_guid::kTime, float_value(5000.0f), false},
                    {"Progression Curve", param_guid::k2dCurve, curve, false},
                    {"Loop", param_guid::kBool, int_value(1), false}};
  p.output_params = {{"Progression", param_guid::kPercentage, float_value(0.0f), false}};
  p.locals = {{"", param_guid::kPercentage, float_value(0.0f), false}};
  p.function = play_global_animation;
  return p;
}

namespace {

// A_CurveInterpolation (the CKAnimation overload).
void apply(Behavior& beh, float current_step, KeyedAnimation& anim, const Curve2d* curve) {
  beh.set_local_float(pin::kStep, current_step);
  beh.set_output_float(pin::kProgression, current_step);
  float y = curve ? curve->get_y(current_step) : current_step;
  set_step(anim, y);
}

}  // namespace

// PlayGlobalAnimation (3DTransfo; source 3DTrans/Behaviors/PlayGlobalAnimation.cpp)
int play_global_animation(const BehaviorContext& ctx) {
  Behavior& beh = *ctx.behavior;
  const ObjectRef* anim_ref = beh.input_object(pin::kAnimation);
  KeyedAnimation* anim = anim_ref ? anim_ref->keyed_animation : nullptr;

  float duration = play_animation_duration(beh);
  if (duration < 0.001f) return behavior_return::kOk;
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
    // The original also stops the automatic processing of the characters whose
    // body parts the animation moves; retroanim has no characters.
  }
  if (current_step > 1.0f) {
    beh.activate_output(pin::kOneLoopPlayed, true);
    if (loop) {
      current_step -= play_animation_whole_part(current_step);
    } else {
      current_step = 1.0f;
      if (anim) apply(beh, current_step, *anim, curve);  // the original dereferences a null animation here
      return behavior_return::kOk;
    }
  }
  if (anim) apply(beh, current_step, *anim, curve);
  return behavior_return::kActivateNextFrame;
}

}  // namespace retroanim::ck::bb
