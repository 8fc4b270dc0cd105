#include "retroanim/ck/keyed_animation.h"

#include "retroanim/ck/object_animation.h"

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
void set_step(KeyedAnimation& keyed, float step) {
  keyed.step = step;
  for (ObjectAnimation* anim : keyed.animations) {
    if (anim) set_step(*anim, step, SetStepCaller{&keyed, false});
  }
}

// CKKeyedAnimation::SetFrame
void set_frame(KeyedAnimation& keyed, float frame) {
  set_step(keyed, keyed.length == 0.0f ? 0.0f : frame / keyed.length);
}

}  // namespace retroanim::ck
