#include <cmath>

#include "retroanim/ck/keyed_animation.h"
#include "legacy.h"
#include "set_step.h"

namespace retroanim::ck::legacy {

namespace {

using math::Quat;
using math::Vec3;
namespace flag = object_animation_flag;

// The time in a merged source animation at the same relative time as `frame`
// in `anim`: frame / anim.length * source.length. A zero length gives 0.
float merged_time(const ObjectAnimation& anim, const ObjectAnimation& source, float frame) {
  float len = anim.keyframes.length;
  if (len == 0.0f) return 0.0f;
  float rel = frame / len;
  return rel * source.keyframes.length;
}

bool is_merged(const ObjectAnimation& anim) {
  return (anim.flags & flag::kMerged) && anim.merged_a && anim.merged_b;
}

// Merged animations nested deeper than this (only possible in broken files:
// a merge cycle) evaluate as absent. Each level evaluates two sources, so the
// bound also bounds the work (2^8 evaluations).
constexpr int kMaxMergeDepth = 8;

Vec3 blend_vec(float f, Vec3 a, Vec3 b) { return a * (1.0f - f) + b * f; }
Quat blend_quat(float f, Quat a, Quat b) { return math::slerp(f, a, b); }

// What tells the four Evaluate* functions apart: the ignore flag, the value
// written when it is set, the controller slot and the merge blend.
template <class Value, class Controller>
struct Component {
  uint32_t ignore_flag;
  Value ignored_value;
  std::optional<Controller> KeyframeData::*controller;
  Value (*blend)(float, Value, Value);
};

const Component<Vec3, VectorController> kPosition{flag::kIgnorePosition, Vec3{}, &KeyframeData::position, blend_vec};
const Component<Vec3, VectorController> kScale{flag::kIgnoreScale, Vec3{1.0f, 1.0f, 1.0f}, &KeyframeData::scale,
                                               blend_vec};
const Component<Quat, QuatController> kRotation{flag::kIgnoreRotation, Quat{}, &KeyframeData::rotation, blend_quat};
const Component<Quat, QuatController> kScaleAxis{flag::kIgnoreScaleAxis, Quat{}, &KeyframeData::scale_axis,
                                                 blend_quat};

// The Evaluate* shape (FUN_10056d02 and its three siblings): the ignore flag,
// then merged animations (A at factor 0, B at factor 1, else both blended),
// else the component's controller.
template <class Value, class Controller>
bool evaluate_component(const Component<Value, Controller>& c, const ObjectAnimation& anim, float frame, Value& out,
                        int depth, SegmentHint* hint) {
  if (anim.flags & c.ignore_flag) {
    out = c.ignored_value;
    return false;
  }
  if (is_merged(anim)) {
    if (depth >= kMaxMergeDepth) return false;
    const ObjectAnimation& a = *anim.merged_a;
    const ObjectAnimation& b = *anim.merged_b;
    float f = anim.merge_factor;
    if (f == 0.0f) return evaluate_component(c, a, merged_time(anim, a, frame), out, depth + 1, nullptr);
    if (f == 1.0f) return evaluate_component(c, b, merged_time(anim, b, frame), out, depth + 1, nullptr);
    Value va = out, vb = out;
    bool ra = evaluate_component(c, a, merged_time(anim, a, frame), va, depth + 1, nullptr);
    bool rb = evaluate_component(c, b, merged_time(anim, b, frame), vb, depth + 1, nullptr);
    if (ra && rb) {
      out = c.blend(f, va, vb);
      return true;
    }
    if (ra) {
      out = va;
      return true;
    }
    if (rb) {
      out = vb;
      return true;
    }
    return false;
  }
  const std::optional<Controller>& controller = anim.keyframes.*c.controller;
  if (!controller) return false;
  return legacy::evaluate(*controller, frame, out, hint);
}

}  // namespace

// CKObjectAnimation::SetStep steps 3-4 (FUN_100578ca)
AnimationSample sample_animation(const ObjectAnimation& anim, float frame, TrackHints* hints) {
  AnimationSample s;
  if (evaluate_component(kPosition, anim, frame, s.position, 0, hints ? &hints->position : nullptr)) s.present |= 4;
  if (evaluate_component(kRotation, anim, frame, s.rotation, 0, hints ? &hints->rotation : nullptr)) s.present |= 8;
  if (evaluate_component(kScale, anim, frame, s.scale, 0, hints ? &hints->scale : nullptr)) s.present |= 1;
  if (evaluate_component(kScaleAxis, anim, frame, s.scale_axis, 0, hints ? &hints->scale_axis : nullptr))
    s.present |= 2;
  if (anim.keyed && anim.keyed->root_animation == &anim) s.position += anim.keyed->root_offset;
  return s;
}

// CKObjectAnimation::SetStep (slot +0xe4, FUN_100578ca)
SetStepResult set_step(ObjectAnimation& anim, float step, SetStepCaller caller) {
  return legacy::set_step(anim, step, caller, nullptr);
}

// CKObjectAnimation::SetStep (FUN_100578ca) with segment hints
SetStepResult set_step(ObjectAnimation& anim, float step, SetStepCaller caller, TrackHints* hints) {
  return set_step_with(anim, step, caller, [&](float frame) { return legacy::sample_animation(anim, frame, hints); });
}

// CKKeyedAnimation::SetStep (CKAnimation slot SetStep)
void set_step(KeyedAnimation& keyed, float step) {
  keyed.step = step;
  for (ObjectAnimation* anim : keyed.animations) {
    if (anim) legacy::set_step(*anim, step, SetStepCaller{&keyed, false});
  }
}

}  // namespace retroanim::ck::legacy
