// The body of CKObjectAnimation::SetStep shared by the sampling paths (keys of
// the animation, or a prepared copy of them): only how steps 3-4 evaluate differs.
#pragma once

#include <optional>

#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/anim/object_animation.h"

namespace retroanim::ck {

// CKObjectAnimation::SetStep (slot +0xe4, FUN_100578ca, spec 5.4 steps 1-6)
// with `sample(time)` doing steps 3-4 (sample_animation or
// PreparedAnimation::sample, which give the same sample).
template <class Sample>
SetStepOutcome set_step_with(ObjectAnimation& anim, float step, SetStepCaller caller, Sample&& sample) {
  anim.step = step;  // the original's current step (+0x28): state of the animation object, as there
  float time = step * anim.keyframes.length;
  Entity3d* e = anim.entity;
  if (!e) return SetStepOutcome::kNoEntity;
  if (!caller.force && (e->entity_flags & entity_flag::kAnimationDriven)) return SetStepOutcome::kEntityDriven;
  AnimationSample s = sample(time);
  std::optional<math::Matrix> local = animated_local_matrix(s, e->local_matrix());
  if (local) {
    bool character_updates = caller.keyed && caller.keyed->has_character();
    if (character_updates) {
      e->assign_local_matrix(*local);
    } else {
      e->set_local_matrix(*local);  // SetLocalMatrix + LocalMatrixChanged (FUN_100064a4)
    }
  }
  return SetStepOutcome::kApplied;
}

}  // namespace retroanim::ck
