#include "retroanim/ck/behavior/bb/play_global_animation.h"

#include "retroanim/ck/behavior/bb/play_animation_3d_entity.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "ck/behavior/bb/play_animation_common.h"

namespace retroanim::ck::bb {

namespace pin = play_animation_pin;

BehaviorPrototype play_global_animation_prototype() {
  return play_animation_prototype("Play Global Animation", kPlayGlobalAnimationGuid, param_guid::kAnimation,
                                  play_global_animation);
}

// PlayGlobalAnimation (3DTransfo; source 3DTrans/Behaviors/PlayGlobalAnimation.cpp).
// The same steps as PlayAnimEntity, but a missing animation does not stop the
// BB (the original dereferences it when Loop is false; retroanim skips it).
// On On, the original also stops the automatic processing of the characters
// whose body parts the animation moves; retroanim has no characters.
int play_global_animation(const BehaviorContext& ctx) {
  const ObjectRef* anim_ref = ctx.behavior->input_object(pin::kAnimation);
  KeyedAnimation* anim = anim_ref ? anim_ref->keyed_animation : nullptr;
  return play_animation_progress(ctx, anim);
}

}  // namespace retroanim::ck::bb
