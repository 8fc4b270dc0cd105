#include "retroanim/ck/anim/object_animation.h"

#include <cmath>

#include "retroanim/ck/anim/controller_evaluation.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/math/transform_compose.h"
#include "ck/anim/key_search.h"
#include "ck/anim/set_step.h"

namespace retroanim::ck {

namespace {

using math::Quat;
using math::Vec3;
namespace flag = object_animation_flag;

// The time in a merged source animation at the same relative time as `time`
// in `anim`: time / anim.length * source.length, divided first (the same
// value as time * source.length / anim.length only up to rounding). A zero
// length gives 0.
float merged_time(const ObjectAnimation& anim, const ObjectAnimation& source, float time) {
  float len = anim.keyframes.length;
  if (len == 0.0f) return 0.0f;
  float rel = time / len;
  return rel * source.keyframes.length;
}

bool is_merged(const ObjectAnimation& anim) {
  return (anim.flags & flag::kMerged) && anim.merged_a && anim.merged_b;
}

// Merged animations nested deeper than this (only possible in broken files:
// a merge cycle) evaluate as absent. Each level evaluates two sources, so the
// bound also bounds the work (2^8 evaluations).
constexpr int kMaxMergeDepth = 8;

// FLT_EPSILON (1.19e-7): a scale axis whose w is this close to 1 is taken as
// the identity (SetStep then composes without it).
constexpr float kIdentityScaleAxisEpsilon = 1.1920929e-7f;

// The merge blend A·(1-f) + B·f (FIDELITY.md), written in that operand order:
// the algebraically equal A + (B - A)·f rounds differently.
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

template <class Value, class Controller>
bool evaluate_merged(const Component<Value, Controller>& c, const ObjectAnimation& anim, float time, Value& out,
                     int depth);

// The Evaluate* shape (FUN_10056d02 and its three siblings): the ignore flag,
// then merged animations (A at factor 0, B at factor 1, else both blended),
// else the component's controller. Always inlined (the merge, recursive, is a
// call): out of line it cost sample_animation three calls per sample.
template <class Value, class Controller>
[[gnu::always_inline]] inline bool evaluate_component(const Component<Value, Controller>& c,
                                                      const ObjectAnimation& anim, float time, Value& out, int depth,
                                                      PlaybackContext::SavedKeys* track) {
  if (anim.flags & c.ignore_flag) {
    out = c.ignored_value;
    return false;
  }
  if (is_merged(anim)) return evaluate_merged(c, anim, time, out, depth);
  const std::optional<Controller>& controller = anim.keyframes.*c.controller;
  if (!controller) return false;
  return track ? evaluate(*controller, time, out, *track) : evaluate(*controller, time, out);
}

// evaluate_component of a merged animation: its two sources at the same
// relative time (A at factor 0, B at factor 1, else both blended).
template <class Value, class Controller>
bool evaluate_merged(const Component<Value, Controller>& c, const ObjectAnimation& anim, float time, Value& out,
                     int depth) {
  if (depth >= kMaxMergeDepth) return false;
  const ObjectAnimation& a = *anim.merged_a;
  const ObjectAnimation& b = *anim.merged_b;
  float f = anim.merge_factor;
  if (f == 0.0f) return evaluate_component(c, a, merged_time(anim, a, time), out, depth + 1, nullptr);
  if (f == 1.0f) return evaluate_component(c, b, merged_time(anim, b, time), out, depth + 1, nullptr);
  Value va = out, vb = out;
  bool ra = evaluate_component(c, a, merged_time(anim, a, time), va, depth + 1, nullptr);
  bool rb = evaluate_component(c, b, merged_time(anim, b, time), vb, depth + 1, nullptr);
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

}  // namespace

// EvaluatePosition (FUN_10056d02)
bool evaluate_position(const ObjectAnimation& anim, float time, Vec3& out) {
  return evaluate_component(kPosition, anim, time, out, 0, nullptr);
}

// EvaluateScale (FUN_100571a0)
bool evaluate_scale(const ObjectAnimation& anim, float time, Vec3& out) {
  return evaluate_component(kScale, anim, time, out, 0, nullptr);
}

// EvaluateRotation (FUN_10056f38)
bool evaluate_rotation(const ObjectAnimation& anim, float time, Quat& out) {
  return evaluate_component(kRotation, anim, time, out, 0, nullptr);
}

// EvaluateScaleAxis (FUN_10057333)
bool evaluate_scale_axis(const ObjectAnimation& anim, float time, Quat& out) {
  return evaluate_component(kScaleAxis, anim, time, out, 0, nullptr);
}

// CKObjectAnimation::SetStep steps 3-4 (FUN_100578ca)
AnimationSample sample_animation(const ObjectAnimation& anim, float time, PlaybackContext* context) {
  using Saved = PlaybackContext::SavedKeys;
  Saved* saved = nullptr;
  if (context) {
    if (!context->saved) context->saved = std::make_unique<std::array<Saved, 4>>();
    saved = context->saved->data();
  }
  AnimationSample s;
  if (evaluate_component(kPosition, anim, time, s.position, 0, saved ? &saved[0] : nullptr))
    s.present |= sample_bit::kPosition;
  if (evaluate_component(kRotation, anim, time, s.rotation, 0, saved ? &saved[1] : nullptr))
    s.present |= sample_bit::kRotation;
  if (evaluate_component(kScale, anim, time, s.scale, 0, saved ? &saved[2] : nullptr)) s.present |= sample_bit::kScale;
  if (evaluate_component(kScaleAxis, anim, time, s.scale_axis, 0, saved ? &saved[3] : nullptr))
    s.present |= sample_bit::kScaleAxis;
  if (anim.keyed && anim.keyed->root_animation == &anim) s.position += anim.keyed->root_offset;
  return s;
}

// (retroanim's own) sample_animation's rotation step alone.
bool sample_rotation(const ObjectAnimation& anim, float time, Quat& out, PlaybackContext* context) {
  using Saved = PlaybackContext::SavedKeys;
  Saved* saved = nullptr;
  if (context) {
    if (!context->saved) context->saved = std::make_unique<std::array<Saved, 4>>();
    saved = context->saved->data();
  }
  out = AnimationSample{}.rotation;
  return evaluate_component(kRotation, anim, time, out, 0, saved ? &saved[1] : nullptr);
}

// CKObjectAnimation::SetStep step 5 (FUN_100578ca)
std::optional<math::Matrix> animated_local_matrix(const AnimationSample& s, const math::Matrix& current_local) {
  if (s.present == 0) return std::nullopt;
  math::Matrix local = current_local;
  if (s.present == sample_bit::kPosition) {
    local.set_row(3, s.position);  // position only: the rest of the matrix is kept as is
    return local;
  }
  Vec3 pos = s.position, scale = s.scale;
  Quat rot = s.rotation;
  if ((s.present & sample_bit::kPositionRotationScale) != sample_bit::kPositionRotationScale) {
    math::DecomposedMatrix d = math::decompose_matrix(current_local);
    if (!(s.present & sample_bit::kPosition)) pos = d.position;
    if (!(s.present & sample_bit::kRotation)) rot = d.rotation;
    if (!(s.present & sample_bit::kScale)) scale = d.scale;
  }
  if (!(s.present & sample_bit::kScaleAxis) || std::fabs(s.scale_axis.w - 1.0f) < kIdentityScaleAxisEpsilon)
    return math::compose_matrix(pos, scale, rot);
  return math::compose_matrix_scale_axis(pos, scale, rot, s.scale_axis);
}

// CKObjectAnimation::SetStep (slot +0xe4, FUN_100578ca)
SetStepOutcome set_step(ObjectAnimation& anim, float step, SetStepCaller caller, PlaybackContext* context) {
  return set_step_with(anim, step, caller, [&](float time) { return sample_animation(anim, time, context); });
}

// CKObjectAnimation::SetFrame (FUN_10058042)
bool set_frame(ObjectAnimation& anim, float frame_time, SetStepCaller caller) {
  if (anim.keyframes.length == 0.0f) return false;
  return set_step(anim, frame_time / anim.keyframes.length, caller) == SetStepOutcome::kApplied;
}

}  // namespace retroanim::ck
