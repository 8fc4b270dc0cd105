#include "retroanim/ck/bb/play_animation_3d_entity.h"

#include <cmath>

#include "retroanim/ck/object_animation.h"
#include "play_animation_common.h"

namespace retroanim::ck::bb {

namespace pin = play_animation_pin;

BehaviorPrototype play_animation_3d_entity_prototype() {
  BehaviorPrototype p;
  p.name = "Play Animation 3D Entity";
  p.guid = kPlayAnimation3dEntityGuid;
  p.version = 0x00010000;
  p.compatible_class_id = class_id::k3dEntity;
  p.inputs = {"On", "Off"};
  p.outputs = {"One Loop Played"};
  ParameterValue curve;
  curve.set_curve2d(std::make_shared<Curve2d>());
  p.input_params = {{"Animation", param_guid::kObjectAnimation, {}, false},
                    {"Duration", param_guid::kTime, float_value(5000.0f), false},
                    {"Progression Curve", param_guid::k2dCurve, curve, false},
                    {"Loop", param_guid::kBool, int_value(1), false}};
  p.output_params = {{"Progression", param_guid::kPercentage, float_value(0.0f), false}};
  p.locals = {{"", param_guid::kPercentage, float_value(0.0f), false}};
  p.function = play_animation_3d_entity;
  return p;
}

namespace {

// A_CurveInterpolation (FUN_250075c0): stores p in local 0 and output 0, shapes
// it with the curve (y = p without one) and sets the animation's step.
void apply(Behavior& beh, float current_step, ObjectAnimation& anim, const Curve2d* curve) {
  beh.set_local_float(pin::kStep, current_step);
  beh.set_output_float(pin::kProgression, current_step);
  float y = curve ? curve->get_y(current_step) : current_step;
  set_step(anim, y);
}

}  // namespace

float play_animation_duration(const Behavior& beh) {
  float duration = 5000.0f;
  if (beh.input_type(pin::kDuration) == param_guid::kInt) {
    int32_t duration_int = 5000;
    beh.get_input_value(pin::kDuration, &duration_int, sizeof duration_int);
    duration = static_cast<float>(duration_int);
  } else {
    beh.get_input_value(pin::kDuration, &duration, sizeof duration);
  }
  return duration;
}

float play_animation_whole_part(float p) {
  if (std::fabs(p) < 2147483648.0f) return static_cast<float>(static_cast<int32_t>(p));
  return std::trunc(p);
}

// PlayAnimEntity (3DTransfo FUN_250073c0; source 3DTrans/Behaviors/PlayAnimEntity.cpp; spec 5.5)
int play_animation_3d_entity(const BehaviorContext& ctx) {
  Behavior& beh = *ctx.behavior;
  const ObjectRef* anim_ref = beh.input_object(pin::kAnimation);
  ObjectAnimation* anim = anim_ref ? anim_ref->object_animation : nullptr;
  if (!anim) return behavior_return::kOk;  // CKBR_PARAMETERERROR in the original

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
  }
  if (current_step > 1.0f) {
    beh.activate_output(pin::kOneLoopPlayed, true);
    if (loop) {
      current_step -= play_animation_whole_part(current_step);
    } else {
      current_step = 1.0f;
      apply(beh, current_step, *anim, curve);
      return behavior_return::kOk;
    }
  }
  apply(beh, current_step, *anim, curve);
  return behavior_return::kActivateNextFrame;
}

}  // namespace retroanim::ck::bb
