#include "retroanim/ck/anim/keyed_animation.h"

#include "retroanim/ck/anim/object_animation.h"

namespace retroanim::ck {

// CKKeyedAnimation::Load tail (FUN_10049e10) with FUN_1004a2d0, and
// GetAnimation(root entity) for the root animation.
void link_keyed_animation(KeyedAnimation& keyed) {
  keyed.flags &= ~animation_flag::kSubAnimsSorted;
  for (ObjectAnimation* anim : keyed.animations) {
    if (!anim) continue;
    anim->keyed = &keyed;
    if (anim->app_vector) {
      keyed.root_offset = *anim->app_vector;
      anim->app_vector.reset();
    }
  }
  keyed.root_animation = nullptr;
  if (keyed.root_entity) {
    for (ObjectAnimation* anim : keyed.animations) {
      if (anim && anim->entity == keyed.root_entity) {
        keyed.root_animation = anim;
        break;
      }
    }
  }
}

// CKKeyedAnimation::SetStep (CKAnimation slot SetStep)
void set_step(KeyedAnimation& keyed, float step, std::span<PlaybackContext> contexts) {
  keyed.step = step;  // the original's current step (+0x24): state of the keyed animation, as there
  for (size_t i = 0; i < keyed.animations.size(); ++i) {
    if (ObjectAnimation* anim = keyed.animations[i])
      set_step(*anim, step, SetStepCaller{&keyed, false}, i < contexts.size() ? &contexts[i] : nullptr);
  }
}

// CKKeyedAnimation::SetFrame
void set_frame(KeyedAnimation& keyed, float frame_time) {
  set_step(keyed, keyed.length == 0.0f ? 0.0f : frame_time / keyed.length);
}

}  // namespace retroanim::ck
