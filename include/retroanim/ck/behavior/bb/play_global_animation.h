// Play Global Animation (3DTransfo, 1c9236e1:42f40996): plays a keyed
// animation (CKKeyedAnimation) over a duration the way Play Animation 3D
// Entity plays an object animation. The PE_Balloon UFO arms are its real use.
#pragma once

#include "retroanim/ck/behavior/behavior.h"
#include "retroanim/ck/behavior/behavior_prototype.h"

namespace retroanim::ck::bb {

// The prototype GUID.
inline constexpr Guid kPlayGlobalAnimationGuid{0x1c9236e1, 0x42f40996};

// The prototype (same pins as Play Animation 3D Entity, Animation typed CKAnimation).
BehaviorPrototype play_global_animation_prototype();

// PlayGlobalAnimation: the execute function.
int play_global_animation(const BehaviorContext& ctx);

}  // namespace retroanim::ck::bb
