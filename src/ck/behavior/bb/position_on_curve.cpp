#include "retroanim/ck/behavior/bb/position_on_curve.h"

#include <cmath>

#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/scene/entity_transform.h"
#include "retroanim/math/float_trig.h"

namespace retroanim::ck::bb {

namespace pin = position_on_curve_pin;
using math::Vec3;

BehaviorPrototype position_on_curve_prototype() {
  BehaviorPrototype p;
  p.name = "Position On Curve";
  p.guid = kPositionOnCurveGuid;
  p.version = 0x00010000;
  p.behavior_flags = behavior_flag::kTargetable;
  p.compatible_class_id = class_id::k3dEntity;
  p.target_type = param_guid::k3dEntity;
  p.inputs = {"In"};
  p.outputs = {"Out"};
  p.input_params = {{"Curve", param_guid::kCurve, {}, false},
                    {"Progression", param_guid::kPercentage, float_value(0.5f), false},
                    {"Follow", param_guid::kBool, int_value(0), false},
                    {"Bank", param_guid::kBool, int_value(0), false},
                    {"Bank Amount", param_guid::kFloat, float_value(1.0f), false},
                    {"Direction", param_guid::kDirection, int_value(5), false},
                    {"Hierarchy", param_guid::kBool, int_value(1), false}};
  p.locals = {{"", param_guid::kVector, vector_value({0.0f, 1.0f, 0.0f}), false},
              {"Roll", param_guid::kAngle, float_value(0.0f), true}};
  p.function = position_on_curve;
  p.callback = position_on_curve_callback;
  return p;
}

// SetCurveStepCallBack (3DTransfo FUN_25006c60)
int position_on_curve_callback(const BehaviorContext& ctx) {
  if (ctx.callback_message == behavior_message::kReset) ctx.behavior->set_local_vector(pin::kUp, kPositionOnCurveUpSentinel);
  return behavior_return::kOk;
}

namespace {

// The axis table at 0x2500eff8: D -> +-X / +-Y / +-Z.
constexpr Vec3 kRotAxis[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

// CKCurve::GetPos with the VxVector default (0,0,0) left in place on failure.
Vec3 curve_pos(const Curve& curve, float step) {
  Vec3 p{0.0f, 0.0f, 0.0f};
  curve.get_pos(step, &p, nullptr);
  return p;
}

}  // namespace

// SetCurveStep (3DTransfo FUN_25006ca0; source 3DTrans/Behaviors/SetCurveStep.cpp)
int position_on_curve(const BehaviorContext& ctx) {
  Behavior& beh = *ctx.behavior;
  beh.activate_input(pin::kIn, false);
  beh.activate_output(pin::kOut, true);

  const ObjectRef* target = beh.target();
  Entity3d* ent = target ? target->entity : nullptr;
  if (!ent) return behavior_return::kOk;  // CKBR_OWNERERROR in the original
  const ObjectRef* curve_ref = beh.input_object(pin::kCurve);
  const Curve* path = curve_ref ? curve_ref->curve : nullptr;
  if (!path) return behavior_return::kOk;  // CKBR_PARAMETERERROR in the original

  float x = beh.input_float(pin::kProgression, 0.5f);
  int32_t follow = beh.input_int(pin::kFollow, 0);
  int32_t bank = beh.input_int(pin::kBank, 0);
  int32_t hiera = beh.input_int(pin::kHierarchy, 1);
  bool keep_children = !hiera;
  float roll = beh.local_float(pin::kRoll, 0.0f);

  Vec3 pos = curve_pos(*path, x);
  ent->set_position(pos, nullptr, keep_children);

  if (!follow && !bank) return behavior_return::kOk;

  // Direction: a Vector pin (old version) gives 2*i+1 for its first nonzero
  // component; otherwise the enum value (Z by default).
  int naxis = 0;
  if (beh.input_type(pin::kDirection) == param_guid::kVector) {
    Vec3 axis = beh.input_vector(pin::kDirection, {0.0f, 0.0f, 0.0f});
    while (naxis < 3 && axis[naxis] == 0.0f) ++naxis;
    naxis = naxis < 3 ? naxis * 2 + 1 : 5;  // a zero vector reads past the vector in the original
  } else {
    naxis = beh.input_int(pin::kDirection, 5);
  }

  Vec3 nextpos = curve_pos(*path, x + 0.01f);
  Vec3 prevpos = curve_pos(*path, x - 0.01f);
  Vec3 up = beh.local_vector(pin::kUp, {0.0f, 1.0f, 0.0f});

  if (follow) {
    Vec3 dir = math::normalize(nextpos - prevpos);
    up = bb_orientate(*ent, dir, naxis, roll, up, 1.0f, keep_children);
    beh.set_local_vector(pin::kUp, up);
  }

  if (bank && naxis >= 1 && naxis <= 6) {
    float ba = beh.input_float(pin::kBankAmount, 1.0f);
    Vec3 to = nextpos - pos;
    to.y = 0.0f;
    Vec3 back = prevpos - pos;
    back.y = 0.0f;
    float lto = math::magnitude(to);
    float lback = math::magnitude(back);
    if (lto > 0.0f && lback > 0.0f) {
      Vec3 cp = math::cross(math::normalize(to), math::normalize(back));
      float angle = math::asin_f(math::magnitude(cp));
      if (math::dot(cp, up) > 0.0f) {
        if (angle != 0.0f) rotate(*ent, kRotAxis[naxis - 1], ba * angle, ent, keep_children);
      } else {
        if (angle != 0.0f) rotate(*ent, kRotAxis[naxis - 1], -ba * angle, ent, keep_children);
      }
    }
  }
  return behavior_return::kOk;
}

}  // namespace retroanim::ck::bb
