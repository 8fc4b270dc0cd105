#include "retroanim/ck/behavior/bb/bezier_progression.h"

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "retroanim/ck/anim/curve2d.h"

namespace retroanim::ck::bb {

namespace pin = bezier_progression_pin;

BehaviorPrototype bezier_progression_prototype() {
  BehaviorPrototype p;
  p.name = "Bezier Progression";
  p.guid = kBezierProgressionGuid;
  p.version = 0x00010005;
  p.inputs = {"In", "Loop In"};
  p.outputs = {"Out", "Loop Out"};
  ParameterValue curve;
  curve.set_curve2d(std::make_shared<Curve2d>());
  p.input_params = {{"Duration", param_guid::kTime, float_value(3000.0f), false},
                    {"A", param_guid::kFloat, float_value(0.0f), false},
                    {"B", param_guid::kFloat, float_value(1.0f), false},
                    {"Progression Curve", param_guid::k2dCurve, curve, false}};
  p.output_params = {{"Elapsed Time", param_guid::kTime, float_value(0.0f), false},
                     {"Value", param_guid::kFloat, float_value(0.0f), false},
                     {"Delta", param_guid::kFloat, float_value(0.0f), false},
                     {"Progression", param_guid::kPercentage, float_value(0.0f), false}};
  p.locals = {{"Time Based", param_guid::kBool, int_value(1), true}};
  p.function = bezier_progression_time_based;
  p.callback = bezier_progression_callback;
  return p;
}

namespace {

// The common part of the three functions: the "In" / "Loop In" entry. Elapsed
// is the caller's type (float milliseconds or int), read from output 0.
template <class Elapsed>
bool enter(Behavior& beh, const Curve2d& curve, float value_min, float value_max, Elapsed& elapsed) {
  if (beh.is_input_active(pin::kIn)) {
    beh.activate_input(pin::kIn, false);
    elapsed = 0;
    Parameter* out0 = beh.output_params.size() > 0 ? beh.output_params[0] : nullptr;
    if (out0) out0->set_bytes(&elapsed, sizeof elapsed);
    float last_value = curve.get_y(0.0f);
    last_value = value_min + (value_max - value_min) * last_value;
    beh.set_output_float(pin::kValue, last_value);
    return true;
  }
  beh.activate_input(pin::kLoopIn, false);
  Parameter* out0 = beh.output_params.size() > 0 ? beh.output_params[0] : nullptr;
  if (out0) out0->value.copy_to(&elapsed, sizeof elapsed);
  return false;
}

// The end of the three functions: value, delta, progression and the output.
int finish(Behavior& beh, const Curve2d& curve, float value_min, float value_max, float progression, bool done) {
  float value = curve.get_y(progression);
  value = value_min + (value_max - value_min) * value;
  float last_value = beh.output_float(pin::kValue, 0.0f);
  last_value = value - last_value;
  beh.set_output_float(pin::kValue, value);
  beh.set_output_float(pin::kDelta, last_value);
  beh.set_output_float(pin::kProgression, progression);
  if (done) {
    beh.activate_output(pin::kOut, true);
    return behavior_return::kOk;
  }
  beh.activate_output(pin::kLoopOut, true);
  return behavior_return::kOk;
}

// The body of the three functions once the duration `time` is read: the
// curve (nothing without one), A and B, the entry (which clears Delta, and
// Progression when `entry_clears_progression`), `advance` of the elapsed
// time, the Elapsed Time output, progression = elapsed / time clamped to 1,
// and `done(elapsed, time)` choosing Out over Loop Out.
template <class Elapsed, class Advance, class Done>
int progress(const BehaviorContext& ctx, Elapsed time, bool entry_clears_progression, Advance advance, Done done) {
  Behavior& beh = *ctx.behavior;
  const Curve2d* curve = beh.input_curve2d(pin::kCurve);
  if (!curve) return behavior_return::kOk;
  float value_min = beh.input_float(pin::kA, 0.0f);
  float value_max = beh.input_float(pin::kB, 1.0f);
  Elapsed elapsed = 0;
  if (enter(beh, *curve, value_min, value_max, elapsed)) {
    beh.set_output_float(pin::kDelta, 0.0f);
    if (entry_clears_progression) beh.set_output_float(pin::kProgression, 0.0f);
  }
  elapsed = advance(elapsed, ctx.delta_ms);
  if constexpr (std::is_same_v<Elapsed, float>) {
    beh.set_output_float(pin::kElapsedTime, elapsed);
  } else {
    beh.set_output_int(pin::kElapsedTime, elapsed);
  }
  float progression = static_cast<float>(elapsed) / static_cast<float>(time);
  if (progression > 1.0f) progression = 1.0f;
  return finish(beh, *curve, value_min, value_max, progression, done(elapsed, time));
}

}  // namespace

// BezierProgressionTimeBased (Logics.dll; source Logics/Behaviors/BezierProgression.cpp)
int bezier_progression_time_based(const BehaviorContext& ctx) {
  float time = ctx.behavior->input_float(pin::kDuration, 3000.0f);
  return progress(
      ctx, time, true, [](float elapsed, float delta_ms) { return elapsed + delta_ms; },
      [](float elapsed, float t) { return elapsed > t; });
}

// BezierProgressionTimeBasedOld
int bezier_progression_time_based_old(const BehaviorContext& ctx) {
  int32_t time = ctx.behavior->input_int(pin::kDuration, 3000);
  return progress(
      ctx, time, true,
      [](int32_t elapsed, float d) {
        // (int)DeltaTime; deltas beyond the int range are clamped instead of being UB.
        int32_t step = std::isnan(d) ? 0
                       : d >= 2147483648.0f ? INT32_MAX
                       : d <= -2147483648.0f ? INT32_MIN
                                              : static_cast<int32_t>(d);
        return static_cast<int32_t>(static_cast<uint32_t>(elapsed) + static_cast<uint32_t>(step));
      },
      [](int32_t elapsed, int32_t t) { return elapsed > t; });
}

// BezierProgression (frame based)
int bezier_progression_frame_based(const BehaviorContext& ctx) {
  int32_t time = ctx.behavior->input_int(pin::kDuration, 3000);
  return progress(
      ctx, time, false,
      [](int32_t elapsed, float) { return static_cast<int32_t>(static_cast<uint32_t>(elapsed) + 1u); },
      [](int32_t elapsed, int32_t t) { return static_cast<float>(elapsed) > static_cast<float>(t); });
}

// BezierProgressionCallBack
int bezier_progression_callback(const BehaviorContext& ctx) {
  Behavior& beh = *ctx.behavior;
  if (ctx.callback_message != behavior_message::kLoad && ctx.callback_message != behavior_message::kSettingsEdited)
    return behavior_return::kOk;
  int32_t time_based = beh.local_int(pin::kTimeBased, 1);
  ParameterIn* pin_in = beh.input_params.empty() ? nullptr : beh.input_params[0];
  Parameter* pout = beh.output_params.empty() ? nullptr : beh.output_params[0];
  if (!pin_in) return behavior_return::kOk;
  bool old_version = beh.version < 0x00010005;
  if (time_based) {
    if (old_version && pin_in->type != param_guid::kTime) {
      beh.function = bezier_progression_time_based_old;
      pin_in->type = param_guid::kInt;
      if (pout) pout->type = param_guid::kInt;
    } else {
      beh.function = bezier_progression_time_based;
      pin_in->type = param_guid::kTime;
      if (pout) pout->type = param_guid::kTime;
      if (old_version) beh.version = 0x00010005;
    }
  } else {
    beh.function = bezier_progression_frame_based;
    pin_in->type = param_guid::kInt;
    if (pout) pout->type = param_guid::kInt;
  }
  return behavior_return::kOk;
}

}  // namespace retroanim::ck::bb
