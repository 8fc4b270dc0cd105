#include "retroanim/ck/behavior/bb/play_animation_3d_entity.h"

#include <cmath>

#include "retroanim/ck/anim/object_animation.h"
#include "ck/behavior/bb/play_animation_common.h"

namespace retroanim::ck::bb {

namespace pin = play_animation_pin;

BehaviorPrototype play_animation_prototype(const std::string& name, Guid guid, Guid animation_type,
                                           BehaviorFunction function) {
  BehaviorPrototype p;
  p.name = name;
  p.guid = guid;
  p.version = 0x00010000;
  p.inputs = {"On", "Off"};
  p.outputs = {"One Loop Played"};
  ParameterValue curve;
  curve.set_curve2d(std::make_shared<Curve2d>());
  p.input_params = {{"Animation", animation_type, {}, false},
                    {"Duration", param_guid::kTime, float_value(kDefaultDurationMs), false},
                    {"Progression Curve", param_guid::k2dCurve, curve, false},
                    {"Loop", param_guid::kBool, int_value(1), false}};
  p.output_params = {{"Progression", param_guid::kPercentage, float_value(0.0f), false}};
  p.locals = {{"", param_guid::kPercentage, float_value(0.0f), false}};
  p.function = function;
  return p;
}

BehaviorPrototype play_animation_3d_entity_prototype() {
  BehaviorPrototype p = play_animation_prototype("Play Animation 3D Entity", kPlayAnimation3dEntityGuid,
                                                 param_guid::kObjectAnimation, play_animation_3d_entity);
  p.compatible_class_id = class_id::k3dEntity;
  return p;
}

float play_animation_duration(const Behavior& beh) {
  float duration = kDefaultDurationMs;
  if (beh.input_type(pin::kDuration) == param_guid::kInt) {
    int32_t duration_int = static_cast<int32_t>(kDefaultDurationMs);
    beh.get_input_value(pin::kDuration, &duration_int, sizeof duration_int);
    duration = static_cast<float>(duration_int);
  } else {
    beh.get_input_value(pin::kDuration, &duration, sizeof duration);
  }
  return duration;
}

float play_animation_whole_part(float p) {
  constexpr float kInt32Range = 2147483648.0f;  // 2^31: |p| below it converts to int32_t without UB
  if (std::fabs(p) < kInt32Range) return static_cast<float>(static_cast<int32_t>(p));
  return std::trunc(p);
}

// PlayAnimEntity (3DTransfo FUN_250073c0; source 3DTrans/Behaviors/PlayAnimEntity.cpp; spec 5.5)
int play_animation_3d_entity(const BehaviorContext& ctx) {
  const ObjectRef* anim_ref = ctx.behavior->input_object(pin::kAnimation);
  ObjectAnimation* anim = anim_ref ? anim_ref->object_animation : nullptr;
  if (!anim) return behavior_return::kOk;  // CKBR_PARAMETERERROR in the original
  return play_animation_progress(ctx, anim);
}

}  // namespace retroanim::ck::bb
