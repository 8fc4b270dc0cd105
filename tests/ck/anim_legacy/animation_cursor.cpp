#include "legacy.h"

namespace retroanim::ck::legacy {

// CKKeyedAnimation SetStep through cursors
void KeyedAnimationCursor::set_step(KeyedAnimation& keyed, float step) {
  if (cursors_.size() != keyed.animations.size()) cursors_.assign(keyed.animations.size(), AnimationCursor{});
  keyed.step = step;
  for (size_t i = 0; i < keyed.animations.size(); ++i) {
    if (keyed.animations[i]) cursors_[i].set_step(*keyed.animations[i], step, SetStepCaller{&keyed, false});
  }
}

}  // namespace retroanim::ck::legacy
